"""Dschunke's share of the common package shape: bounded content with ranges named in every
refusal, canonical actions only, a documented view with ``phase``, ``scores`` and ``seats``,
and labels in words."""

from __future__ import annotations

import random
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from ludoteca import IllegalAction
from ludoteca.engine.params import unranged
from ludoteca.games.dschunke import GAME
from ludoteca.games.dschunke.content import MAX_STRIPS, content_for
from ludoteca.games.dschunke.phases import TABLE

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games" / "dschunke.md"
E = "empty"


def played(seed: int, steps: int, rules: str = "dschunke"):
    """A seeded position after ``steps`` random actions (or the end)."""
    state = GAME.new(2, seed=seed, options={"rules": rules})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# ---- content: every number ranged, out-of-range params refused with the path ----------------

def test_every_number_of_the_content_has_a_declared_range():
    data = tomllib.loads(resources.files("ludoteca.games.dschunke").joinpath("content.toml").read_text("utf-8"))
    ranges = data.pop("ranges")
    assert unranged(data, ranges) == []
    for path, (low, high) in ranges.items():
        assert low <= high, path


@pytest.mark.parametrize(("params", "message"), [
    ({"rat_hot": {"rat_limit": 1000}}, r"params\.rat_hot\.rat_limit: must be from 1 to 20; got 1000"),
    ({"scoring": {"min_group": 1}}, r"params\.scoring\.min_group: must be from 2 to 30; got 1"),
    ({"scoring": {"rat_penalty": -11}}, r"params\.scoring\.rat_penalty: must be from -10 to 10; got -11"),
    ({"rat_hot": {"larger_points": 10**6}}, r"params\.rat_hot\.larger_points: must be from 0 to 20; got 1000000"),
])
def test_out_of_range_params_are_refused_naming_the_path_and_the_range(params, message):
    with pytest.raises(ValueError, match=message):
        GAME.new(2, seed=1, options={"params": params})


def test_a_pile_of_thousands_of_strips_is_refused():
    """Issue: "Dschunke accepts 30,000 strips".  The pile holds 1 to MAX_STRIPS strips."""
    with pytest.raises(ValueError, match=rf"params\.tiles: the pile must hold from 1 to {MAX_STRIPS} strips; got 2000"):
        GAME.new(2, seed=1, options={"params": {"tiles": [[E, E, E]] * 2000}})
    with pytest.raises(ValueError, match=rf"params\.tiles: the pile must hold from 1 to {MAX_STRIPS} strips; got 0"):
        GAME.new(2, seed=1, options={"params": {"tiles": []}})
    with pytest.raises(ValueError, match=rf"params\.tiles: the pile must hold from 1 to {MAX_STRIPS} strips; got 2000"):
        GAME.new(2, seed=1, options={"rules": "rat-hot", "params": {"tiles": [[E, E, E]] * 2000}})
    assert GAME.max_game_length(2, {"params": {"tiles": [[E, E, E]] * MAX_STRIPS}}) == 2 * MAX_STRIPS


def test_the_content_cache_is_bounded():
    """Many distinct params keep at most the cache's size of compiled contents."""
    content_for.cache_clear()
    for penalty in range(-10, 11):
        for rules in ("dschunke", "rat-hot"):
            content_for({"scoring": {"rat_penalty": penalty}}, rules)
    info = content_for.cache_info()
    assert info.maxsize is not None and info.currsize == info.maxsize < 42
    assert content_for({}, "dschunke") is content_for(None, "dschunke")


# ---- canonical actions: 1.0 and True are not 1 ----------------------------------------------

def test_an_integer_sent_as_a_float_or_a_bool_is_refused_and_changes_nothing():
    """Every legal action of a pick and a place position, with each integer replaced by its
    float and by a bool: refused, and the saved state is the same."""
    tried = expected = 0
    for state in (played(4, 1), played(4, 2), played(9, 15)):
        seat = state.to_move[0]
        before = state.to_json()
        legal = state.legal_actions(seat)
        expected += sum(2 * sum(type(v) is int for v in action.values()) for action in legal)
        for action in legal:
            for key, value in action.items():
                if type(value) is not int:
                    continue
                for bad in (float(value), bool(value)):
                    with pytest.raises(IllegalAction):
                        state.apply(seat, {**action, key: bad})
                    tried += 1
            assert state.to_json() == before
    assert tried == expected > 500  # every integer of every action, each way


def test_the_recorded_action_is_the_legal_one_not_the_callers():
    state = played(4, 1)
    assert state.phase == "pick"
    mine = {"type": "pick", "tile": state.legal_actions(1)[0]["tile"]}
    state.apply(1, mine)
    recorded = state.record()["actions"][-1][1]
    assert recorded == mine and recorded is not mine


# ---- the turn structure is declared ---------------------------------------------------------

def test_phases_follow_pick_place_place_and_end_over():
    assert list(TABLE) == ["pick", "place", "over"]
    state = GAME.new(2, seed=2)
    seen = [state.phase]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
        seen.append(state.phase)
        assert state.view(seat)["phase"] == state.phase
        if state.to_move:
            assert {a["type"] for a in state.legal_actions(state.to_move[0])} == {state.phase}
        else:
            assert state.phase == "over"
    assert seen[:5] == ["place", "pick", "place", "place", "pick"]
    assert seen[-2:] == ["place", "over"] and state.to_move == ()


# ---- the view: phase, scores, seats and every key documented ---------------------------------

def documented_keys() -> set[str]:
    section = DOCS.read_text(encoding="utf-8").split("## View keys", 1)[1].split("\n## ", 1)[0]
    keys: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            keys |= set(re.findall(r"`([a-z_]+(?:\[\]\.[a-z_]+)?)`", line.split("|")[1]))
    return keys


HEADER = {"game", "players", "seat", "version", "to_move", "is_over", "winners"}


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_every_view_key_is_documented_and_every_documented_key_is_there(rules):
    documented = documented_keys()
    lists = ("seats", "drawn", "placed", "cells", "groups")
    view = next(v for v in (played(seed, 21, rules).view(0) for seed in range(6, 40)) if all(v[k] for k in lists))
    shown = {key for key in view if key not in HEADER}
    for key in lists:
        shown |= {f"{key}[].{inner}" for entry in view[key] for inner in entry}
    assert shown == documented


def test_phase_scores_and_seats_say_what_the_table_shows():
    tiles = [["red rat", "red rice", "red rice"], ["green rat", E, "green fish"], [E, E, E], [E, E, E]]
    state = GAME.new(2, seed=0, options={"params": {"tiles": tiles}})
    data = state.to_json()
    data["state"].update(placed=[[-1, -1, 0, "E"], [0, -1, 1, "E"], [1, -1, 2, "E"]], drawn=[2, 3],
                         picked=None, turn=1, bonus=[0, 0], loser=None, pile=[], phase="pick")
    state = GAME.from_json(data)
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["phase"] == "pick" and view["to_place"] is None and view["turn"] == 1
        assert view["scores"] == state.scores == [3 - 1, -1]
        assert view["seats"] == [
            {"colour": "red", "rats": 1, "goods": 2, "bonus": 0, "lost": False},
            {"colour": "green", "rats": 1, "goods": 1, "bonus": 0, "lost": False},
        ]
        assert view["groups"] == [
            {"crate": "red rice", "seat": 0, "good": "rice", "cells": [[0, 1], [1, 1]], "points": 3}]
        assert view["drawn"] == [{"tile": 2, "crates": [E, E, E]}, {"tile": 3, "crates": [E, E, E]}]
        assert view["pile_size"] == 0 and view["strips"] == 4 and view["set_aside"] == []
        assert view["placed"][1] == {"tile": 0, "x": -1, "y": 1, "dir": "E"}
        assert {"x": 0, "y": 1, "height": 1, "crate": "red rice"} in view["cells"]
        assert GAME.evaluate(view, 0) == 3.0 and GAME.evaluate(view, 1) == -3.0


def test_a_group_below_the_minimum_shows_no_points():
    tiles = [["red rice", "red rice", E], [E, E, E]]
    state = GAME.new(2, seed=0, options={"params": {"tiles": tiles, "scoring": {"min_group": 3}}})
    data = state.to_json()
    data["state"].update(placed=[[-1, -1, 0, "E"], [0, -1, 1, "E"]], drawn=[1], picked=None, pile=[], phase="place")
    view = GAME.from_json(data).view(0)
    assert [g["points"] for g in view["groups"]] == [0] and view["scores"] == [0, 0]


def test_a_rat_hot_loss_shows_in_seats_and_decides_the_heuristic():
    tiles = [["red rat", "red rat", E], [E, E, "red rat"], [E, E, E]]
    state = GAME.new(2, seed=0, options={"rules": "rat-hot", "params": {"tiles": tiles}})
    data = state.to_json()
    data["state"].update(placed=[[-1, -1, 0, "E"], [0, -1, 1, "E"]], drawn=[1], picked=None, turn=0, pile=[2],
                         phase="place")
    state = GAME.from_json(data)
    state.apply(0, {"type": "place", "tile": 1, "x": -1, "y": 2, "dir": "E"})
    view = state.view(None)
    assert view["phase"] == "over" and [s["lost"] for s in view["seats"]] == [True, False]
    assert GAME.evaluate(view, 0) == -1000.0 and GAME.evaluate(view, 1) == 1000.0


# ---- labels in words -----------------------------------------------------------------------

def test_labels_name_strips_by_their_crates_and_spots_in_words():
    state = played(5, 21)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    for lang in ("en", "es", "fr"):
        labels = [state.describe(action, lang) for action in legal]
        assert len(set(labels)) == len(labels), "two legal actions read the same"
        for label, action in zip(labels, legal, strict=True):
            assert not re.search(r"[\[\]{}=]|\(-?\d+, -?\d+\)", label), label
            assert f"tile={action['tile']}" not in label
    start = GAME.new(2, seed=3)
    opening = {"type": "place", "tile": start.to_place, "x": 2, "y": 0, "dir": "E"}
    crates = " · ".join("empty" if c == E else f"{c.split()[1]} ({c.split()[0]})" for c in start.strip(start.to_place))
    # The board is lettered from three cells left of the start strip (column A is x = -4) and
    # numbered from three rows above it (row 1 is y = -3): x = 2..4, y = 0 are G4 to I4.
    where = "across from G4 to I4, on the table"
    assert start.describe(opening) == f"Lay {crates} {where}"
    events = start.apply(0, opening)
    assert start.describe_event(events[0]) == f"Player 1 (Red) laid {crates} {where}"
    assert start.describe_event(events[0], names=("Ana", "Bruno")) == f"Ana (Red) laid {crates} {where}"
    assert start.describe_event(events[1]).startswith("Player 2 (Green) drew ")


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_a_whole_legal_list_labelled_at_once_reads_as_each_label_alone(rules):
    """The table labels the whole legal list in one call (``describe_all``, which shares the
    words of one strip's placements); at every decision of seeded games, in every language and
    with the table's names, it gives exactly what ``describe`` gives action by action."""
    checked = 0
    for seed in range(3):
        state = GAME.new(2, seed=seed, options={"rules": rules})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            for lang in ("en", "es", "fr"):
                assert state.describe_all(legal, lang, ["Ana", "Ben"]) == [
                    state.describe(action, lang, ["Ana", "Ben"]) for action in legal]
            checked += len(legal)
            state.apply(seat, rng.choice(legal))
    assert checked > 3000
    mixed = [*legal, {"type": "pick", "tile": 0}] if (legal := GAME.new(2, seed=1).legal_actions(0)) else []
    assert GAME.new(2, seed=1).describe_all(mixed, "en")[-1].endswith(" first")  # a pick among them: one by one


@pytest.mark.parametrize("options", [
    {"rules": "dschunke", "params": {"scoring": {"rat_penalty": 10, "min_group": 2}}},
    {"rules": "rat-hot", "params": {"rat_hot": {"pair_points": 10, "larger_points": 20, "rat_limit": 20}}},
    {"rules": "rat-hot", "params": {"rat_hot": {"pair_points": 0, "larger_points": 0}}},
])
def test_observation_bounds_follow_the_params_and_hold_in_play(options):
    """``observation_bounds`` reads the content of the options (a designer's bigger points
    raise the score bounds), and every observation of a random game with them lies inside."""
    from ludoteca.games.dschunke import encoding

    low, high = GAME.observation_bounds(2, options)
    plain_low, plain_high = GAME.observation_bounds(2, {"rules": options["rules"]})
    scores = len(high) - encoding.SCALARS + 4
    assert high[scores] != plain_high[scores] or low[scores] != plain_low[scores]
    state, rng = GAME.new(2, seed=8, options=options), random.Random(8)
    while True:
        for seat in (0, 1):
            observation = encoding.encode_array(state.view(seat))
            assert ((low <= observation) & (observation <= high)).all(), \
                [(i, observation[i]) for i in range(len(low)) if not low[i] <= observation[i] <= high[i]][:3]
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
