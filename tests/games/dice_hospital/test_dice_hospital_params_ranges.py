"""Bounded content: every number of content.toml declares its range, ``options["params"]``
outside it is refused with the full path and the range named, and the caches keyed by params
are bounded (a sweep over many settings cannot grow memory without end)."""

from __future__ import annotations

import random

import pytest
from dice_hospital_helpers import G

from ludoteca.engine.content import ContentError, declared_ranges
from ludoteca.engine.params import check_range, unranged
from ludoteca.games.dice_hospital import encoding
from ludoteca.games.dice_hospital.content import base_data, compile_content, content_for

PACKAGE = "ludoteca.games.dice_hospital"
RANGES = declared_ranges(PACKAGE, "content.toml")


def _leaves(node, path=""):
    for key, value in node.items():
        where = f"{path}.{key}" if path else key
        if isinstance(value, dict):
            yield from _leaves(value, where)
        else:
            yield where, value


def test_every_number_of_the_content_has_a_declared_range():
    """Every numeric leaf (rules, cards, tiles, events, reports, the solo ladder) has a range."""
    assert unranged(base_data(), RANGES) == []


def test_the_shipped_numbers_lie_inside_their_ranges():
    """The printed rules and the project content are themselves valid settings."""
    for where, value in _leaves(base_data()):
        check_range(where, value, RANGES)      # raises ValueError naming the path if not


@pytest.mark.parametrize("params,message", [
    ({"rules": {"rounds": 1_000_000}}, r"params\.rules\.rounds: must be from 1 to 20; got 1000000"),
    ({"rules": {"rounds": 0}}, r"params\.rules\.rounds: must be from 1 to 20; got 0"),
    ({"rules": {"beds": 500}}, r"params\.rules\.beds: must be from 3 to 24; got 500"),
    ({"rules": {"dice_per_colour": 30_000}}, r"params\.rules\.dice_per_colour: must be from 1 to 40"),
    ({"rules": {"discharge_points": [1, 2, 200]}},
     r"params\.rules\.discharge_points: must be from 0 to 20; got 200"),
    ({"departments": {"ent": {"copies": 500}}}, r"params\.departments\.ent\.copies: must be from 1 to 4; got 500"),
    ({"specialists": {"surgeon": {"target": {"count": 40}}}},
     r"params\.specialists\.surgeon\.target\.count: must be from 1 to 12; got 40"),
    ({"events": {"strike": {"amount": -50}}}, r"params\.events\.strike\.amount: must be from -3 to 10; got -50"),
    ({"solo_ladder": [{"points": 10_000, "title": {"en": "x", "es": "x", "fr": "x"}}]},
     r"params\.solo_ladder: must be from 0 to 500; got 10000"),
])
def test_out_of_range_params_are_refused_with_the_path_and_range(params, message):
    """Issue: {"rules": {"rounds": 1000000}} made a game that never ends; now the new game is
    refused before it is built, naming the full path and the allowed range."""
    with pytest.raises(ValueError, match=message):
        G.new(2, 1, {"params": params})
    with pytest.raises(ValueError, match=message):
        content_for(params)


def test_in_range_params_still_change_the_game():
    """The range bounds are inclusive: 20 rounds is a legal (long) game."""
    s = G.new(2, 1, {"params": {"rules": {"rounds": 20, "beds": 24}}})
    assert s.content.rules["rounds"] == 20 and len(s.hospitals[0]["bed_colour"]) == 24
    assert s.view(0)["rounds"] == 20


def test_too_many_starting_patients_are_refused():
    """Starting patients are valued by choosing an ordering; seven would be 5040 choices."""
    data = base_data()
    data["rules"]["start_values"] = [3] * 7
    with pytest.raises(ContentError, match=r"rules\.start_values: at most 6 starting patients; got 7"):
        compile_content(data)


def test_caches_keyed_by_params_are_bounded():
    """Distinct params beyond the cache size drop the least recently used entries."""
    content_for.cache_clear()
    encoding._layout.cache_clear()
    for rounds in range(1, 21):
        for nurses in (2, 3):
            options = G.resolve_options({"params": {"rules": {"rounds": rounds, "nurses": nurses}}})
            encoding.num_distinct_actions(options)
    content_info, layout_info = content_for.cache_info(), encoding._layout.cache_info()
    assert content_info.maxsize == layout_info.maxsize == 32
    assert content_info.currsize == 32 and layout_info.currsize == 32


def test_an_event_that_would_empty_the_ambulances_is_refused():
    """Each number in range, together impossible: one patient per ambulance and a Motorway
    pile-up of -1 would send ambulances with nobody in them (the sort crashed on it).  The
    params are refused naming both numbers; the amount that still leaves one patient is fine."""
    params = {"rules": {"dice_per_ambulance": 1}, "events": {"motorway-pileup": {"amount": -1}}}
    with pytest.raises(ValueError, match=r"events\.motorway-pileup\.amount: with rules\.dice_per_ambulance 1, "
                                         r"an amount of -1 leaves an ambulance with no patient; it must be at least 0"):
        G.new(2, seed=0, options={"events": True, "params": params})
    params["events"]["motorway-pileup"]["amount"] = 0
    state = G.new(2, seed=0, options={"events": True, "params": params})
    rng = random.Random(0)
    while not state.is_over:  # a whole game plays with it
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_hospital_with_fewer_beds_than_an_ambulance_brings_is_refused():
    """Overflow sends patients already in beds to the morgue to make room (rule book, "Si no
    hay suficientes espacios ... debes retirar pacientes a la morgue"); with fewer beds than
    one ambulance can bring there is no room to make, and the seat had no legal move.  Such
    params are refused naming the numbers; exactly enough beds play a whole game."""
    params = {"rules": {"beds": 5, "dice_per_ambulance": 6, "panic_start_values": [3, 4]}}
    with pytest.raises(ValueError, match=r"rules\.beds: 5 beds cannot take the 8 patients one ambulance can bring "
                                         r"\(dice_per_ambulance 6, the largest ambulance event \+1, "
                                         r"National Epidemic \+1\); give at least 8 beds"):
        G.new(2, seed=1, options={"params": params})
    params["rules"]["beds"] = 8
    state = G.new(2, seed=1, options={"national_epidemic": True, "events": True, "params": params})
    rng = random.Random(1)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} has no move in phase {state.phase}"
        state.apply(seat, rng.choice(legal))
