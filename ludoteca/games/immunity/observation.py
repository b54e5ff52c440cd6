"""What each seat may see of an Immunity position, kept apart from the rules.

Public: boards (cells, damage, tumours, infections, memory), face-up environment cards, hand
sizes, discard piles, die rolls.  Secret: hands (to their owner only), face-down environment
cards (to whoever placed them, never to their owner), deck order and the random generator.
``_resample_hidden`` redraws exactly the secret part for a seat, so a search bot's sample of
the position always agrees with what the seat sees.
"""

from __future__ import annotations

import random
from typing import Any


class Observation:
    """Mixed into ImmunityState: ``_view`` and ``_resample_hidden`` of the game contract."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s in range(self.players):
            mine = seat == s
            players.append({
                "hand_medical": list(self.hands_med[s]) if mine else None,
                "hand_pathogen": list(self.hands_path[s]) if mine else None,
                "hand_counts": {"medical": len(self.hands_med[s]),
                                "pathogen": len(self.hands_path[s])},
                "env1": [self._seen(e, seat) for e in self.env1[s]],
                "env2": [self._seen(e, seat) for e in self.env2[s]],
                "infections": [dict(i) for i in self.infections[s]],
                "memory": list(self.memory[s]),
                "memory_box": list(self.memory_box[s]),
                "cells": dict(self.cells[s]),
                "used": dict(self.used[s]),
                "bought": dict(self.bought[s]),
                "damage": dict(self.damage[s]),
                "tumours": dict(self.tumours[s]),
                "oxygen": self.oxygen[s],
                "reserve": self.reserve[s],
                "oxygen_bonus": self.oxygen_bonus[s],
                "defence_bonus": self.defence_bonus[s],
                "defence": self.defence(s),
                "health": -self.health_penalty(s),
                "environment_played": list(self.env_played[s]),
            })
        return {
            "turn": self.turn,
            "turns": len(self.c.life_line),
            "stage": self.c.life_line[self.turn - 1] if self.turn else None,
            "phase": self.phase,
            "step": self.step,
            "order": list(self.order),
            "rolls": list(self.rolls),
            "decks": {"pathogen": len(self.path_deck), "medical": len(self.med_deck),
                      "environment": len(self.env_deck)},
            "discards": {"pathogen": list(self.path_discard), "medical": list(self.med_discard),
                         "environment": list(self.env_discard)},
            "crowded": sorted(self.crowded()),
            "boards": players,
            "scores": self.scores,
        }

    @staticmethod
    def _seen(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A face-down card is known only to whoever placed it (never to its owner)."""
        known = entry["up"] or (seat is not None and entry["by"] == seat)
        return {"p": entry["p"] if known else None, "up": entry["up"], "seq": entry["seq"],
                "by": entry["by"], "token": entry["token"]}

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redraw other hands, face-down cards this seat did not place, and every deck's order."""
        others = [s for s in range(self.players) if s != seat]
        hidden = [e for envs in (self.env1, self.env2) for env in envs for e in env
                  if not e["up"] and (seat is None or e["by"] != seat)]
        pool = list(self.path_deck) + [p for s in others for p in self.hands_path[s]]
        pool += [e["p"] for e in hidden]
        pool.sort()  # the sample must depend on what the seat knows and the rng, not the true order
        rng.shuffle(pool)
        self.path_deck = pool[:len(self.path_deck)]
        rest = pool[len(self.path_deck):]
        for s in others:
            size = len(self.hands_path[s])
            self.hands_path[s], rest = rest[:size], rest[size:]
        for entry, card in zip(hidden, rest, strict=True):
            entry["p"] = card
        pool = sorted(list(self.med_deck) + [m for s in others for m in self.hands_med[s]])
        rng.shuffle(pool)
        self.med_deck = pool[:len(self.med_deck)]
        rest = pool[len(self.med_deck):]
        for s in others:
            size = len(self.hands_med[s])
            self.hands_med[s], rest = rest[:size], rest[size:]
        self.env_deck.sort()
        rng.shuffle(self.env_deck)
