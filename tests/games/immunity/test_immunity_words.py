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


# ---- issue 14: a table a newcomer can learn (prompt, log, end, catalogue) ----------------------
NAMES = ("Ana", "Bruno", "Chloé")


def _phase_one_over_the_limit():
    from immunity_helpers import blank, enter, play

    s = blank(players=2)
    s.medical_hands[0] = ["transfusion"] * 5
    s.pathogen_hands[0] = ["tapeworm"] * 4
    enter(s, 1, [0])
    play(s, {"type": "done"})
    return s


def test_the_prompt_asks_for_the_discard_down_to_the_hand_limit():
    """Fase 1: "aquellos jugadores que posean un número de cartas en su mano superior a su número
    de cartas máximo deberán descartarse hasta alcanzar el máximo indicado" (9 cards, limit 7)."""
    s = _phase_one_over_the_limit()
    assert s.step == "discard"
    assert s.prompt(0, "en") == "Discard down to the hand limit of 7 cards: 2 more to discard"
    assert s.prompt(0, "es") == "Descarta hasta el límite de 7 cartas en mano: te faltan 2"
    assert s.prompt(0, "fr") == "Défaussez jusqu'à la limite de 7 cartes en main : encore 2"
    assert s.prompt(1, "en") == ""  # not this seat's decision


def test_the_prompt_for_buying_cells_gives_the_oxygen_and_the_cap():
    """Fase 2: "recibe un número de Puntos de oxígeno ... Sólo se puede adquirirse un máximo de 3
    células de cada tipo" (pinned lungs 3 + digestive 2 = 5 oxygen)."""
    from immunity_helpers import blank, enter

    s = blank(players=2)
    enter(s, 2, [0])
    assert s.oxygen[0] == 5
    assert s.prompt(0, "en") == "Buy immune cells with your oxygen: you have 5 (at most 3 of each type)"
    assert s.prompt(0, "es") == "Compra células inmunes con tu oxígeno: tienes 5 (como máximo 3 de cada tipo)"


def test_the_prompt_in_phase_three_names_the_infections_to_fight():
    """Fase 3: "El jugador tiene la oportunidad de eliminar aquellos Patógenos que han conseguido
    infectarle antes de que éstos inflijan daño a sus órganos"."""
    from immunity_helpers import blank, enter, infect

    s = blank(players=2)
    s.cells[0]["neutrophil"] = 1
    infect(s, 0, "salmonella")
    enter(s, 3, [0])
    assert s.prompt(0, "en") == ("Send your cells against your infections before they damage your organs: "
                                 "Salmonella enterica (2 counters)")
    assert s.prompt(0, "fr") == ("Envoyez vos cellules contre vos infections avant qu'elles n'endommagent vos "
                                 "organes : Salmonella enterica (2 marqueurs)")


def test_the_contagion_prompt_says_may_or_must_as_the_option_rules():
    """Fase 4: "cada jugador podrán intentar contagiar" (optional, the default); option
    contagion = "compulsory" makes it a must when a valid target exists."""
    from immunity_helpers import blank, enter, infect

    for option, expected in (("optional", "Contagion: you may pass one pathogen to a valid target, or end your "
                                          "phase"),
                             ("compulsory", "Contagion: you must pass one pathogen to a valid target")):
        s = blank(players=3, options={"contagion": option})
        infect(s, 0, "norovirus")
        enter(s, 4, [0])
        assert s.prompt(0, "en") == expected


def test_the_exposure_prompt_names_the_player_nobody_may_target():
    """Fase 5: "No se pueden poner cartas en los ambientes de los jugadores que más cartas tengan
    en su ambiente" - the prompt names them, with the table's names."""
    from immunity_helpers import blank, enter, place

    s = blank(players=3)
    s.pathogen_hands[0] = ["tapeworm"]
    place(s, 1, "environment_1", "measles")
    enter(s, 5, [0])
    assert s.prompt(0, "en", NAMES) == ("New exposure: put one pathogen card from your hand face down in a "
                                        "player's Environment 1 (Bruno: most cards in Environment 1, no valid "
                                        "target)")
    assert s.prompt(0, "en").endswith("(Player 2: most cards in Environment 1, no valid target)")


def test_the_end_breakdown_lists_damage_and_failed_organs_and_sums_to_the_score():
    """OBJETIVO: "Ser el jugador más sano": health is minus the damage, a full (failed) organ
    counting failed_organ_penalty (5, pinned) more; infections only break ties (0 points)."""
    from immunity_helpers import blank, infect

    s = blank(players=2)
    s.damage[0]["skin"] = 8  # a full track: failed
    s.damage[0]["digestive"] = 2
    infect(s, 0, "tapeworm")
    s.phase, s.queue = "over", []
    assert s.scores == [-15, 0]
    assert s.score_breakdown("en") == [
        [("Digestive system: 2 damage", -2), ("Skin: 8 damage", -8), ("Skin failed (damage track full)", -5),
         ("Active infections: 1 (fewer breaks a tie)", 0)],
        [("No damage on any organ", 0), ("Active infections: 0 (fewer breaks a tie)", 0)],
    ]
    assert s.score_breakdown("es")[0][2] == ("Piel dejó de funcionar (pista de daño llena)", -5)
    for lang in LANGS:
        assert [sum(p for _, p in lines) for lines in s.score_breakdown(lang)] == s.scores


def _entry(options, lang, card):
    return next(e for e in GAME.catalogue(options, lang) if e["id"] == card)


def test_the_catalogue_follows_a_params_change():
    """Content is data: a play-test price (neutrophil at 4 oxygen) is what the tooltip and the
    price table show, in every language."""
    dear = {"params": {"cells": {"neutrophil": {"cost": 4}}, "pathogens": {"measles": {"infectivity": 7}}}}
    assert ["Cost", "1 oxygen"] in _entry(None, "en", "cell:neutrophil")["facts"]
    assert ["Cost", "4 oxygen"] in _entry(dear, "en", "cell:neutrophil")["facts"]
    assert ["Coste", "4 de oxígeno"] in _entry(dear, "es", "cell:neutrophil")["facts"]
    assert ["Infectiosité", "7"] in _entry(dear, "fr", "pathogen:measles")["facts"]
    assert "infectivity 7" in _entry(dear, "en", "pathogen:measles")["text"]
    prices = GAME.reference(dear, "en")[0]
    assert prices["columns"][:3] == ["Cell", "Cost", "Defence"]
    assert prices["rows"][0][:3] == ["Neutrophil", "4", "1"]


def test_every_kind_of_component_is_in_the_catalogue_with_its_effect():
    entries = GAME.catalogue(None, "en")
    kinds = {e["id"].split(":")[0] for e in entries}
    assert kinds == {"cell", "pathogen", "medical", "environment", "organ"}
    assert _entry(None, "en", "medical:antibiotic")["text"] == (
        "Removes 2 counter(s) from one of your infections of: bacterium. Played at the end of any phase of "
        "yours, ending it.")
    nursery = _entry(None, "es", "environment:nursery")
    assert ["Infancia", "2 carta(s) patógena(s) del mazo bocabajo en tu Ambiente 1"] in nursery["facts"]


def test_a_private_card_replaces_its_public_twin_for_its_owner():
    """Fase 4, a card from hand goes "bocaabajo": the one who placed it reads its name, the
    others read that a face-down card was placed - one line each, never both."""
    from immunity_helpers import blank, enter, play

    from ludoteca.engine.i18n import visible

    s = blank(players=3)
    s.pathogen_hands[0] = ["norovirus"]
    enter(s, 4, [0])
    events = play(s, {"type": "spread_card", "card": "norovirus", "seat": 1})
    for seat, expected in ((0, "You put Norovirus face down in Bruno's Environment 1"),
                           (1, "Ana put a pathogen card face down in Bruno's Environment 1"),
                           (2, "Ana put a pathogen card face down in Bruno's Environment 1")):
        lines = [s.describe_event(e, "en", NAMES) for e in events
                 if e["type"] in ("spread_card", "spread_card_card") and visible(e, seat)]
        assert lines == [expected]


def test_draws_are_private_to_the_drawer_and_counted_for_the_others():
    from immunity_helpers import blank, next_turn

    from ludoteca.engine.i18n import visible

    s = blank(players=2)
    events = next_turn(s)
    draws = [e for e in events if e["type"] in ("draw", "drawn") and e["seat"] == 0]
    mine = [s.describe_event(e, "en", NAMES[:2]) for e in draws if visible(e, 0)]
    theirs = [s.describe_event(e, "fr", NAMES[:2]) for e in draws if visible(e, 1)]
    assert len(mine) == 1 and mine[0].startswith("You drew ")
    assert theirs == ["Ana a pioché 2 cartes médicales et 2 pathogènes"]
    turn = next(e for e in events if e["type"] == "turn")
    assert turn["section"] is True
    assert s.describe_event(turn, "es") == "Empezó el turno 4 (edad adulta)"


def test_log_lines_name_players_in_the_past_tense():
    from immunity_helpers import blank, enter, infect, play

    s = blank(players=2)
    s.cells[0]["neutrophil"] = 1
    infect(s, 0, "salmonella")
    enter(s, 3, [0])
    events = play(s, {"type": "clear", "cell": "neutrophil", "infection": 0})
    cleared = next(e for e in events if e["type"] == "cleared")
    assert s.describe_event(cleared, "en", NAMES[:2]) == (
        "Ana used Neutrophil against Salmonella enterica: 1 counter(s) removed")
    assert s.describe_event(cleared, "es") == (
        "Jugador 1 usó Neutrófilo contra Salmonella enterica: quitó 1 contador(es)")
    over = {"type": "game_over", "scores": [-3, -3], "winners": [0, 1]}
    assert s.describe_event(over, "en", NAMES[:2]) == "The game ended: Ana and Bruno shared the win with health −3"


def test_every_option_and_variant_is_in_words():
    """The lobby shows labels and choices in words, never code names such as at_least_one."""
    spec = GAME.option_specs["at_least_one"]
    assert spec.label_in("at_least_one", "fr") == "Au moins une infection (phase 3)"
    assert spec.choice_in("literal", "es") == "Solo si la defensa es estrictamente superior"
    assert GAME.variant_words["expensive-cells"]["en"]["name"] == "Expensive cells"
    assert "Immunity — " in GAME.rules_text("fr") and "Au moins une infection" in GAME.rules_text("fr")
