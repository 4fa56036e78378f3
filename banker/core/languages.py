"""The languages a game can speak (a table of its own, so the screens can read it
without loading the rules)."""

LANGUAGES: dict[str, str] = {"en": "English", "ms": "Bahasa Melayu", "th": "ไทย"}
"""The languages a game can speak: code to the language's own name."""
