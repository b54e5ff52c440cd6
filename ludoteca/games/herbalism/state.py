"""Herbalism's state: the set-up of a round, the data every rule reads, clear refusals, and
the hooks the engine calls.

The rules themselves are in the order of the rule book: ``turn.py`` (move the pharmacist,
the action cards, predictions) and ``curing.py`` (curing, the checks, the end of a round and
of the game); ``phases.py`` declares the chain of decisions that links them.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.engine import RecordError, State
from ludoteca.engine.state import Action, Event

from . import belief, encoding, ending, labels, log, phases, prompts
from .content import ACTIONS, content_for
from .curing import CuringRules
from .knowledge import events_for, sheet
from .turn import TurnRules
from .view import view


class HerbalismState(TurnRules, CuringRules, State):
    """One position.  Game data (``FIELDS``, saved and copied by the engine):

    - ``round`` (from 1), ``scores`` (per seat), ``start_player`` (who began this round),
      ``first_player`` (who began round 1), ``recent_winner`` (the seat that won the most
      recent round won by anyone, None before any), ``active`` (whose turn it is), ``phase``
      (a name of ``phases.TABLE``);
    - ``hands`` and ``cure``: card counts per colour (``content.colours`` order);
    - ``pharmacist`` and ``marker_card``: per seat, the index of the medicine card its
      pharmacist / its cure marker is on, -1 while off the cards / still in hand;
      ``marker_side``: ``"answer"`` / ``"follow"`` once placed, ``""`` before;
    - ``predictions``: colours each seat predicted this round; ``prediction_pool``: markers
      left per colour;
    - ``pending``: the step in progress (``action`` card, ``medicine``, ``target``; while
      curing ``responders``, ``index`` of the one deciding, ``placed``; ``forced`` cure);
    - ``log``: the round log, full information (entries described in ``knowledge.py``);
    - ``last_round``: the result of the round just finished, or None;
    - ``rounds``: every finished round's ``round``, ``winner`` and ``parts`` (per seat, why its
      score moved: ``[why, points, what]``, see ``CuringRules.round_parts``), for the end
      screen's breakdown.

    Derived (``derive``): ``content``, ``cards`` (the action cards in play) and ``beliefs``
    (the determinizer's filters per seat, shared with clones)."""

    FIELDS = ("round", "scores", "start_player", "first_player", "recent_winner", "active", "phase", "hands",
              "cure", "pharmacist", "marker_card", "marker_side", "pending", "predictions", "prediction_pool", "log",
              "last_round", "rounds")
    PHASES = phases.TABLE
    #: Where the hidden cards are, for the conformance suite's leak check: each hand is seen
    #: by its own seat only, the cure by nobody.  Saved as one colour name per card (see
    #: ``_dump_fields``) so that dealing those cards anew is shuffling names.  The hidden
    #: details of the round log (other hands in the deal, colours passed between two other
    #: players, other players' checks) are covered by the game's own tests
    #: (tests/games/herbalism/test_herbalism_views.py).
    SECRETS = {"cards": {"hands": "seat", "cure": "nobody"}}
    #: Undo never crosses these: a cure marker checked against the secret cure, the cure shown.
    REVEALS = frozenset({"check", "reveal"})

    beliefs: dict[int | None, Any]

    # ---- set-up ----------------------------------------------------------------------------
    def setup(self) -> None:
        """Preparar: the action cards of the chosen set, a random start player for round 1,
        then the first round's deal."""
        self.derive()
        self.scores = [0] * self.players
        self.round = 0
        self.last_round = None
        self.rounds = []
        self.start_player = self.first_player = self.rng.randrange(self.players)
        self.recent_winner = None
        self._new_round()

    def derive(self) -> None:
        """The content, the action cards in play, and an empty belief cache.

        A clone keeps the belief cache it was handed (``_copy_fields``): its log is the
        original's, so the filters still hold, and a search's next sample reuses them."""
        # ``None`` for no params: the shipped content without building a cache key (clones are hot)
        self.content = content_for(self.options["params"] or None)
        preset = self.options["actions"]
        if preset == "advanced":
            chosen = self.options["advanced_actions"]
            self.cards = tuple(a for a in ACTIONS if a in chosen)
        else:
            self.cards = self.content.action_sets[preset]  # already in the order of ACTIONS
        if "beliefs" not in self.__dict__:
            self.beliefs = {}

    def _dump_fields(self) -> dict[str, Any]:
        """As the engine's, with ``hands`` and ``cure`` as one colour name per card (in colour
        order): the saved form says what the cards are; the live form keeps counts, which every
        rule and the determinizer read."""
        fields = super()._dump_fields()
        names = self.content.card_names
        fields["hands"] = [names(hand) for hand in fields["hands"]]
        fields["cure"] = names(fields["cure"])
        return fields

    def _load_fields(self, fields: dict[str, Any]) -> None:
        super()._load_fields(fields)
        content = content_for(self.options["params"] or None)  # derive() runs after loading
        try:
            self.hands = [content.counts_of(hand) for hand in self.hands]
            self.cure = content.counts_of(self.cure)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"saved herbalism state: hands and cure must list colour names; {exc}") from None

    def _copy_fields(self, other: State) -> None:
        super()._copy_fields(other)
        other.beliefs = dict(self.beliefs)  # type: ignore[attr-defined]

    def _new_round(self) -> None:
        """Shuffle the 14 ingredients, 2 face down as the cure, the rest dealt evenly; every
        pharmacist, cure marker and prediction marker back to its player."""
        content, players = self.content, self.players
        deck = list(content.deck)
        self.rng.shuffle(deck)
        self.cure = [0] * len(content.colours)
        for c in deck[:content.cure_cards]:
            self.cure[c] += 1
        size = content.hand_size[players]
        self.hands = [[0] * len(content.colours) for _ in range(players)]
        for i, c in enumerate(deck[content.cure_cards:]):
            self.hands[i // size][c] += 1
        self.round += 1
        self.pharmacist = [-1] * players
        self.marker_card = [-1] * players
        self.marker_side = [""] * players
        self.predictions = [[] for _ in range(players)]
        self.prediction_pool = [content.markers_per_colour] * len(content.colours)
        self.log = [{"k": "deal", "hands": [list(h) for h in self.hands], "cure": list(self.cure)}]
        self.active = self.start_player
        self.phase = "move"
        self.pending = {}

    # ---- named accessors -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:  # type: ignore[override]
        return self._scores

    @scores.setter
    def scores(self, value: list[int]) -> None:
        self._scores = value

    def holds_marker(self, seat: int) -> bool:
        """Whether ``seat`` still holds its cure marker this round (else its turns are skipped)."""
        return self.marker_card[seat] == -1

    def knowledge(self, seat: int | None) -> list[dict[str, Any]]:
        """``seat``'s knowledge sheet: everything it has learned this round, in order."""
        return sheet(self.log, seat)

    def _log(self, entry: dict[str, Any]) -> list[Event]:
        """Record ``entry`` in the round log; events: the spectators' copy and the full one."""
        self.log.append(entry)
        return events_for(entry)

    # ---- clear refusals --------------------------------------------------------------------
    def _why_not_to_move(self, seat: int) -> str | None:
        if self.phase != "over" and not self.holds_marker(seat):
            return (f"seat {seat} is not to move: it has used its cure marker this round, so it takes no "
                    f"more actions and its turns are skipped (waiting for seat {self.to_move[0]})")
        return None

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """Rule-book reasons for the common mistakes; None falls back to the engine's generic
        message (which also names a value of the wrong type, such as ``1.0`` for a seat)."""
        content, kind = self.content, action.get("type")
        card, colour, target = action.get("card"), action.get("colour"), action.get("target")
        if target is not None and type(target) is not int:
            return None
        if kind == "move" and card in content.medicines and content.medicines.index(card) == self.pharmacist[seat]:
            return f"your pharmacist is already on {card}: you must move it to a different medicine card"
        if kind == "give" and self.phase == "give" and colour in content.colours:
            c = content.colours.index(colour)
            medicine = self.pharmacist[seat]
            if c not in content.colours_of(medicine):
                return f"{colour} is not a colour of your medicine card {content.medicines[medicine]}"
            if not self.hands[seat][c]:
                return f"you hold no {colour} card to give"
            if target == seat:
                return "give the card to another player, not to yourself"
        if kind in ("give", "target") and target == seat:
            return "choose another player, not yourself"
        if (kind == "answer" and self.phase == "respond_cure" and card in content.medicines
                and content.medicines.index(card) in self.marker_card):
            return f"{card} already has a cure marker: answer on a card without one, or follow it"
        if kind == "follow" and self.phase == "respond_cure" and card in content.medicines:
            return f"{card} has no cure marker to follow"
        if kind == "action" and self.phase == "action" and card in ("inquiring", "feeding") and card in self.cards:
            return (f"{card} needs a card of your medicine card's colours in your hand "
                    f"({content.medicines[self.pharmacist[seat]]})")
        if kind == "action" and self.phase == "action" and card in ACTIONS and card not in self.cards:
            return f"the action card {card} is not in play in this game; in play: {', '.join(self.cards)}"
        if kind == "hand_over" and self.phase == "respond":
            return "hand over a colour you hold of the active player's medicine card (or nothing if you hold none)"
        return None

    # ---- views, determinization, labels, RL ------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _prepare_determinize(self, seat: int | None) -> None:
        """The seat's belief filter is built on this state first, so the next determinization
        of this position (or a later one) reuses it."""
        belief.warm(self, seat)

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redraw the other hands, the cure and every detail ``seat`` did not see, exactly as
        consistent with its knowledge sheet (see belief.py)."""
        belief.resample(self, seat, rng)

    def _describe(self, action: Action, lang: str) -> str:
        two = action.get("type") == "hand_over" and self.pending.get("action") == "brewing"
        return labels.describe_action(action, lang, lambda seat: self.player(seat, lang), two=two)

    def _describe_event(self, event: Event, lang: str) -> str:
        return log.describe_event(event, lang, lambda seat: self.player(seat, lang))

    def _prompt(self, seat: int, lang: str) -> str:
        return prompts.prompt(self, seat, lang, lambda other: self.player(other, lang))

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        """Every reason each score moved, round by round (``ending.py``); the lines sum to ``scores``."""
        return ending.breakdown(self.rounds, self.players, self.content.floor, lang)

    def action_index(self, action: Action) -> int:
        """A stable integer for ``action`` (see encoding.py)."""
        return encoding.action_index(self.content, action)

    def index_action(self, index: int) -> Action:
        return encoding.index_action(self.content, index)
