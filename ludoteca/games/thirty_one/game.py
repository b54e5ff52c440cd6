"""Thirty-One's description: metadata, options and thin delegations to the modules that do the work."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game
from ludoteca.engine.options import flag, number, params_option

from . import encoding, heuristic, observer, terminal
from .content import content_for
from .state import ThirtyOneState


class ThirtyOne(Game):
    id = "thirty-one"
    title = "Thirty-One"
    min_players = 2
    max_players = 4
    version = 1
    #: The teaching example of docs/authoring.md: playable and tested, not listed in the lobby.
    example = True
    state_class = ThirtyOneState
    option_specs: ClassVar = {
        "rounds": number(3, minimum=1, maximum=10, help="rounds dealt; the highest total after the last wins"),
        "blitz": flag(True, help="a hand worth exactly 31 ends the round at once"),
        "params": params_option(),
    }
    variants: ClassVar = {"one-round": {"rounds": 1}, "no-blitz": {"blitz": False}}
    description: ClassVar = {
        "en": "The old card game: hold three cards worth as much as possible in one suit; knock when you dare.",
        "es": "El viejo juego de cartas: reúne tres cartas que valgan lo máximo en un palo; llama cuando te atrevas.",
        "fr": "Le vieux jeu de cartes : gardez trois cartes valant le plus possible dans une couleur ; "
              "frappez quand vous l'osez.",
    }
    #: A turn is two decisions (draw, then discard): look through one further link.
    search_hints: ClassVar = {"chain_depth": 1}

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        content_for(resolved["params"])  # bad params fail here, at creation, naming the path
        return resolved

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        return heuristic.evaluate(view, seat)

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        return terminal.render(view, lang)

    # ---- RL interop (ludoteca.interop); the layouts are in encoding.py --------------------------
    def num_distinct_actions(self, players: int, options: Any = None) -> int:
        return encoding.NUM_ACTIONS

    def observation_size(self, players: int, options: Any = None) -> int:
        return encoding.OBSERVATION_SIZE

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def observation_bounds(self, players: int, options: Any = None) -> tuple[Any, Any]:
        """The least and the most each observation number can be (encoding.bounds says why)."""
        resolved = self.resolve_options(options)
        return encoding.bounds(content_for(resolved["params"]), resolved["rounds"])

    def encode_array(self, view: dict[str, Any]) -> Any:
        return encoding.encode_array(view)

    def observation_writer(self, players: int, options: Any, seat: int | None) -> observer.Writer:
        """``encode(view(seat))`` written straight from the state (ludoteca.engine.observation)."""
        return observer.Writer(seat)

    def max_game_length(self, players: int, options: Any = None) -> int:
        """Each turn is at most two actions, and a round at most the turn limit."""
        resolved = self.resolve_options(options)
        return resolved["rounds"] * content_for(resolved["params"]).turn_limit * 2


GAME = ThirtyOne()
