"""Bounded content: every number has a declared range, params outside it are refused with the
path named, and the compiled content is kept in a bounded cache."""

import json

import pytest

from ludoteca.engine.content import CACHE_SIZE, load_content
from ludoteca.engine.params import range_of, unranged
from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.content import (
    MAX_TURNS,
    base_data,
    content_for,
    leaf,
    numeric_paths,
    shipped_ranges,
)


def test_every_number_of_the_content_has_a_declared_range():
    """Issue: "a declared range for every params number ... and for the rules' numbers" — both
    in the file as written and after the optional effects are filled with zeros."""
    ranges = shipped_ranges()
    assert unranged(load_content("ludoteca.games.immunity", "content.toml", None), ranges) == []
    normalised = json.loads(base_data())
    assert unranged(normalised, ranges) == []
    assert len(numeric_paths(normalised)) > 2000  # every environment effect of every stage


def test_the_shipped_numbers_lie_inside_their_ranges():
    data = json.loads(base_data())
    ranges = shipped_ranges()
    for path in numeric_paths(data):
        low, high = range_of(path, ranges)
        assert low <= leaf(data, path) <= high, path


@pytest.mark.parametrize("params, path, bounds", [
    ({"rules": {"hand_limit": 100_000}}, "params.rules.hand_limit", "from 0 to 20"),
    ({"rules": {"die_sides": 1}}, "params.rules.die_sides", "from 2 to 20"),
    ({"cells": {"neutrophil": {"cost": 1_000}}}, "params.cells.neutrophil.cost", "from 0 to 20"),
    ({"pathogens": {"measles": {"copies": 30_000}}}, "params.pathogens.measles.copies", "from 0 to 10"),
    ({"environment": {"stress": {"old": {"damage": {"skin": 99}}}}},
     "params.environment.stress.old.damage.skin", "from 0 to 10"),
    ({"medical": {"corticosteroid": {"amount": -50}}}, "params.medical.corticosteroid.amount",
     "from -10 to 10"),
])
def test_out_of_range_params_are_refused_naming_the_path_and_the_range(params, path, bounds):
    """Issue: "Immunity [accepted] a hand limit of 100,000" — now "out-of-range params are
    refused with the path named"; a one-sided die would re-roll a tie for first forever."""
    with pytest.raises(ValueError) as error:
        GAME.new(players=2, seed=1, options={"params": params})
    assert path in str(error.value) and bounds in str(error.value)


def test_the_edges_of_a_range_are_accepted():
    s = GAME.new(players=2, seed=1, options={"params": {"rules": {"hand_limit": 20, "die_sides": 2}}})
    assert s.content.rules["hand_limit"] == 20 and s.content.rules["die_sides"] == 2


def test_a_life_line_longer_than_the_turn_limit_is_refused():
    """The life line's length is the number of turns: at most MAX_TURNS, so no game is endless."""
    line = ["adult"] * (MAX_TURNS + 1)
    with pytest.raises(ValueError, match=rf"rules\.life_line: at most {MAX_TURNS} stages"):
        GAME.new(players=2, seed=1, options={"params": {"rules": {"life_line": line}}})
    s = GAME.new(players=2, seed=1, options={"params": {"rules": {"life_line": line[:-1]}}})
    assert len(s.content.life_line) == MAX_TURNS


def test_the_content_cache_is_bounded():
    """Issue: "Immunity's content cache grows ~200 KiB per distinct params (unbounded @cache)"."""
    content_for.cache_clear()
    for cost in range(CACHE_SIZE + 8):
        content_for({"cells": {"neutrophil": {"cost": cost % 21}}, "rules": {"hand_limit": cost % 21}})
    info = content_for.cache_info()
    assert info.maxsize == CACHE_SIZE and info.currsize <= CACHE_SIZE


def test_a_changed_params_mapping_does_not_change_a_game_already_made():
    """A sweep may reuse one mapping: each game keeps the params it was made with."""
    params = {"cells": {"neutrophil": {"cost": 2}}}
    first = GAME.new(players=2, seed=1, options={"params": params})
    params["cells"]["neutrophil"]["cost"] = 7
    second = GAME.new(players=2, seed=1, options={"params": params})
    assert first.content.cells["neutrophil"].cost == 2
    assert first.clone().content.cells["neutrophil"].cost == 2
    assert second.clone().content.cells["neutrophil"].cost == 7
    assert first.record()["options"]["params"] == {"cells": {"neutrophil": {"cost": 2}}}
