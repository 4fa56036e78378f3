"""A throwaway PostgreSQL server for the national level's tests: `initdb` and `pg_ctl`
under a temporary folder, on a free loopback port, as an unprivileged user when the tests
run as root (CI does; the server refuses root). Skipped, with the reason, where the
server's programs or psycopg are missing."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Server:
    """A running server: its superuser's address (`dsn`), and its folder."""

    folder: Path
    port: int
    bindir: Path
    user: str | None
    options: str = ""

    def dsn(self, database: str = "postgres", role: str = "postgres") -> str:
        return f"postgresql://{role}@127.0.0.1:{self.port}/{database}"

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            user=self.user,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def restart(self) -> None:
        """Stop the server and start it again (an uplink cut, then back)."""
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        self.start()

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} {self.options}"
        done = self.run(
            "pg_ctl", "-D", str(self.folder / "data"), "-o", options, "-l",
            str(self.folder / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip
        if done.returncode != 0:
            log = (self.folder / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start: {done.stderr}\n{log}")


def _bindir() -> Path | None:
    """Where `initdb` and `pg_ctl` are: PATH, then Debian's versioned folders."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class NoServer(Exception):
    """No throwaway server can be made here: the reason."""


@contextlib.contextmanager
def throwaway_server(options: str = "") -> Iterator[Server]:
    """A new PostgreSQL server in a temporary folder, stopped and removed at the end;
    `options` go to the server (`-c name=value ...`).

    Raises:
        NoServer: psycopg or the server's programs are missing, or initdb failed.
    """
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise NoServer("psycopg is not installed (pip install 'banker[national]')") from None
    bindir = _bindir()
    if bindir is None:
        raise NoServer("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    user = "nobody" if os.geteuid() == 0 else None  # the server refuses to run as root
    folder = Path(tempfile.mkdtemp(prefix="banker-pg-"))
    if user is not None:
        shutil.chown(folder, user)
    server = Server(folder, _free_port(), bindir, user, options)
    try:
        made = server.run(
            "initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
            "--encoding=UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        if made.returncode != 0:
            raise NoServer(f"initdb could not make a server here: {made.stderr.strip()[:300]}")
        server.start()
        yield server
    finally:
        server.run("pg_ctl", "-D", str(folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    try:
        with throwaway_server() as server:
            yield server
    except NoServer as exc:
        pytest.skip(str(exc))


@pytest.fixture
def database(postgres: Server, request: pytest.FixtureRequest) -> str:
    """A new, empty database of its own for one test; its superuser's address."""
    import psycopg

    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name.lower())[:50]
    with psycopg.connect(postgres.dsn(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres.dsn(name)
