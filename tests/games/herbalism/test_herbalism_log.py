"""Herbalism's log and terminal lines (issue 13, item 11; issue 14): other players' cure markers
read as events naming the players, a private twin replaces its public line for its seats, and a
score held at the 0 floor does not read as a lost point."""

from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position

from ludoteca.engine.i18n import visible

DAVE = 3
NAMES = ["Amy", "Bob", "Christina", "Dave"]
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
        "Player 2 placed their cure marker, answer side up, on the red-blue card"]
    assert s.describe_event(events[0], "es", NAMES) == (
        "Bob colocó su marcador de curación, con la respuesta hacia arriba, en la carta rojo-azul")
    assert s.describe_event(events[0], "fr", NAMES) == (
        "Bob a placé son marqueur de guérison, face réponse, sur la carte rouge-bleu")
    events = play(s, (CHRISTINA, follow("red-blue")))
    assert s.describe_event(events[0], "en", NAMES) == (
        "Christina placed their cure marker, follow side up, on the red-blue card")
    events = play(s, (DAVE, PASS))
    assert s.describe_event(events[0], "en", NAMES) == "Dave passed and kept their cure marker"
    sheet = GAME.render_text(s.view(AMY), "en")
    assert "Player 2 placed their cure marker, answer side up, on red-blue" in sheet
    assert "Player 3 placed their cure marker, follow side up, on red-blue" in sheet
    assert "Place your" not in sheet


def test_a_private_check_replaces_the_public_line_for_the_checker():
    """Curación 3: each player "mira en secreto las 2 cartas de ingredientes": everyone learns
    right or wrong; the checker reads one line of its own that adds the cards (the public line
    is ``not_to`` it, so the check never shows twice)."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    events = play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("red-blue")),
                  (CHRISTINA, PASS), (DAVE, PASS), (AMY, PASS))
    checks = [e for e in events if e["type"] == "check"]
    public, private = checks
    assert "to" not in public and public["not_to"] == [BOB] and private["to"] == [BOB]
    assert [visible(public, seat) for seat in (None, AMY, BOB, CHRISTINA, DAVE)] == [True, True, False, True, True]
    assert s.describe_event(public, "en", NAMES) == "Bob checked the cure in secret against the red-blue card: wrong"
    assert s.describe_event(private, "en", NAMES) == (
        "Bob checked the cure in secret against the red-blue card: wrong; you saw 1 red card and 1 yellow card")
    assert s.describe_event(private, "es", NAMES) == (
        "Bob comprobó la cura en secreto con la carta rojo-azul: incorrecto; viste 1 carta roja y 1 carta amarilla")
    assert s.describe_event(private, "fr", NAMES) == (
        "Bob a vérifié le remède en secret avec la carte rouge-bleu : faux ; vous avez vu 1 carte rouge et "
        "1 carte jaune")


def test_a_private_transfer_line_replaces_the_public_one_for_its_two_players():
    """Indagar 2: the receiver "no indica el color de las cartas": the public line gives the
    count; the two players read their own line instead, with the colours they saw."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("inquiring")),
                  (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    public, private = [e for e in events if e["type"] == "inquiring"]
    assert public["not_to"] == [AMY, BOB] and private["to"] == [AMY, BOB]
    assert [visible(public, seat) for seat in (None, AMY, BOB, CHRISTINA, DAVE)] == [True, False, False, True, True]
    assert s.describe_event(public, "en", NAMES) == (
        "Amy gave Bob a card (Inquiring, with the red-blue card); Bob announced 0 cards of the other colour")
    assert s.describe_event(private, "en", NAMES) == (
        "Amy gave Bob a blue card (Inquiring, with the red-blue card); Bob announced 0 red cards")
    assert s.describe_event(private, "es", NAMES) == (
        "Amy dio una carta azul a Bob (Indagar, con la carta rojo-azul); Bob anunció 0 cartas rojas")
    assert s.describe_event(public, "fr", NAMES) == (
        "Amy a donné une carte à Bob (Enquête, avec la carte rouge-bleu) ; Bob a annoncé 0 carte de l'autre couleur")


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
    assert line == ("Last round: the cure was 1 red card and 1 yellow card (red-yellow); nobody found the cure; "
                    "scores moved: Player 1 0, Player 2 0, Player 3 0, Player 4 -1")
