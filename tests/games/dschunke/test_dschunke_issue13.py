"""Issue 13 items 7-9 (the opening option, the terminal board and typed spots), the balance lab's
hooks and the normal bot's use of every kind of decision."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import ludoteca
from ludoteca.bots.greedy import GreedyBot
from ludoteca.games.dschunke.board import AXIS_OF, footprint
from ludoteca.games.dschunke.grid import Frame, column_index, column_name

GAME = ludoteca.game("dschunke")
START = [-1, -1, 0, "E"]
E = "empty"
MARKUP = re.compile(r"\[/?[a-z ]*\]")


def table(tiles, placements, hand, *, turn=0, rules="dschunke", pile=None):
    """A position: ``tiles`` is the whole strip list, ``placements`` are [tile, x, y, dir]."""
    state = GAME.new(2, seed=0, options={"rules": rules, "params": {"tiles": tiles}})
    data = state.to_json()
    used = {p[0] for p in placements} | set(hand)
    phase = "over" if not hand else "place" if len(hand) == 1 else "pick"
    data["state"].update(placed=[START, *placements], drawn=hand, picked=None, turn=turn, bonus=[0, 0],
                         loser=None, phase=phase,
                         pile=pile if pile is not None else [t for t in range(len(tiles)) if t not in used])
    return GAME.from_json(data)


def plain(state, lang="en"):
    return MARKUP.sub("", GAME.render_text(state.view(0), lang))


# ---- item 7: the opening ------------------------------------------------------------------

@pytest.mark.parametrize(("opening", "red", "green", "first_draw"),
                         [("one-strip", 21, 21, 1), ("two-strips", 22, 20, 2)])
def test_the_opening_option_sets_who_places_how_many(opening, red, green, first_draw):
    """Rule text: "En su turno cada jugador robará dos baldosas de las pilas de robo" (two-strips);
    dossier: "red opens by placing 1 tile ... green places the last single tile. 21 tiles each" (default)."""
    state = GAME.new(2, seed=3, options={"opening": opening})
    assert len(state.drawn) == first_draw and state.to_move == (0,)
    placed = Counter()
    while not state.is_over:
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0]
        placed[seat] += action["type"] == "place"
        state.apply(seat, action)
    assert placed == {0: red, 1: green}
    assert GAME.options["opening"] == "one-strip"


# ---- item 9: the terminal board -------------------------------------------------------------

def test_the_board_names_each_crates_owner_outlines_strips_and_lists_groups():
    """Issue 13 item 9: "owner per crate (not colour alone), strip outlines, the scoring groups with their points"."""
    tiles = [["red rat", "red rice", "red rice"], [E, E, E]]
    state = table(tiles, [[0, -1, 1, "E"]], [1], pile=[])
    board = plain(state)
    frame = Frame.of(state.view(0))
    assert "1RRT" in board and "1Rri" in board and "1 ··" in board
    assert "┌" in board and "│" in board and "─" in board
    rice = f"{frame.name(0, 1)} {frame.name(1, 1)}"
    assert f"Red rice: {rice} = 3 pts" in board
    assert "R Red, G Green" in board
    assert "V Verde" in plain(state, "es") and f"Rojo arroz: {rice} = 3 ptos" in plain(state, "es")
    rat_hot = table(tiles, [[0, -1, 1, "E"]], [1], pile=[], rules="rat-hot")
    assert f"Red rice: {rice} = 1 pts" in plain(rat_hot)


def test_column_names_run_like_a_spreadsheet():
    assert [column_name(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]
    assert all(column_index(column_name(i)) == i for i in range(80))


# ---- item 9: typed spots -----------------------------------------------------------------------

def spot_state():
    """Red to place ["red rice", E, "red fish"]; the start strip and one strip upright below its left end."""
    tiles = [[E, E, E], ["red rice", E, "red fish"], [E, E, E]]
    return table(tiles, [[0, -1, 1, "S"]], [1], pile=[2])


def test_a_typed_spot_names_the_first_crate_and_the_way_the_strip_runs():
    state = spot_state()
    frame = Frame.of(state.view(0))
    s_crate = frame.name(2, 0)  # the cell right of the start strip
    assert GAME.parse_move(state, 0, f"{s_crate} E") == {"type": "place", "tile": 1, "x": 2, "y": 0, "dir": "E"}
    # west: the first crate is the right end, so the strip lies two cells further left
    assert GAME.parse_move(state, 0, f"{frame.name(-2, 1)} w") == {"type": "place", "tile": 1, "x": -4, "y": 1,
                                                                    "dir": "W"}
    assert GAME.parse_move(state, 0, f"{frame.name(-2, 1)} oeste", "es")["dir"] == "W"
    assert GAME.parse_move(state, 0, f"{frame.name(2, 0)} nord", "fr") == {
        "type": "place", "tile": 1, "x": 2, "y": -2, "dir": "N"}
    assert GAME.parse_move(state, 0, "rice") is None  # not the notation: the terminal matches labels


@pytest.mark.parametrize(("typed", "why"), [
    ("{far} E", "off the board"),
    ("{near}", "say which way"),
    ("{near} sideways", "'sideways' is not a direction"),
    ("{apart} E", "must touch a placed strip"),
    ("{air} E", "hang in the air"),
    ("{mixed} E", "different heights (2, 1, 1)"),
    ("{single} E", "exactly on one single strip"),
])
def test_a_mistyped_or_illegal_spot_says_why(typed, why):
    """Issue 13 item 9: "a mistyped or illegal spot explains why"; the placement rules: "Las baldosas siempre
    tienen que tocarse", "Ninguna baldosa puede tener ninguna parte en el aire", "nunca sobre una sola baldosa
    igualmente alineada"."""
    tiles = [[E, E, E], [E, E, E], ["red rice", E, E], [E, E, E]]
    state = table(tiles, [[0, -1, 1, "E"], [1, -1, -1, "E"]], [2], pile=[3])  # strips above and below the start
    frame = Frame.of(state.view(0))
    names = {"far": "ZZ99", "near": frame.name(2, 0), "apart": frame.name(2, 3), "air": frame.name(0, 1),
             "mixed": frame.name(-1, -1), "single": frame.name(-1, 1)}
    before = state.to_json()
    if typed.startswith("{mixed}"):  # a third strip upright over the three left ends: height 2 there
        state = table(tiles, [[0, -1, 1, "E"], [1, -1, -1, "E"], [3, -1, -1, "S"]], [2], pile=[])
        before = state.to_json()
    with pytest.raises(ValueError, match=re.escape(why)):
        GAME.parse_move(state, 0, typed.format(**names))
    assert state.to_json() == before


def test_a_typed_spot_waits_for_the_pick_and_the_players_turn():
    tiles = [[E, E, E], [E, E, E], [E, E, E]]
    state = table(tiles, [], [0, 1], pile=[2])
    with pytest.raises(ValueError, match="First choose which of the two drawn strips"):
        GAME.parse_move(state, 0, "C5 E")
    with pytest.raises(ValueError, match="not your turn"):
        GAME.parse_move(state, 1, "C5 E")


# ---- the balance lab's hooks ---------------------------------------------------------------------

@pytest.mark.parametrize("opening", ["one-strip", "two-strips"])
def test_progress_counts_rounds_of_one_turn_each(opening):
    state = GAME.new(2, seed=5, options={"opening": opening})
    assert GAME.progress(state) == (1, 11) and GAME.seat_order(state) == [0, 1]
    rounds = [1]
    while not state.is_over:
        seat = state.to_move[0]
        turn = state.turn
        state.apply(seat, state.legal_actions(seat)[-1])
        if state.turn != turn and state.turn == 0 and not state.is_over:
            rounds.append(GAME.progress(state)[0])
    assert rounds == list(range(1, 12)) and GAME.progress(state) == (11, 11)


def test_telemetry_and_content_keys():
    tiles = [["red rat", "red rice", "red rice"], [E, E, E]]
    state = table(tiles, [[0, -1, 1, "E"]], [1], pile=[])
    assert GAME.telemetry(state, 0) == {"score": 2.0, "rats": 1.0, "goods": 2.0, "groups": 1.0, "bonus": 0.0}
    assert GAME.telemetry(state, 1) == {"score": 0.0, "rats": 0.0, "goods": 0.0, "groups": 0.0, "bonus": 0.0}
    assert GAME.content_keys(state, {"type": "place", "tile": 1, "x": 2, "y": 0, "dir": "E"}) == ["tiles.1"]
    assert GAME.content_keys(state, {"type": "pick", "tile": 1}) == []


# ---- the normal bot ------------------------------------------------------------------------------

def test_rat_hot_normal_lays_its_rat_first_to_cover_it_with_the_second():
    """Rat Hot: "if you finish your turn and three rats of your color are still showing, you instantly lose";
    the strip laid last shows all its crates, so the order of the two strips matters."""
    tiles = [[E, E, E], [E, E, E], [E, "red rat", E], [E, E, E], [E, E, E]]
    state = table(tiles, [[0, -1, 1, "E"], [1, -1, 2, "E"]], [2, 3], rules="rat-hot", pile=[4])
    assert GreedyBot(seed=1).choose(state, 0) == {"type": "pick", "tile": 2}


def test_normal_uses_every_kind_of_decision():
    """Bots fit to be proxies: over a fixed seed normal picks, lays strips in all four directions, on the
    table and on top of others, and covers its own rats."""
    used = Counter()
    for seed, rules in ((11, "dschunke"), (12, "rat-hot")):
        state = GAME.new(2, seed=seed, options={"rules": rules})
        bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
        while not state.is_over:
            seat = state.to_move[0]
            action = bots[seat].choose(state, seat)
            used[action["type"]] += 1
            if action["type"] == "place":
                cells = footprint(action["x"], action["y"], AXIS_OF[action["dir"]])
                used[action["dir"]] += 1
                used["stacked" if state.board.height(cells[0]) else "table"] += 1
                colour = ("red", "green")[seat]
                used["covers own rat"] += any(state.board.top.get(c, (0, 0, ""))[2] == f"{colour} rat" for c in cells)
            state.apply(seat, action)
    for kind in ("pick", "place", "E", "W", "S", "N", "table", "stacked", "covers own rat"):
        assert used[kind] > 0, (kind, used)
