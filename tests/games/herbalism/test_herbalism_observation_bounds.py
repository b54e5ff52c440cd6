"""Observation bounds: ``Game.observation_bounds`` gives each number of ``encode`` its least and
most value, derived from the rules and the content (encoding.bounds says why each holds).

Why test against play: the bounds are argued, not sampled, so seeded random games (every seat
and a spectator at every step, designer ``params`` included) check the argument never fails; and
the two numbers the rules leave without limit (cards moved between two seats in a round, scores
when ties play on) are shown to grow past any plain bound, which is why the encoder squashes
them (``encoding.squash``) and every bound is finite."""

import math
import random

import pytest
from herbalism_helpers import GAME

from ludoteca.games.herbalism import encoding

#: Where each section of the observation starts, to name an index on failure.
STARTS = {}
_at = 0
for _name, _n in encoding.SECTIONS:
    STARTS[_name] = _at
    _at += _n

#: Raises numbers the bounds read: red cards (a hand's red slot), prediction markers (the pool),
#: a right answer's points and the floor (the scores).  Still 14 cards, inside every [ranges].
PARAMS = {"ingredients": {"red": 5, "blue": 2}, "predictions": {"markers_per_colour": 4},
          "scoring": {"answer_right": 10, "floor": -10, "follow_wrong": -10}}
#: Curing alone moves no card, so every number is finite.
CURING_ONLY = {"actions": "advanced", "advanced_actions": ["curing"]}


def _where(i: int) -> str:
    name = max((start, name) for name, start in STARTS.items() if start <= i)[1]
    return f"{name}[{i - STARTS[name]}]"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"actions": "advanced", "predictions": True}, CURING_ONLY,
                                     {"params": PARAMS, "target": 7}, {"tie": "play_on"}])
def test_bounds_have_the_observation_size_and_are_finite(players, options):
    low, high = GAME.observation_bounds(players, options)
    size = GAME.observation_size(players, options)
    assert len(low) == len(high) == size
    for i, (lo, hi) in enumerate(zip(low, high, strict=True)):
        assert lo <= hi, f"{_where(i)}: low {lo} above high {hi}"
        assert math.isfinite(lo) and math.isfinite(hi), f"{_where(i)}: [{lo}, {hi}]"


def _check_game(players: int, options: dict, seed: int) -> None:
    """Every observation of every seat and a spectator, at every step of one random game."""
    low, high = GAME.observation_bounds(players, options)
    state = GAME.new(players, seed=seed, options=options)
    rng = random.Random(seed)
    step = 0
    while True:
        for seat in (*range(players), None):
            vec = GAME.encode(state.view(seat))
            for i, v in enumerate(vec):
                assert low[i] <= v <= high[i], (f"{players}p {options} seed {seed} step {step} seat {seat}: "
                                                f"{_where(i)} (index {i}) = {v} outside [{low[i]}, {high[i]}]")
        if state.is_over:
            return
        actor = state.to_move[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))
        step += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_observation_of_random_games_lies_within_the_bounds(players):
    """Shipped content with the normal and the advanced rules (all action cards, predictions),
    a play-on tie, curing alone, and a game whose params raise red cards, prediction markers, a
    right answer's points and lower the floor."""
    for seed, options in enumerate([{}, {"actions": "advanced", "predictions": True},
                                    {"actions": "basic", "target": 7, "tie": "play_on"}, CURING_ONLY,
                                    {"actions": "advanced", "predictions": True, "params": PARAMS}]):
        _check_game(players, options, 100 * players + seed)


def test_bounds_follow_the_options():
    """The target, the tie rule, predictions, the action cards and params each move the bounds
    of the numbers they govern, and nothing else."""
    def bounds(options, players=3):
        return GAME.observation_bounds(players, options)

    score = STARTS["scores"]
    low, high = bounds({})
    squash = encoding.squash
    assert (low[score], high[score]) == (0.0, squash(8, 6))  # target 6: at most 5 before the last round, +3
    assert bounds({"target": 7})[1][score] == squash(9, 7)
    assert bounds({"predictions": True})[1][score] == squash(10, 6)  # two right predictions on top
    assert bounds({"tie": "play_on"})[1][score] == 2.0  # no limit in the rules: squashed below 2
    assert bounds({"tie": "play_on"}, players=2)[1][score] == squash(11, 6)  # a tie at 8 at most, then +3
    assert bounds({"tie": "play_on", "predictions": True}, players=2)[1][score] == 2.0
    custom_low, custom_high = bounds({"params": PARAMS})
    assert custom_low[score] == -10 / 6 and custom_high[score] == squash(15, 6)
    assert custom_high[STARTS["hand"]] == 1.0 and high[STARTS["hand"]] == 2 / 5  # 5 red cards, not 2
    assert custom_high[STARTS["pool"]] == 2.0 and high[STARTS["pool"]] == 1.0  # 4 markers a colour, not 2
    # the params game's first observation already leaves the shipped bounds (a full pool of 4)
    first = GAME.encode(GAME.new(3, seed=0, options={"params": PARAMS}).view(0))
    assert first[STARTS["pool"]] == 2.0 > high[STARTS["pool"]]
    assert bounds(CURING_ONLY)[1][STARTS["gave"]] == 0.0 and high[STARTS["gave"]] == 2.0
    differs = {_where(i).split("[")[0] for i, (a, b) in enumerate(zip(high, bounds({"target": 7})[1], strict=True))
               if a != b}
    assert differs == {"scores"}


def test_cards_passed_back_and_forth_have_no_limit_within_a_round():
    """Why ``gave`` and ``received`` are squashed: two players pass cards to each other with
    Inquiring turn after turn and nobody has to cure, so the count of cards seat 0 gave seat 1
    soon passes every card in the hands (12), which no content number could bound; squashed,
    15 cards read 2 - 5/15 and the number stays below 2."""
    state = GAME.new(2, seed=3, options={"actions": "basic"})
    content = state.content
    for _ in range(30):
        seat = state.to_move[0]
        moves = [a for a in state.legal_actions(seat)
                 if any(state.hands[seat][c] for c in content.colours_of(content.medicines.index(a["card"])))]
        state.apply(seat, moves[0])
        state.apply(seat, {"type": "action", "card": "inquiring"})
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.round == 1 and not state.is_over
    vec = GAME.encode(state.view(0))
    gave, received = state_transfers(state, content)
    assert gave == received == 15 > sum(content.totals) - content.cure_cards
    shown = vec[STARTS["gave"] + 4:STARTS["gave"] + 8] + vec[STARTS["received"] + 4:STARTS["received"] + 8]
    assert max(shown) < 2.0 and any(v > 1.0 for v in shown)  # past 5 cards of a colour, still below 2


def state_transfers(state, content) -> tuple[int, int]:
    """Cards seat 0 gave seat 1 and received from it this round, counted from the knowledge log
    the view shows (each Inquiring names its colour)."""
    gave = received = 0
    for entry in state.view(0)["knowledge"]:
        if entry["k"] == "inquiring" and "colour" in entry:
            if entry["by"] == 0:
                gave += 1
            else:
                received += 1
    return gave, received


def _appealing_turn(state) -> None:
    """The active player takes a harmless turn: Appealing on someone, who hands over anything."""
    seat = state.active
    state.apply(seat, state.legal_actions(seat)[0])
    state.apply(seat, {"type": "action", "card": "appealing"})
    state.apply(seat, state.legal_actions(seat)[0])
    responder = state.to_move[0]
    state.apply(responder, state.legal_actions(responder)[0])


def _curing(state, answer: str, responses: dict[int, dict]) -> None:
    """The active player cures on ``answer``; each responder does what ``responses`` says."""
    seat = state.active
    state.apply(seat, state.legal_actions(seat)[0])
    state.apply(seat, {"type": "action", "card": "curing"})
    state.apply(seat, {"type": "answer", "card": answer})
    while state.phase == "respond_cure":
        responder = state.to_move[0]
        state.apply(responder, responses[responder])


def test_tied_leaders_can_climb_for_ever_when_ties_play_on():
    """Why the scores are squashed with ``tie = "play_on"`` (3 players, shipped scoring): Amy and
    Bob, tied at the target, follow Christina's right answer (+1, +1, Christina +3), then in three
    rounds nobody wins Christina follows a wrong answer (-1 each); again and again, the leaders
    stay tied and pass any bound the ``share`` rule would give."""
    amy, bob, christina = 0, 1, 2
    state = GAME.new(3, seed=5, options={"actions": "first-game", "tie": "play_on"})
    state.scores = [5, 5, 0]  # reachable: Amy answers right and Bob follows, the reverse, then one loop below
    content = state.content
    for _ in range(4):
        while state.active != christina:
            _appealing_turn(state)
        right = content.medicines[content.right_medicine(state.cure)]
        follow = {"type": "follow", "card": right}
        _curing(state, right, {amy: follow, bob: follow})
        for _ in range(3):
            while state.active == christina:
                _appealing_turn(state)
            wrong = [m for m in content.medicines if m != content.medicines[content.right_medicine(state.cure)]]
            other = bob if state.active == amy else amy
            _curing(state, wrong[0], {christina: {"type": "follow", "card": wrong[0]},
                                      other: {"type": "answer", "card": wrong[1]}})
    assert state.scores == [9, 9, 0] and not state.is_over
    share_high = GAME.observation_bounds(3, {"actions": "first-game"})[1][STARTS["scores"]]
    assert GAME.encode(state.view(amy))[STARTS["scores"]] == encoding.squash(9, 6) > share_high
