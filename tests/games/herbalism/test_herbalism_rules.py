"""Herbalism rules, one test per rule (rule text: herbalism.es.txt; dossier: herbalism.md)."""

import pytest
from herbalism_helpers import (
    ADVANCED,
    AMY,
    BOB,
    CHRISTINA,
    GAME,
    act,
    check_history,
    move,
    play,
    position,
)

DAVE = 3
# A 4-player deal: the cure is red + yellow.
HANDS4 = [[1, 0, 1, 1], [0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 1, 2]]
CURE_RY = [1, 1, 0, 0]


def give(colour, target):
    return {"type": "give", "colour": colour, "target": target}


def answer(card):
    return {"type": "answer", "card": card}


def follow(card):
    return {"type": "follow", "card": card}


PASS = {"type": "pass"}


# ---- set-up --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 4), (4, 3)])
def test_setup_deals_cure_of_two_and_the_rest_evenly(players, size):
    """Preparar 4: "coloque al azar 2 de ellas boca abajo debajo de la tarjeta de acción curar.
    Distribuya las 12 cartas restantes de manera uniforme" (14 cards: 2 red, 3 yellow, 4 green,
    5 blue, confirmed); 2 players (experimental): 6 each."""
    for seed in range(5):
        s = GAME.new(players, seed=seed)
        assert sum(s.cure) == 2 and all(sum(h) == size for h in s.hands)
        assert [sum(h[c] for h in s.hands) + s.cure[c] for c in range(4)] == [2, 3, 4, 5]
        assert s.view(0)["knowledge"][0] == {"k": "deal", "sizes": [size] * players, "hand": s.hands[0]}


def test_two_players_is_experimental():
    """Dossier: "2 players (experimental, used whenever 2 play; marked as such)"."""
    assert GAME.min_players == 2 and GAME.max_players == 4 and GAME.experimental_players == (2,)


def test_round_one_start_player_is_random_and_every_player_starts_with_everything():
    """Dossier: "Round 1: random". Each player has a pharmacist (off the cards) and a cure marker."""
    starts = {GAME.new(4, seed=seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    s = GAME.new(3, seed=1)
    assert s.to_move == (s.start_player,) and s.phase == "move"
    assert s.pharmacist == [-1, -1, -1] and s.marker_card == [-1, -1, -1]


# ---- a turn --------------------------------------------------------------------------------------
def test_turn_moves_pharmacist_to_a_different_card_then_any_action_card():
    """Mueva al farmacéutico: "no pueden elegir permanecer en la tarjeta de medicamentos
    original"; Elija una acción: "mueve el marcador de acción a cualquier carta de acción"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    assert len(s.legal_actions(AMY)) == 7  # not on a card yet: any of the 7
    play(s, (AMY, move("red-blue")))
    assert s.legal_actions(AMY) == [act(a) for a in ("inquiring", "feeding", "brewing", "appealing", "curing")]
    play(s, (AMY, act("brewing")), (AMY, {"type": "target", "target": BOB}))
    # Bob, Christina, Dave, then Amy again: Amy may not stay on red-blue.
    for seat in (BOB, CHRISTINA, DAVE):
        play(s, (seat, move("yellow-green")), (seat, act("brewing")),
             (seat, {"type": "target", "target": AMY}))
    assert s.to_move == (AMY,)
    assert move("red-blue") not in s.legal_actions(AMY) and len(s.legal_actions(AMY)) == 6
    # the same action card as the player before is allowed
    play(s, (AMY, move("green-blue")))
    assert act("brewing") in s.legal_actions(AMY)


def test_only_action_cards_in_play_can_be_chosen():
    """Preparar 2: "coloque las cartas de acción correspondientes sobre la mesa y vuelva a
    colocar el resto en la caja" (basic: Inquiring and Curing)."""
    s = position(HANDS4, CURE_RY, options={"actions": "basic"})
    play(s, (AMY, move("red-blue")))
    assert s.legal_actions(AMY) == [act("inquiring"), act("curing")]


def test_inquiring_and_feeding_need_a_card_of_the_medicine_colours():
    """Dossier ruling: "An action that cannot be carried out at all (e.g. Inquiring/Feeding with
    no card of either colour in hand) is not legal for that turn"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-yellow")), )  # Amy holds red: fine
    assert act("inquiring") in s.legal_actions(AMY)
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=DAVE)
    play(s, (DAVE, move("red-yellow")))  # Dave holds no red, no yellow
    assert [a["card"] for a in s.legal_actions(DAVE)] == ["brewing", "appealing", "curing"]


def test_inquiring_gives_a_card_of_one_colour_and_target_announces_the_other():
    """Indagar 1-2: give a card matching one colour; the receiver "debe anunciar pública y
    honestamente cuántas cartas tiene en la mano que coinciden con el otro color"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("green-blue")), (AMY, act("inquiring")))
    assert s.legal_actions(AMY) == [give(c, t) for c in ("green", "blue") for t in (1, 2, 3)]
    play(s, (AMY, give("green", DAVE)))
    assert s.log[-1]["counted"] == "blue" and s.log[-1]["count"] == 2
    assert s.hands[DAVE] == [0, 0, 2, 2]


def test_inquiring_identical_pair_announces_the_received_colour_including_it():
    """Indagar, nota: "en la tarjeta de pareja idéntica, el jugador receptor debe anunciar
    cuántas cartas de los colores de recepción tiene en la mano (incluida la que acaba de recibir)"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("identical-pair")), (AMY, act("inquiring")))
    assert {a["colour"] for a in s.legal_actions(AMY)} == {"red", "green", "blue"}  # any held colour
    play(s, (AMY, give("blue", DAVE)))
    assert s.log[-1]["counted"] == "blue" and s.log[-1]["count"] == 3


def test_feeding_identical_pair_hands_back_all_of_the_received_colour():
    """Alimentación, nota: "el jugador receptor debe devolver al jugador activo todas las cartas
    en su mano que coincidan con el color de recepción (incluida la que acaba de recibir)"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("identical-pair")), (AMY, act("feeding")), (AMY, give("blue", DAVE)))
    assert s.hands[AMY] == [1, 0, 1, 3] and s.hands[DAVE] == [0, 0, 1, 0]
    assert s.log[-1]["count"] == 3
    check_history(s)


def test_feeding_with_none_of_the_other_colour_returns_nothing():
    """Alimentación 2: "entregar al jugador activo todas las cartas ... que coincidan con el otro
    color" ("si las hay")."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("feeding")), (AMY, give("blue", DAVE)))
    assert s.log[-1]["count"] == 0 and s.hands[AMY] == [1, 0, 1, 0] and s.hands[DAVE] == [0, 0, 1, 3]


def test_brewing_gives_one_card_of_each_colour_or_nothing():
    """Fabricación de cerveza 2: "darle al jugador activo 2 cartas que coincidan con cada uno de
    los colores"; only one of the colours: 1 card; neither: nothing."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("green-blue")), (AMY, act("brewing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.log[-1]["cards"] == [0, 0, 1, 1] and s.hands[DAVE] == [0, 0, 0, 1]
    play(s, (BOB, move("red-yellow")), (BOB, act("brewing")), (BOB, {"type": "target", "target": DAVE}))
    assert s.log[-1]["cards"] == [0, 0, 0, 0] and s.log[-1]["count"] == 0


def test_brewing_identical_pair_target_chooses_two_of_one_colour():
    """Fabricación, nota: "el jugador receptor puede elegir 2 cartas que compartan el mismo color
    ... Si no tiene 2 cartas del mismo color, el jugador receptor no le da ninguna carta"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("identical-pair")), (AMY, act("brewing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.to_move == (DAVE,)
    assert s.legal_actions(DAVE) == [{"type": "hand_over", "colour": "blue"}]
    play(s, (DAVE, {"type": "hand_over", "colour": "blue"}))
    assert s.hands[AMY] == [1, 0, 1, 3] and s.hands[DAVE] == [0, 0, 1, 0]
    play(s, (BOB, move("identical-pair")), (BOB, act("brewing")), (BOB, {"type": "target", "target": CHRISTINA}))
    assert s.legal_actions(CHRISTINA) == [{"type": "hand_over", "colour": None}]  # no pair: nothing
    play(s, (CHRISTINA, {"type": "hand_over", "colour": None}))
    assert s.log[-1]["count"] == 0 and s.hands[CHRISTINA] == [0, 1, 1, 1]


def test_option_identical_pair_brewing_may_be_declined():
    """Option brewing_pair_optional (rule text: "puede elegir 2 cartas"; default: must give)."""
    s = position(HANDS4, CURE_RY, options={"actions": "advanced", "brewing_pair_optional": True})
    play(s, (AMY, move("identical-pair")), (AMY, act("brewing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.legal_actions(DAVE) == [{"type": "hand_over", "colour": "blue"}, {"type": "hand_over", "colour": None}]
    play(s, (DAVE, {"type": "hand_over", "colour": None}))
    assert s.hands[DAVE] == [0, 0, 1, 2] and s.log[-1]["count"] == 0


def test_appealing_target_must_hand_over_a_colour_it_holds():
    """Atractivo 2: "debe darle ... todas las cartas que coincidan con 1 de los 2 colores ...
    a menos que no tenga cartas que coincidan con los 2 colores" (dossier: the target chooses,
    and must choose a colour it holds)."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.legal_actions(DAVE) == [{"type": "hand_over", "colour": "blue"}]
    play(s, (DAVE, {"type": "hand_over", "colour": "blue"}))
    assert s.hands[AMY] == [1, 0, 1, 3] and s.log[-1]["count"] == 2
    play(s, (BOB, move("red-yellow")), (BOB, act("appealing")), (BOB, {"type": "target", "target": DAVE}))
    assert s.legal_actions(DAVE) == [{"type": "hand_over", "colour": None}]


def test_appealing_identical_pair_any_one_colour():
    """Atractivo, nota: "el jugador receptor puede elegir todas las tarjetas de 1 color"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("identical-pair")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}))
    assert [a["colour"] for a in s.legal_actions(BOB)] == ["yellow", "green", "blue"]


# ---- curing --------------------------------------------------------------------------------------
def test_curing_answer_follow_or_pass_clockwise():
    """Curación 1-2: the active player answers on any card; then clockwise each player answers on
    a card without a marker, follows on a card with one, or passes."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    play(s, (BOB, move("red-blue")), (BOB, act("curing")))
    assert len(s.legal_actions(BOB)) == 7
    play(s, (BOB, answer("green-blue")))
    assert s.to_move == (CHRISTINA,)
    legal = s.legal_actions(CHRISTINA)
    assert answer("green-blue") not in legal and follow("green-blue") in legal and PASS in legal
    assert len(legal) == 6 + 1 + 1
    play(s, (CHRISTINA, follow("green-blue")))
    assert s.to_move == (DAVE,)
    play(s, (DAVE, PASS))
    assert s.to_move == (AMY,)
    play(s, (AMY, answer("yellow-blue")))
    # all wrong: Bob, Christina and Amy are out of markers; Dave is the last holder.
    assert [e["seat"] for e in s.log if e["k"] == "check"] == [BOB, CHRISTINA, AMY]
    assert s.marker_card[DAVE] == -1 and s.to_move == (DAVE,) and s.phase == "answer"


def test_first_right_check_ends_the_round_later_markers_are_not_checked():
    """Curación 3: "Si coinciden, ese jugador ha encontrado la cura y la ronda terminará"
    (dossier: the first correct answer ends the round)."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("red-yellow")),
                  (BOB, follow("red-yellow")), (CHRISTINA, answer("green-blue")), (DAVE, PASS))
    checked = [e["seat"] for e in events if e["type"] == "check" and "to" not in e]
    assert checked == [AMY]
    over = [e for e in events if e["type"] == "round_over"][0]
    assert over["deltas"] == [3, 1, 0, 0] and over["winner"] == AMY and s.scores == [3, 1, 0, 0]


def test_identical_pair_cure_matches_any_two_of_one_colour():
    """Curación, nota: "Si el marcador ... está en la tarjeta de medicina de pareja idéntica,
    entonces se considera una coincidencia siempre que las dos tarjetas ... compartan el mismo color"."""
    s = position([[1, 0, 1, 1], [1, 1, 0, 1], [0, 0, 2, 1], [0, 0, 1, 2]], [0, 2, 0, 0])
    events = play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("identical-pair")),
                  (BOB, PASS), (CHRISTINA, PASS), (DAVE, PASS))
    assert [e["correct"] for e in events if e["type"] == "check" and "to" not in e] == [True]
    assert s.scores == [3, 0, 0, 0]


def test_wrong_marker_player_is_skipped_but_can_still_be_chosen():
    """Curación: "Un jugador sin un marcador de cura ... puede ser elegido como parte de la
    acción; sin embargo, se saltan sus turnos"."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("green-blue")),
         (BOB, PASS), (CHRISTINA, PASS), (DAVE, PASS))
    assert s.marker_card[AMY] == 5 and s.to_move == (BOB,)
    play(s, (BOB, move("red-blue")), (BOB, act("appealing")))
    assert {"type": "target", "target": AMY} in s.legal_actions(BOB)
    play(s, (BOB, {"type": "target", "target": AMY}), (AMY, {"type": "hand_over", "colour": "red"}))
    for seat in (CHRISTINA, DAVE):
        play(s, (seat, move("red-green")), (seat, act("appealing")), (seat, {"type": "target", "target": BOB}))
        play(s, (BOB, s.legal_actions(BOB)[0]))
    assert s.to_move == (BOB,)  # Amy's turn is skipped


def test_last_marker_holder_must_cure_at_once_and_round_ends_without_winner():
    """Curación, excepción: "si solo hay 1 jugador con un marcador de curación en el juego, debe
    realizar inmediatamente la acción de curación"; Fin: "o todos los jugadores han usado sus
    marcadores de curación, ¡la ronda termina!" (no winner yet this game: the next start is the next player)."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=BOB)
    play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("green-blue")),
         (CHRISTINA, follow("green-blue")), (DAVE, answer("red-green")), (AMY, PASS))
    assert s.phase == "answer" and s.to_move == (AMY,) and s.pending == {"action": "curing", "forced": True}
    assert len(s.legal_actions(AMY)) == 7
    events = play(s, (AMY, answer("yellow-blue")))
    over = [e for e in events if e["type"] == "round_over"][0]
    assert over["winner"] is None and over["deltas"] == [0, 0, -1, 0]
    assert s.scores == [0, 0, 0, 0]  # Christina's -1 floored at 0
    assert s.round == 2 and s.start_player == CHRISTINA


def test_after_a_round_nobody_won_the_start_player_is_left_of_the_most_recent_winner():
    """Preparar 5: "El jugador sentado a la izquierda del jugador que ha ganado la ronda más
    recientemente es el jugador inicial": Amy wins round 1 (Bob starts round 2); nobody wins
    round 2; round 3 is started by Bob again, not by Christina (the previous start's neighbour)."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=AMY)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("red-yellow")),
         (BOB, PASS), (CHRISTINA, PASS), (DAVE, PASS))
    assert s.round == 2 and s.start_player == BOB and s.recent_winner == AMY
    right = s.content.medicines[s.content.right_medicine(s.cure)]
    wrong = [m for m in s.content.medicines if m != right]  # round 2: four wrong answers
    play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer(wrong[0])),
         (CHRISTINA, answer(wrong[1])), (DAVE, answer(wrong[2])), (AMY, answer(wrong[3])))
    assert s.round == 3 and s.last_round["winner"] is None
    assert s.start_player == BOB and s.active == BOB and s.recent_winner == AMY


def test_before_anyone_has_won_a_round_nobody_won_passes_the_start_to_the_left():
    """Ruling (the text names only the most recent winner): before any round has been won, a
    round nobody won is followed by the player to the left of its start player."""
    s = position(HANDS4, CURE_RY, options=ADVANCED, start=CHRISTINA)
    play(s, (CHRISTINA, move("red-blue")), (CHRISTINA, act("curing")), (CHRISTINA, answer("red-blue")),
         (DAVE, answer("red-green")), (AMY, answer("yellow-blue")), (BOB, answer("green-blue")))
    assert s.round == 2 and s.last_round["winner"] is None and s.recent_winner is None
    assert s.start_player == DAVE


def test_round_scoring_follow_wrong_loses_a_point_with_floor_zero():
    """Puntos de victoria: answer on the right card 3, follow on the right card 1, follow "en la
    tarjeta de medicina incorrecta recibirá -1 punto"; dossier: scores never go below 0."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    s.scores = [0, 2, 0, 0]
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("green-blue")),
         (BOB, follow("green-blue")), (CHRISTINA, follow("green-blue")), (DAVE, PASS))
    assert s.phase == "answer" and s.to_move == (DAVE,)  # the last holder cures at once
    events = play(s, (DAVE, answer("red-yellow")))
    over = [e for e in events if e["type"] == "round_over"][0]
    assert over["deltas"] == [0, -1, -1, 3]
    assert s.scores == [0, 1, 0, 3]


def test_next_round_reshuffles_and_resets():
    """Dossier: "reshuffle all 14, new cure, re-deal; start player is the player to the left of
    the last round's winner"; pharmacists and markers go back to their players."""
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("red-yellow")),
         (BOB, PASS), (CHRISTINA, PASS), (DAVE, PASS))
    assert s.round == 2 and s.start_player == BOB and s.active == BOB and s.phase == "move"
    assert s.marker_card == [-1] * 4 and s.pharmacist == [-1] * 4 and len(s.log) == 1
    assert sum(s.cure) == 2 and all(sum(h) == 3 for h in s.hands)
    assert s.view(AMY)["last_round"]["cure"] == [1, 1, 0, 0]


# ---- end of the game -----------------------------------------------------------------------------
def _win_round(s, seat, card="red-yellow"):
    """``seat`` (to move) cures right on ``card``; everyone else passes."""
    play(s, (seat, move("red-blue" if s.pharmacist[seat] != 2 else "red-green")),
         (seat, act("curing")), (seat, answer(card)))
    while not s.is_over and s.phase == "respond_cure":
        play(s, (s.to_move[0], PASS))


@pytest.mark.parametrize("target", [6, 7])
def test_game_ends_at_round_end_when_someone_reaches_the_target(target):
    """Puntos de victoria: "Cuando un jugador acumula al menos 6 puntos, el juego termina"
    (option target: 6 or 7)."""
    s = position(HANDS4, CURE_RY, options={"target": target})
    s.scores = [target - 3, 0, 0, 0]
    _win_round(s, AMY)
    assert s.is_over and s.winners == [AMY] and s.scores == [target, 0, 0, 0] and s.to_move == ()
    s = position(HANDS4, CURE_RY, options={"target": target})
    s.scores = [target - 4, 0, 0, 0]
    _win_round(s, AMY)
    assert not s.is_over


def test_tie_is_shared_or_played_on():
    """Puntos de victoria: "Si varios jugadores están empatados ... pueden optar por jugar más
    rondas ... o simplemente compartir la victoria" (option tie: share / play_on)."""
    s = position(HANDS4, CURE_RY)
    s.scores = [3, 6, 0, 0]
    _win_round(s, AMY)
    assert s.is_over and s.winners == [AMY, BOB]
    s = position(HANDS4, CURE_RY, options={"tie": "play_on"})
    s.scores = [3, 6, 0, 0]
    _win_round(s, AMY)
    assert not s.is_over and s.round == 2


# ---- advanced rules: predictions -----------------------------------------------------------------
def test_predictions_after_non_curing_actions_scored_at_round_end():
    """Reglas avanzadas: after an action other than curing, a player may take a prediction
    marker of a colour (if still available), each colour at most once; at the end +1 for each
    colour among the cure cards, -1 otherwise (floored at 0)."""
    opts = {"actions": "advanced", "predictions": True}
    s = position(HANDS4, CURE_RY, options=opts)
    play(s, (AMY, move("red-blue")), (AMY, act("brewing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.phase == "predict" and s.to_move == (AMY,)
    assert s.legal_actions(AMY) == [{"type": "predict", "colour": c} for c in ("red", "yellow", "green", "blue")] + [
        {"type": "skip_prediction"}]
    play(s, (AMY, {"type": "predict", "colour": "red"}))
    assert s.prediction_pool == [1, 2, 2, 2] and s.predictions[AMY] == ["red"] and s.to_move == (BOB,)
    play(s, (BOB, move("red-blue")), (BOB, act("brewing")), (BOB, {"type": "target", "target": DAVE}),
         (BOB, {"type": "predict", "colour": "red"}))
    assert s.prediction_pool[0] == 0
    play(s, (CHRISTINA, move("red-blue")), (CHRISTINA, act("brewing")),
         (CHRISTINA, {"type": "target", "target": AMY}))
    assert {"type": "predict", "colour": "red"} not in s.legal_actions(CHRISTINA)  # pool empty
    play(s, (CHRISTINA, {"type": "predict", "colour": "blue"}))
    play(s, (DAVE, move("red-blue")), (DAVE, act("curing")))
    events = play(s, (DAVE, answer("red-yellow")), (AMY, PASS), (BOB, PASS), (CHRISTINA, PASS))
    over = [e for e in events if e["type"] == "round_over"][0]
    assert over["deltas"] == [1, 1, -1, 3] and s.scores == [1, 1, 0, 3]
    assert s.prediction_pool == [2, 2, 2, 2] and s.predictions == [[], [], [], []]


def test_no_prediction_after_curing_and_none_without_the_option():
    """Reglas avanzadas: "Después de que un jugador realiza una acción diferente a la acción de
    curar" (and only with the advanced prediction option)."""
    s = position(HANDS4, CURE_RY, options={"actions": "advanced", "predictions": True})
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, answer("green-blue")),
         (BOB, PASS), (CHRISTINA, PASS), (DAVE, PASS))
    assert s.phase == "move" and s.to_move == (BOB,)
    s = position(HANDS4, CURE_RY, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("brewing")), (AMY, {"type": "target", "target": DAVE}))
    assert s.phase == "move" and s.to_move == (BOB,)


# ---- action-set presets --------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "cards"), [
    ("first-game", ["appealing", "curing"]), ("basic", ["inquiring", "curing"]),
    ("normal", ["feeding", "appealing", "curing"]),
    ("advanced", ["inquiring", "feeding", "brewing", "appealing", "curing"])])
def test_action_set_presets(preset, cards):
    """Preparar 2: Básico: Indagar y curar; Normal: Alimentando, apeteciendo y curando; Avanzado:
    algunas o todas; primer juego: atractivo y curativo."""
    assert GAME.new(3, seed=0, options={"actions": preset}).view(0)["action_cards"] == cards


def test_advanced_subset_must_include_curing():
    """Preparar 2: Avanzado: "Algunas o todas las cartas de acción ('curar' es obligatorio)"."""
    s = GAME.new(3, seed=0, options={"actions": "advanced", "advanced_actions": ["brewing", "curing"]})
    assert s.view(0)["action_cards"] == ["brewing", "curing"]
    with pytest.raises(ValueError, match="curing"):
        GAME.new(3, options={"actions": "advanced", "advanced_actions": ["brewing"]})
    with pytest.raises(ValueError, match="advanced_actions"):
        GAME.new(3, options={"actions": "advanced", "advanced_actions": ["dancing", "curing"]})
    with pytest.raises(ValueError, match="target"):
        GAME.new(3, options={"target": 8})
