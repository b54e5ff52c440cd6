"""Content and designer parameters: numbers live in content.toml and are checked on load."""

import pytest
from herbalism_helpers import AMY, BOB, CHRISTINA, GAME, act, move, play, position

from ludoteca.engine.content import CACHE_SIZE, ContentError, declared_ranges, load_content
from ludoteca.engine.params import unranged
from ludoteca.games.herbalism import belief, encoding
from ludoteca.games.herbalism.content import content_for


def test_content_matches_the_confirmed_components():
    """Dossier (confirmed): 14 ingredient cards 2 red, 3 yellow, 4 green, 5 blue; 7 medicine
    cards: the 6 two-colour pairs and one identical pair; 2 cure cards."""
    content = content_for({})
    assert content.colours == ("red", "yellow", "green", "blue") and content.totals == (2, 3, 4, 5)
    assert content.cure_cards == 2 and content.hand_size == {2: 6, 3: 4, 4: 3}
    assert len(content.medicines) == 7 and content.pairs.count(None) == 1
    assert (content.answer_right, content.follow_right, content.follow_wrong) == (3, 1, -1)


def test_params_override_scoring():
    """options["params"] changes content numbers (the lab's knobs)."""
    s = position([[1, 0, 1, 2], [0, 1, 2, 1], [0, 1, 1, 2]], [1, 1, 0, 0],
                 options={"params": {"scoring": {"answer_right": 5}}})
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, {"type": "answer", "card": "red-yellow"}),
         (BOB, {"type": "pass"}), (CHRISTINA, {"type": "pass"}))
    assert s.scores == [5, 0, 0]


def test_bad_params_are_refused_naming_the_entry():
    with pytest.raises(ValueError, match="params.scoring.answer_rigth"):
        GAME.new(3, options={"params": {"scoring": {"answer_rigth": 5}}})
    with pytest.raises(ContentError, match="deal.hand_size"):
        GAME.new(3, options={"params": {"ingredients": {"red": 3}}})
    with pytest.raises(ContentError, match="medicines"):
        content_for({"medicines": [{"name": "x", "colours": ["red", "red"]}]})


def test_every_content_number_has_a_declared_range():
    """Every number of content.toml is bounded in its [ranges] table (the lab's knobs read it)."""
    ranges = declared_ranges("ludoteca.games.herbalism", "content.toml")
    data = load_content("ludoteca.games.herbalism", "content.toml", None)
    assert unranged(data, ranges) == []
    assert ranges["ingredients.*"] == [1, 5] and ranges["deal.cure_cards"] == [2, 2]


@pytest.mark.parametrize(("params", "message"), [
    ({"scoring": {"answer_right": 1_000_000}}, "params.scoring.answer_right: must be from 1 to 10; got 1000000"),
    ({"scoring": {"answer_right": 0}}, "params.scoring.answer_right: must be from 1 to 10; got 0"),
    ({"ingredients": {"blue": 11}}, "params.ingredients.blue: must be from 1 to 5; got 11"),
    ({"deal": {"hand_size": {"4": 300}}}, "params.deal.hand_size.4: must be from 3 to 6; got 300"),
    ({"deal": {"cure_cards": 3}}, "params.deal.cure_cards: must be from 2 to 2; got 3"),
    ({"predictions": {"markers_per_colour": 50}}, "params.predictions.markers_per_colour: must be from 0 to 4; got 50"),
    ({"scoring": {"floor": -100}}, "params.scoring.floor: must be from -10 to 0; got -100"),
])
def test_out_of_range_params_are_refused_naming_the_path_and_the_range(params, message):
    """A number the game cannot survive (a right answer worth nothing never ends the game, 26
    cards would make the determinizer's table of deals about a million entries) is refused
    when the game is created, naming the full path and the range; nothing is built."""
    with pytest.raises(ValueError) as caught:
        GAME.new(3, seed=0, options={"params": params})
    assert str(caught.value) == message


def test_a_number_at_the_edge_of_its_range_is_accepted():
    s = GAME.new(3, seed=0, options={"params": {"scoring": {"answer_right": 10, "floor": -10},
                                                "predictions": {"markers_per_colour": 4}}})
    assert s.content.answer_right == 10 and s.content.floor == -10 and s.prediction_pool == [4, 4, 4, 4]


def test_content_caches_are_bounded():
    """A sweep over many distinct params cannot grow memory without end: the content, the RL
    action table and the determinizer's deal table are least-recently-used caches of a fixed size."""
    content_for.cache_clear()
    for points in range(1, 11):
        for follow in range(0, 11):
            content_for({"scoring": {"answer_right": points, "follow_right": follow}})
    info = content_for.cache_info()
    assert info.maxsize == CACHE_SIZE and info.currsize == CACHE_SIZE < 110
    assert encoding._table.cache_info().maxsize == 16
    assert belief._all_deals.cache_info().maxsize == 8 and belief._vectors.cache_info().maxsize == 4096
