"""Set-up, Fase 1 (Inicio de turno), Fase 2 (Preparación inmune) and the end of the game."""

import pytest
from immunity_helpers import ScriptedDie, blank, enter, next_turn, play

from ludoteca.games.immunity import GAME


def test_setup_deals_cards_counters_and_face_down_environments():
    """PREPARACIÓN: "Repartir a cada jugador ... dos cartas del mazo médico y del mazo patógeno.
    Poner un contador en las células de la primera fila ... otras dos cartas del mazo patógeno
    ... bocabajo, en sus casillas de ambiente 1 y ambiente 2"."""
    s = GAME.new(players=4, seed=3)
    c = s.content
    # The first turn's phase 1 (draws and one environment card) has already happened.
    for seat in range(4):
        effect = c.environment[s.environment_played[seat][0]]["childhood"]
        cells = {cell: c.cells[cell].start + effect["gain_cell"][cell] - effect["lose_cell"][cell]
                 for cell in c.cell_ids}
        assert s.cells[seat] == cells
        assert len(s.medical_hands[seat]) == 2 + 2 + effect["draw_medical"]
        assert len(s.pathogen_hands[seat]) == 2 + 2 + effect["draw_pathogen"]
        assert len(s.environment_1[seat]) == 1 + effect["expose"]
        assert len(s.environment_2[seat]) == 1
        setup_card = s.environment_1[seat][0]
        assert not setup_card["face_up"] and setup_card["placed_by"] is None
        # unknown even to the owner
        assert s.view(seat)["seats"][seat]["environment_1"][0]["pathogen"] is None
        assert s.view(seat)["seats"][seat]["environment_2"][0]["pathogen"] is None


def test_life_line_has_eight_turns_two_childhood_four_adult_two_old():
    """Tablero: "La línea del tiempo, que representa los 8 turnos ... (2 de infancia, 4 de adulto
    y 2 de senectud)"."""
    s = GAME.new(players=2, seed=1)
    assert s.content.life_line == ["childhood"] * 2 + ["adult"] * 4 + ["old"] * 2


def test_each_turn_advances_the_life_line():
    """Fase 1: "comienza un nuevo turno y el juego avanza una casilla en la Línea de la vida"."""
    s = blank()
    s.turn = 2
    events = next_turn(s)
    assert s.turn == 3 and s.phase == "start"
    assert {"type": "turn", "turn": 3, "stage": "adult", "section": True} in events


def test_die_roll_highest_first_then_to_the_left():
    """Fase 1: "El jugador que obtenga el mayor resultado será el primero ... seguido por el jugador
    que tenga a su izquierda"."""
    s = blank(players=4)
    s.rng = ScriptedDie([2, 5, 6, 1], s.rng)
    events = next_turn(s)
    assert s.order == [2, 3, 0, 1]
    assert s.to_move == (2,)
    rolls = next(e for e in events if e["type"] == "rolls")
    assert rolls["rolls"] == [2, 5, 6, 1]


def test_tied_highest_rolls_are_rolled_again():
    """Fase 1 (ruling): players tied for the highest roll roll again among themselves."""
    s = blank(players=3)
    s.rng = ScriptedDie([6, 3, 6, 2, 4], s.rng)
    events = next_turn(s)
    assert s.order == [2, 0, 1]
    rolls = next(e for e in events if e["type"] == "rolls")
    assert rolls["rerolls"] == [{"0": 2, "2": 4}]


def test_draw_two_medical_two_pathogen_each_turn():
    """Fase 1: "Cada jugador robará entonces 2 cartas médicas, 2 cartas patógenas"."""
    s = blank(players=2)
    s.environment_deck = ["good_sleep", "good_sleep"]
    effect = s.content.environment["good_sleep"]["adult"]
    assert effect["draw_medical"] == effect["draw_pathogen"] == 0
    next_turn(s)
    for seat in range(2):
        assert len(s.medical_hands[seat]) == 1 + 2
        assert len(s.pathogen_hands[seat]) == 2


@pytest.mark.parametrize("turn, stage", [(0, "childhood"), (2, "adult"), (6, "old")])
def test_environment_card_effect_depends_on_life_stage(turn, stage):
    """Fase 1: "jugará 1 carta ambiental, aplicando su efecto según la casilla de la Línea de la
    vida en la que se encuentre"."""
    s = blank(players=2)
    s.turn = turn
    s.environment_deck = ["smoking", "smoking"]
    effect = s.content.environment["smoking"][stage]
    next_turn(s)
    assert s.content.life_line[s.turn - 1] == stage
    for seat in range(2):
        assert s.damage[seat]["respiratory"] == effect["damage"]["respiratory"]
        assert s.tumours[seat]["respiratory"] == effect["tumour"]["respiratory"]
        assert s.oxygen_bonus[seat] == effect["oxygen"]
        assert s.environment_played[seat] == ["smoking"]
    assert s.environment_discard[-2:] == ["smoking", "smoking"]


def test_life_stages_really_differ_in_the_shipped_environment_cards():
    """Dossier: "≥ 12 environment cards whose effect depends on childhood / adult / old age"."""
    c = GAME.new(players=2, seed=1).content
    differing = [k for k, v in c.environment.items()
                 if not v["childhood"] == v["adult"] == v["old"]]
    assert len(differing) >= 12


def test_environment_exposure_is_face_down_and_unknown_to_everyone():
    """Fase 1 + hidden information: an environment card that exposes the player puts pathogen
    cards face down in Environment 1; nobody, not even the owner, knows them."""
    s = blank(players=2)
    s.turn = 0
    s.environment_deck = ["nursery", "nursery"]
    expose = s.content.environment["nursery"]["childhood"]["expose"]
    next_turn(s)
    for seat in range(2):
        assert len(s.environment_1[seat]) == expose
        for viewer in (0, 1, None):
            assert all(e["pathogen"] is None for e in s.view(viewer)["seats"][seat]["environment_1"])


def test_hand_limit_discard_at_end_of_phase_one():
    """Fase 1: "Al finalizar esta fase aquellos jugadores que posean un número de cartas en su mano
    superior a su número de cartas máximo deberán descartarse hasta alcanzar el máximo"."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["measles"] * 5 + ["tapeworm"] * 3  # 8 + 1 transfusion = 9 > 7
    s.pathogen_hands[1] = []
    s.queue, s.step = [0, 1], "end"
    s._legal_cache.clear()
    play(s, {"type": "done"})
    assert s.step == "discard"
    assert s.legal_actions(0) == [{"type": "discard", "card": "transfusion"},
                                  {"type": "discard", "card": "measles"},
                                  {"type": "discard", "card": "tapeworm"}]
    play(s, {"type": "discard", "card": "measles"})
    assert s.to_move == (0,)
    play(s, {"type": "discard", "card": "tapeworm"})
    assert len(s.medical_hands[0]) + len(s.pathogen_hands[0]) == 7
    assert s.to_move == (1,)
    assert s.pathogen_discard[-2:] == ["measles", "tapeworm"]


# ---- Fase 2 --------------------------------------------------------------------------------
def test_oxygen_from_respiratory_digestive_and_erythrocytes():
    """Fase 2: "El número de Puntos de oxígeno ... viene determinado por su Sistema respiratorio,
    su Sistema digestivo y el número de Eritrocitos"."""
    s = blank()
    s.cells[0]["erythrocyte"] = 2
    enter(s, 2, [0])
    assert s.oxygen[0] == 3 + 2 + 2
    s = blank()
    s.cells[0]["erythrocyte"] = 2
    s.damage[0]["respiratory"] = 3  # one oxygen lost per 3 damage (project content)
    s.damage[0]["digestive"] = 8    # failed organ gives nothing
    enter(s, 2, [0])
    assert s.oxygen[0] == 2 + 0 + 2


def test_cards_modify_oxygen():
    """Fase 2: "esta cantidad puede variar si el jugador hace uso de Adipocitos o Cartas médicas"."""
    s = blank()
    s.oxygen_bonus[0] = 2
    s.stored_oxygen[0] = 1
    enter(s, 2, [0])
    assert s.oxygen[0] == 5 + 2 + 1
    assert s.oxygen_bonus[0] == 0 and s.stored_oxygen[0] == 0


def test_buying_a_cell_costs_its_oxygen():
    """Fase 2: "deberá gastar un número de Puntos de oxígeno igual al coste indicado de la célula.
    El jugador colocará un Contador sobre la célula adecuada"."""
    s = blank()
    enter(s, 2, [0])
    assert s.oxygen[0] == 5
    legal = s.legal_actions(0)
    assert {"type": "buy", "cell": "macrophage"} in legal
    play(s, {"type": "buy", "cell": "macrophage"})
    assert s.oxygen[0] == 1 and s.cells[0]["macrophage"] == 1
    buys = [a["cell"] for a in s.legal_actions(0) if a["type"] == "buy"]
    assert buys == ["adipocyte"]  # only the 1-oxygen cell is still affordable


def test_at_most_three_cells_of_each_type():
    """Fase 2: "Sólo se puede adquirirse un máximo de 3 células de cada tipo"."""
    s = blank()
    s.cells[0]["adipocyte"] = 2
    enter(s, 2, [0])
    play(s, {"type": "buy", "cell": "adipocyte"})
    assert s.cells[0]["adipocyte"] == 3
    assert {"type": "buy", "cell": "adipocyte"} not in s.legal_actions(0)
    assert s.oxygen[0] == 4


def test_three_per_type_per_phase_option():
    """Option cell_cap='per_turn': the 3-cell maximum counts cells bought in one phase 2."""
    s = blank(options={"cell_cap": "per_turn"})
    s.cells[0]["adipocyte"] = 3
    s.oxygen_bonus[0] = 10
    enter(s, 2, [0])
    for _ in range(3):
        play(s, {"type": "buy", "cell": "adipocyte"})
    assert s.cells[0]["adipocyte"] == 6
    assert {"type": "buy", "cell": "adipocyte"} not in s.legal_actions(0)


def test_unspent_oxygen_is_lost():
    """Fase 2: "Los Puntos de oxígeno que no se hayan gastado al finalizar esta fase desaparecen"."""
    s = blank(players=2)
    enter(s, 2, [0, 1])
    play(s, {"type": "done"})
    assert s.oxygen[0] == 0 and s.stored_oxygen[0] == 0
    assert s.to_move == (1,)


def test_adipocytes_store_unspent_oxygen():
    """Fase 2: adipocytes change the oxygen (project content: each stores 2 for the next turn)."""
    s = blank(players=2)
    s.cells[0]["adipocyte"] = 1
    enter(s, 2, [0, 1])
    play(s, {"type": "done"})
    assert s.stored_oxygen[0] == 2 and s.oxygen[0] == 0


# ---- the end ---------------------------------------------------------------------------------
def test_game_ends_after_eight_turns_and_the_healthiest_wins():
    """OBJETIVO: "Ser el jugador más sano al final de la partida, una vez concluyan los 8 turnos"."""
    s = blank(players=3)
    s.turn = 8
    s.damage[0]["skin"] = 3
    s.damage[1]["skin"] = 1
    s.damage[2]["liver"] = 8  # a failed organ counts extra
    events = next_turn(s)
    assert s.is_over and s.to_move == ()
    assert s.scores == [-3, -1, -(8 + 5)]
    assert s.winners == [1]
    assert events[-1]["type"] == "game_over"


def test_equal_health_goes_to_fewer_infections_then_is_shared():
    """Ruling: "Healthiest = least total damage ... ties by fewer active infections, then shared"."""
    s = blank(players=3)
    s.turn = 8
    s.infections[0] = [{"pathogen": "hpv", "counters": 1, "vector_token": False}]
    next_turn(s)
    assert s.winners == [1, 2]


def test_a_full_game_lasts_eight_turns():
    """OBJETIVO: the game ends once the 8 turns are over."""
    import random

    s = GAME.new(players=3, seed=11)
    rng = random.Random(0)
    turns = set()
    while not s.is_over:
        turns.add(s.turn)
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert turns == set(range(1, 9))
    assert s.legal_actions(0) == []
