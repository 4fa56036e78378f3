"""`python -m banker.cli`: the `banker` command."""

from banker.cli import run

run()
