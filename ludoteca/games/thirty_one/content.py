"""Thirty-One's content: the cards in play and the rule numbers, read from ``content.toml``.

Why the card set is fixed here and only its numbers live in the file: every card has a code
(rank then suit symbol, ``"Q♥"``) that actions, views and the RL encoding share, so the 52
codes never change; a designer changes what they are worth, how many suits are shuffled in
and the rule numbers (``options["params"]``, each number within its declared range).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import ContentError, content_cache, load_content, require

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SYMBOLS: Mapping[str, str] = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Every card code, suit by suit: the fixed numbering of the RL encoding and the sort order of hands.
ALL_CARDS: tuple[str, ...] = tuple(rank + SYMBOLS[suit] for suit in SUITS for rank in RANKS)
ORDER: Mapping[str, int] = {card: index for index, card in enumerate(ALL_CARDS)}
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SYMBOLS.items()}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return _SUIT_OF_SYMBOL[card[-1]]


def in_order(cards: Iterable[str]) -> list[str]:
    """``cards`` sorted suit by suit, ace to king: the one order every hand is kept in."""
    return sorted(cards, key=ORDER.__getitem__)


@dataclass(frozen=True)
class Content:
    """The numbers one game is played with."""

    cards: tuple[str, ...]          # the deck in play, in ALL_CARDS order
    points: Mapping[str, int]       # card -> what it counts towards its suit
    hand_size: int
    turn_limit: int
    knock_penalty: int
    blitz_at: int
    three_of_a_kind: int

    def hand_value(self, hand: Iterable[str]) -> int:
        """The best suit's total; a hand of one rank is worth ``three_of_a_kind`` if that is more."""
        hand = list(hand)
        totals: dict[str, int] = {}
        for card in hand:
            totals[suit_of(card)] = totals.get(suit_of(card), 0) + self.points[card]
        best = max(totals.values(), default=0)
        if self.three_of_a_kind and len(hand) > 1 and len({rank_of(c) for c in hand}) == 1:
            best = max(best, self.three_of_a_kind)
        return best

    def deal_problem(self, players: int) -> str | None:
        """Why this deck cannot deal to ``players`` (every hand, a discard and a stock), or None."""
        needed = players * self.hand_size + 2
        if len(self.cards) < needed:
            return (f"params.deck.suits: {len(self.cards)} cards cannot deal {self.hand_size} to each of "
                    f"{players} players and still leave a discard and a stock ({needed} needed)")
        return None


@content_cache()
def content_for(params: Mapping[str, Any] | None) -> Content:
    """The content for ``options["params"]``, built once per distinct params (bounded cache)."""
    data = load_content(__package__, "content.toml", params)
    try:
        points, rules = data["points"], data["rules"]
        require(set(points) == set(RANKS),
                f"content.toml [points] must give every rank {', '.join(RANKS)}; got {', '.join(points)}")
        suits = SUITS[: data["deck"]["suits"]]
        cards = tuple(card for card in ALL_CARDS if suit_of(card) in suits)
        return Content(
            cards=cards,
            points={card: int(points[rank_of(card)]) for card in ALL_CARDS},
            hand_size=int(rules["hand_size"]), turn_limit=int(rules["turn_limit"]),
            knock_penalty=int(rules["knock_penalty"]), blitz_at=int(rules["blitz_at"]),
            three_of_a_kind=int(rules["three_of_a_kind"]),
        )
    except KeyError as exc:
        raise ContentError(f"content.toml lacks the entry {exc.args[0]!r}") from exc
