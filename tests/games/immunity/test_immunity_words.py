"""What people see: the common view keys, action and log labels in words, the terminal board."""

import random
import re

import pytest

from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.phases import TABLE

LANGS = ("en", "es", "fr")
#: Signs of raw data on a screen: a list or dict, None, a key=value pair, a snake_case id.
RAW = re.compile(r"[\[\]{}]|None|\w=\w|\b[a-z]+_[a-z0-9_]+\b")


def games(players=(2, 4), seeds=(1,)):
    """(state before, seat, action, events) for every action of a few random games."""
    for n in players:
        for seed in seeds:
            s = GAME.new(players=n, seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                seat = s.to_move[0]
                action = rng.choice(s.legal_actions(seat))
                before = s.clone()
                yield before, seat, action, s.apply(seat, action)


def generic(mapping):
    return ", ".join(f"{k}={v}" for k, v in mapping.items() if k != "to")


def test_every_view_has_phase_scores_and_seats():
    """Issue: "phase, scores and seats exist in every view"; a hand only in its owner's view."""
    for s, _, _, _ in games(seeds=(2,)):
        for seat in (None, *range(s.players)):
            view = s.view(seat)
            assert isinstance(view["phase"], str) and view["phase"] in TABLE
            assert view["scores"] == s.scores and len(view["scores"]) == s.players
            assert len(view["seats"]) == s.players and all(isinstance(b, dict) for b in view["seats"])
            if seat is None:
                assert view["hand"] is None
            else:
                assert view["hand"] == {"medical": s.medical_hands[seat], "pathogen": s.pathogen_hands[seat]}


def test_action_and_event_labels_are_words_in_every_language():
    """Labels: "no raw ids, lists, dicts or coordinates in any language; every label differs from
    the engine's generic k=v fallback"."""
    kinds = set()
    for before, seat, _action, events in games():
        for lang in LANGS:
            for legal in before.legal_actions(seat):
                label = before.describe(legal, lang)
                assert label != generic(legal) and not RAW.search(label), (lang, legal, label)
            for event in events:
                line = before.describe_event(event, lang)
                assert line != generic(event) and not RAW.search(line), (lang, event, line)
                kinds.add(event["type"])
    assert {"turn", "phase", "rolls", "reveal", "infected", "damage", "game_over"} <= kinds


def test_a_clear_action_names_the_pathogen_it_attacks():
    from immunity_helpers import blank, enter, infect

    s = blank(players=2)
    s.cells[0]["neutrophil"] = 1
    infect(s, 0, "tapeworm")
    infect(s, 0, "salmonella")
    enter(s, 3, [0])
    label = s.describe({"type": "clear", "cell": "neutrophil", "infection": 1}, "en")
    assert label == "Use Neutrophil against Salmonella enterica (infection 2)"


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_board_is_drawn_from_a_view_in_words(lang):
    """``ludoteca play`` shows the table from the view alone; the hand only to its owner."""
    shown = 0
    for s, _, _, _ in games(players=(3,), seeds=(4,)):
        if s.version % 40:
            continue
        for seat in (None, *range(s.players)):
            board = GAME.render_text(s.view(seat), lang)
            assert not RAW.search(board), board
            hand_line = {"en": "Your hand", "es": "Tu mano", "fr": "Votre main"}[lang]
            assert (hand_line in board) == (seat is not None)
            shown += 1
    assert shown >= 8
