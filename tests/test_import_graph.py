"""No import circles anywhere in ``ludoteca``: the layers and every package form a one-way graph.

Why every import statement counts (module level, inside functions, under ``if TYPE_CHECKING:``):
a circle hidden in a function still means the two modules cannot be read, tested or replaced
one without the other, and a ``TYPE_CHECKING`` circle breaks the moment someone needs the name
at run time.  The graph is built from the source with ``ast``, never by importing, so a circle
is found even in code that no test runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ludoteca"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module under ``package``: dotted name -> file."""
    return {module_name(path, package.parent): path for path in sorted(package.rglob("*.py"))}


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` statement reads from."""
    if not node.level:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, node.module] if node.module else base)


def _known(name: str, known: set[str]) -> str | None:
    """``name`` or its longest prefix that is one of ``known`` (``a.b.func`` -> ``a.b``)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that ``name`` imports, from every import statement in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(name, is_package, node)
            # ``from pkg import sub`` imports the module pkg.sub when there is one, else pkg.
            targets = [f"{source}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            resolved = _known(target, known)
            if resolved is not None and resolved != name:
                found.add(resolved)
    return found


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    found = modules(package)
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """Per strongly connected group of modules (Tarjan): one shortest circle, starting at the
    group's alphabetically first module, so a failure names a circle a person can follow, and
    the whole group (breaking that circle may leave another inside it)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted((_shortest_circle(edges, group), sorted(group)) for group in groups)


def _shortest_circle(edges: dict[str, set[str]], group: set[str]) -> list[str]:
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(edges[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no circle through {start}")  # pragma: no cover - Tarjan found one


def test_no_module_of_ludoteca_imports_itself_in_a_circle() -> None:
    found = cycles(graph())
    assert not found, "import circles (every import statement counts):\n" + "\n".join(
        " -> ".join(circle) + (f"  (inside the group {', '.join(group)})" if len(group) > len(circle) - 1 else "")
        for circle, group in found)


def test_the_graph_sees_function_local_and_type_checking_imports(tmp_path: Path) -> None:
    """The checker itself: a circle made only of a function-local import and a TYPE_CHECKING one is found."""
    pkg = tmp_path / "ludoteca"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .a import A\n")
    (pkg / "sub" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\nclass A: ...\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ludoteca.sub import a\n    return a\n")
    (pkg / "c.py").write_text("import ludoteca.sub.b\nfrom .sub import b as bee\nimport os\n")
    edges = graph(pkg)
    assert edges["ludoteca.sub.a"] == {"ludoteca.sub.b"}
    assert edges["ludoteca.sub.b"] == {"ludoteca.sub.a"}
    assert edges["ludoteca.c"] == {"ludoteca.sub.b"}
    assert edges["ludoteca.sub"] == {"ludoteca.sub.a"}
    assert cycles(edges) == [(["ludoteca.sub.a", "ludoteca.sub.b", "ludoteca.sub.a"],
                              ["ludoteca.sub.a", "ludoteca.sub.b"])]


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"d2"}, "d2": {"d"}},
     [(["a", "b", "c", "a"], ["a", "b", "c"]), (["d", "d2", "d"], ["d", "d2"])]),
    ({"a": {"b", "c"}, "b": {"a"}, "c": {"b"}}, [(["a", "b", "a"], ["a", "b", "c"])]),
])
def test_cycles_names_one_circle_per_group(edges: dict[str, set[str]], expected: list) -> None:
    assert cycles(edges) == expected
