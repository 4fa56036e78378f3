"""Banker: the bank of a real Monopoly table, run from a terminal."""

__version__ = "0.1.0"
