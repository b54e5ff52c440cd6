"""The Dschunke game: its metadata, options and variants (their words for the lobby in
lobby.py), and thin delegations to the modules that do the work (catalogue.py, heuristic.py,
terminal.py, notation.py, lab_hooks.py, encoding.py, observer.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.i18n import check_lang

from . import catalogue, encoding, heuristic, lab_hooks, lobby, lookahead, notation, observer, terminal
from .content import content_for
from .state import DschunkeState


class Dschunke(Game):
    id = "dschunke"
    title = "Dschunke"
    min_players = 2
    max_players = 2
    version = 2  # 2: Rat Hot as published (all goods score, 1/2 points at the end, 42 strips)
    state_class = DschunkeState
    # No number option: every number is content (``params``, ranged in content.toml).
    option_specs: ClassVar = lobby.OPTION_SPECS
    variants: ClassVar = {"rat-hot": {"rules": "rat-hot"}, "tie-break-goods": {"tie_break": "goods"},
                          "two-strips": {"opening": "two-strips"}}
    variant_words: ClassVar = lobby.VARIANT_WORDS
    #: The box (Schacht's print-and-play, Queen Games' Rat Hot) and BoardGameGeek: about 30
    #: minutes, light rules (weight about 1.4 of 5); see docs/games/dschunke.md.
    play_minutes: ClassVar = (20, 30)
    complexity: ClassVar = 1
    #: ``hard`` and ``expert`` search with greedy playouts (``ludoteca.bots.playout``), not
    #: IS-MCTS: a turn is one placement whose worth shows only after the replies, and playouts
    #: in which both seats play as ``normal`` (cheap here: ``greedy_values``) see that, where
    #: the tree's random replies do not.  The two levels are spaced so that each is a clear
    #: step (issue 19's ladder): ``hard`` searches 4 worlds of its 2 best moves one turn deep
    #: (0.800 of 40 against ``normal``, 25 ms a decision), ``expert`` 16 worlds of 3 moves 4
    #: turns deep (0.72 of 40 against that ``hard``); the former ``hard`` (8 worlds, 3 moves, 2
    #: turns) was as strong as this ``expert``, so no step showed between them (0.484 of 62).
    #: Screens 2026-12-06; the ladder's figures are in docs/bots.md.
    bot_levels: ClassVar = {
        "hard": ("playout", {"samples": 4, "width": 2, "horizon": 1, "seconds": 1.0}),
        "expert": ("playout", {"samples": 16, "width": 3, "horizon": 4, "seconds": 5.0}),
    }
    description: ClassVar = {
        "en": "Lay strips of crates on the junk's deck; join goods of your colour, hide your rats.",
        "es": "Coloca baldosas de cajas en la cubierta; une mercancías de tu color y tapa tus ratas.",
        "fr": "Posez des tuiles de caisses ; reliez les marchandises de votre couleur, cachez vos rats.",
    }

    def resolve_options(self, options: Any) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        content_for(resolved["params"], resolved["rules"])  # bad params fail here, at creation, naming the path
        return resolved

    # ---- words for players: every piece and the reference tables (catalogue.py) ---------------
    def catalogue(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Goods, rat, empty crate, start strip and each make-up of strip, from these options' content."""
        resolved = self.resolve_options(options)
        content = content_for(resolved["params"], resolved["rules"])
        return catalogue.catalogue(content, resolved["rules"] == "rat-hot", check_lang(lang))

    def reference(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """The pile's make-up, the crates in it and the scoring table, from these options' content."""
        resolved = self.resolve_options(options)
        content = content_for(resolved["params"], resolved["rules"])
        return catalogue.reference(content, resolved["rules"] == "rat-hot", check_lang(lang))

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        """The deck for ``ludoteca play``; Rich markup colours each crate by owner."""
        return terminal.render_text(view, lang)

    def parse_move(self, state: State, seat: int, text: str, lang: str = "en") -> Mapping[str, Any] | None:
        """A spot typed as on the terminal board, "C5 E" (see notation.py); ValueError says why
        a mistyped or illegal one is refused."""
        return notation.parse_move(state, seat, text, lang)

    # ---- the balance lab's hooks (lab_hooks.py) --------------------------------------------
    def progress(self, state: State) -> tuple[int, int]:
        """A round is a turn of each player; 11 rounds in a default game."""
        return lab_hooks.progress(state)

    def seat_order(self, state: State) -> list[int]:
        """Red (seat 0) always starts ("El jugador rojo siempre empieza primero el turno")."""
        return [0, 1]

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        return lab_hooks.telemetry(state, seat)

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
        """The strip a placement lays, ``tiles.<id>`` (the generic match knows no list content)."""
        return lab_hooks.content_keys(dict(action))

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Score difference, as the view shows it (see heuristic.py)."""
        return heuristic.evaluate(view, seat)

    def evaluate_state(self, state: State, seat: int) -> float:
        """``evaluate`` read straight from a (determinized) state: no view built per leaf."""
        return heuristic.evaluate_state(state, seat)

    def greedy_values(self, state: State, seat: int, budget: int, depth: int) -> list[tuple[float, float]] | None:
        """The normal bot's values of every pick or placement, read from the board's groups
        instead of laying each strip on a copy (lookahead.py)."""
        return lookahead.greedy_values(state, seat, budget, depth)

    # ---- RL interop (ludoteca.interop); layouts in encoding.py ------------------------------
    #: The interop's numberings beside the full one (``Adapter(actions=...)``); compact is the default.
    action_spaces: ClassVar = {"compact": encoding.CompactActions}
    default_actions = "compact"

    def strips_in(self, options: Any) -> int:
        """How many strips the pile holds at set-up with these options (42 as published, Rat Hot too)."""
        resolved = self.resolve_options(options)
        return len(content_for(resolved["params"], resolved["rules"]).tiles)

    def num_distinct_actions(self, players: int, options: Any = None) -> int:
        """Picks, then places over every spot the table can ever reach (see encoding.py)."""
        return encoding.num_actions(self.strips_in(options))

    def observation_size(self, players: int, options: Any = None) -> int:
        return encoding.observation_size(self.strips_in(options))

    def observation_bounds(self, players: int, options: Any = None) -> tuple[Any, Any]:
        """The least and the most each observation number can be (encoding.bounds says why)."""
        resolved = self.resolve_options(options)
        return encoding.bounds(content_for(resolved["params"], resolved["rules"]), resolved["rules"] == "rat-hot")

    def observation_planes(self, players: int, options: Any = None) -> tuple[int, int, int]:
        """The observation starts with the board as (channels, rows, columns) planes (encoding.py)."""
        return encoding.CHANNELS, encoding.SIDE, encoding.SIDE

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def encode_array(self, view: dict[str, Any]) -> Any:
        """``encode`` as a float32 numpy array, which the interop layer prefers (faster)."""
        return encoding.encode_array(view)

    def observation_writer(self, players: int, options: Any, seat: int | None) -> observer.Writer:
        """The seat's observation written from the state, only the cells each new strip covers
        rewritten (observer.py): the same numbers as ``encode_array(view(seat))``."""
        resolved = self.resolve_options(options)
        return observer.Writer(content_for(resolved["params"], resolved["rules"]), seat)

    def max_game_length(self, players: int, options: Any = None) -> int:
        """At most a pick and a place per strip."""
        return 2 * self.strips_in(options)


GAME = Dschunke()
