"""Finds every sentence Banker can show and keeps the catalogues in step with the code.

    python -m tools.i18n_extract          # add new sentences to banker/locale/*.po
    python -m tools.i18n_extract --check  # exit 1 if a catalogue misses a sentence

A sentence is the first argument of `msg(...)`, `Message(...)`, `N_(...)`, `_(...)` or a
refusal (`raise NotAllowed(...)` and the other errors), both templates of `plural(...)`,
and both sides of a conditional template; plus the colour group names of the editions
that ship.
"""

from __future__ import annotations

import argparse
import ast
import sys
from importlib import resources
from pathlib import Path

import polib

from banker.core.edition import BUILTIN_EDITIONS, load_edition

ROOT = Path(__file__).resolve().parent.parent / "banker"
"""The runtime package whose sentences are gathered."""
LOCALE = ROOT / "locale"
TRANSLATED = ("ms", "th")
MARKERS = {"msg", "N_", "_", "Message"}


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
        for group in edition.groups:
            found.setdefault(group.name, []).append(f"editions/{ident}.toml")
        found.setdefault(edition.luxury_tax_name, []).append(f"editions/{ident}.toml")
    return found


def missing(language: str, sentences: dict[str, list[str]] | None = None) -> list[str]:
    """Sentences the language's catalogue has no translation for."""
    sentences = sentences if sentences is not None else extract()
    text = resources.files("banker.locale").joinpath(f"{language}.po").read_text("utf-8")
    po = polib.pofile(text)
    done = {e.msgid for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags}
    return sorted(s for s in sentences if s not in done)


def update() -> None:
    """Add new sentences (untranslated) to each catalogue, mark vanished ones obsolete."""
    sentences = extract()
    for language in TRANSLATED:
        path = LOCALE / f"{language}.po"
        po = polib.pofile(str(path)) if path.exists() else polib.POFile()
        if not path.exists():
            po.metadata = {
                "Project-Id-Version": "banker",
                "Language": language,
                "MIME-Version": "1.0",
                "Content-Type": "text/plain; charset=UTF-8",
                "Content-Transfer-Encoding": "8bit",
            }
        known = {e.msgid: e for e in po}
        for text, where in sentences.items():
            entry = known.get(text)
            if entry is None:
                entry = polib.POEntry(msgid=text, msgstr="")
                po.append(entry)
            entry.occurrences = [(w.rsplit(":", 1)[0], w.rsplit(":", 1)[-1]) for w in where[:3]]
            entry.obsolete = False
        for entry in po:
            if entry.msgid not in sentences:
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
