"""Content and designer parameters: numbers live in content.toml and are checked on load."""

import pytest
from herbalism_helpers import AMY, BOB, CHRISTINA, act, move, play, position

from ludoteca import game
from ludoteca.engine.content import ContentError
from ludoteca.games.herbalism.content import load

GAME = game("herbalism")


def test_content_matches_the_confirmed_components():
    """Dossier (confirmed): 14 ingredient cards 2 red, 3 yellow, 4 green, 5 blue; 7 medicine
    cards: the 6 two-colour pairs and one identical pair; 2 cure cards."""
    k = load()
    assert k.colours == ("red", "yellow", "green", "blue") and k.totals == (2, 3, 4, 5)
    assert k.cure_cards == 2 and k.hand_size == {2: 6, 3: 4, 4: 3}
    assert len(k.medicines) == 7 and k.pairs.count(None) == 1
    assert (k.answer_right, k.follow_right, k.follow_wrong) == (3, 1, -1)


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
        load({"medicines": [{"name": "x", "colours": ["red", "red"]}]})
