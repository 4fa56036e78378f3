"""The glossary (banker/locale/glossary.toml) holds: no Malay or Thai translation uses a
rejected word, and a sentence about a glossary concept uses the table's word for it."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

import polib
import pytest

from banker.core.language import USAGE
from tools.i18n_extract import LOCALE

GLOSSARY = LOCALE / "glossary.toml"


@dataclass(frozen=True)
class Term:
    language: str
    concept: str
    use: tuple[str, ...]
    reject: tuple[re.Pattern[str], ...]
    when: re.Pattern[str] | None
    except_in: frozenset[str] = frozenset()
    """Contexts (`msgctxt`) where the term gives way, e.g. a narrow column's head."""


def _terms() -> list[Term]:
    data = tomllib.loads(GLOSSARY.read_text("utf-8"))
    terms = []
    for language in ("ms", "th"):
        for row in data[language]:
            when = row.get("when")
            terms.append(
                Term(
                    language,
                    row["concept"],
                    tuple(row["use"]),
                    tuple(re.compile(r, re.I) for r in row["reject"]),
                    re.compile(when, re.I) if when else None,
                    frozenset(row.get("except_in", ())),
                )
            )
    return terms


TERMS = _terms()


FORMS = frozenset(USAGE.values())
"""The verbs' forms (`trade PLAYER PLAYER give ITEMS get ITEMS [lift [DEEDS]]`): their
words are typed as they stand in every language, so no glossary word is looked for."""


def _translations(language: str, term: Term | None = None) -> list[tuple[str, str]]:
    """Every (English, translation) pair of a catalogue, plural forms included (but for the
    contexts where `term` gives way)."""
    pairs = []
    for e in polib.pofile(str(LOCALE / f"{language}.po")):
        if e.obsolete or e.msgid in FORMS:
            continue
        if term is not None and e.msgctxt in term.except_in:
            continue
        if e.msgid_plural:
            pairs += [(e.msgid_plural, s) for s in e.msgstr_plural.values() if s]
        elif e.msgstr:
            pairs.append((e.msgid, e.msgstr))
    return pairs


def _ids(term: Term) -> str:
    return f"{term.language}:{term.concept}"


@pytest.mark.parametrize("term", TERMS, ids=_ids)
def test_no_translation_uses_a_rejected_variant(term: Term) -> None:
    wrong = [
        (english, text)
        for english, text in _translations(term.language, term)
        for pattern in term.reject
        if pattern.search(text)
    ]
    assert wrong == [], f"{term.concept}: say {' / '.join(term.use)}, e.g. in {wrong[:3]}"


@pytest.mark.parametrize("term", [t for t in TERMS if t.when], ids=_ids)
def test_a_sentence_about_the_concept_uses_the_term(term: Term) -> None:
    assert term.when is not None
    about = [
        (en, text) for en, text in _translations(term.language, term) if term.when.search(en)
    ]
    assert about, f"{term.concept}: no sentence matches {term.when.pattern!r}"
    wrong = [
        (en, text)
        for en, text in about
        if not any(word.casefold() in text.casefold() for word in term.use)
    ]
    assert wrong == [], f"{term.concept}: say {' / '.join(term.use)}, e.g. in {wrong[:3]}"


@pytest.mark.parametrize("term", TERMS, ids=_ids)
def test_the_chosen_words_are_not_rejected_themselves(term: Term) -> None:
    assert not [w for w in term.use for p in term.reject if p.search(w)]


def test_the_glossary_catches_a_rejected_word() -> None:
    jail = next(t for t in TERMS if t.language == "ms" and "Jail" in t.concept)
    assert any(p.search("1 kad penjara") for p in jail.reject)
    assert not any(p.search("1 kad keluar penjara") for p in jail.reject)
