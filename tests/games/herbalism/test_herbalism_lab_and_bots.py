"""Herbalism's balance-lab hooks, its ``? topic`` explanations, and the normal bot using every
kind of decision and action card (issue 17)."""

from collections import Counter

from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position

from ludoteca.bots import make_spec
from ludoteca.games.herbalism import heuristic

PASS = {"type": "pass"}
# 3 players, the cure yellow + blue (2/3/4/5 cards in all)
HANDS3 = [[0, 1, 1, 2], [2, 0, 1, 1], [0, 1, 2, 1]]
CURE_YB = [0, 1, 0, 1]


# ---- lab hooks ---------------------------------------------------------------------------------
def test_progress_counts_rounds_and_the_fewest_rounds_left():
    """Puntos de victoria: "Cuando un jugador acumula al menos 6 puntos, el juego termina": with
    3 points for a right answer the game lasts at least two rounds, one more from 3 points."""
    s = position(HANDS3, CURE_YB)
    assert GAME.progress(s) == (1, 2)
    s.scores = [3, 0, 0]
    assert GAME.progress(s) == (1, 1)
    s.round, s.scores = 4, [1, 0, 0]
    assert GAME.progress(s) == (4, 5)
    predicting = position(HANDS3, CURE_YB, options={"predictions": True})  # 3 + 2 predictions = 5
    assert GAME.progress(predicting) == (1, 2)
    predicting.scores = [1, 0, 0]
    assert GAME.progress(predicting) == (1, 1)


def test_seat_order_is_round_ones_start_then_clockwise_for_the_whole_game():
    """Preparar 5 and "Comenzando con el jugador inicial y yendo en el sentido de las agujas del
    reloj": the first round's order, kept after later rounds change the start player."""
    s = GAME.new(4, seed=3)
    first = s.start_player
    assert GAME.seat_order(s) == [(first + i) % 4 for i in range(4)]
    while s.round == 1:  # everyone cures in turn until the round ends
        seat = s.to_move[0]
        s.apply(seat, {"action": act("curing"), "respond_cure": PASS}.get(s.phase, s.legal_actions(seat)[0]))
    assert GAME.seat_order(s) == [(first + i) % 4 for i in range(4)]


def test_telemetry_reports_public_numbers_per_seat():
    s = position(HANDS3, CURE_YB)
    s.scores = [0, 2, 0]
    assert GAME.telemetry(s, BOB) == {"score": 2.0, "hand_size": 4.0, "last_round_points": 0.0,
                                      "won_last_round": 0.0}
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, {"type": "answer", "card": "yellow-blue"}),
         (BOB, {"type": "follow", "card": "yellow-blue"}), (CHRISTINA, PASS))
    assert GAME.telemetry(s, AMY) == {"score": 3.0, "hand_size": 4.0, "last_round_points": 3.0,
                                      "won_last_round": 1.0}
    assert GAME.telemetry(s, BOB)["last_round_points"] == 1.0 and GAME.telemetry(s, BOB)["score"] == 3.0


def test_content_keys_name_medicine_cards_action_cards_and_colours():
    s = position(HANDS3, CURE_YB)
    keys = GAME.content_keys
    assert keys(s, {"type": "move", "card": "identical-pair"}) == ["medicines.identical-pair"]
    assert keys(s, {"type": "action", "card": "feeding"}) == ["actions.feeding"]
    assert keys(s, {"type": "give", "colour": "blue", "target": 1}) == ["ingredients.blue"]
    assert keys(s, {"type": "hand_over", "colour": None}) == []
    assert keys(s, {"type": "predict", "colour": "red"}) == ["ingredients.red"]
    assert keys(s, {"type": "follow", "card": "red-blue"}) == ["medicines.red-blue"]
    assert keys(s, {"type": "target", "target": 2}) == [] and keys(s, PASS) == []


# ---- explanations ------------------------------------------------------------------------------
def test_explain_names_each_action_card_medicine_card_and_the_deck_in_three_languages():
    """Componentes: "14 cartas de ingredientes", "7 cartas de Medicina", "5 cartas de acción"."""
    s = GAME.new(3, seed=1, options={"params": {"scoring": {"answer_right": 4}}})
    view = s.view(0)
    listed = GAME.explain("", view, "en")
    assert listed.startswith("Topics: Inquiring, Feeding, Brewing, Appealing, Curing, red-yellow")
    assert "identical pair" in listed
    assert GAME.explain("Alimentación", view, "es").startswith("Alimentación: Da a otro jugador una carta")
    assert GAME.explain("inquiring", view, "en").startswith("Inquiring (not in play in this game): Give")
    assert "paire identique" in GAME.explain("pareja idéntica", view, "fr")
    assert GAME.explain("deck", view, "en").startswith(
        "Ingredient cards: 2 red cards, 3 yellow cards, 4 green cards and 5 blue cards (14 in all).")
    assert "+4" in GAME.explain("scoring", view, "en")  # this game's params, not the shipped 3
    assert GAME.explain("dragon", view, "en") is None


# ---- the heuristic -----------------------------------------------------------------------------
def test_heuristic_reads_an_announcement_as_cards_located():
    """Indagar: the receiver "debe anunciar pública y honestamente cuántas cartas tiene en la mano
    que coinciden con el otro color": Bob's "2" (red) places both red cards, so for Amy no red
    pair can be the cure."""
    s = position(HANDS3, CURE_YB, options=ADVANCED)
    before = heuristic.cure_beliefs(s.view(AMY), AMY)
    assert before["red-yellow"] > 0 and before["red-green"] > 0
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")), (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    after = heuristic.cure_beliefs(s.view(AMY), AMY)
    assert after["red-yellow"] == after["red-green"] == after["red-blue"] == 0.0
    assert abs(sum(after.values()) - 1.0) < 1e-9
    christina = heuristic.cure_beliefs(s.view(CHRISTINA), CHRISTINA)  # she did not see the colour
    assert christina["red-blue"] > 0


def test_heuristic_values_a_prediction_by_its_expected_points():
    """Reglas avanzadas: "Cada marcador de predicción con el anverso hacia arriba te dará 1
    punto ... con el reverso hacia arriba te dará -1 punto": a colour likely in the cure is worth
    predicting, one that cannot be is not."""
    s = position(HANDS3, CURE_YB, options={"actions": "advanced", "predictions": True})
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")), (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    assert s.phase == "predict"
    values = {}
    for action in s.legal_actions(AMY):
        child = s.clone()
        child.apply(AMY, action)
        values[action.get("colour", "skip")] = GAME.evaluate(child.view(AMY), AMY)
    assert values["red"] < values["skip"] < values["blue"]


# ---- the normal bot uses everything ------------------------------------------------------------
def test_normal_uses_every_decision_and_every_action_card():
    """Issue 17: bots fit to be proxies; over a few fixed games of the advanced rules with
    predictions, normal takes every action card, every kind of decision and every medicine card."""
    used = Counter()
    for players, seed in ((3, 11), (3, 12), (4, 13), (4, 14)):
        s = GAME.new(players, seed=seed, options={"actions": "advanced", "predictions": True})
        bots = [make_spec("normal", seed=seed * 10 + k) for k in range(players)]
        while not s.is_over:
            seat = s.to_move[0]
            action = bots[seat].choose(s, seat)
            used[action["type"]] += 1
            used.update(GAME.content_keys(s, action))
            s.apply(seat, action)
    kinds = {"move", "action", "give", "target", "hand_over", "predict", "skip_prediction", "answer", "follow",
             "pass"}
    cards = {f"actions.{a}" for a in ("inquiring", "feeding", "brewing", "appealing", "curing")}
    medicines = {f"medicines.{m}" for m in GAME.new(3, seed=0).content.medicines}
    colours = {f"ingredients.{c}" for c in ("red", "yellow", "green", "blue")}
    missing = (kinds | cards | medicines | colours) - set(used)
    assert not missing, f"normal never used: {sorted(missing)}"
