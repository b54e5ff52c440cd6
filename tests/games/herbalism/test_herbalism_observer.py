"""Herbalism's observation writer (observer.py) and its action numbering (encoding.py).

The cross-game test (tests/interop/test_interop_observation_writers.py) holds the writer to
``encode(view(seat))`` over random games; here a built position with cards only some seats saw
is checked number by number for each seat, the writer follows a round's notes, a new round and
a content whose medicine names are unusual, and the faster numbering gives exactly the numbers
(and the refusals) of the one it replaced."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from herbalism_helpers import AMY, BOB, CHRISTINA, position

from ludoteca.games.herbalism import GAME, encoding
from ludoteca.games.herbalism.content import content_for
from ludoteca.games.herbalism.encoding import START

SEATS = (AMY, BOB, CHRISTINA, None)


def writers(state) -> dict[int | None, Any]:
    options = GAME.resolve_options(state.options)
    return {seat: GAME.observation_writer(state.players, options, seat) for seat in [*range(state.players), None]}


def expected(state, seat) -> np.ndarray:
    return np.asarray(GAME.encode(state.view(seat)), dtype=np.float32)


def section(values: np.ndarray, name: str) -> list[float]:
    n = dict(encoding.SECTIONS)[name]
    return [float(v) for v in values[START[name]:START[name] + n]]


def built():
    """Amy passed a red card to Bob with Inquiring (Bob announced one yellow); Christina
    answered on red-yellow and was checked wrong, so she alone has seen the cure (green, blue)."""
    state = position([[1, 1, 1, 1], [0, 1, 1, 2], [1, 1, 1, 1]], [0, 0, 1, 1])
    state.hands = [[0, 1, 1, 1], [1, 1, 1, 2], [1, 1, 1, 1]]
    state.log += [
        {"k": "inquiring", "by": AMY, "target": BOB, "medicine": "red-yellow", "colour": "red",
         "counted": "yellow", "count": 1},
        {"k": "check", "seat": CHRISTINA, "card": "red-yellow", "correct": False, "cure": [0, 0, 1, 1]},
    ]
    state.pharmacist = [0, -1, 5]
    state.marker_card, state.marker_side = [-1, -1, 0], ["", "", "answer"]
    state.active, state.phase = BOB, "move"
    return state


def test_a_built_position_shows_each_seat_what_it_saw():
    state = built()
    written = {seat: writer.write(state).copy() for seat, writer in writers(state).items()}
    for seat in SEATS:
        assert np.array_equal(written[seat], expected(state, seat)), seat
    amy, bob, christina, spectator = (written[s] for s in SEATS)
    assert section(amy, "seat") == [1, 0, 0, 0] and section(spectator, "seat") == [0, 0, 0, 0]
    assert section(amy, "hand") == pytest.approx([0, 0.2, 0.2, 0.2])
    assert section(bob, "hand") == pytest.approx([0.2, 0.2, 0.2, 0.4])
    assert section(spectator, "hand") == [0, 0, 0, 0]
    # the red card went from Amy to Bob: only those two know its colour
    assert section(amy, "gave")[BOB * 4:BOB * 4 + 4] == pytest.approx([0.2, 0, 0, 0])
    assert section(bob, "received")[AMY * 4:AMY * 4 + 4] == pytest.approx([0.2, 0, 0, 0])
    for values in (christina, spectator):
        assert not any(section(values, "gave")) and not any(section(values, "received"))
    # the check is public, the cure only Christina's
    for values in written.values():
        assert section(values, "checked_wrong")[0] == 1.0
    assert section(christina, "known_cure") == [0, 0, 0.5, 0.5, 1]
    for values in (amy, bob, spectator):
        assert section(values, "known_cure") == [0, 0, 0, 0, 0]
    assert section(spectator, "announced")[BOB] == pytest.approx(0.2)
    assert section(amy, "pharmacists")[:8] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert section(amy, "markers")[CHRISTINA * 10:CHRISTINA * 10 + 10] == [1, 0, 0, 0, 0, 0, 0, 1, 0, 0]


def test_an_inquiring_announcement_is_noted_by_every_seat_not_only_the_two_in_the_exchange():
    """Rule (Indagando): "Luego, debe anunciar pública y honestamente cuántas cartas tiene en la
    mano que coinciden con el otro color de la carta de medicina."  Bob announced one yellow card
    to Amy aloud: Christina, who took no part in the exchange, hears it as the spectator does
    (until 2026-12-05 her observation left it out)."""
    state = built()
    for seat, writer in writers(state).items():
        written = writer.write(state)
        assert np.array_equal(written, expected(state, seat)), seat
        assert section(written, "announced") == pytest.approx([0, 0.2, 0, 0]), seat


def test_the_writer_follows_a_round_and_the_next():
    """One writer per seat over live games: notes added entry by entry, rebuilt at each new
    round (a new log), every write still the encoded view, in every variant's content."""
    for options in (None, {"actions": "advanced"}, {"actions": "advanced", "predictions": True}):
        for players in (2, 3, 4):
            state = GAME.new(players, seed=players, options=options)
            table = writers(state)
            rng, rounds = random.Random(players), set()
            while not state.is_over:
                rounds.add(state.round)
                for seat, writer in table.items():
                    assert np.array_equal(writer.write(state), expected(state, seat))
                seat = min(state.to_move)
                state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
            assert len(rounds) > 1


def test_a_medicine_named_with_empty_text_is_off_the_cards_as_encode_has_it():
    """``encode`` reads a pharmacist on a card named "" as off the cards (the name is falsy);
    content params may name a card so, and the writer, which reads indices, must agree."""
    medicines = _raw_medicines()
    medicines[0]["name"] = ""
    options = {"params": {"medicines": medicines}}
    state = GAME.new(3, seed=5, options=options)
    table = writers(state)
    rng = random.Random(5)
    while not state.is_over:
        for seat, writer in table.items():
            assert np.array_equal(writer.write(state), expected(state, seat))
        seat = min(state.to_move)
        state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))


def _raw_medicines() -> list[dict[str, Any]]:
    content = content_for(None)
    return [{"name": name, "colours": [] if pair is None else [content.colours[c] for c in pair]}
            for name, pair in zip(content.medicines, content.pairs, strict=True)]


# ---- the action numbering ------------------------------------------------------------------------

def former_index(actions: tuple[dict[str, Any], ...], action: Any) -> int | None:
    """The numbering as it was: each action keyed by its sorted (name, type, value) triples."""
    def key(a: Any) -> tuple[Any, ...]:
        return tuple((name, type(value), value) for name, value in sorted(a.items()))
    try:
        return {key(a): i for i, a in enumerate(actions)}[key(action)]
    except (KeyError, TypeError, AttributeError):
        return None


class Name(str):
    """A str look-alike: equal to the colour, not of its type."""


def look_alikes(action: dict[str, Any]) -> list[Any]:
    """The action with its keys in every order, and near misses of it."""
    items = list(action.items())
    out: list[Any] = [dict(items[::-1]), dict(items[1:] + items[:1]), {**action, "extra": 1}]
    for name, value in items:
        if type(value) is int:
            out += [{**action, name: float(value)}, {**action, name: np.int64(value)}, {**action, name: value == 1}]
        if type(value) is str:
            out += [{**action, name: Name(value)}, {**action, name: np.str_(value)}, {**action, name: [value]}]
        if len(items) > 1:
            out.append({k: v for k, v in items if k != name})
    return out


def test_the_numbering_is_the_former_one_action_for_action():
    content = content_for(None)
    actions = encoding.action_table(content)[0]
    odd: list[Any] = [None, [], "pass", {}, {"type": []}, {1: 2, "type": "pass"}, {"type": "pass", 1: 2}]
    near = [a for listed in actions for a in look_alikes(listed)]
    for action in [*actions, *near, *odd]:
        before = former_index(actions, action)
        if before is None:
            with pytest.raises(ValueError, match="not a herbalism action"):
                encoding.action_index(content, action)
        else:
            assert encoding.action_index(content, action) == before, action


def test_the_numbering_of_every_legal_action_of_random_games_is_unchanged():
    for players in (2, 3, 4):
        state = GAME.new(players, seed=9, options={"actions": "advanced"})
        actions = encoding.action_table(state.content)[0]
        rng = random.Random(9)
        while not state.is_over:
            seat = min(state.to_move)
            legal = state.legal_actions(seat, copy=False)
            assert [state.action_index(a) for a in legal] == [former_index(actions, a) for a in legal]
            state.apply_trusted(seat, rng.choice(legal))
