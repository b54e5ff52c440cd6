"""Bad input: a clear IllegalAction (a ValueError) naming the problem, and nothing changed."""

import pytest
from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position

from ludoteca import IllegalAction, RecordError

HANDS = [[1, 0, 1, 2], [0, 1, 2, 1], [0, 1, 1, 2]]  # Amy holds no yellow
CURE = [1, 1, 0, 0]


def refused(state, seat, action, words):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words):
        state.apply(seat, action)
    assert state.to_json() == before


def test_giving_a_card_you_do_not_hold():
    """Indagar 1: "elige una carta de ingrediente en la mano que coincida con uno de los colores"."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("yellow-blue")), (AMY, act("inquiring")))
    refused(s, AMY, {"type": "give", "colour": "yellow", "target": BOB}, "you hold no yellow card to give")


def test_giving_a_colour_not_on_your_medicine_card():
    """Alimentación 1: the card given must match one of the 2 colours of your medicine card."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("feeding")))
    refused(s, AMY, {"type": "give", "colour": "green", "target": BOB},
            "green is not a colour of your medicine card red-blue")


def test_giving_to_yourself():
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("feeding")))
    refused(s, AMY, {"type": "give", "colour": "red", "target": AMY}, "not to yourself")


def test_staying_on_the_same_medicine_card():
    """Mueva al farmacéutico: "no pueden elegir permanecer en la tarjeta de medicamentos original"."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("brewing")), (AMY, {"type": "target", "target": BOB}))
    play(s, (BOB, move("red-blue")), (BOB, act("brewing")), (BOB, {"type": "target", "target": AMY}))
    play(s, (CHRISTINA, move("red-blue")), (CHRISTINA, act("brewing")), (CHRISTINA, {"type": "target", "target": AMY}))
    refused(s, AMY, move("red-blue"), "already on red-blue: you must move it to a different medicine card")


def test_answer_marker_on_a_card_that_already_has_one():
    """Curación 2: answer "en cualquier carta de medicina que no tenga un marcador de curación"."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, {"type": "answer", "card": "green-blue"}))
    refused(s, BOB, {"type": "answer", "card": "green-blue"}, "green-blue already has a cure marker")
    refused(s, BOB, {"type": "follow", "card": "red-green"}, "red-green has no cure marker to follow")


def test_acting_without_a_marker():
    """Curación: "Un jugador sin un marcador de cura no puede realizar más acciones"."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, {"type": "answer", "card": "green-blue"}),
         (BOB, {"type": "pass"}), (CHRISTINA, {"type": "pass"}))
    assert s.marker_card[AMY] != -1 and s.to_move == (BOB,)
    refused(s, AMY, move("red-green"), "used its cure marker this round")


def test_action_card_not_in_play_and_impossible_action():
    """Preparar 2: only the action cards of the chosen set are on the table; an action that
    cannot be carried out is not legal (dossier ruling)."""
    s = position(HANDS, CURE)  # normal: Feeding, Appealing, Curing
    play(s, (AMY, move("red-blue")))
    refused(s, AMY, act("inquiring"), "not in play")
    s = position(HANDS, CURE, options=ADVANCED, start=BOB)
    play(s, (BOB, move("red-yellow")))
    play(s, (BOB, act("feeding")))  # Bob holds yellow: fine
    s = position(HANDS, CURE, options=ADVANCED, start=AMY)
    s.hands[AMY] = [0, 0, 2, 2]
    play(s, (AMY, move("red-yellow")))
    refused(s, AMY, act("inquiring"), "needs a card of your medicine card's colours")


def test_malformed_actions_and_wrong_seat():
    s = position(HANDS, CURE, options=ADVANCED)
    refused(s, AMY, {"type": "fly"}, "not possible now")
    refused(s, AMY, {"type": "move", "card": "purple"}, "not possible now")
    refused(s, AMY, {"type": "move"}, "missing")
    refused(s, BOB, move("red-blue"), "not to move")
    play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}))
    refused(s, BOB, {"type": "hand_over", "colour": "yellow"}, "hand over a colour you hold")


def _with_int_replaced(action, by):
    """Copies of ``action`` with one whole-number value replaced by ``by(value)``."""
    for key, value in action.items():
        if type(value) is int:
            yield {**action, key: by(value)}


def test_a_float_or_bool_for_a_whole_number_is_refused_and_changes_nothing():
    """Canonical actions: ``1.0`` and ``True`` are not the seat ``1``; every legal action that
    holds a whole number (give and target) is refused with the number so replaced, naming the
    key and the type, and the state is unchanged."""
    checked = 0
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")))  # give: colour and target
    positions = [s.clone()]
    play(s, (AMY, {"type": "give", "colour": "blue", "target": BOB}),
         (BOB, move("red-green")), (BOB, act("appealing")))   # target
    positions.append(s.clone())
    for state in positions:
        seat = state.to_move[0]
        for action in state.legal_actions(seat):
            for bad in [*_with_int_replaced(action, float), *_with_int_replaced(action, lambda v: v == 1)]:
                before = state.to_json()
                with pytest.raises(IllegalAction, match=r"key 'target' must be int, got (float|bool)"):
                    state.apply(seat, bad)
                assert state.to_json() == before
                checked += 1
    assert checked == 2 * (2 * 2 + 2)  # give: 2 colours x 2 targets; target: 2 targets; float and bool each


def test_saved_hands_name_each_card_and_a_damaged_one_is_refused():
    """A saved state lists each hand and the cure card by card (what the leak check deals
    anew); loading it gives the same position, and a name that is no colour is refused."""
    s = position(HANDS, CURE, options=ADVANCED)
    data = s.to_json()
    assert data["state"]["hands"] == [["red", "green", "blue", "blue"], ["yellow", "green", "green", "blue"],
                                      ["yellow", "green", "blue", "blue"]]
    assert data["state"]["cure"] == ["red", "yellow"]
    loaded = GAME.from_json(data)
    assert loaded.hands == HANDS and loaded.cure == CURE and loaded == s
    data["state"]["hands"][1][0] = "purple"
    with pytest.raises(RecordError, match="'purple' is not an ingredient colour"):
        GAME.from_json(data)
