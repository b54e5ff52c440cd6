"""Thirty-One's rules, read top to bottom like the rule book (docs/games/thirty-one.md).

Each player holds three cards and wants them worth as much as possible in one suit (ace 11,
faces 10, the others their number; three of a rank count 30).  On your turn draw the top card
of the stock or of the discard pile, then discard one, or knock instead of drawing: everybody
else gets one last turn, then hands are shown.  A round also ends when a hand is worth
exactly 31 (a blitz), when the stock runs out, or after the turn limit.  Each round every
hand scores its worth, except the lowest, which scores 0; a knocker with the lowest hand
loses the knock penalty instead.  After the last round the highest total wins.

Hidden: the other hands (except the cards everyone saw them take from the discard pile) and
the order of the stock.  Chance: the shuffle before each round.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.engine import Action, Event, State
from ludoteca.engine.content import ContentError
from ludoteca.engine.state import short

from . import encoding, labels, phases, view
from .content import Content, content_for, in_order


class ThirtyOneState(State):
    """One position of Thirty-One.  Hands are kept in card order, so equal hands are equal lists."""

    FIELDS = ("phase", "round", "current", "turns", "hands", "known", "stock", "discard", "taken",
              "knocker", "totals", "round_scores", "shown")
    PHASES = phases.TABLE
    #: The showdown shows every hand; drawn and dealt cards are private events (with "to").
    REVEALS: ClassVar[frozenset[str]] = frozenset({"showdown"})
    #: For the leak check: the hands (each seen by its holder) and the stock (seen by nobody)
    #: hold the same kind of piece, so the test may swap cards among them.
    SECRETS: ClassVar = {"cards": {"hands": "seat", "stock": "nobody"}}

    phase: str
    round: int                      # 1-based
    current: int                    # whose turn it is
    turns: int                      # turns finished this round
    hands: list[list[str]]          # per seat, in card order
    known: list[list[str]]          # per seat: cards everyone saw it take and it still holds
    stock: list[str]                # face down; the top is the last
    discard: list[str]              # face up; the top is the last
    taken: str | None               # the card just taken from the discard pile (not to be discarded)
    knocker: int | None
    totals: list[int]
    round_scores: list[list[int]]   # per finished round, per seat
    shown: list[list[str]]          # the hands shown at the last showdown ([] before the first)
    content: Content

    # ---- set-up -------------------------------------------------------------------------------
    def setup(self) -> None:
        """Check the deck can deal, then deal the first round."""
        content = content_for(self.options["params"])
        problem = content.deal_problem(self.players)
        if problem:
            raise ContentError(problem)
        self.content = content
        self.round, self.totals, self.round_scores, self.shown = 1, [0] * self.players, [], []
        self._deal()

    def derive(self) -> None:
        self.content = content_for(self.options["params"])

    def _deal(self) -> list[Event]:
        """Shuffle every card, deal the hands, turn one card up; the round's first player starts."""
        cards = list(self.content.cards)
        self.rng.shuffle(cards)
        size = self.content.hand_size
        self.hands = [in_order(cards[seat * size:(seat + 1) * size]) for seat in range(self.players)]
        rest = cards[self.players * size:]
        self.discard, self.stock = [rest.pop()], rest
        self.known = [[] for _ in range(self.players)]
        self.taken, self.knocker, self.turns = None, None, 0
        self.current = (self.round - 1) % self.players
        self.phase = "draw"
        return [{"type": "dealt", "seat": seat, "cards": list(hand), "to": [seat]}
                for seat, hand in enumerate(self.hands)]

    # ---- the turn (named by phases.TABLE) -----------------------------------------------------
    def current_player(self) -> tuple[int, ...]:
        return (self.current,)

    def draw_choices(self, seat: int) -> list[Action]:
        choices: list[Action] = [{"type": "draw"}]  # the stock is never empty here: see discard_card()
        if self.discard:
            choices.append({"type": "take", "card": self.discard[-1]})
        if self.knocker is None:
            choices.append({"type": "knock"})
        return choices

    def discard_choices(self, seat: int) -> list[Action]:
        return [{"type": "discard", "card": card} for card in self.hands[seat] if card != self.taken]

    def draw_from_stock(self, seat: int, action: Action) -> list[Event]:
        card = self.stock.pop()
        self.hands[seat] = in_order([*self.hands[seat], card])
        self.phase = "discard"
        # The drawer reads which card; everyone else reads only that a card was drawn.
        return [{"type": "drew", "seat": seat, "not_to": [seat]},
                {"type": "drew_card", "seat": seat, "card": card, "to": [seat]}]

    def take_from_discard(self, seat: int, action: Action) -> list[Event]:
        card = self.discard.pop()
        self.hands[seat] = in_order([*self.hands[seat], card])
        self.known[seat] = in_order([*self.known[seat], card])
        self.taken, self.phase = card, "discard"
        return [{"type": "took", "seat": seat, "card": card}]

    def knock(self, seat: int, action: Action) -> list[Event]:
        self.knocker = seat
        return [{"type": "knocked", "seat": seat}, *self._end_turn()]

    def discard_card(self, seat: int, action: Action) -> list[Event]:
        card = action["card"]
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.discard.append(card)
        self.taken = None
        events: list[Event] = [{"type": "discarded", "seat": seat, "card": card}]
        if self.options["blitz"] and self.content.hand_value(self.hands[seat]) == self.content.blitz_at:
            return events + self._showdown("blitz")
        if not self.stock:
            return events + self._showdown("stock")
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        self.turns += 1
        self.current = (self.current + 1) % self.players
        if self.current == self.knocker:
            return self._showdown("knock")
        if self.turns >= self.content.turn_limit:
            return self._showdown("limit")
        self.phase = "draw"
        return []

    def _showdown(self, reason: str) -> list[Event]:
        """Every hand is shown and scored; then the next round is dealt, or the game is over."""
        values = [self.content.hand_value(hand) for hand in self.hands]
        lowest = min(values)
        scores = [(-self.content.knock_penalty if seat == self.knocker else 0) if value == lowest else value
                  for seat, value in enumerate(values)]
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        self.round_scores.append(scores)
        self.shown = [list(hand) for hand in self.hands]
        events: list[Event] = [{"type": "showdown", "round": self.round, "reason": reason,
                                "hands": self.shown, "values": values, "scores": scores}]
        if self.round == self.options["rounds"]:
            self.phase = "over"
            return [*events, {"type": "game_over", "totals": list(self.totals)}]
        self.round += 1
        return [*events, *self._deal(),
                {"type": "new_round", "round": self.round, "card": self.discard[-1], "section": True}]

    # ---- the end ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[float]:
        return [float(total) for total in self.totals]

    # ---- what a seat sees, and what it cannot --------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards ``seat`` has not seen (other hands' unknown cards, the stock) anew.

        The pool is put in card order before shuffling, so the sample depends only on what the
        seat sees (which cards are unaccounted for, how many each hand hides) and on ``rng``."""
        others = [s for s in range(self.players) if s != seat]
        hidden = [[card for card in self.hands[s] if card not in self.known[s]] for s in others]
        pool = in_order([*self.stock, *(card for cards in hidden for card in cards)])
        rng.shuffle(pool)
        for s, cards in zip(others, hidden, strict=True):
            self.hands[s] = in_order([*self.known[s], *pool[:len(cards)]])
            del pool[:len(cards)]
        self.stock = pool

    # ---- refusals in the rule book's words ---------------------------------------------------------
    def _why_illegal(self, seat: int, action: Action) -> str | None:
        kind, card = action.get("type"), action.get("card")
        if self.phase == "discard" and kind in ("draw", "take", "knock"):
            return "you have drawn already: discard a card to end your turn"
        if self.phase == "draw" and kind == "discard":
            return "draw first (from the stock or the discard pile), or knock"
        if kind == "knock" and self.knocker is not None:
            return f"seat {self.knocker} has knocked already; a round has one knock"
        if kind == "discard" and isinstance(card, str) and card == self.taken:
            return f"you cannot discard the {card} you just took from the discard pile; keep it this turn"
        if kind == "discard" and isinstance(card, str) and card not in self.hands[seat]:
            return f"you do not hold {short(card)}"
        return None

    def _why_not_to_move(self, seat: int) -> str | None:
        return f"seat {seat} is not to move: it is seat {self.current}'s turn to {self.phase}"

    # ---- labels and interop (delegations) -------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        return labels.describe_action(action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return labels.describe_event(event, lang, self.player)

    def _prompt(self, seat: int, lang: str) -> str:
        top = self.discard[-1] if self.discard else None
        return labels.prompt(self.phase, top, self.taken, self.knocker is None, lang)

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        return labels.breakdown(self.round_scores, self.players, lang)

    def action_index(self, action: Action) -> int:
        return encoding.action_index(action)

    def index_action(self, index: int) -> Action:
        return encoding.index_action(index, self.discard[-1] if self.discard else None)
