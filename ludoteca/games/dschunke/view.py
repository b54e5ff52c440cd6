"""What a seat sees of a Dschunke table: everything but the pile's order.

Both players see the same thing (the drawn strips lie face up), so every seat's view and a
spectator's are equal.  Every key is documented in ``docs/games/dschunke.md`` ("View keys");
the board module, the terminal, the heuristic and the encoder read only these keys.
"""

from __future__ import annotations

from typing import Any, Protocol

from .board import Board
from .content import COLOURS, Content, crate_colour, crate_kind
from .scoring import group_points, groups, visible_goods, visible_rats


class Table(Protocol):
    """The parts of the state a view reads (the state class provides them)."""

    phase: str
    turn: int
    pile: list[int]
    drawn: list[int]
    placed: list[list[Any]]
    bonus: list[int]
    set_aside: list[int]
    loser: int | None
    board: Board
    content: Content
    options: dict[str, Any]

    @property
    def to_place(self) -> int | None: ...

    @property
    def scores(self) -> list[int]: ...

    def strip(self, tile: int) -> list[str]: ...


def view(state: Table, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator); the same for everyone."""
    board, content = state.board, state.content
    rat_hot = state.options["rules"] == "rat-hot"
    return {
        "phase": state.phase,
        "rules": state.options["rules"],
        "turn": state.turn,
        "scores": state.scores,
        "seats": [{"colour": colour,
                   "rats": visible_rats(board, colour),
                   "goods": visible_goods(board, colour),
                   "bonus": state.bonus[index],
                   "lost": state.loser == index}
                  for index, colour in enumerate(COLOURS)],
        "drawn": [{"tile": tile, "crates": list(state.strip(tile))} for tile in state.drawn],
        "to_place": state.to_place,
        "pile_size": len(state.pile),
        "strips": len(content.tiles),
        "placed": [{"tile": tile, "x": x, "y": y, "dir": direction} for tile, x, y, direction in state.placed],
        "cells": [{"x": x, "y": y, "height": height, "crate": crate}
                  for (x, y), (height, _, crate) in board.cells()],
        "groups": [{"crate": crate, "seat": COLOURS.index(crate_colour(crate)),  # type: ignore[arg-type]
                    "good": crate_kind(crate), "cells": [[x, y] for x, y in cells],
                    "points": group_points(len(cells), content, rat_hot)}
                   for crate, cells in groups(board)],
        "set_aside": list(state.set_aside),
        "rat_limit": content.rat_limit if rat_hot else None,
    }
