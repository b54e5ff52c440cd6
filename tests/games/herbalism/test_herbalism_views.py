"""Views: a seat sees its hand, the public facts, what moved, and what it is entitled to; never
another hand or the cure unless it checked.  The knowledge sheet keeps all of it for the round."""

import random

import pytest
from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, act, move, play, position, random_prefix

HANDS = [[1, 0, 1, 2], [0, 1, 2, 1], [0, 1, 1, 2]]
CURE = [1, 1, 0, 0]


def _scramble_hidden(state, seat, rng):
    """Change other seats' current hands and the cure (same sizes), and the unseen details of
    the log, without touching anything ``seat`` sees."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in range(4) for _ in range(state.hands[s][c])]
    pool += [c for c in range(4) for _ in range(state.cure[c])]
    rng.shuffle(pool)
    for s in others:
        size = sum(state.hands[s])
        other.hands[s] = [pool[:size].count(c) for c in range(4)]
        pool = pool[size:]
    other.cure = [pool.count(c) for c in range(4)]
    deal = other.log[0]
    deal_pool = [c for s in others for c in range(4) for _ in range(deal["hands"][s][c])]
    deal_pool += [c for c in range(4) for _ in range(deal["cure"][c])]
    rng.shuffle(deal_pool)
    for s in others:
        size = sum(deal["hands"][s])
        deal["hands"][s] = [deal_pool[:size].count(c) for c in range(4)]
        deal_pool = deal_pool[size:]
    deal["cure"] = [deal_pool.count(c) for c in range(4)]
    for e in other.log[1:]:
        if e["k"] in ("inquiring", "feeding", "appealing") and seat not in (e["by"], e["target"]):
            e["colour"] = rng.choice(["red", "yellow", "green", "blue"])
        if e["k"] == "brewing" and seat not in (e["by"], e["target"]):
            e["cards"] = [rng.randrange(3) for _ in range(4)]
        if e["k"] == "check" and e["seat"] != seat:
            e["cure"] = [2, 0, 0, 0]
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_changing_other_hands_and_the_cure_leaves_the_view_identical(players):
    """Preparar 4: "La mano de un jugador es información oculta"; the cure is face down and only
    those who check it see it (dossier: who learns what)."""
    rng = random.Random(players)
    for seed in range(15):
        state = random_prefix(players, seed, rng.randrange(40), ADVANCED)
        for seat in [*range(players), None]:
            changed = _scramble_hidden(state, seat, rng)
            assert changed.view(seat) == state.view(seat)


def test_views_show_own_hand_counts_moved_and_only_own_checks():
    """Dossier: "the card passed is seen only by giver and receiver; everyone sees how many cards
    moved"; "a player who checks the cure learns both cards; others learn only right or wrong"."""
    s = position(HANDS, CURE, options=ADVANCED)
    events = play(s, (AMY, move("red-blue")), (AMY, act("feeding")),
                  (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    private = [e for e in events if "to" in e]
    assert private == [{"type": "feeding", "by": AMY, "target": BOB, "medicine": "red-blue",
                        "colour": "blue", "returned": "red", "count": 0, "to": [AMY, BOB]}]
    assert s.view(AMY)["hand"] == [1, 0, 1, 1] and "hand" not in s.view(None)
    assert [public["hand_size"] for public in s.view(CHRISTINA)["seats"]] == [3, 5, 4]
    play(s, (BOB, move("red-green")), (BOB, act("curing")), (BOB, {"type": "answer", "card": "red-green"}),
         (CHRISTINA, {"type": "pass"}), (AMY, {"type": "pass"}))
    bob_check = s.view(BOB)["knowledge"][-1]
    assert bob_check == {"k": "check", "seat": BOB, "card": "red-green", "correct": False, "cure": [1, 1, 0, 0]}
    assert s.view(AMY)["knowledge"][-1] == {"k": "check", "seat": BOB, "card": "red-green", "correct": False}
    assert "cure" not in str(s.view(CHRISTINA)["knowledge"][1:])


def test_knowledge_sheet_lists_everything_learned_this_round_in_order():
    """Variantes: notes on paper to memorise what was gathered (dossier: built into the view)."""
    s = position(HANDS, CURE, options={"actions": "advanced", "predictions": True})
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")),
         (AMY, {"type": "give", "colour": "blue", "target": BOB}), (AMY, {"type": "predict", "colour": "red"}),
         (BOB, move("yellow-green")), (BOB, act("appealing")), (BOB, {"type": "target", "target": CHRISTINA}),
         (CHRISTINA, {"type": "hand_over", "colour": "yellow"}), (BOB, {"type": "skip_prediction"}))
    assert s.view(CHRISTINA)["knowledge"] == [
        {"k": "deal", "sizes": [4, 4, 4], "hand": [0, 1, 1, 2]},
        {"k": "inquiring", "by": AMY, "target": BOB, "medicine": "red-blue", "count": 0},
        {"k": "prediction", "seat": AMY, "colour": "red"},
        {"k": "appealing", "by": BOB, "target": CHRISTINA, "medicine": "yellow-green", "colour": "yellow", "count": 1},
    ]
    assert s.view(AMY)["knowledge"][1]["counted"] == "red"
    assert "colour" not in s.view(AMY)["knowledge"][3]


def test_round_end_reveals_the_cure_and_the_sheet_starts_again():
    """Fin de la ronda: the right card is known once someone is right; the next round starts a
    new sheet (the cards are reshuffled)."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("curing")), (AMY, {"type": "answer", "card": "red-yellow"}),
         (BOB, {"type": "pass"}), (CHRISTINA, {"type": "pass"}))
    view = s.view(CHRISTINA)
    assert view["last_round"] == {"round": 1, "winner": AMY, "cure": [1, 1, 0, 0], "card": "red-yellow",
                                  "deltas": [3, 0, 0], "changes": [3, 0, 0], "scores": [3, 0, 0]}
    assert [e["k"] for e in view["knowledge"]] == ["deal"]


def test_descriptions_in_three_languages():
    s = GAME.new(3, seed=0, options=ADVANCED)
    for action in s.legal_actions(s.to_move[0]):
        labels = {lang: s.describe(action, lang) for lang in ("en", "es", "fr")}
        assert len(set(labels.values())) == 3
    assert s.describe({"type": "give", "colour": "red", "target": 1}, "es") == "Da una carta roja a Jugador 2"
    assert s.describe({"type": "give", "colour": "red", "target": 1}, "fr", names=["Ana", "Bruno", "Chloé"]) == (
        "Donnez une carte rouge à Bruno")


def test_every_event_has_a_label_in_each_language():
    """Logs read in English, Spanish and French: no event falls back to raw key=value text."""
    for seed in range(6):
        s = GAME.new(3, seed=seed, options={"actions": "advanced", "predictions": True})
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            for event in s.apply(seat, rng.choice(s.legal_actions(seat))):
                for lang in ("en", "es", "fr"):
                    line = s.describe_event(event, lang)
                    assert "=" not in line and line, (event, lang)


def test_target_is_always_asked_so_turn_order_leaks_nothing():
    """Hidden hands (Preparar 4): whether Bob holds one or both colours must not show in whose
    turn it is, so the Appealing target always gets its own hand_over decision."""
    views = []
    for bob, cure in (([0, 1, 2, 1], [1, 0, 0, 1]), ([1, 1, 1, 1], [0, 0, 1, 1])):  # blue only / both
        s = position([[1, 0, 1, 2], bob, [0, 2, 1, 1]], cure, options=ADVANCED)
        play(s, (AMY, move("red-blue")), (AMY, act("appealing")), (AMY, {"type": "target", "target": BOB}))
        assert s.to_move == (BOB,) and len(s.legal_actions(BOB)) == 1 + bob[0]
        views.append(s.view(CHRISTINA))
    assert views[0] == views[1]


def test_terminal_table_shows_own_notes_in_words():
    """ludoteca play: the table and the seat's knowledge sheet, in the player's language; the
    colour of a card passed between two other players is never named."""
    s = position(HANDS, CURE, options=ADVANCED)
    play(s, (AMY, move("red-blue")), (AMY, act("inquiring")),
         (AMY, {"type": "give", "colour": "blue", "target": BOB}))
    bob = GAME.render_text(s.view(BOB), "en")
    assert "Inquiring by Player 1 on red-blue, target Player 2: gave blue, announced 0 red" in bob
    christina = GAME.render_text(s.view(CHRISTINA), "es")
    assert "anunció 0 (color no visto)" in christina and "azul, anunció" not in christina
    assert "Tu mano: 1 carta amarilla, 1 carta verde y 2 cartas azules" in christina


def test_events_tell_each_seat_what_its_knowledge_sheet_says():
    """The spectators' copy of every logged event is the entry as a spectator's sheet shows it;
    the full copy goes exactly to the seats that see the entry in full (knowledge.audience)."""
    from ludoteca.games.herbalism.knowledge import audience, events_for, redact

    seen = set()
    for seed in range(8):
        s = GAME.new(3, seed=seed, options={"actions": "advanced", "predictions": True})
        rng = random.Random(seed)
        for _ in range(80):
            if s.is_over:
                break
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            for entry in s.log[1:]:
                events = events_for(entry)
                spectator = {"type": entry["k"], **{k: v for k, v in redact(entry, None).items() if k != "k"}}
                if audience(entry) is None:
                    assert events[0] == spectator
                    assert len(events) == 1
                else:  # the public copy is not shown to the seats whose full copy replaces it
                    assert events[0] == {**spectator, "not_to": audience(entry)}
                    assert events[1] == {"type": entry["k"], **{k: v for k, v in entry.items() if k != "k"},
                                         "to": audience(entry)}
                seen.add(entry["k"])
    assert seen >= {"inquiring", "feeding", "brewing", "appealing", "prediction", "answer", "pass", "check"}
