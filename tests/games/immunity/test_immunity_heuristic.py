"""Issue 19: the heuristic (``normal``'s judgement, ``hard``'s leaf value) values each cell and
card by what it does under the rules, for the phases still to come.

Each test builds a position with the pinned numbers of ``immunity_helpers.PINNED`` (erythrocyte
and T lymphocyte 3 oxygen, B lymphocyte 4, adipocyte 1; the rest as noted), checks the exact
choice of ``normal`` or the exact value, and quotes the rule it relies on."""

import copy

import pytest
from immunity_helpers import PINNED, blank, enter, infect, place

from ludoteca.bots import make
from ludoteca.games.immunity import GAME
from ludoteca.games.immunity import heuristic as h

FULL = 3  # PINNED rules.max_cells_per_type


def buying(turn: int, oxygen: int, open_types: tuple[str, ...], players: int = 2):
    """Seat 0's part of phase 2 at ``turn``, with ``oxygen`` to spend and every cell type at
    the per-type maximum but ``open_types`` (none of those owned)."""
    s = blank(players=players)
    s.turn = turn
    s.cells[0] = {c: (0 if c in open_types else FULL) for c in s.cells[0]}
    enter(s, 2, [0, 1])
    assert s.phase == "preparation" and s.to_move == (0,)
    s.oxygen[0] = oxygen
    s._legal_cache.clear()
    return s


def choice(s, seat: int = 0) -> dict:
    return make("normal", seed=3).choose(s, seat)


@pytest.mark.parametrize(("turn", "bought"), [(2, "erythrocyte"), (4, "t_lymphocyte")])
def test_an_erythrocyte_pays_early_a_t_lymphocyte_later(turn, bought):
    """Fase 2: "El número de Puntos de oxígeno que recibe cada jugador viene determinado por su
    Sistema respiratorio, su Sistema digestivo y el número de Eritrocitos que posea": an
    erythrocyte adds one oxygen at every later phase 2, so at the same price (3) it beats a T
    lymphocyte (2 defence at every phase 3) while many phase 2s are left (6 at turn 2), and
    loses once few are (4 at turn 4)."""
    s = buying(turn, 3, ("erythrocyte", "t_lymphocyte"))
    assert choice(s) == {"type": "buy", "cell": bought}


def test_after_the_last_phase_2_an_erythrocyte_is_not_bought():
    """Fase 2 gives the oxygen ("durante esta fase cada jugador recibe un número de Puntos de
    oxígeno"), and the life line has 8 turns: an erythrocyte bought in the last phase 2 never
    gives any. Normal ends its phase instead of spending oxygen on it, although that oxygen is
    lost anyway ("Los Puntos de oxígeno que no se hayan gastado ... desaparecen")."""
    s = buying(8, 3, ("erythrocyte",))
    assert {"type": "buy", "cell": "erythrocyte"} in s.legal_actions(0)
    assert choice(s) == {"type": "done"}


@pytest.mark.parametrize(("turn", "bought"), [(2, "b_lymphocyte"), (7, "t_lymphocyte")])
def test_a_b_lymphocyte_pays_while_its_memory_has_phase_3s_to_work(turn, bought):
    """Board: "Casilla de Memoria Inmune, donde se sitúan los patógenos que ya no te pueden
    reinfectar"; ruling (docs/games/immunity.md): owning a memory cell when a pathogen is
    eliminated puts it there. A B lymphocyte (4, defence 1, memory) is worth its memory for
    every phase 3 left: with 4 oxygen at turn 2 normal buys it rather than a T lymphocyte
    (3, defence 2) and a wasted oxygen; at turn 7, two phase 3s from the end, the T lymphocyte."""
    s = buying(turn, 4, ("b_lymphocyte", "t_lymphocyte"))
    assert choice(s) == {"type": "buy", "cell": bought}


def test_oxygen_to_spend_is_worth_the_best_set_it_buys():
    """Fase 2: "Para adquirir una célula determinada el jugador deberá gastar un número de
    Puntos de oxígeno igual al coste indicado de la célula" and unspent oxygen disappears. So 4
    oxygen at turn 2 are worth the best set they buy: the B lymphocyte (4) rather than one of
    the cheaper sets (a T lymphocyte or an erythrocyte, each 3, and an oxygen left). Buying the
    B lymphocyte keeps the position's value exactly; ending the phase loses all of it."""
    s = buying(2, 4, ("b_lymphocyte", "t_lymphocyte", "erythrocyte"))
    before = GAME.evaluate(s.view(0), 0)
    after_b = s.clone()
    after_b.apply(0, {"type": "buy", "cell": "b_lymphocyte"})
    after_t = s.clone()
    after_t.apply(0, {"type": "buy", "cell": "t_lymphocyte"})
    assert GAME.evaluate(after_b.view(0), 0) == pytest.approx(before)
    assert GAME.evaluate(after_t.view(0), 0) < before - 0.5
    assert choice(s) == {"type": "buy", "cell": "b_lymphocyte"}


def test_a_dear_cell_is_bought_when_it_is_worth_more_than_what_its_price_buys_else():
    """The same rule at the shipped prices of the B lymphocyte (6) and the neutrophil (1; defence
    1, clears a counter of a bacterium or fungus and dies doing it): 6 oxygen buy either the B
    lymphocyte or three neutrophils and three oxygen lost (no adipocyte to keep them: here
    they cost 7). Early in life normal takes the memory; at its last phase 2 the neutrophils."""
    params = copy.deepcopy(PINNED)
    params["cells"]["b_lymphocyte"]["cost"] = 6
    params["cells"]["neutrophil"].update(cost=1, dies_on_use=True)
    params["cells"]["adipocyte"]["cost"] = 7
    for turn, bought in ((2, "b_lymphocyte"), (8, "neutrophil")):
        s = blank(players=2, options={"params": params})
        s.turn = turn
        s.cells[0] = {c: (0 if c in ("b_lymphocyte", "neutrophil", "adipocyte") else FULL) for c in s.cells[0]}
        enter(s, 2, [0, 1])
        s.oxygen[0] = 6
        s._legal_cache.clear()
        assert choice(s) == {"type": "buy", "cell": bought}, turn


def test_stored_oxygen_is_worth_nothing_after_the_last_phase_2():
    """Fase 2: oxygen is received and spent in phase 2; adipocytes keep unspent oxygen "for the
    next turn" (docs/games/immunity.md). After the last turn's phase 2 there is none: stored
    oxygen counts nothing then, and OXYGEN a unit the turn before."""
    values = {}
    for turn in (7, 8):
        for stored in (0, 4):
            s = blank(players=2)
            s.turn = turn
            s.order = [1, 0]  # seat 0's part of phase 3 is still to come
            enter(s, 3, [1, 0])
            s.stored_oxygen[0] = stored
            values[turn, stored] = GAME.evaluate(s.view(0), 0)
    assert values[8, 4] == values[8, 0]
    assert values[7, 4] == pytest.approx(values[7, 0] + 4 * h.OXYGEN)


def test_a_remembered_pathogen_in_the_environment_counts_nothing():
    """Board: the immune memory holds "los patógenos que ya no te pueden reinfectar"; ruling: a
    pathogen in memory adds no infectivity and cannot infect. A face-up influenza token in
    one's Environment 1 is harmless with influenza in memory, and harmful without."""
    def value(memory: list[str], token: bool) -> float:
        s = blank(players=2)
        s.memory[0] = list(memory)
        if token:
            place(s, 0, "environment_1", "influenza", up=True, token=True)
        s.order = [1, 0]
        enter(s, 2, [1, 0])
        return GAME.evaluate(s.view(0), 0)

    assert value(["influenza"], True) == value(["influenza"], False)
    assert value([], True) < value([], False)


def test_exposure_puts_the_worst_pathogen_on_the_opponent():
    """Fase 5: "cada jugador cogerá una de sus cartas patógenas de su mano y la pondrá en la
    casilla de ambiente 1 del jugador que quiera". The one placing it knows the card (it is
    face down to its owner only): measles (infectivity 4, 2 counters on two organs) threatens
    more than a common cold (2, 1 counter on one organ), so normal exposes its opponent to it."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["rhinovirus", "measles"]
    enter(s, 5, [0, 1])
    assert s.to_move == (0,)
    assert choice(s) == {"type": "expose", "card": "measles", "seat": 1}


def test_threat_ranks_pathogens_by_infectivity_and_damage():
    """Fase 3: a pathogen infects when the infectivity revealed beats defence, then "inflige daño
    a cada uno de los órganos objetivos ... dependiendo del número de Contadores de Extensión":
    the threat counts both, in units of the deck's average card."""
    content = blank(players=2).content
    threat = h._threats(content)
    assert threat["measles"] > threat["influenza"] > threat["rhinovirus"]
    copies = sum(p.copies for p in content.pathogens.values())
    assert sum(threat[p] * path.copies for p, path in content.pathogens.items()) / copies == pytest.approx(1.0)


def test_an_infection_costs_per_counter_and_target_organ():
    """Fase 3: an uncleared pathogen "inflige daño a cada uno de los órganos objetivos indicados
    en su ficha, dependiendo del número de Contadores de Extensión que posea": staphylococcus
    (2 counters, skin and circulatory) costs 2 x (COUNTER_BASE + 2 x COUNTER)."""
    def value(infected: bool) -> float:
        s = blank(players=2)
        if infected:
            infect(s, 0, "staphylococcus")
        s.order = [1, 0]
        enter(s, 2, [1, 0])
        return GAME.evaluate(s.view(0), 0)

    assert value(False) - value(True) == pytest.approx(2 * (h.COUNTER_BASE + 2 * h.COUNTER))
