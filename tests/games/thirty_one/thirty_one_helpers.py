"""Building exact Thirty-One positions for the rule tests (a helper, not a test module)."""

from __future__ import annotations

import json
from typing import Any

import ludoteca
from ludoteca.games.thirty_one.state import ThirtyOneState

GAME = ludoteca.game("thirty-one")


def position(players: int = 2, options: dict[str, Any] | None = None, **fields: Any) -> ThirtyOneState:
    """A fresh game with ``fields`` set, through the saved form (to_json -> from_json), so the
    position is built with the public contract and ``derive`` runs as it does after loading."""
    data = json.loads(json.dumps(GAME.new(players, seed=1, options=options).to_json()))
    unknown = set(fields) - set(data["state"])
    assert not unknown, f"not a field: {unknown}"
    data["state"].update(fields)
    return GAME.from_json(data)
