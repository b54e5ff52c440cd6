"""Thirty-One's rules, one situation each, with the exact outcome (docs/games/thirty-one.md)."""

from __future__ import annotations

import random

import pytest
from thirty_one_helpers import GAME, position

import ludoteca
from ludoteca import IllegalAction
from ludoteca.engine.i18n import visible
from ludoteca.games.thirty_one.content import ALL_CARDS, content_for, in_order

CONTENT = content_for(None)


@pytest.mark.parametrize(("hand", "value"), [
    (["A♥", "K♥", "10♥"], 31),      # a blitz
    (["A♥", "K♣", "10♥"], 21),      # the best suit only
    (["7♣", "7♦", "7♠"], 30),       # three of a rank
    (["2♣", "3♦", "4♠"], 4),
    (["Q♠", "J♠", "5♦"], 20),
])
def test_a_hand_is_worth_its_best_suit(hand: list[str], value: int) -> None:
    assert CONTENT.hand_value(hand) == value


def test_setup_deals_three_cards_each_and_turns_one_up() -> None:
    state = GAME.new(3, seed=4)
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert len(state.discard) == 1 and len(state.stock) == 52 - 9 - 1
    assert sorted([*sum(state.hands, []), *state.discard, *state.stock], key=ALL_CARDS.index) == list(ALL_CARDS)
    assert state.to_move == (0,) and state.phase == "draw"
    assert state.legal_actions(0) == [{"type": "draw"}, {"type": "take", "card": state.discard[0]}, {"type": "knock"}]


def test_drawing_is_private_and_taking_is_public() -> None:
    state = position(hands=[["2♣", "3♣", "4♣"], ["5♦", "6♦", "7♦"]], stock=["9♠", "K♣"], discard=["A♥"])
    events = state.apply(0, {"type": "draw"})
    assert events == [{"type": "drew", "seat": 0, "not_to": [0]},
                      {"type": "drew_card", "seat": 0, "card": "K♣", "to": [0]}]
    # "a private event replaces its public twin for its owner": seat 0 reads one line, seat 1 the other
    assert [visible(e, 0) for e in events] == [False, True] and [visible(e, 1) for e in events] == [True, False]
    assert state.view(0)["you"]["hand"] == ["2♣", "3♣", "4♣", "K♣"]
    assert state.view(1)["seats"][0] == {"cards": 4, "known": [], "knocked": False, "round_scores": [],
                                         "last_hand": [], "last_value": None, "last_score": None}
    state.apply(0, {"type": "discard", "card": "2♣"})
    state.apply(1, {"type": "take", "card": "2♣"})
    assert state.view(0)["seats"][1]["known"] == ["2♣"]          # everyone saw it taken


def test_the_card_just_taken_cannot_be_discarded() -> None:
    state = position(hands=[["2♣", "3♣", "4♣"], ["5♦", "6♦", "7♦"]], discard=["A♥"])
    state.apply(0, {"type": "take", "card": "A♥"})
    assert {"type": "discard", "card": "A♥"} not in state.legal_actions(0)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="you cannot discard the A♥ you just took from the discard pile"):
        state.apply(0, {"type": "discard", "card": "A♥"})
    with pytest.raises(IllegalAction, match="you do not hold '9♠'"):
        state.apply(0, {"type": "discard", "card": "9♠"})
    with pytest.raises(IllegalAction, match="you have drawn already"):
        state.apply(0, {"type": "draw"})
    with pytest.raises(IllegalAction, match="seat 1 is not to move: it is seat 0's turn to discard"):
        state.apply(1, {"type": "draw"})
    assert state.to_json() == before


def test_a_knock_gives_everyone_else_one_last_turn_then_the_showdown() -> None:
    state = position(3, hands=[["A♥", "K♥", "2♣"], ["5♦", "6♦", "7♦"], ["2♠", "3♠", "4♦"]],
                     stock=["9♣", "8♣", "Q♠"], discard=["10♣"])
    state.apply(0, {"type": "knock"})
    with pytest.raises(IllegalAction, match="seat 0 has knocked already; a round has one knock"):
        state.apply(1, {"type": "knock"})
    state.apply(1, {"type": "draw"})                        # Q♠
    state.apply(1, {"type": "discard", "card": "Q♠"})
    state.apply(2, {"type": "draw"})                        # 8♣
    events = state.apply(2, {"type": "discard", "card": "8♣"})
    showdown = events[1]
    assert showdown["type"] == "showdown" and showdown["reason"] == "knock"
    assert showdown["values"] == [21, 18, 5] and showdown["scores"] == [21, 18, 0]   # the lowest scores 0
    assert state.totals == [21, 18, 0] and state.round == 2
    assert events[2]["type"] == "dealt" and events[2]["to"] == [0]
    assert state.to_move == (1,)                             # round 2 starts with the next seat


def test_a_knocker_with_the_lowest_hand_loses_the_penalty() -> None:
    state = position(hands=[["2♣", "3♦", "4♠"], ["5♦", "6♦", "7♦"]], stock=["9♣", "8♣"], discard=["10♣"])
    state.apply(0, {"type": "knock"})
    state.apply(1, {"type": "draw"})
    events = state.apply(1, {"type": "discard", "card": "8♣"})
    assert events[1]["scores"] == [-CONTENT.knock_penalty, 18]


def test_a_blitz_ends_the_round_at_once_unless_the_option_is_off() -> None:
    fields = {"hands": [["A♥", "K♥", "2♣"], ["5♦", "6♦", "7♦"]], "stock": ["9♣", "10♥"], "discard": ["3♣"]}
    state = position(**fields)
    state.apply(0, {"type": "draw"})
    events = state.apply(0, {"type": "discard", "card": "2♣"})
    assert events[1]["reason"] == "blitz" and events[1]["values"] == [31, 18]
    calm = position(options={"blitz": False}, **fields)
    calm.apply(0, {"type": "draw"})
    assert [e["type"] for e in calm.apply(0, {"type": "discard", "card": "2♣"})] == ["discarded"]


def test_the_round_ends_when_the_stock_runs_out_or_at_the_turn_limit() -> None:
    state = position(options={"rounds": 1}, hands=[["2♣", "3♦", "4♠"], ["5♦", "6♦", "7♦"]],
                     stock=["9♣"], discard=["10♣"])
    state.apply(0, {"type": "draw"})
    events = state.apply(0, {"type": "discard", "card": "2♣"})
    assert events[1]["reason"] == "stock" and events[-1] == {"type": "game_over", "totals": [0, 18]}
    assert state.is_over and state.winners == [1] and state.to_move == ()
    limited = position(options={"params": {"rules": {"turn_limit": 4}}})
    rng = random.Random(3)
    reasons = []
    while limited.round == 1:
        seat = limited.to_move[0]
        choices = [a for a in limited.legal_actions(seat) if a["type"] != "knock"]
        reasons += [e["reason"] for e in limited.apply(seat, rng.choice(choices)) if e["type"] == "showdown"]
    assert limited.turns == 0 and reasons in (["limit"], ["blitz"])


def test_params_are_checked_against_their_ranges() -> None:
    with pytest.raises(ValueError, match=r"params.rules.turn_limit: must be from 4 to 100; got 1000000"):
        GAME.new(2, seed=1, options={"params": {"rules": {"turn_limit": 1_000_000}}})
    with pytest.raises(ValueError, match=r"params.points.Z: unknown key"):
        GAME.new(2, seed=1, options={"params": {"points": {"Z": 3}}})
    with pytest.raises(ValueError, match=r"13 cards cannot deal 5 to each of 4 players"):
        GAME.new(4, seed=1, options={"params": {"deck": {"suits": 1}, "rules": {"hand_size": 5}}})
    small = GAME.new(2, seed=1, options={"params": {"deck": {"suits": 2}, "points": {"A": 1}}})
    assert len(small.stock) == 26 - 7 and small.content.hand_value(["A♣", "2♣"]) == 3
    with pytest.raises(ValueError, match="option 'rounds' must be at most 10"):
        GAME.new(2, seed=1, options={"rounds": 11})


def test_a_seat_sees_its_own_hand_only() -> None:
    state = GAME.new(3, seed=9)
    for seat in range(3):
        view = state.view(seat)
        assert view["you"]["hand"] == state.hands[seat]
        assert all(card not in str(view) for other in range(3) if other != seat for card in state.hands[other])
    assert state.view(None)["you"] is None
    assert set(state.view(0)) >= {"phase", "scores", "seats", "round", "rounds", "turn", "turn_limit", "stock",
                                  "discard", "knocker", "you"}


def test_determinize_keeps_what_everyone_saw_and_redeals_the_rest() -> None:
    state = position(hands=[["2♣", "3♣", "4♣"], ["5♦", "6♦", "A♥"]], known=[[], ["A♥"]])
    for seed in range(5):
        sample = state.determinize(0, random.Random(seed))
        assert sample.hands[0] == state.hands[0] and "A♥" in sample.hands[1]
        assert sample.view(0) == state.view(0)
        assert sorted([*sample.hands[1], *sample.stock]) == sorted([*state.hands[1], *state.stock])
    assert len({tuple(state.determinize(0, random.Random(s)).hands[1]) for s in range(5)}) > 1


def test_labels_name_cards_in_words() -> None:
    state = position(hands=[["2♣", "3♣", "Q♥"], ["5♦", "6♦", "7♦"]], discard=["A♠"])
    take = {"type": "take", "card": "A♠"}
    assert state.describe(take, "en") == "Take the Ace of spades (A♠) from the discard pile"
    assert state.describe(take, "es") == "Tomar As de picas (A♠) de la pila de descartes"
    assert state.describe(take, "fr") == "Prendre As de pique (A♠) sur la défausse"
    assert state.describe({"type": "knock"}, "fr") == "Frapper : les autres jouent un dernier tour"
    events = state.apply(0, {"type": "draw"})
    assert state.describe_event(events[0], "es") == "Jugador 1 robó del mazo"
    assert state.describe_event(events[0], "es", ["Ana", "Bruno"]) == "Ana robó del mazo"


def test_action_numbers_round_trip() -> None:
    state = position(hands=[["2♣", "3♣", "Q♥"], ["5♦", "6♦", "7♦"]], discard=["A♠"])
    assert [state.action_index(a) for a in state.legal_actions(0)] == [0, 1, 2]
    assert state.index_action(1) == {"type": "take", "card": "A♠"}
    assert state.action_index({"type": "discard", "card": "Q♥"}) == 3 + ALL_CARDS.index("Q♥")
    with pytest.raises(ValueError, match="an action number is a whole number from 0 to 54"):
        state.index_action(55)
    assert GAME.max_game_length(2, {"rounds": 2}) == 2 * 40 * 2


def test_hands_are_kept_in_card_order() -> None:
    assert in_order(["K♠", "A♣", "2♥"]) == ["A♣", "2♥", "K♠"]
    assert "thirty-one" not in ludoteca.games() and ludoteca.game("thirty-one").example is True
