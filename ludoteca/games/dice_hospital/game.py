"""The Dice Hospital game description: options, variants, search hints, and thin delegations
to the heuristic, the terminal board and the RL encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine import Game, State
from ludoteca.engine.options import choice, flag, params_option

from . import effect_words, encoding, heuristic, lab_hooks, terminal
from .content import content_for
from .state import DiceHospitalState

VARIANT_OPTIONS = ("admissions_panic", "national_epidemic", "super_resistant_virus",
                   "experimental_medicine", "events")


class DiceHospital(Game):
    id = "dice-hospital"
    title = "Dice Hospital"
    min_players = 1
    max_players = 4
    version = 2
    state_class = DiceHospitalState
    experimental_players = (1,)
    hidden_information = True
    #: An activation is a chain of up to eight small decisions (department, meeple, each
    #: patient, the specialist's effect, blood bags), and a half-done chain is hard to value:
    #: search bots look through it (measured: this look-ahead alone wins 85% of 60 games
    #: against one-link greedy) and overrule it only on a gain of two standard errors.
    search_hints = {"chain_depth": 8, "chain_budget": 4000, "confidence": 2.0}
    description = {
        "en": "Run a hospital: admit patient dice from ambulances, send nurses and specialists "
              "to departments to treat them, and discharge as many as you can in 8 rounds.",
        "es": "Dirige un hospital: ingresa pacientes (dados) de las ambulancias, envía enfermeros "
              "y especialistas a los departamentos para curarlos y da de alta a tantos como "
              "puedas en 8 rondas.",
        "fr": "Gérez un hôpital : admettez les patients (dés) des ambulances, envoyez infirmiers "
              "et spécialistes dans les services pour les soigner et faites sortir le plus de "
              "patients possible en 8 manches.",
    }
    option_specs = {
        "first_player_may_take_ambulance_1": flag(
            False, "The French text bars the first player from ambulance 1; true lifts that."),
        "empty_bonus_needs_discharge": flag(
            False, "Ruling: the +5 for empty wards needs at least one patient discharged that "
                   "round (the texts give it for empty wards alone)."),
        "extra_offer_timing": choice(
            "round-start", "round-start", "after-intake",
            help="Two players and solo: when the first player may reveal one more department or "
                 "specialist: at the start of the round, before the intake (Board Game Arena), or "
                 "after the ambulances are claimed, by the new first player."),
        "blood_bags_between_departments_only": flag(
            False, "Restriction: blood bags only between departments (the texts allow them at any "
                   "moment of your activation)."),
        "solo_blood_any_ambulance": flag(
            False, "Solo: the blood bag comes with any ambulance taken, not only ambulance 1 "
                   "(French text: \"Tout gestionnaire qui prend l'ambulance n°1 reçoit une poche "
                   "de sang\")."),
        "admissions_panic": flag(False, "Variant: start with 5 patients valued 3, 3, 4, 5, 5."),
        "national_epidemic": flag(
            False, "Variant: each claimed ambulance brings one extra rolled patient."),
        "super_resistant_virus": flag(False, "Variant: neglected patients lose 2 instead of 1."),
        "experimental_medicine": flag(
            False, "Variant: add the 8 departments and 12 specialists of Experimental Medicine "
                   "(project content)."),
        "events": flag(False, "Variant: one event card per round (project content)."),
        "params": params_option(),
    }
    variants = {
        "admissions-panic": {"admissions_panic": True},
        "national-epidemic": {"national_epidemic": True},
        "super-resistant-virus": {"super_resistant_virus": True},
        "experimental-medicine": {"experimental_medicine": True},
        "events": {"events": True},
        "first-player-ambulance-1": {"first_player_may_take_ambulance_1": True},
        "everything": {name: True for name in VARIANT_OPTIONS},
    }

    def resolve_options(self, options: Any) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        try:
            content_for(resolved["params"])
        except ValueError as exc:
            raise ValueError(f"dice-hospital option 'params': {exc}") from exc
        return resolved

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Own progress minus the best rival's (``heuristic.progress``: score, patients on their
        way to discharge, improvements, fatalities ahead), read from the view alone."""
        return heuristic.evaluate(view, seat)

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        """The terminal board (``ludoteca play``), drawn from a view only."""
        return terminal.render_text(view, lang)

    def explain(self, topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
        """``? cardiology`` at the terminal: what a department, specialist, administrator or
        event does, in words (``effect_words``); ``?`` alone lists the names."""
        return effect_words.explain(content_for(None), topic, lang)

    # ---- balance lab (LAB.md 7.3; lab_hooks.py) ---------------------------------------------
    def progress(self, state: State) -> tuple[int, int]:
        return lab_hooks.progress(state)

    def seat_order(self, state: State) -> list[int] | None:
        return lab_hooks.seat_order(state)

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        return lab_hooks.telemetry(state, seat)

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
        return lab_hooks.content_keys(state, action, seat)

    # ---- RL interop -----------------------------------------------------------------------
    def num_distinct_actions(self, players: int, options: dict[str, Any] | None = None) -> int:
        return encoding.num_distinct_actions(self.resolve_options(options))

    def observation_size(self, players: int, options: dict[str, Any] | None = None) -> int:
        return encoding.observation_size(players, self.resolve_options(options))

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)


GAME = DiceHospital()

