"""The Dice Hospital game description: options, variants, search hints, and thin delegations
to the heuristic, the terminal board and the RL encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.i18n import check_lang

from . import catalogue, effect_words, encoding, heuristic, lab_hooks, length, lobby, lookahead, observer, terminal
from .content import content_for
from .state import DiceHospitalState


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
    search_hints: ClassVar = {"chain_depth": 8, "chain_budget": 4000, "confidence": 2.0}
    #: ``hard`` searches 25 iterations, not ``levels.py``'s 300.  Measured (docs/bots.md): the
    #: search is as strong at 100 iterations as at 300 or 1000 (the look-ahead through a chain
    #: does most of the work), so ``expert`` was a slower ``hard``; at 25 ``hard`` still beats
    #: ``normal`` clearly and ``expert`` beats it, so the two levels differ.
    bot_levels: ClassVar = {"hard": ("ismcts", {"iterations": 25, "seconds": 1.0})}
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
    #: The box: 45-90 minutes (the Spanish rule text's "Duración: 45-90'"); BoardGameGeek's
    #: weight a little over 2 of 5, a medium-light game.
    play_minutes = (45, 90)
    complexity = 2
    #: Options, variants and their words for players: :mod:`.lobby`.
    option_specs = lobby.OPTION_SPECS
    variants = lobby.VARIANTS
    variant_words = lobby.VARIANT_WORDS

    def resolve_options(self, options: Any) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        try:
            content_for(resolved["params"])
        except ValueError as exc:
            raise ValueError(f"dice-hospital option 'params': {exc}") from exc
        return resolved

    # ---- words for players: tooltips, reference tables (catalogue.py) ------------------------------
    def catalogue(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Every component of a table with these options, with what it does and its numbers,
        read from the content of their ``params`` (so a designer's change shows at once)."""
        resolved = self.resolve_options(options)
        return catalogue.entries(content_for(resolved["params"] or None), resolved, check_lang(lang))

    def reference(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """The discharge table, what each department treats and what each specialist adds."""
        resolved = self.resolve_options(options)
        return catalogue.reference(content_for(resolved["params"] or None), resolved, check_lang(lang))

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Own progress minus the best rival's (``heuristic.progress``: score, patients on their
        way to discharge, improvements, fatalities ahead), read from the view alone."""
        return heuristic.evaluate(view, seat)

    def evaluate_state(self, state: State, seat: int) -> float:
        """``evaluate`` read from a (determinized) state through a cut-down view (the bots)."""
        return heuristic.evaluate_state(state, seat)

    def greedy_values(self, state: State, seat: int, budget: int, depth: int) -> list[tuple[float, float]] | None:
        """The normal bot's values of a decision; a seat's own steps (its activation, placing
        its arriving patients) are played on a copy of its hospital alone (lookahead.py)."""
        return lookahead.greedy_values(state, seat, budget, depth)

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

    def observation_bounds(self, players: int, options: dict[str, Any] | None = None
                           ) -> tuple[list[float], list[float]]:
        """The least and the most each observation number can be, from these options' content (encoding.bounds)."""
        return encoding.bounds(players, self.resolve_options(options))

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def observation_writer(self, players: int, options: dict[str, Any],
                           seat: int | None) -> observer.DiceHospitalWriter:
        """``encode(view(seat))`` written straight from the state, rewriting only the parts that
        changed since its last write (:mod:`.observer`; tested equal to the encoded view)."""
        return observer.observation_writer(players, options, seat)

    def max_game_length(self, players: int, options: dict[str, Any] | None = None) -> int:
        """The most actions any game with these options can take (OpenSpiel's ``max_game_length``).

        Nothing loops: every decision uses up something only the next round gives back (a seat's
        claim, take and return, each department and meeple, each arriving patient; a blood bag
        spent comes back within the round only through a specialist's one bonus).  Set-up 2 a
        seat; each round the intake (claims, sorts, beds and morgues), the improvements (reveals,
        takes, returns), every seat's departments worked (at most min(6, nurses) + improvements
        owned, one taken a round), each a department, a meeple and its group, each specialist's
        effect once, one ``end``, and 2 actions per blood bag spent (the bags in the game plus
        the specialists' bonuses).  2,488 at four players with the shipped content;
        :mod:`.length` argues each count."""
        return length.max_game_length(players, self.resolve_options(options))


GAME = DiceHospital()

