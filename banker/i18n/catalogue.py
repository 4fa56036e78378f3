"""The catalogues: English, Bahasa Melayu and Thai, read from gettext `.po` files.

The catalogues are the `.po` files in `banker/locale/`, compiled in memory (polib) into
the standard library's `gettext.GNUTranslations` the first time a language is used, so
plural forms follow each catalogue's own `Plural-Forms` rule. Templates are English; a
template missing from a catalogue shows in English rather than failing.

A translator is always passed to whatever renders: the app keeps one for the open game,
the table view and the command line make one from the game's language.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from functools import cache

from banker.i18n.languages import LANGUAGES, Language, is_language
from banker.i18n.message import ENGLISH, English, Translator

_EDITION_WORDS: dict[str, dict[str, str]] = {}
"""Translations an edition file brings for its own words (a custom board's card texts
and square names), by language; consulted before the catalogue."""


def add_words(language: str, words: dict[str, str]) -> None:
    """Translations of an edition's own words into `language`, for every game from now on."""
    _EDITION_WORDS.setdefault(language, {}).update(words)


class Catalogue:
    """One language's translations, with gettext's plural rule; callable for a template."""

    def __init__(self, language: Language, translations: gettext.NullTranslations) -> None:
        self.language = language
        """The catalogue's language."""
        self._translations = translations

    def gettext(self, message: str, /) -> str:
        if not message:
            return message
        own = _EDITION_WORDS.get(self.language, {}).get(message)
        return own if own is not None else self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        found = self._translations.ngettext(singular, plural, n)
        if found not in (singular, plural):
            return found
        # A counted sentence the catalogue has as two plain entries (one and many).
        return self.gettext(singular if n == 1 else plural)

    def __call__(self, message: str) -> str:
        """A screen's words: the template in this language."""
        return self.gettext(message)

    def pgettext(self, context: str, message: str, /) -> str:
        """Words said in `context` (a narrow column's head): the entry with that
        `msgctxt`, else the words as said anywhere."""
        found = self._translations.pgettext(context, message)
        return found if found != message else self.gettext(message)


class EnglishCatalogue(English):
    """English as a catalogue: the templates as written."""

    language: Language = "en"

    def __call__(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH_CATALOGUE = EnglishCatalogue()


def default_language() -> Language:
    """The language of the computer's locale if Banker speaks it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        code = value.split(":")[0].split("_")[0].split(".")[0].lower()
        if is_language(code):
            return code
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if is_language(code) else "en"


def _po_text(language: str) -> str:
    """A language's catalogue as shipped (read only for a language other than English)."""
    from importlib import resources

    return resources.files("banker.locale").joinpath(f"{language}.po").read_text("utf-8")


@cache
def _compiled(language: Language) -> gettext.NullTranslations:
    import polib  # only when a game speaks another language than English

    text = _po_text(language)
    po = polib.pofile(text)
    for entry in list(po):
        if entry.obsolete or "fuzzy" in entry.flags:
            po.remove(entry)
    return gettext.GNUTranslations(io.BytesIO(po.to_binary()))


def catalogue(language: str) -> dict[str, str]:
    """The plain (uncounted) translations of one language: English template to its own."""
    if not is_language(language) or language == "en":
        return {}
    import polib

    text = _po_text(language)
    return {
        e.msgid: e.msgstr
        for e in polib.pofile(text)
        if e.msgstr and not e.msgid_plural and not e.obsolete and "fuzzy" not in e.flags
    }


@cache
def translator(language: str) -> Catalogue | EnglishCatalogue:
    """What renders templates and messages in `language` (English for an unknown code)."""
    if not is_language(language) or language == "en":
        return ENGLISH_CATALOGUE
    return Catalogue(language, _compiled(language))


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "Catalogue",
    "Translator",
    "default_language",
    "translator",
]
