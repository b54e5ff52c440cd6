"""Scoring from above: only visible crates count, whatever their height (rule text, "FIN DE PARTIDA").

Dschunke scores once, at the end: a group of n scores n(n+1)/2 and each visible rat costs its
owner.  Rat Hot (as published) scores every group of one good and colour that a strip forms or
changes at once, 1 point for two crates and 2 for three or more, and the whole deck once more
the same way at the end; there rats only decide the game (the 3-rat loss in ``state.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board, Cell
from .content import COLOURS, GOODS, RAT, Content

RED_PREFIX = f"{COLOURS[0]} "


def triangle(n: int) -> int:
    """Points for a group of n: 2->3, 3->6, ... 11->66 (the rule text's table is n(n+1)/2)."""
    return n * (n + 1) // 2


def scoring_groups(board: Board) -> list[frozenset[Cell]]:
    """Every group of two or more equal visible goods, each once, in no particular order
    (the board's kept map holds one shared set per group, under each of its cells)."""
    unique = {id(group): group for group in board.goods_groups().values()}
    return [group for group in unique.values() if len(group) >= 2]


def groups(board: Board) -> list[tuple[str, list[Cell]]]:
    """Every group of two or more equal visible goods, as (crate, cells), in a stable order
    (by each group's first cell, x then y)."""
    if board.groups_cache is None:
        top = board.top
        found = sorted((sorted(group) for group in scoring_groups(board)), key=lambda cells: cells[0])
        board.groups_cache = [(top[cells[0]][2], cells) for cells in found]
    return board.groups_cache


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
    top = board.top
    # The groups unsorted: bots read scores at every position they value, and only a view
    # needs the groups listed in order.
    for group in scoring_groups(board):
        crate = top[next(iter(group))][2]
        totals[0 if crate.startswith(RED_PREFIX) else 1] += group_points(len(group), content, rat_hot)
    if not rat_hot:
        for seat, colour in enumerate(COLOURS):
            totals[seat] += content.rat_penalty * visible_rats(board, colour)
    return totals


def groups_touched(board: Board, content: Content, new_cells: Iterable[Cell]) -> list[tuple[str, int, int]]:
    """Rat Hot: every group of one good and one colour that holds a crate of the new strip
    (formed, enlarged or joined by it), as (crate, size, points), whoever's colour it is.
    The board has regrouped the strip's cells already, so the groups are read, not flooded."""
    scored, seen, top, groups = [], set(), board.top, board.goods_groups()
    for cell in new_cells:
        group = groups.get(cell)  # None for an empty crate or a rat
        if group is None or cell in seen:
            continue
        seen |= group
        if len(group) >= 2:
            scored.append((top[cell][2], len(group), group_points(len(group), content, True)))
    return scored
