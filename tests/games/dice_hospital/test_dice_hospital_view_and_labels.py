"""The view's common and documented keys, and labels in words (never ids, lists or ``k=v``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from dice_hospital_helpers import GREEN, RED, G, activation, advance_to, give_specialist, new

from ludoteca.engine.i18n import LANGS
from ludoteca.games.dice_hospital.labels import report_text

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "dice-hospital.md"
HEADER = {"game", "players", "seat", "version", "to_move", "is_over", "winners"}


def documented_keys() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## View keys", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`([a-z_]+)`", section))


def view_keys(view: dict) -> set[str]:
    """Every key of the view, its seats, beds, activation and small tables."""
    keys = set(view)
    for seat in view["seats"]:
        keys |= set(seat) | set(seat["activation"])
        keys |= {k for bed in seat["beds"] if bed for k in bed}
        keys |= {k for item in seat["departments"] + seat["specialists"] for k in item}
    keys |= set(view["bag"]) | set(view["piles"]) | set(view["offers"])
    keys |= {k for amb in view["ambulances"] for k in amb}
    return keys


def test_every_view_has_phase_scores_and_seats():
    """Boards, the end screen and the lab rely on these three keys in every game's view."""
    s = new(3, seed=2)
    rng = random.Random(2)
    while True:
        for seat in (None, 0, 1, 2):
            view = s.view(seat)
            assert view["phase"] == s.phase
            assert view["scores"] == s.scores and len(view["scores"]) == 3
            assert [pl["score"] for pl in view["seats"]] == [h["score"] for h in s.hospitals]
        if s.is_over:
            break
        mover = rng.choice(s.to_move)
        s.apply(mover, rng.choice(s.legal_actions(mover)))
    assert s.view(0)["scores"] == s.view(0)["final_scores"] == s.scores


def test_every_view_key_is_documented():
    """docs/games/dice-hospital.md "View keys" names every key a view can hold."""
    documented = documented_keys()
    s = new(2, seed=3, events=True)
    rng = random.Random(3)
    seen: set[str] = set()
    while not s.is_over:
        seen |= view_keys(s.view(0))
        mover = rng.choice(s.to_move)
        s.apply(mover, rng.choice(s.legal_actions(mover)))
    seen |= view_keys(new(1, seed=3).view(0))
    assert not seen - HEADER - documented, sorted(seen - HEADER - documented)


def test_a_specialists_effect_step_is_shown_in_words():
    """The activation step is readable: the step's name, the meeple, the beds and colours."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 3)})
    k = give_specialist(s, 0, "cardiologist")
    for action in ({"type": "department", "dept": 0}, {"type": "meeple", "meeple": k},
                   {"type": "patient", "bed": 0}):
        s.apply(0, action)
    assert s.view(1)["seats"][0]["activation"] == {
        "step": "specialist", "department": 0, "meeple": k, "chosen": [], "treated": [0],
        "trigger_values": [3], "trigger_colours": ["red"], "bed": None, "resume": None}
    assert s.view(1)["seats"][0]["activating"] is True


FORBIDDEN = re.compile(r"[\[\]{}=_]")


def all_labels(players: int, seed: int, options: dict) -> list[str]:
    s = G.new(players, seed, options)
    rng = random.Random(seed)
    out = []
    while not s.is_over:
        mover = rng.choice(s.to_move)
        legal = s.legal_actions(mover)
        out += [s.describe(a, lang) for a in legal for lang in LANGS]
        for event in s.apply(mover, rng.choice(legal)):
            out += [s.describe_event(event, lang) for lang in LANGS]
    return out


@pytest.mark.parametrize("players,options", [(2, {"events": True}), (1, {}),
                                             (4, {"experimental_medicine": True})])
def test_labels_are_words_in_every_language(players, options):
    """No raw list, mapping, id with an underscore or ``key=value`` fallback in any label."""
    labels = all_labels(players, 11, options)
    bad = sorted({label for label in labels if FORBIDDEN.search(label)})
    assert not bad, bad[:5]


def test_event_labels_name_things():
    """Events name departments, specialists and reports by their names, and beds in words."""
    s = new(2, seed=1)
    content = s.content
    assert s.describe_event({"type": "took", "seat": 1, "kind": "department", "id": "ent"}) == \
        "Player 2 took the department Ear, nose and throat"
    assert s.describe_event({"type": "department", "seat": 0, "id": "radiology", "beds": [0, 4, 5],
                             "discharged": []}, "es") == "Jugador 1 usó Radiología en las camas 1, 5 y 6"
    assert s.describe_event({"type": "specialist", "seat": 0, "id": "surgeon", "beds": [2],
                             "discharged": []}, "fr") == "Le Chirurgien de Joueur 1 a soigné le lit 3"
    assert s.describe_event({"type": "report", "seat": 0, "report": "red-recovery", "points": 3}) == \
        "Player 1 completed the medical report “discharge 3 red patients in one round”: 3 points"
    assert s.describe_event({"type": "game_over", "scores": [18, -2]}) == \
        "Game over. Player 1 18 points, Player 2 −2 points"
    assert s.describe_event({"type": "revealed", "seat": 0, "kind": "none"}) == "Player 1 revealed nothing extra"
    assert content.department_ids.index("ent") >= 6


def test_terminal_board_writes_phase_and_reports_in_words():
    """The text board shows the phase by name and each medical report's condition."""
    s = advance_to(new(1, seed=3), "claim")
    board = G.render_text(s.view(0), "en")
    assert "phase: claiming ambulances" in board
    reports = [s.content.reports[r] for r in s.reports_face_up]
    assert len(reports) == 3
    assert "Medical reports: " + "; ".join(report_text(r, "en") for r in reports) in board
    assert not any(r["id"] in board for r in reports)
