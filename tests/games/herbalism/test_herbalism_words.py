"""Herbalism in words for a newcomer (issue 14): the prompt at each decision, the log naming the
players (a private twin replacing its public line), the end screen's breakdown, the catalogue
and reference read from the content of the table's options, the lobby's words."""

import re

from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position

from ludoteca.engine.i18n import visible

NAMES = ["Amy", "Bob", "Christina"]
HANDS = [[1, 0, 1, 2], [1, 1, 1, 1], [0, 2, 1, 1]]
CURE_GB = [0, 0, 1, 1]
PASS = {"type": "pass"}


def answer(card):
    return {"type": "answer", "card": card}


def follow(card):
    return {"type": "follow", "card": card}


def prompts(state, seat):
    return {lang: state.prompt(seat, lang, NAMES) for lang in ("en", "es", "fr")}


# ---- the prompt --------------------------------------------------------------------------------

def test_the_move_prompt_says_the_pharmacist_must_change_card():
    """Turno 1: "Él o ella deben mover su marcador de medicamentos y no pueden elegir permanecer
    en la tarjeta de medicamentos original"."""
    s = position(HANDS, CURE_GB)
    assert s.prompt(AMY, "en") == ("Move your pharmacist onto a medicine card: its colours are the ones your "
                                   "action will use")
    s.pharmacist[AMY] = s.content.medicines.index("red-blue")
    assert prompts(s, AMY) == {
        "en": "Move your pharmacist from the red-blue card to a different medicine card",
        "es": "Mueve tu farmacéutico de la carta rojo-azul a otra carta de medicina",
        "fr": "Déplacez votre pharmacien de la carte rouge-bleu vers une autre carte médicament"}
    assert s.prompt(BOB, "en") == ""  # not Bob's decision


def test_the_action_prompt_names_the_cards_and_why_one_is_barred():
    """Dossier ruling: "An action that cannot be carried out at all (e.g. Inquiring/Feeding with
    no card of either colour in hand) is not legal for that turn"; the prompt says why."""
    s = position([[0, 0, 2, 2], [1, 1, 1, 1], [1, 2, 0, 1]], CURE_GB, options=ADVANCED)
    play(s, (AMY, move("red-yellow")))
    assert s.prompt(AMY, "en") == ("Choose an action card, using the red-yellow card: Brewing, Appealing or "
                                   "Curing (Inquiring and Feeding need a card of its colours in your hand)")
    assert s.prompt(AMY, "es") == ("Elige una carta de acción, con la carta rojo-amarillo: Fabricación de "
                                   "cerveza, Atractivo o Curación (Indagar y Alimentación necesitan una carta de "
                                   "sus colores en tu mano)")


def test_the_inquiring_prompt_offers_the_colours_held_and_says_what_follows():
    """Indagar: "En secreto le da a Bob una tarjeta azul. Bob debe indicar ahora solo el número
    de tarjetas rojas que tiene en la mano"."""
    s = position(HANDS, CURE_GB, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")))
    assert prompts(s, AMY) == {
        "en": "Inquiring: give another player a red card or a blue card; they will announce how many cards "
              "of the other colour they hold",
        "es": "Indagar: da una carta roja o una carta azul a otro jugador; anunciará cuántas cartas del otro "
              "color tiene",
        "fr": "Enquête : donnez une carte rouge ou une carte bleue à un autre joueur ; il annoncera combien de "
              "cartes de l'autre couleur il a"}


def test_the_feeding_prompt_on_the_identical_pair_says_the_card_given_counts():
    """Alimentación, nota: on the identical pair "el jugador receptor debe devolver al jugador
    activo todas las cartas en su mano que coincidan con el color de recepción (incluida la que
    acaba de recibir)"."""
    s = position(HANDS, CURE_GB, options=ADVANCED)
    play(s, (AMY, move("identical-pair")), (AMY, act("feeding")))
    assert s.prompt(AMY, "en") == ("Feeding: give another player a card of any colour you hold; they will hand "
                                   "you all their cards of the colour you gave (that card included)")
    assert s.prompt(AMY, "fr") == ("Nourrir : donnez une carte de n'importe quelle couleur que vous avez à un "
                                   "autre joueur ; il vous donnera toutes ses cartes de la couleur donnée (cette "
                                   "carte comprise)")


def test_the_target_of_appealing_is_told_what_it_may_hand_over():
    """Atractivo: the target "debe elegir uno de los colores" and hands over all its cards of it;
    the prompt reads the target's own hand (one red, one blue) and names the player."""
    s = position(HANDS, CURE_GB, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}))
    assert s.to_move == (BOB,)
    assert prompts(s, BOB) == {
        "en": "Amy played Appealing on you: hand over all your red cards or blue cards",
        "es": "Amy jugó Atractivo sobre ti: entrega todas tus cartas rojas o cartas azules",
        "fr": "Amy a joué Attrait sur vous : donnez toutes vos cartes rouges ou cartes bleues"}
    assert s.describe({"type": "hand_over", "colour": "blue"}, "en") == "Hand over your blue cards"


def test_curing_prompts_give_the_points_of_the_content():
    """Curación 2 and "Puntos de victoria": answer +3, follow on the right card +1, on a wrong
    one -1; a designer's params change the numbers the prompt quotes."""
    s = position(HANDS, CURE_GB, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")))
    assert s.prompt(AMY, "en") == ("Curing: place your cure marker, answer side up, on the medicine card you "
                                   "think is the cure (+3 if right)")
    play(s, (AMY, answer("green-blue")))
    assert s.prompt(BOB, "en", NAMES) == (
        "Amy is curing on the green-blue card: answer on a card without a marker (+3 if right), follow a "
        "marker (+1 if right, -1 if wrong), or pass")
    richer = position(HANDS, CURE_GB, options={**ADVANCED, "params": {"scoring": {"answer_right": 4}}})
    play(richer, (AMY, move("red-blue")), (AMY, act("curing")))
    assert richer.prompt(AMY, "en").endswith("(+4 if right)")


def test_the_last_marker_holder_is_told_it_must_cure():
    """Dossier ruling: "If only one player still holds a marker, they must cure at once"."""
    s = position(HANDS, CURE_GB, options=ADVANCED, start=BOB)
    play(s, (BOB, move("red-blue")), (BOB, act("curing")), (BOB, answer("red-blue")),
         (CHRISTINA, follow("red-blue")), (AMY, PASS))
    assert s.to_move == (AMY,) and s.phase == "answer"
    assert prompts(s, AMY) == {
        "en": "You hold the last cure marker, so you must cure now: place it, answer side up, on a medicine "
              "card (+3 if right)",
        "es": "Tienes el último marcador de curación y debes curar ya: colócalo, con la respuesta hacia "
              "arriba, en una carta de medicina (+3 si aciertas)",
        "fr": "Vous avez le dernier marqueur de guérison et devez guérir maintenant : posez-le, face réponse, "
              "sur une carte médicament (+3 si c'est juste)"}


# ---- the log -------------------------------------------------------------------------------------

def test_each_seat_reads_one_line_of_a_transfer_and_the_public_one_hides_the_colour():
    """Atractivo: Bob hands over his cards of one colour; only Amy and Bob see which ("la mano de
    un jugador es información oculta"), everyone sees how many.  Each seat reads exactly one of
    the two lines."""
    s = position(HANDS, CURE_GB, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}),
                  (BOB, {"type": "hand_over", "colour": "blue"}))
    public, private = [e for e in events if e["type"] == "appealing"]
    for seat in (None, AMY, BOB, CHRISTINA):
        assert [visible(public, seat), visible(private, seat)].count(True) == 1, seat
    assert visible(public, CHRISTINA) and visible(private, AMY) and visible(private, BOB)
    assert s.describe_event(public, "en", NAMES) == (
        "Amy played Appealing on Bob (with the red-blue card); Bob handed over 1 card")
    assert s.describe_event(private, "en", NAMES) == (
        "Amy played Appealing on Bob (with the red-blue card); Bob handed over 1 blue card")
    assert s.describe_event(public, "es", NAMES) == (
        "Amy jugó Atractivo sobre Bob (con la carta rojo-azul); Bob entregó 1 carta")
    assert s.describe_event(private, "fr", NAMES) == (
        "Amy a joué Attrait sur Bob (avec la carte rouge-bleu) ; Bob a donné 1 carte bleue")


def test_log_lines_name_the_players_and_count_seats_from_one():
    """Without the table's names a line says "Player 1" for the first seat, never "seat 0"; a
    turn starts a section of the log."""
    s = position(HANDS, CURE_GB)
    events = play(s, (AMY, move("red-blue")))
    assert s.describe_event(events[0], "en") == "Player 1 moved their pharmacist to the red-blue card"
    assert s.describe_event(events[0], "es", NAMES) == "Amy movió su farmacéutico a la carta rojo-azul"
    events = play(s, (AMY, act("feeding")), (AMY, {"type": "give", "colour": "red", "target": CHRISTINA}))
    turn = events[-1]
    assert turn == {"type": "turn", "seat": BOB, "section": True}
    assert s.describe_event(turn, "en", NAMES) == "Bob's turn"
    assert s.describe_event(turn, "fr", NAMES) == "Au tour de Bob"


# ---- the end -------------------------------------------------------------------------------------

def end_position():
    """Round 2 of a game in which Amy won round 1 with a right answer (+3): Christina cures wrong
    on red-yellow, Amy answers right on green-blue, Bob (at 0) follows Christina's wrong marker."""
    s = position(HANDS, CURE_GB, options=ADVANCED, start=CHRISTINA)
    s.round, s.scores = 2, [3, 0, 0]
    s.rounds = [{"round": 1, "winner": AMY, "parts": [[["answer_right", 3, "red-yellow"]], [], []]}]
    events = play(s, (CHRISTINA, move("red-blue")), (CHRISTINA, act("curing")), (CHRISTINA, answer("red-yellow")),
                  (AMY, answer("green-blue")), (BOB, follow("red-yellow")))
    return s, events


def test_the_breakdown_gives_every_reason_and_sums_to_the_score():
    """Puntos de victoria: "el jugador que tenga su marcador de curación con la 'respuesta' hacia
    arriba en la tarjeta de medicina correcta recibirá 3 puntos"; a follow on a wrong card -1,
    and "(Si un jugador obtiene puntos negativos, se queda en 0)": Bob's -1 is cancelled."""
    s, _ = end_position()
    assert s.is_over and s.scores == [6, 0, 0] and s.winners == [AMY]
    assert s.score_breakdown("en", NAMES) == [
        [("Round 1: answered on the right card, the red-yellow card", 3),
         ("Round 2: answered on the right card, the green-blue card", 3)],
        [("Round 2: followed a wrong answer on the red-yellow card", -1),
         ("Round 2: a score never goes below 0", 1)],
        [("No points scored", 0)]]
    assert s.score_breakdown("es")[1] == [("Ronda 2: siguió una respuesta incorrecta en la carta rojo-amarillo", -1),
                                          ("Ronda 2: la puntuación nunca baja de 0", 1)]
    for lang in ("en", "es", "fr"):
        assert [sum(p for _w, p in lines) for lines in s.score_breakdown(lang)] == s.scores


def test_the_end_of_the_round_and_of_the_game_in_words():
    """The round's points and the scores by name, no list; the winner named."""
    s, events = end_position()
    lines = [s.describe_event(e, "en", NAMES) for e in events if visible(e, None)]
    assert lines[-3:] == [
        "The cure was 1 green card and 1 blue card: the green-blue card",
        "Round 2 ended: Amy found the cure. Points this round: Amy +3, Bob 0, Christina 0. "
        "Scores: Amy 6, Bob 0, Christina 0",
        "Game over: Amy won with 6 points"]
    shared = s.describe_event({"type": "game_over", "scores": [6, 6, 2]}, "fr", NAMES)
    assert shared == "Partie terminée : Amy et Bob se sont partagé la victoire avec 6 points"


# ---- the catalogue and the reference ---------------------------------------------------------------

def entry(entries, card_id):
    return next(e for e in entries if e["id"] == card_id)


def test_the_catalogue_follows_the_params_of_the_table():
    """A designer's params show in the page: the points of Curing and the deck's colour mix."""
    plain = GAME.catalogue(None, "en")
    assert ["Answer on the right card", "+3"] in entry(plain, "action:curing")["facts"]
    assert entry(plain, "ingredient:red")["facts"] == [["Cards in the deck", "2"], ["Chance it is in the cure", "27%"]]
    assert entry(plain, "medicine:red-green")["facts"] == [["Colours", "red and green"],
                                                           ["Chance it is the cure", "9%"]]
    tuned = GAME.catalogue({"params": {"scoring": {"answer_right": 4}, "ingredients": {"red": 3, "yellow": 2}}}, "es")
    assert ["Respuesta en la carta correcta", "+4"] in entry(tuned, "action:curing")["facts"]
    assert ["Respuesta en la carta correcta", "+4"] in entry(tuned, "marker:cure-marker")["facts"]
    assert entry(tuned, "ingredient:red")["facts"] == [["Cartas en el mazo", "3"],
                                                       ["Probabilidad de estar en la cura", "40 %"]]
    assert entry(tuned, "medicine:red-green")["facts"][1] == ["Probabilidad de ser la cura", "13 %"]
    deck = GAME.reference({"params": {"ingredients": {"red": 3, "yellow": 2}}}, "fr")[0]
    assert deck["title"] == "Le paquet"
    assert deck["rows"][:2] == [["Rouge", "3", "40 %"], ["Jaune", "2", "27 %"]]


def test_the_catalogue_says_which_action_cards_are_in_play():
    """Action sets: the first game uses "Atractivo" and "Curación" only."""
    first = GAME.catalogue({"actions": "first-game"}, "en")
    in_play = {e["name"]: e["facts"][0][1] for e in first if e["id"].startswith("action:")}
    assert in_play == {"Inquiring": "No", "Feeding": "No", "Brewing": "No", "Appealing": "Yes", "Curing": "Yes"}
    kinds = {e["id"].split(":")[0] for e in first}
    assert kinds == {"action", "ingredient", "medicine", "marker"}


def test_the_reference_tables_hold_the_deck_the_hands_and_the_scoring():
    deck, hands, scoring = GAME.reference(None, "en")
    # at least one of the 2 cure cards of a colour with n of the 14: 1 - C(14 - n, 2) / C(14, 2)
    assert deck["rows"] == [["Red", "2", "27%"], ["Yellow", "3", "40%"], ["Green", "4", "51%"],
                            ["Blue", "5", "60%"], ["Total", "14", "—"]]
    assert hands["rows"] == [["2", "6"], ["3", "4"], ["4", "3"]]
    assert scoring["rows"][:4] == [["Answer on the right card", "+3"], ["Answer on a wrong card", "0"],
                                   ["Follow on the right card", "+1"], ["Follow on a wrong card", "-1"]]
    assert scoring["note"] == "The game ends at the end of a round in which someone has 6 points."


# ---- the lobby and the rules page ------------------------------------------------------------------

def test_the_lobby_names_choices_and_variants_in_words():
    spec = GAME.option_specs["actions"]
    assert spec.label_in("actions", "fr") == "Cartes action"
    assert spec.choice_in("first-game", "es") == "Primera partida: Atractivo y Curación"
    assert set(GAME.variant_words) == set(GAME.variants)
    assert GAME.variant_words["target-7-play-on"]["en"]["name"] == "Longer game"


def test_the_rules_page_names_options_as_the_lobby_does():
    """Every option the rules page names in italics is an option label of that language."""
    for lang in ("en", "es", "fr"):
        page = GAME.rules_text(lang)
        labels = {spec.label_in(name, lang) for name, spec in GAME.option_specs.items()}
        named = [" ".join(name.split()) for name in re.findall(r"(?:option|opción) \*([^*]+)\*", page)]
        assert len(named) >= 3 and all(name in labels for name in named), (lang, named)
        assert "{" not in page and "`" not in page
