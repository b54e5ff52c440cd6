"""Fase 4 (Contagio), Fase 5 (Nueva exposición) and medical cards."""

import pytest
from immunity_helpers import blank, enter, infect, place, play


def spreads(s, seat=None):
    seat = s.to_move[0] if seat is None else seat
    return [a for a in s.legal_actions(seat) if a["type"] in ("spread", "spread_card")]


# ---- Fase 4. Contagio ------------------------------------------------------------------------
def test_contact_one_neighbour_of_choice_face_up_token():
    """Fase 4: "Por contacto: El jugador que contagia elige un jugador que esté a su derecha o
    izquierda. Coloca una ficha del patógeno" (face up: it infects the player)."""
    s = blank(players=4)
    infect(s, 0, "norovirus")
    enter(s, 4, [0])
    assert spreads(s) == [{"type": "spread", "infection": 0, "seat": 1},
                          {"type": "spread", "infection": 0, "seat": 3}]
    play(s, {"type": "spread", "infection": 0, "seat": 3})
    entry = s.environment_1[3][0]
    assert (entry["pathogen"], entry["face_up"], entry["placed_by"], entry["vector_token"]) \
        == ("norovirus", True, 0, True)
    assert s.environment_1[1] == [] and s.environment_1[2] == []
    assert [i["pathogen"] for i in s.infections[0]] == ["norovirus"]  # a token: still infected


def test_droplets_reach_both_neighbours():
    """Fase 4: "Por gotas: Los jugadores a la derecha e izquierda del jugador que contagia quedan
    contagiados"."""
    s = blank(players=4)
    infect(s, 0, "influenza")
    enter(s, 4, [0])
    assert spreads(s) == [{"type": "spread", "infection": 0, "seat": None}]
    play(s, {"type": "spread", "infection": 0, "seat": None})
    assert [len(e) for e in s.environment_1] == [0, 1, 0, 1]


def test_droplets_with_two_players_reach_the_other_once():
    """Fase 4: with two players the left and right neighbour are the same player: one token."""
    s = blank(players=2)
    infect(s, 0, "influenza")
    enter(s, 4, [0])
    play(s, {"type": "spread", "infection": 0, "seat": None})
    assert [len(e) for e in s.environment_1] == [0, 1]


def test_air_reaches_everyone_else():
    """Fase 4: "Por aire: Todos los jugadores, a excepción del que contagia, quedan contagiados"."""
    s = blank(players=5)
    infect(s, 2, "measles")
    enter(s, 4, [2])
    play(s, {"type": "spread", "infection": 0, "seat": None})
    assert [len(e) for e in s.environment_1] == [1, 1, 0, 1, 1]


def test_fluids_do_not_spread_normally_but_with_a_special_card():
    """Fase 4: "Por fluídos: Estas cartas no se contagian de manera normal, si no que requieren el
    uso de otras cartas especiales" (project content: the shared syringe)."""
    s = blank(players=3)
    infect(s, 0, "hiv")
    s.pathogen_hands[0] = ["hiv"]
    enter(s, 4, [0])
    assert spreads(s) == []
    s.medical_hands[0] = ["shared_syringe"]
    s._legal_cache.clear()
    legal = s.legal_actions(0)
    assert {"type": "medical", "card": "shared_syringe", "target": 0, "seat": 2} in legal
    play(s, {"type": "medical", "card": "shared_syringe", "target": 0, "seat": 2})
    assert s.environment_1[2][0]["pathogen"] == "hiv" and s.environment_1[2][0]["face_up"]


def test_the_player_with_most_environment_1_cards_is_no_valid_target():
    """Fase 4, NOTA Demasiados patógenos: "Un jugador no podrá elegir como objetivo válido ... a
    aquel jugador que cuente con el mayor número de cartas en su casilla de Ambiente 1"."""
    s = blank(players=4)
    place(s, 3, "environment_1", "tapeworm")
    infect(s, 0, "norovirus")
    infect(s, 0, "measles")
    enter(s, 4, [0])
    assert spreads(s) == [{"type": "spread", "infection": 0, "seat": 1},
                          {"type": "spread", "infection": 1, "seat": None}]
    play(s, {"type": "spread", "infection": 1, "seat": None})
    assert [len(e) for e in s.environment_1] == [0, 1, 1, 1]


def test_crowding_counts_environment_2_with_the_option():
    """Option crowding='both': the most cards across both environments decides the excluded."""
    s = blank(players=3, options={"crowding": "both"})
    place(s, 1, "environment_2", "tapeworm", up=True)
    infect(s, 0, "measles")
    enter(s, 4, [0])
    play(s, {"type": "spread", "infection": 0, "seat": None})
    assert [len(e) for e in s.environment_1] == [0, 0, 1]


def test_without_valid_targets_the_phase_ends_without_contagion():
    """Fase 4: "Si el jugador no cuenta con objetivos válidos podrá terminar la fase sin contagiar"."""
    s = blank(players=2)
    place(s, 1, "environment_1", "tapeworm")
    infect(s, 0, "norovirus")
    enter(s, 4, [0])
    assert s.legal_actions(0)[0] == {"type": "done"}
    assert spreads(s) == []


def test_a_single_contagion_per_phase_and_hand_cards_go_face_down():
    """Fase 4: "coloca entonces una única Carta patógena (bocaarriba si ... le ha infectado o
    bocaabajo si se trata de una Carta patógena de su mano)"."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["salmonella", "measles"]
    infect(s, 0, "norovirus")
    enter(s, 4, [0])
    legal = spreads(s)
    assert {"type": "spread_card", "card": "salmonella", "seat": 1} in legal
    assert {"type": "spread_card", "card": "measles", "seat": 2} in legal
    play(s, {"type": "spread_card", "card": "salmonella", "seat": 1})
    entry = s.environment_1[1][0]
    assert (entry["pathogen"], entry["face_up"], entry["placed_by"], entry["vector_token"]) \
        == ("salmonella", False, 0, False)
    assert s.pathogen_hands[0] == ["measles"]
    assert spreads(s) == []  # one per phase; only done or a medical card remain
    assert s.view(0)["seats"][1]["environment_1"][0]["pathogen"] == "salmonella"
    assert s.view(1)["seats"][1]["environment_1"][0]["pathogen"] is None
    assert s.view(2)["seats"][1]["environment_1"][0]["pathogen"] is None
    assert s.view(None)["seats"][1]["environment_1"][0]["pathogen"] is None


def test_contagion_is_optional():
    """Fase 4: "cada jugador podrán intentar contagiar" — a player may pass."""
    s = blank(players=3)
    infect(s, 0, "measles")
    enter(s, 4, [0, 1])
    play(s, {"type": "done"})
    assert s.to_move == (1,) and all(e == [] for e in s.environment_1)


# ---- Fase 5. Nueva exposición ------------------------------------------------------------------
def test_exposure_starts_with_the_sickest_then_clockwise():
    """Fase 5: "Esta fase la empieza jugando el jugador más enfermo (con más puntos de daño en sus
    órganos). Por orden, cada jugador ..."."""
    s = blank(players=4)
    s.order = [1, 2, 3, 0]
    s.damage[2]["skin"] = 3
    s.damage[0]["liver"] = 1
    s.damage[0]["skin"] = 1
    s.phase = "contagion"
    s.queue = []
    events = []
    s._next_phase(events)
    assert s.phase == "exposure"
    assert s.queue == [2, 3, 0, 1]


def test_sickest_tie_goes_to_the_earlier_player_this_turn():
    """Fase 5 (ruling): among equally sick players the earlier one in this turn's order starts."""
    s = blank(players=3)
    s.order = [2, 0, 1]
    s.damage[0]["skin"] = 2
    s.damage[2]["skin"] = 2
    s.phase = "contagion"
    s.queue = []
    s._next_phase([])
    assert s.queue == [2, 0, 1]


def test_exposure_by_damage_option():
    """Option exposure_order='by_damage': everyone plays in order of damage, most first."""
    s = blank(players=4, options={"exposure_order": "by_damage"})
    s.damage[1]["skin"] = 3
    s.damage[3]["skin"] = 2
    s.damage[0]["skin"] = 1
    s.phase = "contagion"
    s.queue = []
    s._next_phase([])
    assert s.queue == [1, 3, 0, 2]


def test_exposure_plays_one_card_face_down_not_on_the_most_loaded():
    """Fase 5: "cogerá una de sus cartas patógenas de su mano y la pondrá en la casilla de ambiente
    1 del jugador que quiera ... No se pueden poner cartas en los ambientes de los jugadores que
    más cartas tengan"."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["tapeworm", "tapeworm"]
    place(s, 1, "environment_1", "measles")
    enter(s, 5, [0])
    legal = s.legal_actions(0)
    assert legal == [{"type": "expose", "card": "tapeworm", "seat": 0},
                     {"type": "expose", "card": "tapeworm", "seat": 2}]
    play(s, {"type": "expose", "card": "tapeworm", "seat": 2})
    assert s.pathogen_hands[0] == ["tapeworm"]
    assert s.environment_1[2][0]["pathogen"] == "tapeworm" and not s.environment_1[2][0]["face_up"]
    assert s.legal_actions(0)[0] == {"type": "done"}  # one card per player
    assert all(a["type"] != "expose" for a in s.legal_actions(0))


def test_a_lone_least_loaded_player_may_decline_to_expose_themself():
    """Fase 5: "puede darse que un jugador sea el único con menos cartas patógenas en su ambiente,
    y le toque jugar ... puede decidir no poner carta patógena sobre sí mismo"."""
    s = blank(players=3)
    for seat in (0, 1, 2):
        s.pathogen_hands[seat] = ["tapeworm"]
    place(s, 1, "environment_1", "measles")
    place(s, 2, "environment_1", "measles")
    enter(s, 5, [0, 1])
    legal = s.legal_actions(0)
    assert {"type": "expose", "card": "tapeworm", "seat": 0} in legal
    assert {"type": "done"} in legal
    play(s, {"type": "done"})
    # the next player is not alone with fewest: they must play, on player 0
    assert s.to_move == (1,)
    assert s.legal_actions(1) == [{"type": "expose", "card": "tapeworm", "seat": 0}]


def test_when_all_tie_nobody_is_excluded_unless_the_option_says_so():
    """NOTA Demasiados patógenos (ruling): when every player ties for most cards nobody is singled
    out; option full_tie_blocks=True excludes everyone instead."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["tapeworm"]
    enter(s, 5, [0])
    assert [a["seat"] for a in s.legal_actions(0)] == [0, 1, 2]
    s = blank(players=3, options={"full_tie_blocks": True})
    s.pathogen_hands[0] = ["tapeworm"]
    enter(s, 5, [0])
    assert all(a["type"] != "expose" for a in s.legal_actions(0))


def test_after_exposure_a_new_turn_begins():
    """Fase 5: "Una vez todos los jugadores han jugado una carta patógena, se comienza un nuevo turno"."""
    s = blank(players=2, keep_medical=False)
    s.turn = 4
    s.pathogen_hands[0] = ["tapeworm"]
    s.pathogen_hands[1] = []
    enter(s, 5, [0, 1])
    play(s, {"type": "expose", "card": "tapeworm", "seat": 1})
    assert s.turn == 5


# ---- Medical cards ---------------------------------------------------------------------------
def test_a_medical_card_ends_the_players_phase():
    """MAZO MÉDICO: "Se pueden jugar al final de cada fase. Una vez un jugador usa una carta médica,
    concluye su fase de forma obligatoria"."""
    s = blank(players=2)
    enter(s, 2, [0, 1])
    assert s.oxygen[0] == 5
    play(s, {"type": "medical", "card": "transfusion", "target": None, "seat": None})
    assert s.to_move == (1,)
    assert s.oxygen[0] == 0  # the phase ended: no more buying, oxygen gone
    assert s.oxygen_bonus[0] == 2  # the transfusion's oxygen comes at the next phase 2


def test_medical_card_in_phase_three_resolves_before_damage():
    """Fase 3: pathogens can be eliminated "a través del uso de ... diversas Cartas médicas"
    before they damage; playing the card ends the phase, so damage follows at once."""
    s = blank(players=2)
    s.medical_hands[0] = ["antibiotic"]
    infect(s, 0, "salmonella", counters=2)
    infect(s, 0, "norovirus", counters=1)
    enter(s, 3, [0, 1])
    legal = [a for a in s.legal_actions(0) if a["type"] == "medical"]
    assert legal == [{"type": "medical", "card": "antibiotic", "target": 0, "seat": None}]
    play(s, legal[0])
    assert [i["pathogen"] for i in s.infections[0]] == ["norovirus"]
    assert s.damage[0]["digestive"] == 1  # only the norovirus hurt
    assert s.to_move == (1,)


@pytest.mark.parametrize("phase", [1, 2, 3, 4])
def test_medical_cards_can_be_played_in_every_phase(phase):
    """MAZO MÉDICO: "Se pueden jugar al final de cada fase"."""
    s = blank(players=2)
    enter(s, phase, [0, 1])
    assert {"type": "medical", "card": "transfusion", "target": None, "seat": None} \
        in s.legal_actions(0)


def test_medical_card_after_the_exposure_in_phase_five():
    """MAZO MÉDICO at the end of phase 5: after the mandatory exposure, not instead of it."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["tapeworm"]
    enter(s, 5, [0, 1])
    assert all(a["type"] == "expose" for a in s.legal_actions(0))
    play(s, {"type": "expose", "card": "tapeworm", "seat": 1})
    assert {"type": "medical", "card": "transfusion", "target": None, "seat": None} \
        in s.legal_actions(0)


def test_vaccine_puts_pathogens_in_immune_memory():
    """MAZO MÉDICO "prevenir" (project content: vaccines put pathogens in immune memory)."""
    s = blank(players=2)
    s.medical_hands[0] = ["flu_vaccine"]
    enter(s, 2, [0, 1])
    play(s, {"type": "medical", "card": "flu_vaccine", "target": None, "seat": None})
    assert s.memory[0] == ["influenza"]
    s.medical_hands[0] = ["flu_vaccine"]
    s.queue, s.step = [0], "end"
    s._legal_cache.clear()
    assert all(a["type"] != "medical" for a in s._legal_actions(0))  # nothing left to learn


def test_corticosteroids_lower_an_opponents_next_defence():
    """MAZO MÉDICO "(o complicar)": project content, an opponent loses defence at their next
    phase 3 (here enough for a second infection)."""
    s = blank(players=2)
    s.medical_hands[0] = ["corticosteroid"]
    enter(s, 2, [0, 1])
    play(s, {"type": "medical", "card": "corticosteroid", "target": None, "seat": 1})
    assert s.defence_bonus[1] == -2
    s.cells[1]["t_lymphocyte"] = 2  # defence 4 - 2 = 2
    place(s, 1, "environment_1", "rhinovirus")
    place(s, 1, "environment_1", "staphylococcus")
    place(s, 1, "environment_1", "tapeworm")  # 5 > 2, then 3 > 2, then 1 <= 2 (without it: 1 infection)
    enter(s, 3, [1])
    assert [i["pathogen"] for i in s.infections[1]] == ["rhinovirus", "staphylococcus"]
    assert s.defence_bonus[1] == 0


def test_heal_surgery_and_growth_factor_targets():
    """MAZO MÉDICO "curar" (project content): heal a damaged organ, remove tumours, gain a cell up
    to the per-type maximum."""
    s = blank(players=2)
    s.medical_hands[0] = ["antipyretic", "surgery", "growth_factor"]
    s.damage[0]["skin"] = 2
    s.tumours[0]["liver"] = 3
    s.cells[0]["neutrophil"] = 3
    enter(s, 1, [0, 1])
    medical = [a for a in s.legal_actions(0) if a["type"] == "medical"]
    # growth factor is not offered: neutrophils are already at the 3-cell maximum
    assert medical == [
        {"type": "medical", "card": "antipyretic", "target": "skin", "seat": None},
        {"type": "medical", "card": "surgery", "target": "liver", "seat": None},
    ]
    play(s, {"type": "medical", "card": "surgery", "target": "liver", "seat": None})
    assert s.tumours[0]["liver"] == 1


def test_growth_factor_gives_a_free_cell():
    """Project content: the G-CSF card gives a neutrophil without spending oxygen."""
    s = blank(players=2)
    s.medical_hands[0] = ["growth_factor"]
    enter(s, 1, [0, 1])
    play(s, {"type": "medical", "card": "growth_factor", "target": None, "seat": None})
    assert s.cells[0]["neutrophil"] == 1
