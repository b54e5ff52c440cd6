"""Hidden information (hands, face-down environment cards, decks), determinize, RL and bots."""

import json
import random

import pytest
from immunity_helpers import blank, enter, place, play

from ludoteca.games.immunity import GAME


def random_states(players, seeds=3, every=7):
    """Positions from random games, sampled every few actions."""
    for seed in range(seeds):
        s = GAME.new(players=players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            if step % every == 0:
                yield s
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1


def other_pathogen(card):
    return "hiv" if card != "hiv" else "measles"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_other_hands_never_leak(players):
    """Hidden information: "hands are secret" — changing only another player's hand leaves a
    seat's view identical (counts are public: the card backs show the deck)."""
    for s in random_states(players):
        for seat in range(players):
            before = s.view(seat)
            other = s.clone()
            for o in range(players):
                if o != seat:
                    other.pathogen_hands[o] = [other_pathogen(p) for p in other.pathogen_hands[o]]
                    other.medical_hands[o] = ["surgery" if m != "surgery" else "antibiotic"
                                          for m in other.medical_hands[o]]
            assert other.view(seat) == before
            assert other.view(None)["seats"] == s.view(None)["seats"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_face_down_cards_never_leak(players):
    """Hidden information: face-down environment cards are unknown even to their owner; a card
    played face down into another's environment is known only to whoever played it."""
    for s in random_states(players):
        for seat in [None, *range(players)]:
            before = s.view(seat)
            other = s.clone()
            for envs in (other.environment_1, other.environment_2):
                for env in envs:
                    for entry in env:
                        if not entry["face_up"] and (seat is None or entry["placed_by"] != seat):
                            entry["pathogen"] = other_pathogen(entry["pathogen"])
            assert other.view(seat) == before


@pytest.mark.parametrize("players", [2, 5])
def test_deck_order_and_rng_never_leak(players):
    """Hidden information: "Decks order hidden" — shuffling the decks and reseeding the RNG
    changes no view."""
    for s in random_states(players, seeds=2, every=15):
        other = s.clone()
        for deck in (other.pathogen_deck, other.medical_deck, other.environment_deck):
            random.Random(9).shuffle(deck)
        other.rng.seed(12345)
        for seat in [None, *range(players)]:
            assert other.view(seat) == s.view(seat)


def test_face_down_card_known_to_its_player_only():
    """Fase 5: the card put face down in another player's Environment 1 is known to the player
    who put it, not to its new owner."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["measles"]
    enter(s, 5, [0])
    play(s, {"type": "expose", "card": "measles", "seat": 1})
    assert s.view(0)["seats"][1]["environment_1"][0]["pathogen"] == "measles"
    assert s.view(1)["seats"][1]["environment_1"][0]["pathogen"] is None
    assert s.view(2)["seats"][1]["environment_1"][0]["pathogen"] is None


def test_private_events_name_their_reader():
    """Hidden information in events: the cards a player draws or places face down are sent only
    to that player ("to"), the public events carry counts and targets only."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["measles"]
    enter(s, 5, [0])
    events = play(s, {"type": "expose", "card": "measles", "seat": 1})
    public = [e for e in events if "to" not in e]
    assert all("measles" not in json.dumps(e) for e in public)
    private = [e for e in events if "to" in e]
    assert private and all(e["to"] == [0] for e in private)


def test_determinize_redraws_exactly_what_the_seat_cannot_know():
    """_resample_hidden: other hands, face-down cards the seat did not place, and deck orders are
    redrawn; the seat's own hand, its own face-down plays and all public cards stay."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["measles"]
    s.pathogen_hands[1] = ["tapeworm", "hpv"]
    s.pathogen_hands[2] = ["hiv"]
    mine = place(s, 1, "environment_1", "salmonella", by=0)
    theirs = place(s, 0, "environment_1", "giardia", by=2)
    unknown = place(s, 2, "environment_2", "candida")
    public = place(s, 2, "environment_2", "norovirus", up=True)
    changed = {"hands": False, "theirs": False, "unknown": False}
    for k in range(40):
        d = s.determinize(0, random.Random(k))
        assert d.view(0) == s.view(0)
        assert d.pathogen_hands[0] == ["measles"] and d.medical_hands[0] == s.medical_hands[0]
        assert d.environment_1[1][0]["pathogen"] == mine["pathogen"]
        assert d.environment_2[2][1]["pathogen"] == public["pathogen"]
        assert len(d.pathogen_hands[1]) == 2 and len(d.pathogen_hands[2]) == 1
        changed["hands"] |= d.pathogen_hands[1] != s.pathogen_hands[1]
        changed["theirs"] |= d.environment_1[0][0]["pathogen"] != theirs["pathogen"]
        changed["unknown"] |= d.environment_2[2][0]["pathogen"] != unknown["pathogen"]
        cards = sorted(d.pathogen_deck + [p for h in d.pathogen_hands[1:] for p in h]
                       + [d.environment_1[0][0]["pathogen"], d.environment_2[2][0]["pathogen"]])
        original = sorted(s.pathogen_deck + [p for h in s.pathogen_hands[1:] for p in h]
                          + [theirs["pathogen"], unknown["pathogen"]])
        assert cards == original
    assert all(changed.values())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_determinize_keeps_every_view(players):
    """determinize(seat) is consistent with view(seat) for every seat and the spectator."""
    for s in random_states(players, seeds=2, every=20):
        for seat in [None, *range(players)]:
            d = s.determinize(seat, random.Random(1))
            assert d.view(seat) == s.view(seat)


# ---- RL interop and the bot heuristic ---------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_action_indices_are_stable_and_cover_every_legal_action(players):
    """RL: every listed action has a fixed index, and index_action gives it back."""
    size = GAME.num_distinct_actions(players)
    for s in random_states(players, seeds=2, every=1):
        for action in s.legal_actions(s.to_move[0]):
            index = s.action_index(action)
            assert 0 <= index < size
            assert s.index_action(index) == action
    assert GAME.new(players=2, seed=1).action_index({"type": "done"}) == 0
    with pytest.raises(ValueError, match="index"):
        GAME.new(players=2, seed=1).index_action(size)


@pytest.mark.parametrize("players", [2, 4])
def test_observation_has_the_declared_size_and_reads_only_the_view(players):
    """RL: encode(view) has observation_size numbers and depends only on the view."""
    size = GAME.observation_size(players)
    for s in random_states(players, seeds=1, every=10):
        seat = s.to_move[0]
        vector = GAME.encode(s.view(seat))
        assert len(vector) == size
        assert all(isinstance(x, float) for x in vector)
        other = s.determinize(seat, random.Random(3))
        assert GAME.encode(other.view(seat)) == vector


def test_evaluate_prefers_health():
    """Bots: evaluate(view, seat) is higher when the seat is healthier."""
    s = blank(players=2)
    healthy = GAME.evaluate(s.view(0), 0)
    s.damage[0]["skin"] = 4
    assert GAME.evaluate(s.view(0), 0) < healthy
    assert GAME.evaluate(s.view(1), 1) > GAME.evaluate(s.view(0), 0)


def test_labels_in_three_languages():
    """Every action has a label in English, Spanish and French."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["measles"]
    enter(s, 5, [0])
    action = s.legal_actions(0)[0]
    labels = {lang: s.describe(action, lang) for lang in ("en", "es", "fr")}
    assert "Measles" in labels["en"] and "sarampión" in labels["es"] and "rougeole" in labels["fr"]
