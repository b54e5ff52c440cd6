"""The declared turn structure (phases.py) is the one the game runs."""

import random

from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.phases import NUMBERS, PART_BEGINS, PART_ENDS, QUEUES, TABLE, named, number_of
from ludoteca.games.immunity.state import ImmunityState


def test_every_method_the_table_names_exists():
    names = [n for phase in TABLE.values() for n in phase.method_names()]
    names += [*PART_BEGINS.values(), *PART_ENDS.values(), *QUEUES.values()]
    missing = [n for n in names if not callable(getattr(ImmunityState, n, None))]
    assert missing == []
    assert ImmunityState.PHASES is TABLE


def test_phases_follow_the_declared_order_and_every_action_has_a_handler():
    """FASES DEL TURNO: five phases a turn, in order, eight turns, then the end."""
    s = GAME.new(players=3, seed=5)
    rng = random.Random(5)
    entered = ["setup"]
    turns = []
    while not s.is_over:
        seat = s.to_move[0]
        assert s.phase in NUMBERS
        for action in s.legal_actions(seat):
            assert action["type"] in TABLE[s.phase].handlers
        for event in s.apply(seat, rng.choice(s.legal_actions(seat))):
            if event["type"] == "phase":
                entered.append(event["phase"])
                assert event["number"] == NUMBERS[event["phase"]]
            elif event["type"] == "turn":
                turns.append(event["turn"])
            elif event["type"] == "game_over":
                entered.append("over")
    entered = entered[:1] + ["start"] + entered[1:]  # the first turn began during set-up
    for before, after in zip(entered, entered[1:], strict=False):
        assert after in TABLE[before].then, (before, after)
    assert entered.count("start") == 8 and entered[-1] == "over" and s.to_move == ()
    assert turns == list(range(2, 9))


def test_rule_book_numbers():
    assert [named(n) for n in range(1, 6)] == list(NUMBERS)
    assert number_of("setup") == 0 and number_of("response") == 3 and number_of("over") == 6
