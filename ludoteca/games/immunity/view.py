"""What each seat may see of an Immunity position: readable keys, documented in
docs/games/immunity.md ("View keys").

Public: every body (cells, damage, tumours, infections, memory, oxygen), face-up environment
cards, hand sizes, discard piles, die rolls.  Secret: a hand (only in its owner's view, under
``hand``), face-down environment cards (shown only to whoever placed them, never to their
owner), deck order and the random generator.
"""

from __future__ import annotations

from typing import Any

from .content import public_params
from .hidden import known_to
from .phases import number_of


def view(state: Any, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), without the engine's common header."""
    life_line = state.content.life_line
    params = state.options["params"]
    return {
        # The content overrides in force (public: the game's options), so that a screen or a
        # bot reading the view alone knows this game's prices and card values.
        "params": public_params(params) if params else {},
        "turn": state.turn,
        "turns": len(life_line),
        "life_line": list(life_line),
        "stage": life_line[state.turn - 1] if state.turn else None,
        "phase": state.phase,
        "phase_number": number_of(state.phase),
        "step": state.step,
        "order": list(state.order),
        "rolls": list(state.rolls),
        "decks": {"pathogen": len(state.pathogen_deck), "medical": len(state.medical_deck),
                  "environment": len(state.environment_deck)},
        "discards": {"pathogen": list(state.pathogen_discard), "medical": list(state.medical_discard),
                     "environment": list(state.environment_discard)},
        "crowded": sorted(state.crowded()),
        "scores": state.scores,
        "seats": [public_seat(state, s, seat) for s in range(state.players)],
        "hand": None if seat is None else {"medical": list(state.medical_hands[seat]),
                                           "pathogen": list(state.pathogen_hands[seat])},
    }


def public_seat(state: Any, s: int, viewer: int | None) -> dict[str, Any]:
    """Seat ``s``'s board as ``viewer`` sees it (only face-down cards depend on the viewer)."""
    return {
        "hand_counts": {"medical": len(state.medical_hands[s]), "pathogen": len(state.pathogen_hands[s])},
        "environment_1": [placed_card(e, viewer) for e in state.environment_1[s]],
        "environment_2": [placed_card(e, viewer) for e in state.environment_2[s]],
        "infections": [dict(i) for i in state.infections[s]],
        "memory": list(state.memory[s]),
        "memory_box": list(state.memory_box[s]),
        "cells": dict(state.cells[s]),
        "cells_used": dict(state.cells_used[s]),
        "cells_bought": dict(state.cells_bought[s]),
        "damage": dict(state.damage[s]),
        "tumours": dict(state.tumours[s]),
        "oxygen": state.oxygen[s],
        "stored_oxygen": state.stored_oxygen[s],
        "oxygen_bonus": state.oxygen_bonus[s],
        "defence_bonus": state.defence_bonus[s],
        "defence": state.defence(s),
        "health": -state.health_penalty(s),
        "environment_played": list(state.environment_played[s]),
    }


def placed_card(entry: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A card in an Environment; a face-down one's ``pathogen`` is None unless ``viewer`` put it there."""
    return {"pathogen": entry["pathogen"] if known_to(entry, viewer) else None,
            "face_up": entry["face_up"], "placed": entry["placed"], "placed_by": entry["placed_by"],
            "vector_token": entry["vector_token"]}
