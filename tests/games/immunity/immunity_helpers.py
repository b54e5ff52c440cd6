"""Building Immunity positions by hand for rule tests.

The numbers a test relies on are pinned with ``PINNED`` (through options["params"]), so the
designers can retune the shipped content without breaking the rule tests.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.phases import named
from ludoteca.games.immunity.state import ImmunityState

PINNED: dict[str, Any] = {
    "rules": {"hand_limit": 7, "max_cells_per_type": 3, "damage_per_counter": 1,
              "extension_growth": 1, "max_extension": 6, "tumour_damage": 1,
              "oxygen_lost_every": 3, "failed_organ_penalty": 5, "draw_medical": 2,
              "draw_pathogen": 2, "environment_cards": 1, "setup_medical": 2,
              "setup_pathogen": 2},
    "organs": {"respiratory": {"boxes": 8, "oxygen": 3}, "digestive": {"boxes": 8, "oxygen": 2},
               "skin": {"boxes": 8, "oxygen": 0}, "circulatory": {"boxes": 8, "oxygen": 0}},
    "cells": {
        "neutrophil": {"cost": 2, "defence": 1, "clear": 1, "clears": ["bacterium", "fungus"],
                       "dies_on_use": False},
        "eosinophil": {"cost": 2, "defence": 0, "clear": 1, "clears": ["parasite"],
                       "dies_on_use": False},
        "nk_cell": {"cost": 3, "defence": 1, "clear": 1, "clears": ["virus"],
                    "clears_tumours": 1},
        "macrophage": {"cost": 4, "defence": 1, "clear": 1,
                       "clears": ["virus", "bacterium", "fungus", "parasite"]},
        "t_lymphocyte": {"cost": 3, "defence": 2, "clear": 0},
        "b_lymphocyte": {"cost": 4, "defence": 1, "memory": True},
        "erythrocyte": {"cost": 3, "defence": 0, "oxygen": 1},
        "adipocyte": {"cost": 1, "defence": 0, "store": 2},
    },
    "pathogens": {
        "influenza": {"infectivity": 3, "extension": 2, "contagion": "droplets",
                      "targets": ["respiratory"], "oncogenic": 0},
        "rhinovirus": {"infectivity": 2, "extension": 1, "contagion": "droplets",
                       "targets": ["respiratory"]},
        "measles": {"infectivity": 4, "extension": 2, "contagion": "air",
                    "targets": ["respiratory", "skin"]},
        "norovirus": {"infectivity": 3, "extension": 1, "contagion": "contact",
                      "targets": ["digestive"]},
        "salmonella": {"infectivity": 3, "extension": 2, "contagion": "contact",
                       "targets": ["digestive"]},
        "staphylococcus": {"infectivity": 2, "extension": 2, "contagion": "contact",
                           "targets": ["skin", "circulatory"]},
        "hpv": {"infectivity": 1, "extension": 1, "contagion": "contact", "targets": ["skin"],
                "oncogenic": 1},
        "hiv": {"infectivity": 1, "extension": 3, "contagion": "fluids",
                "targets": ["circulatory"], "defence_penalty": 2},
        "tapeworm": {"infectivity": 1, "extension": 2, "contagion": "contact",
                     "targets": ["digestive"]},
    },
    "medical": {
        "antibiotic": {"effect": "clear", "amount": 2, "groups": ["bacterium"]},
        "transfusion": {"effect": "oxygen", "amount": 2},
        "corticosteroid": {"effect": "defence", "amount": -2, "target": "opponent"},
        "flu_vaccine": {"effect": "memory", "pathogens": ["influenza"]},
        "antipyretic": {"effect": "heal", "amount": 1},
        "surgery": {"effect": "remove_tumour", "amount": 2},
        "growth_factor": {"effect": "gain_cell", "amount": 1, "cell": "neutrophil"},
        "shared_syringe": {"effect": "spread_fluids"},
    },
}

NO_CELLS = {"neutrophil": 0, "eosinophil": 0, "nk_cell": 0, "macrophage": 0, "t_lymphocyte": 0,
            "b_lymphocyte": 0, "erythrocyte": 0, "adipocyte": 0}


def blank(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None,
          keep_medical: bool = True) -> ImmunityState:
    """A new game with pinned numbers and emptied boards; each player holds one transfusion
    (always playable), so every part of a phase waits for a decision instead of auto-ending."""
    opts = {"params": PINNED, **(options or {})}
    s = GAME.new(players=players, seed=seed, options=opts)
    for seat in range(players):
        s.medical_hands[seat] = ["transfusion"] if keep_medical else []
        s.pathogen_hands[seat] = []
        s.environment_1[seat] = []
        s.environment_2[seat] = []
        s.infections[seat] = []
        s.memory[seat] = []
        s.cells[seat] = dict(NO_CELLS)
        s.damage[seat] = {o: 0 for o in s.content.organs}
        s.tumours[seat] = {o: 0 for o in s.content.organs}
        s.oxygen[seat] = s.stored_oxygen[seat] = s.oxygen_bonus[seat] = s.defence_bonus[seat] = 0
    s.order = list(range(players))
    s.turn = 3
    s.phase = "start"
    s.queue = [0]
    s.step = "end"
    s.part_started = True
    s._legal_cache.clear()
    return s


def enter(s: ImmunityState, phase: int, queue: list[int] | None = None) -> list[dict]:
    """Start rule-book phase number ``phase`` (1-5) with ``queue`` acting; returns the
    automatic events."""
    s.phase = named(phase)
    s.queue = list(s.order if queue is None else queue)
    s.part_started = False
    s.step = "main"
    s._legal_cache.clear()
    events: list[dict] = []
    s._advance(events)
    return events


def place(s: ImmunityState, seat: int, env: str, card: str, up: bool = False,
          by: int | None = None, token: bool = False) -> dict:
    entry = s._entry(card, up=up, by=by, token=token)
    getattr(s, env)[seat].append(entry)
    return entry


def infect(s: ImmunityState, seat: int, card: str, counters: int | None = None) -> None:
    n = s.content.pathogens[card].extension if counters is None else counters
    s.infections[seat].append({"pathogen": card, "counters": n, "vector_token": False})


def play(s: ImmunityState, action: dict) -> list[dict]:
    return s.apply(s.to_move[0], action)


def next_turn(s: ImmunityState) -> list[dict]:
    """Finish the current turn's bookkeeping and start the next one (phase 1)."""
    s.phase = "exposure"
    s.queue = []
    s.part_started = False
    s._legal_cache.clear()
    events: list[dict] = []
    s._advance(events)
    return events


class ScriptedDie:
    """Stands in for the state's RNG where a test needs chosen die rolls."""

    def __init__(self, rolls: list[int], rng) -> None:
        self.rolls = list(rolls)
        self.rng = rng

    def randint(self, low: int, high: int) -> int:
        return self.rolls.pop(0)

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)
