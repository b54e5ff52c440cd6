"""Issue 13 (Immunity): the two rulings the game made silently, and the `expensive-cells` variant.

Both rulings are written in docs/games/immunity.md ("Rulings and options")."""

from immunity_helpers import blank, enter, infect, place, play

from ludoteca.games.immunity import GAME


def test_contagion_is_optional_even_with_a_valid_target():
    """Fase 4: "cada jugador podrán intentar contagiar a los demás jugadores" (may try); the
    text only says so outright without targets ("Si el jugador no cuenta con objetivos válidos
    podrá terminar la fase sin contagiar a nadie"). Ruling: with a valid target, passing is
    legal too, and nothing is placed."""
    s = blank(players=3)
    infect(s, 0, "salmonella")  # contact: one neighbour of choice
    enter(s, 4, [0, 1])
    legal = s.legal_actions(0)
    assert {"type": "spread", "infection": 0, "seat": 1} in legal  # a valid target exists
    assert {"type": "done"} in legal
    play(s, {"type": "done"})
    assert s.to_move == (1,)
    assert s.environment_1 == [[], [], []]


def test_phase_three_player_by_player_an_earlier_card_reaches_a_later_player():
    """FASES DEL TURNO: "En cada fase podrán actuar, por orden, todos los jugadores". Ruling:
    phase 3 is resolved one player at a time, so a card the earlier player plays in phase 3
    (a shared syringe) reaches a later player's Environment 1 before that player reveals,
    and infects them in the same phase."""
    s = blank(players=2)
    s.order = [0, 1]
    infect(s, 0, "hiv")
    s.medical_hands[0] = ["shared_syringe"]
    s.cells[1]["t_lymphocyte"] = 1  # defence 2 against HIV's infectivity 1: only "at least one"
    enter(s, 3)
    assert s.to_move == (0,) and s.infections[1] == []
    play(s, {"type": "medical", "card": "shared_syringe", "target": 0, "seat": 1})
    # Player 1's part of this same phase 3 has begun: the token was revealed and infected.
    assert s.phase == "response" and s.to_move == (1,)
    assert [i["pathogen"] for i in s.infections[1]] == ["hiv"]
    assert s.infections[1][0]["vector_token"] is True


def test_phase_three_player_by_player_corticosteroids_count_for_a_later_player_this_phase():
    """The same ruling with "(o complicar)" (corticosteroids, project content): played by the
    earlier player in phase 3, it lowers the later player's defence in this phase 3."""
    s = blank(players=2)
    s.order = [0, 1]
    s.medical_hands[0] = ["corticosteroid"]
    s.cells[1]["t_lymphocyte"] = 2  # defence 4, 2 after the card
    place(s, 1, "environment_1", "rhinovirus")      # 2
    place(s, 1, "environment_1", "staphylococcus")  # 2
    place(s, 1, "environment_1", "tapeworm")        # 1: 5 > 2, 3 > 2, 1 <= 2
    enter(s, 3)
    play(s, {"type": "medical", "card": "corticosteroid", "target": None, "seat": 1})
    assert s.to_move == (1,)
    assert [i["pathogen"] for i in s.infections[1]] == ["rhinovirus", "staphylococcus"]


def test_expensive_cells_raises_every_price_it_names_above_the_shipped_one():
    """Issue 13: "The `expensive-cells` variant sets the macrophage cost to 5, which is already the
    shipped value: make it change something"."""
    shipped = GAME.new(players=2, seed=1).content.cells
    dear = GAME.new(players=2, seed=1, options=GAME.variants["expensive-cells"]).content.cells
    changed = GAME.variants["expensive-cells"]["params"]["cells"]
    assert set(changed) == {"neutrophil", "nk_cell", "macrophage"}
    for cell in changed:
        assert dear[cell].cost > shipped[cell].cost, cell
    assert dear["macrophage"].cost == 7


def test_compulsory_contagion_option_spreads_first_when_a_target_exists():
    """Option ``contagion = "compulsory"`` (the other reading of "Si el jugador no cuenta con
    objetivos válidos podrá terminar la fase sin contagiar a nadie"): with a valid target the
    player must spread, then may end the phase or play a medical card; without one, passes."""
    s = blank(players=3, options={"contagion": "compulsory"})
    infect(s, 0, "salmonella")
    enter(s, 4, [0, 1])
    legal = s.legal_actions(0)
    assert {"type": "done"} not in legal
    assert {a["type"] for a in legal} == {"spread"}
    play(s, {"type": "spread", "infection": 0, "seat": 1})
    assert s.to_move == (0,) and s.legal_actions(0)[0] == {"type": "done"}
    play(s, {"type": "done"})
    # player 1 has nothing to spread: only "done" or its medical card
    assert s.to_move == (1,)
    assert {a["type"] for a in s.legal_actions(1)} == {"done", "medical"}
