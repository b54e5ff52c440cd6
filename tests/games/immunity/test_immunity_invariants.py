"""Invariants of any reachable position (property-based): no card is created or lost, and every
counter stays within what the board allows."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine.i18n import missing_translations
from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.labels import CATALOGUE


def check_invariants(s):
    c = s.content
    cards = Counter(s.pathogen_deck + s.pathogen_discard)
    for seat in range(s.players):
        cards.update(s.pathogen_hands[seat])
        cards.update(e["pathogen"] for e in s.environment_1[seat] + s.environment_2[seat] if not e["vector_token"])
        cards.update(i["pathogen"] for i in s.infections[seat] if not i["vector_token"])
        cards.update(s.memory_box[seat])
    assert cards == Counter(c.deck("pathogens")), "pathogen cards created or lost"
    medical = Counter(s.medical_deck + s.medical_discard)
    for seat in range(s.players):
        medical.update(s.medical_hands[seat])
    assert medical == Counter(c.deck("medical")), "medical cards created or lost"
    assert Counter(s.environment_deck + s.environment_discard) == Counter(c.deck("environment"))
    limit = c.rules["max_cells_per_type"]
    for seat in range(s.players):
        assert all(0 <= n <= limit for n in s.cells[seat].values())
        assert all(0 <= s.damage[seat][o] <= c.organ_boxes[o] for o in c.organs)
        assert all(n >= 0 for n in s.tumours[seat].values())
        assert all(1 <= i["counters"] <= max(c.rules["max_extension"], c.pathogens[i["pathogen"]].extension)
                   for i in s.infections[seat])
        assert s.oxygen[seat] >= 0
        if s.turn >= 2:  # set-up cards lie face down in Environment 2 until the first phase 3
            assert all(e["face_up"] for e in s.environment_2[seat]), "Environment 2 cards have been revealed"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_cards_and_counters_are_conserved(seed, players):
    """Components: every card stays in exactly one place (deck, discard, hand, environment,
    infection, memory box); cells, damage, counters and oxygen stay within the board."""
    s = GAME.new(players=players, seed=seed)
    rng = random.Random(seed)
    check_invariants(s)
    while not s.is_over:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        check_invariants(s)


def test_every_label_has_three_languages():
    """Labels: English, Spanish and French for every template."""
    assert missing_translations(CATALOGUE) == []
