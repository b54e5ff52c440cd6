"""What a seat cannot know, and how a search bot's sample of it is drawn.

Secret: hands (to their owner only), face-down environment cards (to whoever placed them,
never to their owner), deck order and the random generator.  :func:`resample_hidden` redraws
exactly that part for a seat, from the cards the seat cannot account for, so a sample of the
position always agrees with what the seat sees.
"""

from __future__ import annotations

import random
from typing import Any


def known_to(entry: dict[str, Any], seat: int | None) -> bool:
    """A card in an Environment is known when face up, or to the seat that put it there."""
    return entry["face_up"] or (seat is not None and entry["placed_by"] == seat)


def resample_hidden(state: Any, seat: int | None, rng: random.Random) -> None:
    """Redraw other hands, face-down cards this seat did not place, and every deck's order."""
    others = [s for s in range(state.players) if s != seat]
    hidden = [e for envs in (state.environment_1, state.environment_2) for env in envs for e in env
              if not e["face_up"] and (seat is None or e["placed_by"] != seat)]  # not known_to(e, seat)
    deck = state.pathogen_deck
    pool = list(deck) + [p for s in others for p in state.pathogen_hands[s]]
    pool += [e["pathogen"] for e in hidden]
    pool.sort()  # the sample must depend on what the seat knows and the rng, not the true order
    rng.shuffle(pool)
    state.pathogen_deck = pool[:len(deck)]
    rest = pool[len(deck):]
    for s in others:
        size = len(state.pathogen_hands[s])
        state.pathogen_hands[s], rest = rest[:size], rest[size:]
    for entry, card in zip(hidden, rest, strict=True):
        entry["pathogen"] = card
    deck = state.medical_deck
    pool = sorted(list(deck) + [m for s in others for m in state.medical_hands[s]])
    rng.shuffle(pool)
    state.medical_deck = pool[:len(deck)]
    rest = pool[len(deck):]
    for s in others:
        size = len(state.medical_hands[s])
        state.medical_hands[s], rest = rest[:size], rest[size:]
    state.environment_deck.sort()
    rng.shuffle(state.environment_deck)
