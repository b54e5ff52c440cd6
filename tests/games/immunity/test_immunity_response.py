"""Fase 3 (Respuesta inmune): the infection loop, environment movement, clearing, damage, tumours."""

from immunity_helpers import blank, enter, infect, place, play


def test_reveal_and_infect_by_highest_until_defence_holds():
    """Fase 3: "Si ésta última es menor que la primera, el jugador será infectado por el Patógeno
    con la mayor Infectividad ... volverá a comparar ... hasta que la Defensa inmune sea igual o
    superior a la suma de la Infectividad"."""
    s = blank()
    s.cells[0]["t_lymphocyte"] = 2  # defence 4
    place(s, 0, "environment_2", "rhinovirus")   # 2
    place(s, 0, "environment_1", "influenza")    # 3
    place(s, 0, "environment_1", "staphylococcus")  # 2 -> total 7 > 4
    enter(s, 3, [0])
    # 7 > 4: influenza infects; 4 <= 4: stop.
    assert [i["pathogen"] for i in s.infections[0]] == ["influenza"]
    assert s.infections[0][0]["counters"] == 2  # "un número inicial de Contadores de extensión igual a su Extensión"


def test_infection_loop_repeats_while_infectivity_exceeds_defence():
    """Fase 3: "Este proceso se volverá a repetir hasta que la Defensa inmune sea igual o superior"."""
    s = blank()
    s.cells[0]["neutrophil"] = 1  # defence 1
    place(s, 0, "environment_2", "rhinovirus")   # 2
    place(s, 0, "environment_1", "measles")      # 4
    place(s, 0, "environment_1", "norovirus")    # 3
    place(s, 0, "environment_1", "tapeworm")     # 1 -> 10
    enter(s, 3, [0])
    # 10>1 measles; 6>1 norovirus; 3>1 rhinovirus; 1<=1 stop.
    assert [i["pathogen"] for i in s.infections[0]] == ["measles", "norovirus", "rhinovirus"]
    assert [e["pathogen"] for e in s.environment_2[0]] == ["tapeworm"]


def test_tie_goes_to_the_upper_card_placed_first():
    """Fase 3: "En caso de empate ... infectado por aquel que se encuentre por encima", with the
    cards "que se colocaron primero ... por encima"."""
    s = blank()
    place(s, 0, "environment_1", "norovirus")   # 3, placed first
    place(s, 0, "environment_1", "salmonella")  # 3
    s.cells[0]["t_lymphocyte"] = 2  # defence 4 -> 6 > 4, one infection, then 3 <= 4
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["norovirus"]
    s = blank()
    place(s, 0, "environment_1", "salmonella")
    place(s, 0, "environment_1", "norovirus")
    s.cells[0]["t_lymphocyte"] = 2
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["salmonella"]


def test_environment_2_cards_were_placed_earlier_so_they_lie_on_top():
    """Fase 3: the earliest placed card is on top, so it wins ties, whichever environment it is in."""
    s = blank()
    s.cells[0].update(t_lymphocyte=1, neutrophil=1)  # defence 3: 6 > 3, then 3 <= 3
    place(s, 0, "environment_2", "salmonella")
    place(s, 0, "environment_1", "norovirus")
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["salmonella"]


def test_at_least_one_infection_when_defence_is_higher():
    """NOTA: Al menos uno. "Si al inicio de esta fase la Defensa inmune del jugador es superior a la
    suma de la Infectividad ... el jugador será igualmente infectado por el Patógeno con la mayor
    Infectividad"."""
    s = blank()
    s.cells[0]["t_lymphocyte"] = 3  # defence 6
    place(s, 0, "environment_1", "tapeworm")  # 1
    place(s, 0, "environment_2", "rhinovirus")  # 2
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["rhinovirus"]
    assert [e["pathogen"] for e in s.environment_2[0]] == ["tapeworm"]


def test_at_least_one_on_equal_values_depends_on_the_option():
    """NOTA "superior": by default an equal defence still lets one pathogen in (ruling); the
    'literal' option applies the note only when defence is strictly greater."""
    for option, expected in (("always", ["influenza"]), ("literal", [])):
        s = blank(options={"at_least_one": option})
        s.cells[0]["t_lymphocyte"] = 1
        s.cells[0]["neutrophil"] = 1  # defence 3
        place(s, 0, "environment_1", "influenza")  # 3
        enter(s, 3, [0])
        assert [i["pathogen"] for i in s.infections[0]] == expected
    s = blank(options={"at_least_one": "literal"})
    s.cells[0]["t_lymphocyte"] = 2  # 4 > 3
    place(s, 0, "environment_1", "influenza")
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["influenza"]


def test_no_infection_from_empty_environments():
    """NOTA: at least one infection needs a pathogen to infect; empty environments infect nobody."""
    s = blank()
    enter(s, 3, [0])
    assert s.infections[0] == []


def test_environment_1_moves_to_2_and_environment_2_is_discarded():
    """Fase 3: "Aquellos Patógenos ... Ambiente 1 y no consigan infectar ... pasar a su casilla de
    Ambiente 2. Aquellos ... Ambiente 2 se descartarán." Vector tokens are not cards and vanish."""
    s = blank()
    place(s, 0, "environment_2", "measles")  # 4: the one that infects (at least one)
    place(s, 0, "environment_2", "tapeworm")
    place(s, 0, "environment_2", "hpv", up=True, token=True)
    place(s, 0, "environment_1", "rhinovirus")
    s.cells[0]["t_lymphocyte"] = 3
    before = list(s.pathogen_discard)
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["measles"]
    assert s.environment_1[0] == []
    assert [e["pathogen"] for e in s.environment_2[0]] == ["rhinovirus"]
    assert all(e["face_up"] for e in s.environment_2[0])
    assert s.pathogen_discard == before + ["tapeworm"]


def test_immune_memory_blocks_reinfection():
    """Tablero: "Memoria Inmune, donde se sitúan los patógenos que ya no te pueden reinfectar"."""
    s = blank()
    s.memory[0] = ["measles"]
    place(s, 0, "environment_1", "measles")
    place(s, 0, "environment_1", "tapeworm")
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["tapeworm"]
    assert [e["pathogen"] for e in s.environment_2[0]] == ["measles"]


def test_defence_penalty_of_an_infection_counts_when_comparing_again():
    """Fase 3: "volverá a comparar los nuevos valores" — an infection that weakens defence (HIV,
    project content) lowers the defence of the next comparison."""
    s = blank()
    s.cells[0]["t_lymphocyte"] = 2  # defence 4
    place(s, 0, "environment_1", "hiv")         # 1
    place(s, 0, "environment_1", "rhinovirus")  # 2
    place(s, 0, "environment_1", "staphylococcus")  # 2 -> 5 > 4
    enter(s, 3, [0])
    # rhinovirus (2, upper of the 2s) infects: 3 <= 4 stops; HIV never got in.
    assert [i["pathogen"] for i in s.infections[0]] == ["rhinovirus"]
    s = blank()
    s.cells[0]["t_lymphocyte"] = 2
    place(s, 0, "environment_1", "hiv")
    place(s, 0, "environment_1", "tapeworm")
    place(s, 0, "environment_1", "measles")  # 6 > 4
    s.infections[0] = []
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["measles"]
    s = blank()
    s.cells[0]["t_lymphocyte"] = 1  # defence 2
    infect(s, 0, "hiv")  # defence 2 - 2 = 0
    place(s, 0, "environment_1", "tapeworm")
    place(s, 0, "environment_1", "hpv")
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["hiv", "tapeworm", "hpv"]


def test_cells_remove_extension_counters_and_eliminate():
    """Fase 3: "Para eliminar un Patógeno el jugador deberá eliminar todos Contadores de extensión
    ... a través del uso de Neutrófilos, Eosinófilos, Células NK, Macrófagos"."""
    s = blank()
    s.cells[0].update(neutrophil=1, macrophage=1, eosinophil=1)
    infect(s, 0, "salmonella")  # bacterium, 2 counters
    enter(s, 3, [0])
    legal = s.legal_actions(0)
    assert {"type": "clear", "cell": "neutrophil", "infection": 0} in legal
    assert {"type": "clear", "cell": "macrophage", "infection": 0} in legal
    # eosinophils only fight parasites
    assert not any(a.get("cell") == "eosinophil" for a in legal)
    play(s, {"type": "clear", "cell": "neutrophil", "infection": 0})
    assert s.infections[0] == [{"pathogen": "salmonella", "counters": 1, "vector_token": False}]
    # each cell acts once per phase
    assert not any(a.get("cell") == "neutrophil" for a in s.legal_actions(0))
    before = list(s.pathogen_discard)
    play(s, {"type": "clear", "cell": "macrophage", "infection": 0})
    assert s.infections[0] == []
    assert s.pathogen_discard == before + ["salmonella"]


def test_eliminated_pathogen_goes_to_memory_with_a_memory_cell():
    """Tablero: immune memory (project ruling: owning a B lymphocyte sends each pathogen you
    eliminate to immune memory)."""
    s = blank()
    s.cells[0].update(neutrophil=1, b_lymphocyte=1)
    infect(s, 0, "salmonella", counters=1)
    enter(s, 3, [0])
    play(s, {"type": "clear", "cell": "neutrophil", "infection": 0})
    assert s.memory[0] == ["salmonella"]


def test_uncleared_pathogen_damages_each_target_then_grows():
    """Fase 3: "infligirá daño a cada uno de los órganos objetivos ... dependiendo del número de
    Contadores de Extensión ... Tras infligir el daño indicado éste obtendrá un Contador de
    extensión adicional"."""
    s = blank()
    infect(s, 0, "staphylococcus", counters=2)  # skin and circulatory
    enter(s, 3, [0])
    play(s, {"type": "done"})
    assert s.damage[0]["skin"] == 2
    assert s.damage[0]["circulatory"] == 2
    assert s.damage[0]["respiratory"] == 0
    assert s.infections[0][0]["counters"] == 3


def test_extension_growth_is_capped_and_damage_fills_the_track():
    """Project content: an infection holds at most rules.max_extension counters; an organ's damage
    track has rules-given boxes (damage beyond a full track is not recorded)."""
    s = blank()
    infect(s, 0, "staphylococcus", counters=6)
    s.damage[0]["skin"] = 5
    enter(s, 3, [0])
    play(s, {"type": "done"})
    assert s.infections[0][0]["counters"] == 6
    assert s.damage[0]["skin"] == 8


def test_oncogenic_pathogen_adds_tumours_that_hurt_and_nk_cells_remove():
    """Dossier: "Tumour counters come from specific pathogens (oncogenic viruses) ... a tumour adds
    damage each turn until removed by NK cells"."""
    s = blank()
    infect(s, 0, "hpv", counters=1)
    enter(s, 3, [0])
    play(s, {"type": "done"})
    # hpv: 1 damage to skin, then a tumour on skin which deals 1 more.
    assert s.tumours[0]["skin"] == 1
    assert s.damage[0]["skin"] == 2
    s = blank()
    s.cells[0]["nk_cell"] = 1
    s.tumours[0]["liver"] = 2
    enter(s, 3, [0])
    assert {"type": "clear_tumour", "cell": "nk_cell", "organ": "liver"} in s.legal_actions(0)
    play(s, {"type": "clear_tumour", "cell": "nk_cell", "organ": "liver"})
    assert s.tumours[0]["liver"] == 1
    play(s, {"type": "done"})
    assert s.damage[0]["liver"] == 1


def test_phase_three_runs_in_turn_order_one_player_at_a_time():
    """FASES DEL TURNO: "En cada fase podrán actuar, por orden, todos los jugadores"."""
    s = blank()
    s.order = [1, 2, 0]
    place(s, 1, "environment_1", "tapeworm")
    place(s, 2, "environment_1", "tapeworm")
    enter(s, 3)
    assert s.to_move == (1,)
    assert len(s.infections[1]) == 1 and s.infections[2] == []
    play(s, {"type": "done"})
    assert s.to_move == (2,)
    assert len(s.infections[2]) == 1


def test_short_lived_cells_die_when_they_act():
    """Project content: a cell marked dies_on_use (neutrophils: they die after phagocytosis)
    leaves the board when it removes a counter; others act once per phase and stay."""
    s = blank(options={"params": {**__import__("immunity_helpers").PINNED,
                                  "cells": {"neutrophil": {"dies_on_use": True}}}})
    s.cells[0].update(neutrophil=2, macrophage=1)
    infect(s, 0, "salmonella", counters=3)
    enter(s, 3, [0])
    play(s, {"type": "clear", "cell": "neutrophil", "infection": 0})
    assert s.cells[0]["neutrophil"] == 1
    play(s, {"type": "clear", "cell": "neutrophil", "infection": 0})
    assert s.cells[0]["neutrophil"] == 0
    play(s, {"type": "clear", "cell": "macrophage", "infection": 0})
    assert s.cells[0]["macrophage"] == 1 and s.cells_used[0]["macrophage"] == 1
    assert s.infections[0] == []
