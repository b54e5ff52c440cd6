"""Scoring from above: only visible crates count, whatever their height (rule text, "FIN DE PARTIDA").

Dschunke scores once, at the end: a group of n scores n(n+1)/2 and each visible rat costs its
owner.  Rat Hot (as published) scores every group of one good and colour that a strip forms or
changes at once, 1 point for two crates and 2 for three or more, and the whole deck once more
the same way at the end; there rats only decide the game (the 3-rat loss in ``state.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from .board import NEIGHBOURS, Board, Cell
from .content import COLOURS, EMPTY, GOODS, RAT, Content, crate_colour

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


def group_points(size: int, content: Content, rat_hot: bool) -> int:
    """What a visible group of ``size`` equal goods scores: Rat Hot's pair or larger points,
    or Dschunke's n(n+1)/2 from ``min_group`` crates up."""
    if rat_hot:
        return 0 if size < 2 else content.pair_points if size == 2 else content.larger_points
    return triangle(size) if size >= content.min_group else 0


def end_scores(board: Board, content: Content, rat_hot: bool = False) -> list[int]:
    """Each colour's visible groups (``group_points``), plus, in Dschunke, rat_penalty per
    visible rat ("las ratas de cada color que queden a la vista ... otorgan un -1")."""
    totals = [0, 0]
    for crate, cells in groups(board):
        totals[COLOURS.index(crate_colour(crate))] += group_points(len(cells), content, rat_hot)
    if not rat_hot:
        for seat, colour in enumerate(COLOURS):
            totals[seat] += content.rat_penalty * visible_rats(board, colour)
    return totals


def groups_touched(board: Board, content: Content, new_cells: Iterable[Cell]) -> list[tuple[str, int, int]]:
    """Rat Hot: every group of one good and one colour that holds a crate of the new strip
    (formed, enlarged or joined by it), as (crate, size, points), whoever's colour it is."""
    scored, seen, top = [], set(), board.top
    for cell in new_cells:
        crate = top[cell][2]
        if cell in seen or crate == EMPTY or crate.endswith(RAT_SUFFIX):  # goods only
            continue
        group = group_of(board, cell)
        seen |= group
        if len(group) >= 2:
            scored.append((crate, len(group), group_points(len(group), content, True)))
    return scored
