"""Scoring from above: only visible crates count, whatever their height (rule text, "FIN DE PARTIDA")."""

from __future__ import annotations

from collections.abc import Iterable

from .board import NEIGHBOURS, Board, Cell
from .content import COLOURS, EMPTY, GOODS, RAT, Content, crate_colour, crate_kind

RAT_SUFFIX = f" {RAT}"


def triangle(n: int) -> int:
    """Points for a group of n: 2->3, 3->6, ... 11->66 (the rule text's table is n(n+1)/2)."""
    return n * (n + 1) // 2


def group_of(board: Board, start: Cell) -> set[Cell]:
    """The maximal orthogonally connected set of visible crates equal to the one at ``start``."""
    top = board.top
    crate = top[start][2]
    group, frontier = {start}, [start]
    while frontier:
        cx, cy = frontier.pop()
        for dx, dy in NEIGHBOURS:
            cell = (cx + dx, cy + dy)
            entry = top.get(cell)
            if entry is not None and cell not in group and entry[2] == crate:
                group.add(cell)
                frontier.append(cell)
    return group


def groups(board: Board) -> list[tuple[str, list[Cell]]]:
    """Every group of two or more equal visible goods, as (crate, cells), in a stable order."""
    if board.groups_cache is None:
        board.groups_cache = _find_groups(board)
    return board.groups_cache


def _find_groups(board: Board) -> list[tuple[str, list[Cell]]]:
    seen: set[Cell] = set()
    found = []
    for cell, (_, _, crate) in board.cells():  # the view sorts the cells anyway: sort once
        if cell in seen or crate == EMPTY or crate.endswith(RAT_SUFFIX):
            continue
        group = group_of(board, cell)
        seen |= group
        if len(group) >= 2:
            found.append((crate, sorted(group)))
    return found


def visible_rats(board: Board, colour: str) -> int:
    """Rats of ``colour`` that show from above (each costs its owner at the end)."""
    return board.crates()[f"{colour} {RAT}"]


def visible_goods(board: Board, colour: str) -> int:
    """Goods crates of ``colour`` that show from above (the optional tie-break)."""
    crates = board.crates()
    return sum(crates[f"{colour} {good}"] for good in GOODS)


def end_scores(board: Board, content: Content) -> list[int]:
    """Each colour's groups (n(n+1)/2 from min_group crates up) plus rat_penalty per visible rat."""
    totals = [0, 0]
    for crate, cells in groups(board):
        if len(cells) >= content.min_group:
            totals[COLOURS.index(crate_colour(crate))] += triangle(len(cells))
    for seat, colour in enumerate(COLOURS):
        totals[seat] += content.rat_penalty * visible_rats(board, colour)
    return totals


def spice_points(board: Board, content: Content, new_cells: Iterable[Cell]) -> list[tuple[str, int, int]]:
    """Rat Hot: spice groups that the new strip formed or enlarged, as (colour, size, points)."""
    scored, seen = [], set()
    for cell in new_cells:
        crate = board.top[cell][2]
        if cell in seen or crate_kind(crate) != content.spice_good:
            continue
        group = group_of(board, cell)
        seen |= group
        if len(group) >= 2:
            points = content.pair_points if len(group) == 2 else content.larger_points
            scored.append((crate_colour(crate), len(group), points))
    return scored
