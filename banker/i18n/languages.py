"""The languages a game can speak: their codes, written once and typed.

A table of its own, so the first screen and the rules can read it without loading the
catalogues.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypeGuard, get_args

Language: TypeAlias = Literal["en", "ms", "th"]
"""A language's code: English, Bahasa Melayu, Thai."""

LANGUAGES: dict[Language, str] = {"en": "English", "ms": "Bahasa Melayu", "th": "ไทย"}
"""Each language's code to its own name, in the order the app offers them."""

assert tuple(LANGUAGES) == get_args(Language), "LANGUAGES names every Language, in order"


def is_language(code: object) -> TypeGuard[Language]:
    """True if `code` is the code of a language Banker speaks."""
    return code in LANGUAGES


def next_language(code: Language) -> Language:
    """The language after `code` in the app's order (the language key cycles through them)."""
    codes = list(LANGUAGES)
    return codes[(codes.index(code) + 1) % len(codes)]
