"""The table seen from above: where strips lie, how high, and which crate shows on top.

Legality of a spot is pure geometry, so the legal spots are kept up to date incrementally: a
placement can only change spots that touch the three cells it covered.  They are kept in the
order they opened up (a dict, which a copy keeps and a replay of the same placements rebuilds),
so the legal list has a deterministic order without sorting hundreds of spots per decision.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from .content import GOODS_CRATES

Cell = tuple[int, int]
Spot = tuple[int, int, str]          # top-left cell and axis "h" or "v"

AXES = ("h", "v")
DIRS = {"h": ("E", "W"), "v": ("S", "N")}
AXIS_OF = {"E": "h", "W": "h", "S": "v", "N": "v"}
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: The placement rules, each as the refusal a broken one gives ("Las baldosas siempre tienen
#: que tocarse"; "Ninguna baldosa puede tener ninguna parte en el aire"; "nunca sobre una sola
#: baldosa igualmente alineada").
REASONS = {
    "apart": "a strip on the table must touch a placed strip along an edge",
    "air": "part of the strip would hang in the air: it must lie fully on the table or fully on strips",
    "heights": "the cells below are at different heights ({heights}): no air underneath is allowed",
    "single": "a strip may not lie exactly on one single strip; it must rest on at least two",
}


def footprint(x: int, y: int, axis: str) -> tuple[Cell, Cell, Cell]:
    if axis == "h":
        return (x, y), (x + 1, y), (x + 2, y)
    return (x, y), (x, y + 1), (x, y + 2)


#: A spot with its three cells, each as its place in a list of cells looked up together.
Judged = tuple[Spot, int, int, int]


class Near(NamedTuple):
    """The spots a strip's placement can change, for ``_refresh_spots_near``.

    ``overlapping``: along the strip's axis the five spots that share a cell with it, across
    it three per cell.  ``beside``: every spot on the bare table holding a cell next to the
    strip but none of the strip's, cell by cell and neighbour by neighbour, each the first
    time it comes up: that is the order new spots open up in.  The places index ``cells`` and,
    for the ``beside`` spots, ``cells`` followed by ``beside_cells`` (the cells only they
    hold).  Spots share cells, so each cell is looked up once."""

    cells: tuple[Cell, ...]
    beside_cells: tuple[Cell, ...]
    overlapping: tuple[Judged, ...]
    beside: tuple[Judged, ...]


def _near_shape(axis: str) -> Near:
    """``Near`` for a strip laid from (0, 0) along ``axis``."""
    strip = footprint(0, 0, axis)
    if axis == "h":
        overlapping = [(x, 0, "h") for x in range(-2, 3)]
        overlapping += [(x, y, "v") for x in range(3) for y in range(-2, 1)]
    else:
        overlapping = [(0, y, "v") for y in range(-2, 3)]
        overlapping += [(x, y, "h") for y in range(3) for x in range(-2, 1)]
    beside: dict[Spot, None] = {}
    for cx, cy in strip:
        for dx, dy in NEIGHBOURS:
            x, y = cx + dx, cy + dy
            for spot in ((x - 2, y, "h"), (x - 1, y, "h"), (x, y, "h"), (x, y - 2, "v"), (x, y - 1, "v"), (x, y, "v")):
                if not set(footprint(*spot)) & set(strip):
                    beside.setdefault(spot)
    cells = sorted({cell for spot in overlapping for cell in footprint(*spot)})
    beside_cells = sorted({cell for spot in beside for cell in footprint(*spot)} - set(cells))
    where = {cell: i for i, cell in enumerate(cells + beside_cells)}

    def judged(spots: list[Spot]) -> tuple[Judged, ...]:
        return tuple((spot, *(where[cell] for cell in footprint(*spot))) for spot in spots)  # type: ignore[misc]

    return Near(tuple(cells), tuple(beside_cells), judged(overlapping), judged(list(beside)))


_NEAR_SHAPES = {axis: _near_shape(axis) for axis in AXES}


#: Random games lay strips on under 2,000 footprints; an entry holds about 9 KB (18 MB in all).
@lru_cache(maxsize=2048)
def _near(x: int, y: int, axis: str) -> Near:
    """``_near_shape`` shifted to a strip laid from (x, y): the places in the cell lists stay
    the same, since a shift keeps the cells' order."""
    shape = _NEAR_SHAPES[axis]

    def cells(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
        return tuple((x + cx, y + cy) for cx, cy in cells)

    def judged(spots: tuple[Judged, ...]) -> tuple[Judged, ...]:
        return tuple(((x + sx, y + sy, a), i, j, k) for (sx, sy, a), i, j, k in spots)

    return Near(cells(shape.cells), cells(shape.beside_cells), judged(shape.overlapping), judged(shape.beside))


def crates_in_order(strip: list[str], direction: str) -> list[str]:
    """The crates as they land on the footprint cells; W and N read the strip backwards."""
    return list(reversed(strip)) if direction in ("W", "N") else list(strip)


class Board:
    """Top view: cell -> (height, index of the placement on top, crate on top).

    ``placements`` counts the strips laid on it, so a state can tell whether its board is
    current.  The ``*_cache`` attributes hold what views and scores read after every move
    (bots ask for both), each kept until the next placement; they are never mutated, only
    replaced, so a copy shares them."""

    __slots__ = ("top", "spots", "placements", "shown", "group_map", "groups_cache", "cells_cache", "frame_cache",
                 "memo")

    def __init__(self) -> None:
        self.top: dict[Cell, tuple[int, int, str]] = {}
        #: the legal spots, in the order they opened up (values unused: a dict keeps order)
        self.spots: dict[Spot, None] = {}
        self.placements = 0
        #: how many of each crate show from above, kept up to date by ``place`` (Rat Hot reads
        #: the rats at every turn's end; counting the whole deck each time cost more than a move)
        self.shown: Counter[str] = Counter()
        #: every visible goods crate -> its group (one frozenset shared by the group's cells);
        #: None until scores are first asked for (in Rat Hot, from the start), then kept up to
        #: date by ``place``, so a bot valuing hundreds of placements regroups three cells each,
        #: not the whole deck
        self.group_map: dict[Cell, frozenset[Cell]] | None = None
        #: scoring.groups() of this top view
        self.groups_cache: list | None = None
        #: the top view sorted by cell: [(cell, (height, placement, crate)), ...]
        self.cells_cache: list[tuple[Cell, tuple[int, int, str]]] | None = None
        #: the grid drawn around the deck (a grid.Frame): what labels name cells by
        self.frame_cache: object | None = None
        #: what bots work out about this very top view (lookahead.py: what a strip laid on each
        #: spot would break and join), shared by every copy and replaced by a placement, so a
        #: pick and the placement after it, and the determinizations of both, work it out once
        self.memo: dict = {}

    @classmethod
    def from_placements(cls, strips: list[tuple[int, int, str, list[str]]]) -> Board:
        """The board after laying ``strips`` in order, each (x, y, dir, crates as printed)."""
        board = cls()
        for index, (x, y, direction, crates) in enumerate(strips):
            board.place(index, x, y, AXIS_OF[direction], crates_in_order(crates, direction))
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.top = self.top.copy()
        other.spots = self.spots.copy()
        other.placements = self.placements
        other.shown = Counter()
        dict.update(other.shown, self.shown)  # Counter.copy would run Counter.update in Python
        other.group_map = None if self.group_map is None else self.group_map.copy()
        other.groups_cache = self.groups_cache
        other.cells_cache = self.cells_cache
        other.frame_cache = self.frame_cache
        other.memo = self.memo
        return other

    def crates(self) -> Counter[str]:
        """How many of each crate ("red rice", "empty", ...) show from above (read only)."""
        return self.shown

    def cells(self) -> list[tuple[Cell, tuple[int, int, str]]]:
        """The top view in cell order (x, then y): what views list."""
        if self.cells_cache is None:
            self.cells_cache = sorted(self.top.items())
        return self.cells_cache

    def height(self, cell: Cell) -> int:
        entry = self.top.get(cell)
        return entry[0] if entry else 0

    def why_not(self, x: int, y: int, axis: str) -> str | None:
        """Why a strip may not lie on this spot (the placement rules), or None if it may."""
        found = self.reason(x, y, axis)
        return None if found is None else REASONS[found[0]].format(**found[1])

    def reason(self, x: int, y: int, axis: str) -> tuple[str, dict[str, str]] | None:
        """Which placement rule this spot breaks, as a key of ``REASONS`` and its details (the
        terminal words them in the player's language), or None if a strip may lie here."""
        top = self.top
        cells = footprint(x, y, axis)
        below = [top.get(c) for c in cells]
        if below[0] is None and below[1] is None and below[2] is None:
            for cx, cy in cells:
                for dx, dy in NEIGHBOURS:
                    if (cx + dx, cy + dy) in top:
                        return None
            return "apart", {}
        if any(b is None for b in below):
            return "air", {}
        heights = {b[0] for b in below}  # type: ignore[index]
        if len(heights) > 1:
            return "heights", {"heights": ", ".join(str(b[0]) for b in below)}  # type: ignore[index]
        if below[0][1] == below[1][1] == below[2][1]:  # type: ignore[index]
            return "single", {}
        return None

    def place(self, index: int, x: int, y: int, axis: str, crates: list[str]) -> None:
        cells = footprint(x, y, axis)
        top, shown = self.top, self.shown
        below = top.get(cells[0])
        height = 1 if below is None else below[0] + 1
        for cell, crate in zip(cells, crates, strict=True):
            below = top.get(cell)
            if below is not None:
                shown[below[2]] -= 1
            shown[crate] += 1
            top[cell] = (height, index, crate)
        self.placements += 1
        self.groups_cache = self.cells_cache = self.frame_cache = None
        self.memo = {}
        if self.group_map is not None:
            self._regroup(cells)
        self._refresh_spots_near(x, y, axis, on_table=height == 1)

    # ---- groups of equal goods (scoring.py scores them) -----------------------------------------
    def connected(self, start: Cell) -> set[Cell]:
        """The maximal orthogonally connected set of visible crates equal to the one at ``start``."""
        top = self.top
        crate = top[start][2]
        group, frontier = {start}, [start]
        while frontier:
            cx, cy = frontier.pop()
            # NEIGHBOURS written out: floods run at every Rat Hot placement and every score
            for cell in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                if cell not in group:
                    entry = top.get(cell)
                    if entry is not None and entry[2] == crate:
                        group.add(cell)
                        frontier.append(cell)
        return group

    def goods_groups(self) -> dict[Cell, frozenset[Cell]]:
        """Every visible goods crate -> its group (read only); found once over the whole deck,
        then kept up to date placement by placement."""
        if self.group_map is None:
            mapping: dict[Cell, frozenset[Cell]] = {}
            for cell, entry in self.top.items():
                if cell not in mapping and entry[2] in GOODS_CRATES:
                    group = frozenset(self.connected(cell))
                    mapping.update(dict.fromkeys(group, group))
            self.group_map = mapping
        return self.group_map

    def _regroup(self, cells: tuple[Cell, ...]) -> None:
        """After a strip covered ``cells``: the groups that held a covered crate are gone; what
        is left of them, and the new crates, are grouped afresh (a new crate may also join an
        untouched group, whose cells the flood then takes over)."""
        mapping, top = self.group_map, self.top
        assert mapping is not None
        seeds: list[Cell] = []
        for cell in cells:
            old = mapping.get(cell)
            if old is not None:
                for member in old:
                    del mapping[member]
                seeds.extend(old)
            seeds.append(cell)
        for seed in seeds:
            if seed in mapping or top[seed][2] not in GOODS_CRATES:
                continue
            group = frozenset(self.connected(seed))
            mapping.update(dict.fromkeys(group, group))

    def _refresh_spots_near(self, x: int, y: int, axis: str, on_table: bool) -> None:
        """Re-judge the spots a strip just laid from (x, y) along ``axis`` can affect.

        Spots overlapping it may turn legal or illegal.  Spots merely next to it can only gain
        a neighbour, which matters only to a spot on the bare table: one that holds a free cell
        next to the new strip touches it, so it is legal exactly when its three cells are free
        (no placement rule to judge).  A strip laid on strips covers no new cell of the table,
        so then no spot on the bare table changes.  Which spots to judge depends on the
        footprint alone, so ``_near`` works them out once per footprint."""
        spots, get = self.spots, self.top.get
        cells, beside_cells, overlapping, beside = _near(x, y, axis)
        seen = list(map(get, cells))  # the new cells are in ``top`` already
        for spot, first, second, third in overlapping:  # ``reason`` for spots on strips, written for speed
            a, b, c = seen[first], seen[second], seen[third]
            if a is None or b is None or c is None:
                # Partly on the new strip, so not on the bare table: legal only on strips.
                spots.pop(spot, None)
            elif a[0] == b[0] == c[0] and not (a[1] == b[1] == c[1]):
                spots[spot] = None
            else:
                spots.pop(spot, None)
        if on_table:
            seen += map(get, beside_cells)
            for spot, first, second, third in beside:
                if seen[first] is None and seen[second] is None and seen[third] is None:
                    spots[spot] = None

    def __str__(self) -> str:
        """The top view as plain text: each cell shows its height and crate initials."""
        if not self.top:
            return ""
        xs = [x for x, _ in self.top]
        ys = [y for _, y in self.top]
        rows = []
        for y in range(min(ys), max(ys) + 1):
            row = []
            for x in range(min(xs), max(xs) + 1):
                entry = self.top.get((x, y))
                row.append("  .   " if entry is None else f"{entry[0]}{_initials(entry[2]):<5}")
            rows.append(" ".join(row))
        return "\n".join(rows)


def _initials(crate: str) -> str:
    if crate == "empty":
        return "--"
    colour, kind = crate.split(" ", 1)
    return colour[0] + kind[:3]
