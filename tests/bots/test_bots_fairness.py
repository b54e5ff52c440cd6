"""Fairness: a bot decides from what its seat may know, never from hidden cards or future dice.

The bot is shown the position through ``SeatOnly``: the seat's view, its legal actions, who
is to move, and ``determinize`` — nothing else exists on it (no clone, no fields, no RNG), so
any attempt to read the true state fails loudly.  Variants of the position that differ only in
what the seat cannot know (other hands, pile order, the future of the RNG:
``s.determinize(None, rng)``, checked to give the same ``view(seat)``) must then leave the
bot's choice unchanged.

Why ``determinize`` is served from one fixed stand-in position (itself a determinization for
the seat, so it holds none of the true secrets): the games resample hidden cards by shuffling
their unknown pool, and the pool's order comes from the true deal; a uniform shuffle of any
order is equally random, so no information reaches the bot, but the bits differ.  Serving
every variant's determinizations from the same stand-in removes that noise and leaves exactly
the question asked: does anything the seat cannot know change the choice?
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from bots_positions import positions

import ludoteca
from ludoteca.bots import make

HIDDEN = [g for g in ludoteca.games() if ludoteca.game(g).hidden_information]
#: A look-ahead one link deep: what is tested is where a choice comes from, not the strength of
#: the look-ahead, and Dice Hospital's hints look eight links deep (at every own link of a
#: search with ``own_chain``, and at every move of a playout).
SHALLOW = {"chain_depth": 1, "chain_budget": 50}
#: Each bot tested: its kind (the name, unless ``kind`` says) and small settings.
BOTS = {"random": {}, "easy": {}, "normal": {}, "ismcts": {"iterations": 30}, "learned": {"iterations": 30},
        # Herbalism's expert's settings
        "ismcts, sharp": {"kind": "ismcts", "iterations": 30, "sharp": 1, "own_chain": 1, **SHALLOW},
        "playout": {"samples": 3, "width": 2, "horizon": 1, "batch": 3, **SHALLOW},
        "playout, trained": {"kind": "playout", "trained": 1, "samples": 3, "width": 2, "horizon": 2, "batch": 3,
                             **SHALLOW}}


def small(name: str, seed: int) -> object:
    """The bot ``name`` of :data:`BOTS`, made with its small settings."""
    settings = dict(BOTS[name])
    return make(settings.pop("kind", name), seed=seed, **settings)


class SeatOnly:
    """A position as one seat may see it; everything else raises AttributeError."""

    __slots__ = ("_true", "_seat", "_stand_in", "game", "players")

    def __init__(self, true_state: Any, seat: int, stand_in: Any) -> None:
        self._true, self._seat, self._stand_in = true_state, seat, stand_in
        self.game, self.players = true_state.game, true_state.players

    @property
    def to_move(self) -> tuple[int, ...]:
        return self._true.to_move

    @property
    def is_over(self) -> bool:
        return self._true.is_over

    def legal_actions(self, seat: int, copy: bool = True) -> list[dict]:
        assert seat == self._seat, "a bot asked for another seat's legal actions"
        return self._true.legal_actions(seat, copy=copy)

    def view(self, seat: int | None) -> dict:
        assert seat == self._seat, "a bot asked for another seat's view"
        return self._true.view(seat)

    def determinize(self, seat: int, rng: random.Random) -> Any:
        assert seat == self._seat, "a bot determinized for another seat"
        return self._stand_in.determinize(seat, rng)


def hidden_variants(state: Any, seat: int, count: int = 3) -> list[Any]:
    """Positions equal to ``state`` in all that ``seat`` can know, different in the rest."""
    variants = [state.determinize(seat, random.Random(100 + k)) for k in range(count)]
    for variant in variants:
        assert variant.view(seat) == state.view(seat), "variant must look the same to the seat"
    return variants


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("name", list(BOTS))
def test_changing_what_the_seat_cannot_know_leaves_the_choice_unchanged(game_id, name):
    differing = 0
    for index, state in enumerate(positions(game_id, count=3, seed=23)):
        seat = state.to_move[0]
        stand_in = state.determinize(seat, random.Random(999))
        variants = hidden_variants(state, seat)
        differing += sum(v.to_json()["state"] != state.to_json()["state"] for v in variants)
        choices = [small(name, index).choose(SeatOnly(s, seat, stand_in), seat)
                   for s in [state, *variants]]
        assert all(choice == choices[0] for choice in choices), choices
    assert differing, f"{game_id}: the variants never differed in hidden information"


@pytest.mark.parametrize("game_id", HIDDEN)
def test_bots_never_touch_the_true_state_beyond_the_seat(game_id):
    """The real bots run on ``SeatOnly`` (no clone, fields or RNG) without error, full budget."""
    state = positions(game_id, count=1, seed=31)[0]
    seat = state.to_move[0]
    sealed = SeatOnly(state, seat, state.determinize(seat, random.Random(1)))
    for name in ("easy", "normal", "hard", "learned"):
        bot = make(name, seed=1, iterations=20) if name in ("hard", "learned") else make(name, seed=1)
        assert bot.choose(sealed, seat) in state.legal_actions(seat)
    for level, (kind, settings) in ludoteca.game(game_id).bot_levels.items():  # a game's own levels, as shipped
        bot = make(level, seed=1)
        assert bot.choose(sealed, seat) in state.legal_actions(seat), (level, kind, settings)


class PeekingBot:
    """A cheat: copies the true position (clone) to look at what it holds."""

    def choose(self, state: Any, seat: int) -> dict:
        return state.clone().legal_actions(seat)[0]


def test_a_bot_that_peeks_at_the_true_state_is_caught():
    """The sealed position gives a cheating bot nothing to read: the test above has teeth."""
    state = positions(HIDDEN[0], count=1, seed=31)[0]
    seat = state.to_move[0]
    with pytest.raises(AttributeError):
        PeekingBot().choose(SeatOnly(state, seat, state.determinize(seat, random.Random(1))), seat)
