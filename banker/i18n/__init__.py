"""Banker's languages in one package: the codes, the sentences and the catalogues.

- `languages`: the language codes, written once (`Language`, `LANGUAGES`);
- `message`: `Message`, `msg`, `plural`, `N_`: sentences kept apart from their language;
- `catalogue`: the `.po` catalogues as gettext translators (`translator(language)`);
- `causes`: an operating system's, a file format's or a database's error in the table's
  words, which every `msg(..., why=exc)` says (wired in here, as the package loads).

Whatever renders a sentence is given a translator; nothing here holds a current language.
Importing this package loads no catalogue: the first screen pays only for what it shows.
"""

from __future__ import annotations

from banker.i18n.catalogue import Catalogue, catalogue, default_language, translator
from banker.i18n.causes import cause_words
from banker.i18n.languages import LANGUAGES, Language, is_language, next_language
from banker.i18n.message import (
    ENGLISH,
    N_,
    Message,
    Translator,
    explain_with,
    joined,
    msg,
    plural,
)

explain_with(cause_words)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Catalogue",
    "Language",
    "Message",
    "Translator",
    "catalogue",
    "default_language",
    "is_language",
    "joined",
    "msg",
    "next_language",
    "plural",
    "translator",
]
