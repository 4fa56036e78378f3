"""The README's Quick start, read from the README and tried as a new user would.

    python3 tools/quick_start.py --line app     print the command that installs and runs the app
    python3 tools/quick_start.py --line test    print the command that installs and runs the suite
    python3 tools/quick_start.py --try-app      clone this checkout into a fresh folder, run the
                                                app command there in a pseudo-terminal, quit

`.ci/run` runs the `--line test` command as written; `tests/test_quick_start.py` runs
`--try-app` with the distribution's own Python when it carries the PEP 668 marker.
Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# What the ledger of the demo game shows once its first screen is whole.
FIRST_SCREEN = b"Free Parking"
# A guard against a hang, not a measure: a cold install can take minutes on a slow mirror.
PATIENCE = 600.0


def quick_start_lines(readme: Path = README) -> tuple[str, str]:
    """The two commands of the README's Quick start: (app, test)."""
    text = readme.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line for line in block.splitlines() if line.strip()]
    if len(lines) != 2:
        raise SystemExit(f"the Quick start should hold exactly two commands, not {len(lines)}")
    return lines[0], lines[1]


def fresh_clone(into: Path) -> Path:
    """This checkout's committed tree, cloned as a new user would get it."""
    target = into / "banker"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True)
    return target


def run_in_terminal(
    command: str,
    cwd: Path,
    env: dict[str, str],
    size: tuple[int, int] = (80, 24),
    expect: bytes = FIRST_SCREEN,
    patience: float = PATIENCE,
) -> bytes:
    """Run `command` in a pseudo-terminal until the first screen shows (`expect` is on
    it), then quit the app.

    Returns everything the terminal received. Raises RuntimeError with that output if the
    command ends before the screen shows, or does not show it in time.
    """
    pid, fd = pty.fork()
    if pid == 0:  # the child: a shell running the README's line
        os.chdir(cwd)
        os.execvpe("bash", ["bash", "-c", command], env)
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    seen = bytearray()
    deadline = _monotonic() + patience
    quitting = False
    try:
        while _monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal: it has ended
                break
            if not chunk:
                break
            seen += chunk
            if not quitting and expect in seen:
                quitting = True
                os.write(fd, b"\x11")  # ctrl+q, the app's quit key
        else:
            os.kill(pid, signal.SIGKILL)
            raise RuntimeError("the first screen did not show:\n" + _tail(seen))
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    if not quitting:
        raise RuntimeError("the command ended before the first screen:\n" + _tail(seen))
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("the app did not quit cleanly:\n" + _tail(seen))
    return bytes(seen)


def try_app(python_dir: str | None = None) -> str:
    """Clone, then run the README's app command in a fresh folder; returns the command."""
    app_line, _ = quick_start_lines()
    with tempfile.TemporaryDirectory(prefix="banker-quick-start-") as tmp:
        checkout = fresh_clone(Path(tmp))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
        env["BANKER_HOME"] = str(Path(tmp) / "home")
        env["TERM"] = "xterm-256color"
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        if python_dir is not None:
            env["PATH"] = python_dir + os.pathsep + env.get("PATH", "")
        run_in_terminal(app_line, checkout, env)
    return app_line


def _monotonic() -> float:
    import time

    return time.monotonic()


def _tail(seen: bytearray) -> str:
    return bytes(seen[-3000:]).decode("utf-8", "replace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--line", choices=("app", "test"))
    group.add_argument("--try-app", action="store_true")
    parser.add_argument("--python-dir", help="a folder put first on PATH (whose python3 to use)")
    args = parser.parse_args(argv)
    if args.line:
        app_line, test_line = quick_start_lines()
        print(app_line if args.line == "app" else test_line)
        return 0
    print("ran:", try_app(args.python_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
