"""Issue 13 item 12 (the terminal board), ``Game.explain`` (``? topic``) and the balance-lab hooks."""

import pytest
from immunity_helpers import blank, enter, infect

from ludoteca.games.immunity import GAME

LANGS = ("en", "es", "fr")


def test_the_board_shows_cells_with_count_cost_and_defence_and_the_hand_with_values():
    """Issue 13: "Show each body — organs with damage, cells with count, cost and defence,
    environments, infections — and the hand with each card's values"."""
    s = blank(players=2)
    s.cells[0]["macrophage"] = 2
    s.damage[0]["skin"] = 3
    infect(s, 0, "salmonella", counters=2)
    s.medical_hands[0] = ["antibiotic"]
    s.pathogen_hands[0] = ["measles"]
    board = GAME.render_text(s.view(0), "en")
    assert "Macrophage ×2 (cost 4, defence 1)" in board  # the pinned test price, not the shipped 5
    assert "Skin 3/8" in board
    assert "1. Salmonella enterica (2 counters, damages Digestive system)" in board
    assert "  Antibiotic: removes 2 counter(s) from one of your infections of: bacterium" in board
    assert ("  Measles virus: virus (acellular): infectivity 4, 2 extension counter(s) when it infects, "
            "spreads by air, damages Respiratory system, Skin") in board
    assert "Environment 1: none" in board
    # a spectator sees no hand
    assert "Antibiotic" not in GAME.render_text(s.view(None), "en")


def test_one_game_board_stays_short():
    """Issue 13: the raw view dict was 32,542 lines for one game; a board is a few dozen lines."""
    s = GAME.new(players=3, seed=3)
    assert len(GAME.render_text(s.view(0), "en").splitlines()) < 40


@pytest.mark.parametrize("lang", LANGS)
def test_explain_every_component_in_every_language(lang):
    """``? name`` says what each cell, pathogen, medical and environment card and organ does."""
    s = GAME.new(players=2, seed=1)
    view = s.view(0)
    c = s.content
    for key in (*c.cell_ids, *c.pathogen_ids, *c.medical_ids, *c.environment_ids, *c.organs):
        said = GAME.explain(key, view, lang)
        assert said and said.startswith(c.name(key, lang)), key
        assert "_" not in said and "{" not in said, said
    assert GAME.explain("no such thing", view, lang) is None
    assert GAME.explain("", view, lang)  # the list of sections


def test_explain_reads_the_games_own_numbers():
    """The numbers are this game's content (``params``), e.g. a play-tested price."""
    dear = GAME.new(players=2, seed=1, options={"params": {"cells": {"erythrocyte": {"cost": 5, "oxygen": 2}}}})
    assert GAME.explain("erythrocyte", dear.view(0), "en") == (
        "Erythrocyte — costs 5 oxygen, defence 0; 2 more oxygen every phase 2; at most 3 of this type; "
        "1 on the board at set-up")
    assert GAME.explain("Eritrocito", dear.view(0), "es").startswith("Eritrocito — cuesta 5 de oxígeno")
    smoking = GAME.explain("smoking", dear.view(0), "en")
    assert "adulthood: oxygen -1 this phase 2, 1 damage to Respiratory system" in smoking
    assert "cells" in GAME.explain("cells", dear.view(0), "en").lower()
    assert GAME.explain("vaccine", dear.view(0), "en").startswith("Several match: ")


def test_lab_hooks_progress_order_telemetry():
    """LAB.md §7.3: (round, planned rounds), the first turn's order, per-seat public numbers."""
    s = blank(players=3)
    s.order = [2, 0, 1]
    s.damage[1]["liver"] = 2
    s.cells[1]["erythrocyte"] = 1
    infect(s, 1, "salmonella", counters=2)
    assert GAME.progress(s) == (3, 8)
    assert GAME.seat_order(s) == [2, 0, 1]
    numbers = GAME.telemetry(s, 1)
    assert numbers["health"] == -2 and numbers["damage"] == 2
    assert numbers["infection_counters"] == 2 and numbers["cells"] == 1
    assert numbers["oxygen_income"] == 3 + 2 + 1  # pinned respiratory 3, digestive 2, one erythrocyte
    fresh = GAME.new(players=3, seed=5)
    assert GAME.seat_order(fresh) == fresh.order and sorted(fresh.order) == [0, 1, 2]


def test_content_keys_name_the_content_used():
    """The cell bought or used, the card played, the pathogen spread (by infection index), the
    organ treated; not the infection attacked."""
    s = blank(players=3)
    infect(s, 0, "salmonella")
    enter(s, 4, [0])
    keys = GAME.content_keys
    assert keys(s, {"type": "spread", "infection": 0, "seat": 1}) == ["pathogens.salmonella"]
    assert keys(s, {"type": "buy", "cell": "neutrophil"}) == ["cells.neutrophil"]
    assert keys(s, {"type": "clear_tumour", "cell": "nk_cell", "organ": "liver"}) == ["cells.nk_cell", "organs.liver"]
    assert keys(s, {"type": "medical", "card": "surgery", "target": "liver", "seat": None}) == [
        "medical.surgery", "organs.liver"]
    assert keys(s, {"type": "medical", "card": "antibiotic", "target": 0, "seat": None}) == ["medical.antibiotic"]
    assert keys(s, {"type": "discard", "card": "antibiotic"}) == ["medical.antibiotic"]
    assert keys(s, {"type": "discard", "card": "measles"}) == ["pathogens.measles"]
    assert keys(s, {"type": "done"}) == []


@pytest.mark.parametrize(("topic", "lang", "title"), [
    ("cells", "en", "Immune cells"), ("células", "es", "Células inmunes"),
    ("cellules", "fr", "Cellules immunitaires"), ("medical", "fr", "Cartes médicales")])
def test_explain_a_section_lists_each_entry_with_its_values(topic, lang, title):
    """``? cells`` lists every cell with its price: the table the designers debate."""
    s = GAME.new(players=2, seed=1)
    lines = GAME.explain(topic, s.view(0), lang).splitlines()
    assert lines[0] == title
    section = s.content.medical_ids if topic == "medical" else s.content.cell_ids
    assert len(lines) == 1 + len(section)
    assert all(line.startswith("  " + s.content.name(k, lang)) for line, k in zip(lines[1:], section, strict=True))


def test_views_show_the_params_without_exposing_the_games_own() -> None:
    """The view's params are a copy made once per game (a search bot builds a view at every
    leaf), never the game's own options object, which its prices are built from."""
    import ludoteca

    game = ludoteca.game("immunity")
    params = {"cells": {"neutrophil": {"cost": 3}}}
    state = game.new(3, seed=1, options={"params": params})
    first, second = state.view(0), state.view(1)
    assert first["params"] == params and first["params"] is not state.options["params"]
    assert first["params"] is second["params"]  # one copy, not one per view
    assert state.content.cells["neutrophil"].cost == 3
    clone = state.clone()
    assert clone.view(0)["params"] is first["params"]
