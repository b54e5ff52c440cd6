"""The rule text's worked examples with Amy (seat 0), Bob (seat 1) and Christina (seat 2)."""

from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, act, check_history, move, play, position

# Amy holds no red; Bob holds 2 red and 1 blue; the cure is green + blue.
HANDS = [[0, 1, 1, 2], [2, 0, 1, 1], [0, 2, 1, 1]]
CURE = [0, 0, 1, 1]


def test_inquiring_example_bob_announces_red():
    """Indagar, ejemplo: "Amy tiene un marcador de medicina en la tarjeta Roja-Azul. En secreto
    le da a Bob una tarjeta azul. Bob debe indicar ahora solo el número de tarjetas rojas que
    tiene en la mano." """
    s = position(HANDS, CURE, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("inquiring")),
                  (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    assert s.hands[AMY] == [0, 1, 1, 1] and s.hands[BOB] == [2, 0, 1, 2]
    entry = s.log[-1]
    assert entry == {"k": "inquiring", "by": AMY, "target": BOB, "medicine": "red-blue",
                     "colour": "blue", "counted": "red", "count": 2}
    public = [e for e in events if e["type"] == "inquiring" and "to" not in e][0]
    assert public == {"type": "inquiring", "by": AMY, "target": BOB, "medicine": "red-blue", "count": 2,
                      "not_to": [AMY, BOB]}  # their own full copy replaces it in their log
    assert s.view(CHRISTINA)["knowledge"][-1] == {"k": "inquiring", "by": AMY, "target": BOB,
                                                  "medicine": "red-blue", "count": 2}
    assert s.view(BOB)["knowledge"][-1] == entry
    check_history(s)


def test_feeding_example_bob_hands_all_red_to_amy():
    """Alimentación, ejemplo: "Amy ... Roja-Azul. En secreto le da a Bob una tarjeta azul. Bob
    ahora debe darle a Amy todas las tarjetas rojas que tiene en su mano (si las hay)." """
    s = position(HANDS, CURE)  # normal set: Feeding, Appealing, Curing
    play(s, (AMY, move("red-blue")), (AMY, act("feeding")),
         (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    assert s.hands[AMY] == [2, 1, 1, 1] and s.hands[BOB] == [0, 0, 1, 2]
    assert s.log[-1]["returned"] == "red" and s.log[-1]["count"] == 2
    assert s.view(CHRISTINA)["knowledge"][-1]["count"] == 2
    assert "returned" not in s.view(CHRISTINA)["knowledge"][-1]
    check_history(s)


def test_brewing_example_bob_without_red_gives_one_blue():
    """Fabricación de cerveza, ejemplo: "Amy ... Roja-Azul y elige a Bob, Bob tiene que darle a
    Amy una tarjeta roja y azul. Bob no tiene ninguna tarjeta roja, por lo que solo le da 1
    tarjeta azul a Amy." """
    s = position([[2, 0, 1, 1], [0, 1, 1, 2], [0, 2, 1, 1]], CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("brewing")), (AMY, {"type": "target", "target": BOB}))
    assert s.hands[AMY] == [2, 0, 1, 2] and s.hands[BOB] == [0, 1, 1, 1]
    assert s.log[-1]["cards"] == [0, 0, 0, 1] and s.log[-1]["count"] == 1
    assert s.to_move == (BOB,) and s.phase == "move"  # no choice for Bob: the turn passed
    check_history(s)


def test_appealing_example_bob_chooses_red_or_blue():
    """Atractivo, ejemplo: "Amy ... Roja-Azul y elige a Bob, Bob tiene que darle a Amy todas las
    tarjetas rojas o todas las tarjetas azules." (Bob chooses: dossier ruling.)"""
    for colour, amy, bob in (("red", [2, 1, 1, 2], [0, 0, 1, 1]), ("blue", [0, 1, 1, 3], [2, 0, 1, 0])):
        s = position(HANDS, CURE)
        play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}))
        assert s.to_move == (BOB,)
        assert s.legal_actions(BOB) == [{"type": "hand_over", "colour": "red"},
                                        {"type": "hand_over", "colour": "blue"}]
        play(s, (BOB, {"type": "hand_over", "colour": colour}))
        assert s.hands[AMY] == amy and s.hands[BOB] == bob
        check_history(s)


def test_curing_example_christina_is_right():
    """Curación, ejemplo: "Amy ... pone su marcador de curación en la tarjeta Roja-Azul. Bob y
    Christina deciden ... Ambos lo hacen, y Amy, Bob y Christina mirarán en secreto la
    respuesta en ese orden. La respuesta resulta ser roja y amarilla, y solo Christina lo hace
    bien. La ronda termina y Christina gana la ronda." """
    s = position([[1, 0, 1, 2], [0, 1, 2, 1], [0, 1, 1, 2]], [1, 1, 0, 0])
    events = play(s, (AMY, move("red-blue")), (AMY, act("curing")),
                  (AMY, {"type": "answer", "card": "red-blue"}),
                  (BOB, {"type": "answer", "card": "yellow-green"}),
                  (CHRISTINA, {"type": "answer", "card": "red-yellow"}))
    checks = [e for e in events if e["type"] == "check" and "to" in e]
    assert [(e["seat"], e["to"], e["correct"], e["cure"]) for e in checks] == [
        (AMY, [AMY], False, [1, 1, 0, 0]), (BOB, [BOB], False, [1, 1, 0, 0]),
        (CHRISTINA, [CHRISTINA], True, [1, 1, 0, 0])]
    public = [e for e in events if e["type"] == "check" and "to" not in e]
    assert all("cure" not in e for e in public)
    over = [e for e in events if e["type"] == "round_over"][0]
    assert over["winner"] == CHRISTINA and over["deltas"] == [0, 0, 3]
    assert s.scores == [0, 0, 3] and s.round == 2
    assert s.start_player == AMY  # the player to the left of the round's winner starts
