"""The README's Python example runs as written."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_example() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, "the README has a Python example"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


def test_the_readme_adds_a_verb_with_a_diff_that_applies_and_plays(tmp_path: Path) -> None:
    """The README's "Adding a verb": the diff it shows applies to the package as it is, and the
    package it makes reads the new verb's example line, journals it and applies it."""
    import shutil
    import subprocess
    import sys

    text = README.read_text(encoding="utf-8")
    diff = text.split("```diff\n", 1)[1].split("```", 1)[0]
    assert diff.count("diff --git") == 2  # one family module, one registry line
    root = README.parent
    shutil.copytree(
        root / "banker", tmp_path / "banker", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "readme.diff").write_text(diff, encoding="utf-8")
    applied = subprocess.run(
        ["git", "apply", "readme.diff"], cwd=tmp_path, capture_output=True, text=True
    )
    assert applied.returncode == 0, applied.stderr
    added = [line for line in diff.splitlines() if line.startswith("+") and "example=" in line]
    example = added[0].split('"')[1]
    script = (
        "import banker, sys\n"
        f"assert banker.__file__.startswith({str(tmp_path)!r}), banker.__file__\n"
        "from banker.core import commands as c\n"
        "from banker.core.edition import load_edition\n"
        "from banker.core.engine import apply\n"
        "from banker.core.language import parse\n"
        "from banker.core.rules import HouseRules\n"
        "from banker.core.state import new_game_state\n"
        "state = new_game_state(['Alice', 'Bob'], load_edition('us'), HouseRules())\n"
        f"command = parse({example!r}, state)\n"
        "assert c.parse_command_json(command.to_json()) == command\n"
        "after, receipt = apply(state, command)\n"
        "print(command.verb, after.player('Alice').cash - state.player('Alice').cash)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    verb, change = run.stdout.split()
    assert verb == example.split()[0] and int(change) > 0
