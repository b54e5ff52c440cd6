"""``expert``'s sharper judgement (``Game.evaluate_sharp``): the exact cure odds.

The bound-based odds of ``evaluate`` keep only the fewest cards the seat knows to be in each
hand, and count every pair of the other cards as equally likely.  The sharp odds are the
belief filter's (the one ``determinize`` samples from), so they must be exactly the posterior
that the determinizer's brute-force oracle enumerates, and they may read nothing a seat may
not see."""

from __future__ import annotations

import math
import random
from collections import defaultdict

import pytest
from herbalism_helpers import ADVANCED, GAME, random_prefix
from test_herbalism_determinize import _round_one_prefix, brute_force
from test_herbalism_evaluate_state import OPTIONS, _scramble

from ludoteca.bots import make_spec
from ludoteca.games.herbalism import heuristic


def _seed_five_after_two_appeals():
    """2 players, seed 5: Bob (seat 1) was dealt no yellow card; he appealed to Amy on
    yellow-blue and she handed over her one yellow card; she appealed to him on the identical
    pair and he handed over his one red card.  Bob has moved to red-green and now picks his
    action card."""
    state = GAME.new(2, seed=5)
    assert state.hands == [[1, 1, 2, 2], [1, 0, 2, 3]] and state.cure == [0, 2, 0, 0]
    for seat, action in [(1, {"type": "move", "card": "yellow-blue"}), (1, {"type": "action", "card": "appealing"}),
                         (1, {"type": "target", "target": 0}), (0, {"type": "hand_over", "colour": "yellow"}),
                         (0, {"type": "move", "card": "identical-pair"}),
                         (0, {"type": "action", "card": "appealing"}), (0, {"type": "target", "target": 1}),
                         (1, {"type": "hand_over", "colour": "red"}), (1, {"type": "move", "card": "red-green"})]:
        state.apply(seat, action)
    assert state.phase == "action" and state.to_move == (1,)
    return state


def test_an_appeal_places_every_card_of_its_colour():
    """Apelación: "el jugador elegido debe darle al jugador activo todas las cartas que
    coincidan con 1 de los 2 colores".  Amy handed over one yellow card, so she held exactly
    one; Bob was dealt none; the yellow cards are three, so the other two are the cure: the
    identical pair, for certain.  The bound-based odds know only that Amy held *at least* one
    and spread the cure over every card."""
    state = _seed_five_after_two_appeals()
    sharp, colours = heuristic.sharp_cure_odds(state, 1)
    assert sharp["identical-pair"] == 1.0
    assert colours == [0.0, 1.0, 0.0, 0.0]
    bound, _ = heuristic.cure_odds(state.view(1), 1)
    assert bound["identical-pair"] == pytest.approx(1 / 7)
    assert max(bound.values()) < 0.2
    # What the certainty is worth: the answer's 3 points once the marker is on the card.
    cured = state.clone()
    cured.apply(1, {"type": "action", "card": "curing"})
    cured.apply(1, {"type": "answer", "card": "identical-pair"})
    assert GAME.evaluate_sharp(cured, 1) == pytest.approx(GAME.evaluate_state(cured, 1) + 3 * (1 - 1 / 7))


def test_expert_cures_when_the_cure_is_certain_and_wins_the_game():
    """"Answer on the right card +3"; the game ends at the end of a round in which someone
    reaches 6.  With 5 points Bob wins by curing now, whatever Amy replies (a follow gives
    her 1).  The search once tried the wrong answers below "cure" and valued it below waiting;
    with its own chain played as the ranking plays it (``own_chain``) it cures."""
    for seed in (3, 4, 5):  # with expert:own_chain=0 the search waited with seeds 3 and 4
        state = _seed_five_after_two_appeals()
        state.scores = [0, 5]
        expert = make_spec("expert", seed=seed)
        assert expert.choose(state, 1) == {"type": "action", "card": "curing"}
        state.apply(1, {"type": "action", "card": "curing"})
        assert expert.choose(state, 1) == {"type": "answer", "card": "identical-pair"}


def _marginal(distribution):
    odds = defaultdict(float)
    for world, p in distribution.items():
        odds[tuple(world[-1])] += p
    return odds


def test_sharp_odds_are_the_brute_force_posterior():
    """The cure's odds summed from the oracle's exact distribution of worlds (every deal and
    unseen choice replayed through the rules) equal the sharp odds, card by card."""
    checked = 0
    for players, seed, length in [(3, 1, 9), (3, 2, 14), (2, 3, 10), (4, 4, 8), (3, 19, 30)]:
        state = _round_one_prefix(players, seed, length, ADVANCED)
        for seat in range(players):
            exact = _marginal(brute_force(state, seat))
            medicines, colours = heuristic.sharp_cure_odds(state, seat)
            content = state.content
            names, medicine_names = list(content.colours), list(content.medicines)
            for name in medicine_names:
                expected = sum(p for cure, p in exact.items()
                               if heuristic._card_for(list(cure), names, medicine_names) == name)
                assert math.isclose(medicines[name], expected, abs_tol=1e-12)
            for c in range(len(content.colours)):
                assert math.isclose(colours[c], sum(p for cure, p in exact.items() if cure[c]), abs_tol=1e-12)
            checked += 1
    assert checked == 15


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_sharp_reads_nothing_hidden(players: int) -> None:
    """Preparar 4: "La mano de un jugador es información oculta"; the cure is face down.
    Everything the seat cannot see changed (the belief filter rebuilt from the changed log)
    leaves the sharp value as it was; the sharp value differs from the bound-based one on
    some positions (the test would catch a sharp judgement that read nothing new)."""
    rng = random.Random(20 + players)
    differs = 0
    for seed in range(12):
        state = random_prefix(players, seed, rng.randrange(60), OPTIONS[1])
        for seat in range(players):
            before = GAME.evaluate_sharp(state, seat)
            for _ in range(3):
                scrambled = _scramble(state, seat, rng)
                scrambled.beliefs = {}
                assert GAME.evaluate_sharp(scrambled, seat) == pytest.approx(before, abs=1e-12)
            differs += not math.isclose(before, GAME.evaluate_state(state, seat))
    assert differs > 0


def test_sharp_is_a_setting_of_the_search_only_a_yes_or_no():
    with pytest.raises(ValueError, match="sharp is 1"):
        make_spec("ismcts:iterations=10:sharp=2")
