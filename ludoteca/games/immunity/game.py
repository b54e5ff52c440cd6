"""Immunity's Game: metadata, options (the rulings a table may play differently), and thin
delegations to the heuristic, the terminal board and the RL encoding."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.options import Option, choice, flag, params_option

from . import encoding, explain, heuristic, lab_hooks, terminal
from .content import content_for
from .state import ImmunityState


class ImmunityGame(Game):
    id = "immunity"
    title = "Immunity"
    min_players = 2
    max_players = 5
    version = 1
    state_class = ImmunityState
    hidden_information = True
    description: ClassVar[dict[str, str]] = {
        "en": "Your immune system against viruses, bacteria, fungi and parasites over a whole "
              "life: buy immune cells with oxygen, fight infections, spread them to others. "
              "The healthiest player after 8 turns wins.",
        "es": "Tu sistema inmune contra virus, bacterias, hongos y parásitos durante toda una "
              "vida: compra células con oxígeno, combate infecciones y contagia a los demás. "
              "Gana el jugador más sano tras 8 turnos.",
        "fr": "Votre système immunitaire contre virus, bactéries, champignons et parasites "
              "toute une vie : achetez des cellules avec l'oxygène, combattez les infections, "
              "contaminez les autres. Le joueur le plus sain après 8 tours gagne.",
    }
    option_specs: ClassVar[dict[str, Option]] = {
        "params": params_option(
            "Overrides of any content number, e.g. {\"cells\": {\"neutrophil\": {\"cost\": 3}}}."),
        "at_least_one": choice(
            "always", "always", "literal",
            help="'always': an environment holding a pathogen always infects at least once. "
                 "'literal': only when defence is strictly greater than infectivity (the note's "
                 "word 'superior'); equal values then infect nobody."),
        "crowding": choice(
            "env1", "env1", "both",
            help="Which cards count for 'the player with most cards' who is no valid target: "
                 "Environment 1 only, or both environments."),
        "full_tie_blocks": flag(
            False, help="If every player ties for most cards, all are excluded (nobody can be "
                        "targeted) instead of none."),
        "cell_cap": choice(
            "owned", "owned", "per_turn",
            help="'owned': at most 3 cells of a type on the board; 'per_turn': at most 3 of a "
                 "type bought in one phase 2."),
        "contagion": choice(
            "optional", "optional", "compulsory",
            help="Phase 4: 'optional': a player may pass even with a valid target ('podrán "
                 "intentar contagiar'); 'compulsory': with a valid target the player must spread "
                 "(then may play a medical card), passing only without one."),
        "exposure_order": choice(
            "sickest_then_clockwise", "sickest_then_clockwise", "by_damage",
            help="Phase 5: the sickest starts, then clockwise; or everyone by damage, most first."),
    }
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        "literal": {"at_least_one": "literal", "crowding": "both", "full_tie_blocks": True,
                    "cell_cap": "per_turn", "exposure_order": "by_damage"},
        # Every price here is above the shipped one (neutrophil 1, NK cell 3, macrophage 5).
        "expensive-cells": {"params": {"cells": {"neutrophil": {"cost": 3},
                                                 "macrophage": {"cost": 7},
                                                 "nk_cell": {"cost": 4}}}},
    }

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        content_for(resolved["params"])  # a bad override fails here, naming its path
        # The game's own copy: the caller may reuse and change its mapping (a sweep), and
        # ``content_of`` relies on a state's params never changing.
        resolved["params"] = copy.deepcopy(resolved["params"])
        return resolved

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Own health against the best opponent's, plus defences and minus looming harm (the
        seat's view only; see :mod:`.heuristic`)."""
        return heuristic.evaluate(view, seat)

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        return terminal.render_text(view, lang)

    def explain(self, topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
        """``? neutrophil`` at the terminal: what a cell, pathogen, medical or environment card
        or organ does, with this game's numbers (see :mod:`.explain`)."""
        return explain.explain(topic, view, lang)

    # ---- balance-lab hooks (LAB.md §7.3; see :mod:`.lab_hooks`) ------------------------------
    def progress(self, state: State) -> tuple[int, int]:
        return lab_hooks.progress(state)

    def seat_order(self, state: State) -> list[int] | None:
        return lab_hooks.seat_order(state)

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        return lab_hooks.telemetry(state, seat)

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
        return lab_hooks.content_keys(state, action)

    # ---- reinforcement-learning interop (see docs/games/immunity.md) -----------------------
    def num_distinct_actions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return encoding.ActionSpace.for_options(self.resolve_options(options)).size

    def observation_size(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return encoding.observation_size(content_for(self.resolve_options(options)["params"]))

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)


GAME = ImmunityGame()
