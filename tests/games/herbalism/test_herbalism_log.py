"""Herbalism's log and terminal lines (issue 13, item 11): other players' cure markers read as
events, a private check adds only what the checker saw, and a score held at the 0 floor does not
read as a lost point."""

from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position

DAVE = 3
HANDS4 = [[1, 0, 1, 1], [0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 1, 2]]
CURE_RY = [1, 1, 0, 0]
PASS = {"type": "pass"}


def answer(card):
    return {"type": "answer", "card": card}


def follow(card):
    return {"type": "follow", "card": card}


def test_other_players_cure_markers_read_as_events_not_instructions():
    """Curación 2: "Coloque su marcador de curación, con la 'Respuesta' hacia arriba ... con el
    lado 'Seguido' hacia arriba ... Pase": the log says what another player did."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    events = play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("red-blue")))
    assert [s.describe_event(e, "en") for e in events] == [
        "Player 1 placed their cure marker, answer side up, on red-blue"]
    assert s.describe_event(events[0], "es") == (
        "El jugador 1 colocó su marcador de curación, con la respuesta hacia arriba, en rojo-azul")
    assert s.describe_event(events[0], "fr") == (
        "Le joueur 1 a placé son marqueur de guérison, face réponse, sur rouge-bleu")
    events = play(s, (CHRISTINA, follow("red-blue")))
    assert s.describe_event(events[0], "en") == "Player 2 placed their cure marker, follow side up, on red-blue"
    events = play(s, (DAVE, PASS))
    assert s.describe_event(events[0], "en") == "Player 3 passed and kept their cure marker"
    sheet = GAME.render_text(s.view(AMY), "en")
    assert "player 1 placed their cure marker, answer side up, on red-blue" in sheet
    assert "player 2 placed their cure marker, follow side up, on red-blue" in sheet
    assert "Place your" not in sheet


def test_a_private_check_adds_the_cure_and_does_not_repeat_the_public_line():
    """Curación 3: each player "mira en secreto las 2 cartas de ingredientes": everyone learns
    right or wrong; only the checker sees the cards, in a line of its own."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    events = play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("red-blue")),
                  (CHRISTINA, PASS), (DAVE, PASS), (AMY, PASS))
    checks = [e for e in events if e["type"] == "check"]
    public, private = checks
    assert "to" not in public and private["to"] == [BOB]
    assert s.describe_event(public, "en") == "Player 1 checked the cure against red-blue: wrong"
    assert s.describe_event(private, "en") == "You looked at the cure: 1 red, 1 yellow"
    assert s.describe_event(private, "es") == "Miraste la cura: 1 rojo, 1 amarillo"
    assert s.describe_event(private, "fr") == "Vous avez regardé le remède : 1 rouge, 1 jaune"


def test_a_private_transfer_line_adds_only_the_colours():
    """Indagar 2: the receiver "no indica el color de las cartas": the public line gives the
    count; the two players' own line adds only the colours they saw."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("inquiring")),
                  (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    public, private = [e for e in events if e["type"] == "inquiring"]
    assert s.describe_event(public, "en") == "Player 0 gives player 1 a card; they announce 0"
    assert s.describe_event(private, "en") == "You saw: gave blue, announced 0 red"


def test_a_score_held_at_the_floor_does_not_read_as_a_lost_point():
    """Puntos de victoria: a follow on a wrong card "recibirá -1 punto"; "(Si un jugador obtiene
    puntos negativos, se queda en 0)": Christina at 0 stays at 0, and the terminal says 0."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    s.scores = [0, 0, 0, 2]
    play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("green-blue")),
         (CHRISTINA, follow("green-blue")), (DAVE, follow("green-blue")), (AMY, PASS))
    play(s, (AMY, answer("yellow-blue")))  # the last holder cures at once; nobody is right
    last = s.view(AMY)["last_round"]
    assert last["deltas"] == [0, 0, -1, -1] and last["changes"] == [0, 0, 0, -1]
    assert s.scores == [0, 0, 0, 1]
    line = next(x for x in GAME.render_text(s.view(AMY), "en").splitlines() if x.startswith("Last round"))
    assert line == ("Last round: the cure was 1 red, 1 yellow (red-yellow); nobody found the cure; "
                    "scores moved: player 0 0, player 1 0, player 2 0, player 3 -1")
