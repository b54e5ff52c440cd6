"""Dschunke's action numbers and observation layout (ludoteca/games/dschunke/encoding.py)."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.dschunke import GAME, encoding


@pytest.mark.parametrize("strips", [1, 2, 42, 43])
def test_the_diamond_numbers_every_cell_once(strips):
    """Cells |x|+|y| <= 3T+1 are numbered 0..count-1 and cell_at inverts cell_index."""
    r = encoding.radius(strips)
    cells = [encoding.cell_at(c, strips) for c in range(encoding.cell_count(strips))]
    assert len(set(cells)) == len(cells) == 2 * r * r + 2 * r + 1
    assert all(abs(x) + abs(y) <= r for x, y in cells)
    assert all(encoding.cell_index(x, y, strips) == c for c, (x, y) in enumerate(cells))
    with pytest.raises(ValueError, match="outside the reachable diamond"):
        encoding.cell_index(r, 1, strips)


def test_sizes_follow_the_strip_count():
    assert GAME.num_distinct_actions(2, {}) == 42 + 4 * (2 * 127 * 127 + 2 * 127 + 1)
    # Rat Hot as published plays the same 42 drawn strips (43 with the start strip), so its
    # action space is Dschunke's; it once had an extra neutral strip (43 + 4 × diamond(130)).
    assert GAME.num_distinct_actions(2, {"rules": "rat-hot"}) == 42 + 4 * (2 * 127 * 127 + 2 * 127 + 1)
    assert GAME.observation_size(2, {"rules": "rat-hot"}) == GAME.observation_size(2, {})
    assert GAME.observation_size(2, {}) == 12 * 41 * 41 + 12 + 70 + 3 * 42 + 14


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_strips_laid_as_far_out_as_possible_stay_numbered(rules):
    """The bound holds where it is tightest: always laying the strip whose spot is farthest
    from the start, every legal action still has a number that round-trips."""
    state = GAME.new(2, seed=3, options={"rules": rules})
    rng = random.Random(3)
    farthest = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert state.index_action(state.action_index(action)) == action
        places = [a for a in legal if a["type"] == "place"]
        if places:
            pick = max(places, key=lambda a: (abs(a["x"]) + abs(a["y"]), rng.random()))
            farthest = max(farthest, abs(pick["x"]) + abs(pick["y"]))
        else:
            pick = rng.choice(legal)
        state.apply(seat, pick)
    if rules == "dschunke":    # (Rat Hot games may stop early at 3 rats)
        assert farthest > 100  # far outside anything random play reaches (about 20)


def test_observation_layout_marks_my_crates_from_my_side():
    """The board window is channel-major around (0, 0); 'mine' is the viewing seat's colour."""
    state = GAME.new(2, seed=2)
    while state.version < 6:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    area, side, w = encoding.AREA, encoding.SIDE, encoding.WINDOW
    for seat in (0, 1):
        view = state.view(seat)
        obs = GAME.encode(view)
        colour = view["seats"][seat]["colour"]
        for cell in view["cells"]:
            x, y, height, crate = cell["x"], cell["y"], cell["height"], cell["crate"]
            at = (y + w) * side + (x + w)
            assert obs[at] == height / 4
            if crate == "empty":
                channel = 1
            else:
                owner, kind = crate.split(" ")
                channel = 2 + encoding.KINDS.index(kind) + (0 if owner == colour else 5)
            assert obs[channel * area + at] == 1.0
        assert obs[-13] == (1.0 if seat == 0 else 0.0)       # "I am red"


def test_the_numpy_encoder_gives_the_same_numbers():
    """encode_array (used by the interop layer for speed) equals the contract's encode."""
    state = GAME.new(2, seed=8, options={"rules": "rat-hot"})
    rng = random.Random(8)
    while not state.is_over:
        for seat in (0, 1, None):
            view = state.view(seat)
            assert GAME.encode_array(view).tolist() == GAME.encode(view)
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_compact_numbering_is_the_window_plus_one_number_for_outside():
    """The interop default: picks, the 41 x 41 window's spots in the observation's cell order
    times four directions, and one last number for "a spot outside the window"."""
    from ludoteca.interop import Adapter

    adapter = Adapter("dschunke")
    assert adapter.actions == "compact" and adapter.num_actions == 42 + 4 * 41 * 41 + 1 == 6767
    assert Adapter("dschunke", actions="full").num_actions == GAME.num_distinct_actions(2, {})
    state = adapter.new_state(seed=1)  # red lays its opening strip: only place numbers are legal
    numbers = adapter.numbers
    lay = {"type": "place", "tile": state.to_place, "x": -3, "y": 2, "dir": "S"}
    number = 42 + 4 * ((2 + 20) * 41 + (-3 + 20)) + 2
    assert numbers.index(state, lay) == number and numbers.action(state, number) == lay
    # the observation's board plane uses the same cell: (y+20)*41 + (x+20)
    assert (number - 42) // 4 == (2 + 20) * encoding.SIDE + (-3 + 20)


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_far_out_spots_share_the_outside_number_which_plays_the_first_of_them(rules):
    """Laying every strip as far out as the rules allow leaves the window: every legal spot
    outside it has the last number, whose action is the first such spot in the legal list, and
    a position keeps a legal number however far the deck has grown."""
    from ludoteca.interop import Adapter

    adapter = Adapter("dschunke", options={"rules": rules})
    numbers = adapter.numbers
    state = adapter.new_state(seed=3)
    rng = random.Random(3)
    outside_seen = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        outside = [a for a in legal if a["type"] == "place" and max(abs(a["x"]), abs(a["y"])) > encoding.WINDOW]
        if outside:
            outside_seen += 1
            assert {numbers.index(state, a) for a in outside} == {numbers.outside}
            assert adapter.decode(state, seat, numbers.outside) == outside[0]
        else:
            why = "no legal spot lies outside the board window" if state.to_place is not None else "no strip is chosen"
            with pytest.raises(ValueError, match=why):
                numbers.action(state, numbers.outside)
        assert adapter.legal_mask(state, seat).any()
        places = [a for a in legal if a["type"] == "place"]
        pick = (max(places, key=lambda a: (abs(a["x"]) + abs(a["y"]), rng.random())) if places
                else rng.choice(legal))
        state.apply(seat, pick)
    assert outside_seen > (5 if rules == "dschunke" else 0)  # Rat Hot games may stop early at 3 rats


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_numbering_a_whole_legal_list_gives_each_actions_own_number(rules):
    """``numbers_of`` numbers the lazy placement list straight from its spots; at every
    decision of seeded random games, and of games driven far out of the window, it gives what
    numbering each action one by one gives, in the legal list's order."""
    from ludoteca.interop import Adapter

    numbers = Adapter("dschunke", options={"rules": rules}).numbers
    checked = outside = 0
    for seed in range(6):
        state = GAME.new(2, seed=seed, options={"rules": rules})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat, copy=False)
            one_by_one = [numbers.index(state, action) for action in legal]
            assert numbers.numbers_of(state, legal) == one_by_one
            checked += len(one_by_one)
            outside += one_by_one.count(numbers.outside)
            places = [a for a in legal if a["type"] == "place"]
            far = seed % 2 and places  # odd seeds lay the farthest strip, to leave the window
            state.apply(seat, max(places, key=lambda a: abs(a["x"]) + abs(a["y"])) if far else rng.choice(list(legal)))
    assert checked > 5000 and outside > 0
