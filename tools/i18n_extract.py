"""Finds every sentence Banker can show and keeps the catalogues in step with the code.

    python -m tools.i18n_extract          # add new sentences to banker/locale/*.po
    python -m tools.i18n_extract --check  # exit 1 if a catalogue misses a sentence

A sentence is the first argument of `msg(...)`, `Message(...)`, `N_(...)`, `_(...)` or a
refusal (`raise NotAllowed(...)` and the other errors), both templates of `plural(...)`,
and both sides of a conditional template; plus, from the editions that ship, the colour
group names, the squares that are not deeds and the Chance and Community Chest texts.
"""

from __future__ import annotations

import argparse
import ast
import sys
from importlib import resources
from pathlib import Path

import polib

from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.i18n.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent / "banker"
"""The runtime package whose sentences are gathered."""
LOCALE = ROOT / "locale"
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
PLURAL_FORMS = {"ms": "nplurals=1; plural=0;", "th": "nplurals=1; plural=0;"}
"""Neither Malay nor Thai changes a noun for its count: one form for every count."""
MARKERS = {"msg", "N_", "_", "Message"}
IN_CONTEXT = {"_in", "N_in"}
"""Words said in a context (`_in("narrow column", "Deeds")`): a `.po` entry with its
`msgctxt`, kept here as gettext keeps it, `context\x04text`."""
CONTEXT = "\x04"


def key(entry: polib.POEntry) -> str:
    """An entry's sentence as `extract` names it: its context first, if it has one."""
    return f"{entry.msgctxt}{CONTEXT}{entry.msgid}" if entry.msgctxt else entry.msgid


def _error_classes() -> set[str]:
    tree = ast.parse((ROOT / "core" / "errors.py").read_text("utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef)}


def _strings(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def plurals(root: Path = ROOT) -> dict[str, str]:
    """Every counted sentence in the code under `root`: its English one form to its other."""
    pairs: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) == "plural":
                forms = [_strings(arg) for arg in node.args[1:3]]
                if len(forms) == 2 and len(forms[0]) == len(forms[1]) == 1:
                    pairs[forms[0][0]] = forms[1][0]
    return pairs


def extract(root: Path = ROOT) -> dict[str, list[str]]:
    """Every sentence in the code under `root`, with where it is used."""
    errors = _error_classes()
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = _name(node.func)
            if name == "plural":
                args = node.args[1:3]
            elif name in IN_CONTEXT and len(node.args) == 2:
                for context in _strings(node.args[0]):
                    for text in _strings(node.args[1]):
                        where = f"{path.relative_to(root.parent)}:{node.lineno}"
                        found.setdefault(f"{context}{CONTEXT}{text}", []).append(where)
                continue
            elif name in MARKERS or name in errors:
                args = node.args[:1]
            else:
                continue
            for arg in args:
                for text in _strings(arg):
                    if text.strip():
                        where = f"{path.relative_to(root.parent)}:{node.lineno}"
                        found.setdefault(text, []).append(where)
    for ident in BUILTIN_EDITIONS:
        edition = load_edition(ident)
        where = f"editions/{ident}.toml"
        found.setdefault(edition.name, []).append(where)
        for group in edition.groups:
            found.setdefault(group.name, []).append(where)
        found.setdefault(edition.luxury_tax_name, []).append(where)
        for square in edition.squares:
            found.setdefault(square.name, []).append(where)
        for card in edition.cards:
            found.setdefault(card.text, []).append(where)
    return found


def missing(language: str, sentences: dict[str, list[str]] | None = None) -> list[str]:
    """Sentences the language's catalogue has no translation for."""
    sentences = sentences if sentences is not None else extract()
    text = resources.files("banker.locale").joinpath(f"{language}.po").read_text("utf-8")
    po = polib.pofile(text)
    done = set()
    for e in po:
        if e.obsolete or "fuzzy" in e.flags:
            continue
        if e.msgid_plural and all(e.msgstr_plural.values()):
            done.update((e.msgid, e.msgid_plural))
        elif e.msgstr:
            done.add(key(e))
    return sorted(s for s in sentences if s not in done)


def update() -> None:
    """Add new sentences (untranslated) to each catalogue, mark vanished ones obsolete."""
    sentences = extract()
    for language in TRANSLATED:
        path = LOCALE / f"{language}.po"
        po = polib.pofile(str(path), wrapwidth=0) if path.exists() else polib.POFile(wrapwidth=0)
        if not path.exists():
            po.metadata = {
                "Project-Id-Version": "banker",
                "Language": language,
                "MIME-Version": "1.0",
                "Content-Type": "text/plain; charset=UTF-8",
                "Content-Transfer-Encoding": "8bit",
            }
        po.metadata["Plural-Forms"] = PLURAL_FORMS[language]
        known = {key(e): e for e in po}
        counted = plurals()
        plain = {
            text: where
            for text, where in sentences.items()
            if text not in counted and text not in counted.values()
        }
        for text, where in plain.items():
            entry = known.get(text)
            if entry is None or entry.msgid_plural:
                if entry is not None:
                    po.remove(entry)
                context, _sep, msgid = text.rpartition(CONTEXT)
                entry = polib.POEntry(msgid=msgid, msgctxt=context or None, msgstr="")
                po.append(entry)
            entry.occurrences = [(w.rsplit(":", 1)[0], w.rsplit(":", 1)[-1]) for w in where[:3]]
            entry.obsolete = False
        for one, many in counted.items():
            entry = known.get(one)
            if entry is None or not entry.msgid_plural:
                # Both forms were plain entries: the catalogue's one form for every count
                # is the translation of the English "many" form (it carries {n}).
                translated = known[many].msgstr if many in known else ""
                if entry is not None:
                    po.remove(entry)
                entry = polib.POEntry(msgid=one, msgid_plural=many, msgstr_plural={0: translated})
                po.append(entry)
            entry.msgid_plural = many
            where = sentences.get(one, []) + sentences.get(many, [])
            entry.occurrences = [(w.rsplit(":", 1)[0], w.rsplit(":", 1)[-1]) for w in where[:3]]
            entry.obsolete = False
        wanted = set(plain) | set(counted)
        for entry in po:
            if key(entry) not in wanted:
                entry.obsolete = True
        po.save(str(path))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="report missing translations")
    args = parser.parse_args()
    if not args.check:
        update()
    gaps = {lang: missing(lang) for lang in TRANSLATED}
    for lang, texts in gaps.items():
        print(f"{lang}: {len(extract())} sentences, {len(texts)} untranslated")
    sys.exit(1 if args.check and any(gaps.values()) else 0)


if __name__ == "__main__":
    main()
