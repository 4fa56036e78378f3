"""How the modules of `banker/` import each other, counted from the source: the import
cycles, the imports that go up the layers, and the imports made inside a function (each
must say why in a comment: the start-up cost it keeps out, or an optional dependency).

The layers are the contract's in `pyproject.toml` (which `lint-imports` checks in CI):
each may import those below it, never one above; rooms of one layer import neither of
each other. This script counts what the contract only refuses: every
import, at a module's top or inside a function, but those made only for the type
checker (`if TYPE_CHECKING:`).

    python -m tools.imports [--list | --layers]

Exits 1 when there is a cycle, an import up the layers, or an import inside a function
that does not say why.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "banker"
PYPROJECT = ROOT.parent / "pyproject.toml"


def contract_layers() -> list[str]:
    """The layers of the contract in `pyproject.toml`, highest first, as written there
    (`banker.web | banker.demo`: rooms of one layer that import neither of each other)."""
    with PYPROJECT.open("rb") as file:
        contracts = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    return next(c["layers"] for c in contracts if c["type"] == "layers")


LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(room.strip().removeprefix("banker.") for room in layer.split("|"))
    for layer in reversed(contract_layers())
)
"""The rooms of `banker/`, lowest first (`banker/__init__.py`, the version, is below them
all)."""


def layers_line() -> str:
    """The layers as the README draws them, highest first."""
    return " > ".join(layer.replace("banker.", "") for layer in contract_layers())


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    top: bool
    """At the module's top level (not inside a function or a class's method)."""
    why: bool = True
    """Inside a function, with a comment saying why: on its line, or above the run of
    imports it is in (the start-up cost it keeps out, or the optional dependency)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """The `banker` modules that module `name` imports (a `from a import b` names module
    `a.b` when it is one, else `a`)."""
    text = path.read_text("utf-8")
    tree = ast.parse(text)
    lines = text.splitlines()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def said_why(line: int) -> bool:
        """A comment on the import's line, or above the run of imports it is in."""
        at = line - 1
        while at >= 0:
            here = lines[at].strip()
            if "#" in here:
                return True
            if at < line - 1 and not here.startswith(("from ", "import ")):
                return False
            at -= 1
        return False

    def walk(node: ast.AST, top: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue  # for the type checker only: never imported when running
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield from targets(alias.name, [], child.lineno, top)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parent = package.split(".")
                    parent = parent[: len(parent) - child.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                yield from targets(base, [a.name for a in child.names], child.lineno, top)
            else:
                inner = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
                yield from walk(child, top and not inner)

    def targets(base: str, names: list[str], line: int, top: bool) -> Iterator[Import]:
        if base.split(".")[0] != "banker":
            return
        found = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
        for target in found or [base]:
            if target in known and target != name:
                yield Import(name, target, line, top, top or said_why(line))

    yield from walk(tree, True)


def layer(name: str) -> int | None:
    parts = name.split(".")
    if len(parts) < 2:
        return None  # `banker` itself: below every room
    for index, rooms in enumerate(LAYERS):
        if parts[1] in rooms:
            return index
    raise SystemExit(f"{name} is in no layer: add its room to LAYERS and to pyproject.toml")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="name every import counted")
    parser.add_argument("--layers", action="store_true", help="print the layers, highest first")
    args = parser.parse_args(argv)
    if args.layers:
        print(layers_line())
        return 0
    known = modules()
    every = [i for name, path in known.items() for i in imports_of(name, path, known)]
    edges: dict[str, set[str]] = {}
    for i in every:
        edges.setdefault(i.source, set()).add(i.target)
    groups = cycles(edges)
    upward = []
    for i in every:
        here, there = layer(i.source), layer(i.target)
        if (
            here is not None
            and there is not None
            and (
                there > here or (there == here and i.source.split(".")[1] != i.target.split(".")[1])
            )
        ):
            upward.append(i)
    inner = [i for i in every if not i.top]
    print(f"{len(known)} modules, {len(every)} imports between them")
    print(f"import cycles: {len(groups)}")
    for group in groups:
        print("  " + " <-> ".join(group))
    print(f"imports up the layers (or across a layer): {len(upward)}")
    for i in upward:
        print(f"  {i.source}:{i.line} -> {i.target}")
    files = sorted({i.source for i in inner})
    unsaid = [i for i in inner if not i.why]
    print(
        f"imports inside a function: {len(inner)} in {len(files)} modules, "
        f"{len(unsaid)} without a comment saying why"
    )
    for i in inner if args.list else unsaid:
        print(f"  {i.source}:{i.line} -> {i.target}")
    return 1 if groups or upward or unsaid else 0


if __name__ == "__main__":
    sys.exit(main())
