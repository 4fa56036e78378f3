"""The table's languages: English, Bahasa Melayu and Thai, from gettext catalogues.

The catalogues are the `.po` files in `banker/locale/`, read (compiled into a lookup
table) the first time a language is used. Templates are English; a template missing
from a catalogue shows in English rather than failing.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Callable
from functools import cache
from importlib import resources

from banker.core.languages import LANGUAGES as LANGUAGES  # re-exported for the screens

Translate = Callable[[str], str]


def default_language() -> str:
    """The language of the computer's locale if Banker speaks it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        code = value.split(":")[0].split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else "en"


@cache
def catalogue(language: str) -> dict[str, str]:
    """The translations of one language: English template to translated template."""
    if language == "en" or language not in LANGUAGES:
        return {}
    import polib  # only when a game speaks another language than English

    text = resources.files("banker.locale").joinpath(f"{language}.po").read_text("utf-8")
    po = polib.pofile(text)
    return {e.msgid: e.msgstr for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags}


def translator(language: str) -> Translate:
    """A function from an English template to the same template in `language`."""
    table = catalogue(language)

    def translate(template: str) -> str:
        return table.get(template, template) if template else template

    return translate


_current = "en"


def set_language(language: str) -> None:
    """The language of the screens and pages (the app sets it from the game)."""
    global _current
    _current = language if language in LANGUAGES else "en"


def current_language() -> str:
    return _current


def _(text: str) -> str:
    """A screen's words in the current language."""
    return translator(_current)(text)
