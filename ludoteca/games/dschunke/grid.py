"""Grid references for the terminal: columns A, B, C ... left to right, rows 1, 2, 3 ... top
to bottom, as the terminal board draws them.  The board is drawn with a margin of three
empty cells around the deck, so every spot a strip could take has a name; the frame is
computed from the view alone, so the board and the parser always agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: Empty cells drawn around the deck: a strip laid beside it reaches three cells out.
MARGIN = 3


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def column_index(name: str) -> int:
    """The inverse of :func:`column_name` ("a" and "A" alike)."""
    index = 0
    for letter in name.upper():
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return index - 1


@dataclass(frozen=True)
class Frame:
    """The drawn area: its top-left cell (x0, y0) and its size in columns and rows."""

    x0: int
    y0: int
    columns: int
    rows: int

    @classmethod
    def of(cls, view: dict[str, Any]) -> Frame:
        return cls.around((cell["x"], cell["y"]) for cell in view["cells"])

    @classmethod
    def around(cls, cells: Iterable[tuple[int, int]]) -> Frame:
        """The frame drawn around these covered cells (the deck), with its margin.  The web
        board (boards/dschunke.js) draws the same frame, so a reference in the log names the
        same cell on the terminal, on the web board and in the log."""
        xs, ys = zip(*cells, strict=True)
        return cls(min(xs) - MARGIN, min(ys) - MARGIN,
                   max(xs) - min(xs) + 1 + 2 * MARGIN, max(ys) - min(ys) + 1 + 2 * MARGIN)

    def name(self, x: int, y: int) -> str:
        """The grid reference of a cell, e.g. "C5"."""
        return f"{column_name(x - self.x0)}{y - self.y0 + 1}"

    def cell(self, column: str, row: int) -> tuple[int, int] | None:
        """The cell named by a column and a row number; None when it lies off the drawn board."""
        index = column_index(column)
        if not (0 <= index < self.columns and 1 <= row <= self.rows):
            return None
        return self.x0 + index, self.y0 + row - 1

    def contains(self, x: int, y: int) -> bool:
        return self.x0 <= x < self.x0 + self.columns and self.y0 <= y < self.y0 + self.rows

    @property
    def last_column(self) -> str:
        return column_name(self.columns - 1)
