"""Cards and piles: the three decks, their discard piles, hands, and cards placed in environments.

A card in an Environment is a small record (see docs/games/immunity.md, "View keys"):
``pathogen`` (its id), ``face_up``, ``placed`` (a running number: lower was placed earlier and
lies on top), ``placed_by`` (the seat that put it there, None for the deck) and
``vector_token`` (a contagion token, not a card: it leaves the game when discarded).
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]
#: The deck kinds; each has ``<kind>_deck`` and ``<kind>_discard`` on the state.
DECKS = ("pathogen", "medical", "environment")


class Cards:
    """Mixed into ImmunityState: drawing, placing and discarding cards."""

    def _entry(self, card: str, up: bool, by: int | None, token: bool) -> dict[str, Any]:
        """A card (or vector token) placed in an Environment now."""
        self.placements += 1
        return {"pathogen": card, "face_up": up, "placed": self.placements, "placed_by": by,
                "vector_token": token}

    def _discard_entry(self, entry: dict[str, Any]) -> None:
        if not entry["vector_token"]:
            self.pathogen_discard.append(entry["pathogen"])

    def _draw(self, kind: str) -> str | None:
        """The top card of a deck, reshuffling its discard pile when empty (None if both are)."""
        deck: list[str] = getattr(self, f"{kind}_deck")
        if not deck:
            discard: list[str] = getattr(self, f"{kind}_discard")
            if not discard:
                return None
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop()

    def _draw_cards(self, seat: int, medical: int, pathogen: int, events: list[Event]) -> None:
        """Draw into a hand; everyone learns how many, only the drawer learns which."""
        got_med = [card for card in (self._draw("medical") for _ in range(medical)) if card]
        got_path = [card for card in (self._draw("pathogen") for _ in range(pathogen)) if card]
        self.medical_hands[seat].extend(got_med)
        self.pathogen_hands[seat].extend(got_path)
        if got_med or got_path:
            # the public line is for everyone else: the drawer reads the private one instead
            events.append({"type": "draw", "seat": seat, "medical": len(got_med),
                           "pathogen": len(got_path), "not_to": [seat]})
            events.append({"type": "drawn", "seat": seat, "cards": got_med + got_path,
                           "to": [seat]})

    def hand_size(self, seat: int) -> int:
        """Medical and pathogen cards in a hand (the hand limit counts both)."""
        return len(self.medical_hands[seat]) + len(self.pathogen_hands[seat])

    def _distinct_hand(self, seat: int) -> list[str]:
        return list(dict.fromkeys(self.medical_hands[seat] + self.pathogen_hands[seat]))
