"""Herbalism's Game: metadata, options (the rulings a table may play differently), variants,
and thin delegations to the heuristic, the terminal and the RL encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.options import Option, choice, flag, params_option

from . import catalogue, encoding, explain, heuristic, lab_hooks, lobby, observer, terminal
from .content import ACTIONS, content_for
from .state import HerbalismState


class Herbalism(Game):
    """Herbalism (Herboristería): 3-4 players, and 2 under the dossier's experimental rules."""

    id = "herbalism"
    title = "Herbalism"
    min_players = 2
    max_players = 4
    version = 2
    state_class = HerbalismState
    experimental_players = (2,)
    #: At 2 players, search bots model the other seat's replies as ``normal`` plays them (see
    #: ``ludoteca/bots/ismcts.py``, ``opponents``): a cure is a bet that the other answers,
    #: follows or passes, and near-random replies in a small search made curing look better
    #: than it is.  At 3 players the model did not help (docs/games/herbalism.md, "Bots").
    search_hints: ClassVar = {"opponents": 2}
    #: ``expert`` is ``hard``'s search judging by the exact cure odds (``evaluate_sharp``), with
    #: the rest of its own chain played as the ranking plays it (``own_chain``: a search that
    #: also tried the wrong answers below "cure" once never cured a won game).  More
    #: iterations on ``hard``'s judgement were not stronger (docs/bots.md); a sharper
    #: judgement is.
    bot_levels: ClassVar = {"expert": ("ismcts", {"iterations": 300, "seconds": 5.0, "sharp": 1, "own_chain": 1})}
    #: The box (dossier: 15-30 minutes); complexity on BoardGameGeek's 1-5 scale, our estimate
    #: for a light deduction game (14 cards, five action cards): see docs/games/herbalism.md.
    play_minutes = (15, 30)
    complexity = 2
    option_specs: ClassVar = {
        "actions": choice("normal", "first-game", "basic", "normal", "advanced", label=lobby.LABELS["actions"],
                          help=lobby.HELP["actions"], words=lobby.CHOICES["actions"]),
        "advanced_actions": Option(default=list(ACTIONS), kind=list, label=lobby.LABELS["advanced_actions"],
                                   help=lobby.HELP["advanced_actions"], words=lobby.CHOICES["advanced_actions"]),
        "target": choice(6, 6, 7, label=lobby.LABELS["target"], help=lobby.HELP["target"],
                         words=lobby.CHOICES["target"]),
        "predictions": flag(False, label=lobby.LABELS["predictions"], help=lobby.HELP["predictions"]),
        "brewing_pair_optional": flag(False, label=lobby.LABELS["brewing_pair_optional"],
                                      help=lobby.HELP["brewing_pair_optional"]),
        "tie": choice("share", "share", "play_on", label=lobby.LABELS["tie"], help=lobby.HELP["tie"],
                      words=lobby.CHOICES["tie"]),
        "params": params_option(),
    }
    variants: ClassVar = {
        "first-game": {"actions": "first-game"},
        "basic": {"actions": "basic"},
        "normal": {"actions": "normal"},
        "advanced": {"actions": "advanced"},
        "advanced-predictions": {"actions": "advanced", "predictions": True},
        "advanced-subset": {"actions": "advanced", "advanced_actions": ["inquiring", "brewing", "curing"]},
        "advanced-optional-pair": {"actions": "advanced", "brewing_pair_optional": True},
        "target-7-play-on": {"target": 7, "tie": "play_on"},
    }
    variant_words: ClassVar = lobby.VARIANTS
    description: ClassVar = {
        "en": "Novice pharmacists pass ingredient cards and deduce the two secret cards of the cure.",
        "es": "Farmacéuticos novatos se pasan ingredientes y deducen las dos cartas secretas de la cura.",
        "fr": "Des pharmaciens novices s'échangent des ingrédients pour deviner les deux cartes du remède.",
    }

    def resolve_options(self, options: Any) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        chosen = resolved["advanced_actions"]
        if not all(isinstance(a, str) and a in ACTIONS for a in chosen) or len(set(chosen)) != len(chosen):
            raise ValueError(f"option 'advanced_actions' must list different action cards from "
                             f"{', '.join(ACTIONS)}; got {chosen!r}")
        if "curing" not in chosen:
            raise ValueError("option 'advanced_actions' must include 'curing' (it is mandatory)")
        content_for(resolved["params"])  # bad params fail here, at creation, naming the path
        return resolved

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        """The table and this seat's notes for ``ludoteca play``."""
        return terminal.render(view, lang)

    def explain(self, topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
        """``? topic``: an action card, a medicine card, the deck, the scoring or the predictions
        (see explain.py); an empty topic lists them."""
        return explain.explain(topic, view, lang)

    def catalogue(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Every action card, ingredient colour, medicine card and marker, with what it does and
        its numbers from the content of these options (``catalogue.py``)."""
        resolved = self.resolve_options(options)
        return catalogue.entries(content_for(resolved["params"]), cards_in_play(resolved), resolved, lang)

    def reference(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """The deck make-up, the hands by player count and the scoring (``catalogue.py``)."""
        resolved = self.resolve_options(options)
        return catalogue.tables(content_for(resolved["params"]), resolved, lang)

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Score difference plus this round's expected curing points (see heuristic.py)."""
        return heuristic.evaluate(view, seat)

    def evaluate_state(self, state: State, seat: int) -> float:
        """``evaluate`` read straight from a (determinized) state: no view (and no redacted copy
        of the round log) built per leaf; reads only what ``seat`` sees (see heuristic.py)."""
        return heuristic.evaluate_state(state, seat)

    def evaluate_sharp(self, state: State, seat: int) -> float:
        """``evaluate_state`` with the exact cure odds from the seat's belief filter (the one
        ``determinize`` samples from): ``expert``'s judgement (see heuristic.py)."""
        return heuristic.evaluate_sharp(state, seat)

    # ---- balance lab (lab_hooks.py) ---------------------------------------------------------
    def progress(self, state: State) -> tuple[int, int]:
        """(this round, the fewest rounds the game can still last)."""
        return lab_hooks.progress(state)  # type: ignore[arg-type]

    def seat_order(self, state: State) -> list[int]:
        """Round 1's start player, then clockwise."""
        return lab_hooks.seat_order(state)  # type: ignore[arg-type]

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        """Score, hand size, and the last round's points and win of ``seat``."""
        return lab_hooks.telemetry(state, seat)  # type: ignore[arg-type]

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
        """Medicine cards, action cards and ingredient colours by name (the generic match would
        miss the action cards, which are not keys of the content)."""
        return lab_hooks.content_keys(action)

    # ---- RL interop --------------------------------------------------------------------------
    def num_distinct_actions(self, players: int, options: dict[str, Any] | None = None) -> int:
        return encoding.num_distinct_actions(content_for(self.resolve_options(options)["params"]))

    def observation_size(self, players: int, options: dict[str, Any] | None = None) -> int:
        return encoding.OBSERVATION_SIZE

    def observation_bounds(self, players: int,
                           options: dict[str, Any] | None = None) -> tuple[list[float], list[float]]:
        """The least and the most each observation number can be (``encoding.bounds`` says why)."""
        return encoding.bounds(players, self.resolve_options(options))

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def observation_writer(self, players: int, options: dict[str, Any], seat: int | None) -> observer.Writer:
        """``encode(view(seat))`` written straight from the state (observer.py says how)."""
        return observer.Writer(players, options, seat)


def cards_in_play(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The action cards on the table with these (resolved) options, in the game's order."""
    if options["actions"] == "advanced":
        return tuple(a for a in ACTIONS if a in options["advanced_actions"])
    return content_for(options["params"]).action_sets[options["actions"]]


GAME = Herbalism()
