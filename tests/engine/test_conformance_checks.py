"""The conformance suite's checks can fail: throwaway games plant each fault the checks exist for.

A check that passes every game proves nothing; each test here builds a small card game that is
right, shows every check passes it, then plants one fault (generic labels, untranslated labels,
every hand in every view, 1.0 accepted for 1, an unbounded option, an unranged number, a view
without scores) and calls the check functions of tests/test_conformance.py directly."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ludoteca.engine import Game, IllegalAction, State
from ludoteca.engine.i18n import text
from ludoteca.engine.options import number
from ludoteca.engine.phases import Phase, phase_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_conformance import (  # noqa: E402
    check_action_labels,
    check_event_labels,
    check_no_view_shows_another_seats_secret,
    check_number_types_refused,
    check_scrambled_secrets_stay_hidden,
    check_view_shape,
    number_options_without_bounds,
    scrambled,
    unranged_content,
)

WORDS = {
    "play": {"en": "Play card {card}", "es": "Jugar la carta {card}", "fr": "Jouer la carte {card}"},
    "played": {"en": "Seat {seat} plays card {card}", "es": "El asiento {seat} juega la carta {card}",
               "fr": "La place {seat} joue la carte {card}"},
}


class HighCardState(State):
    """Two seats, two cards each from ten; they play in turn; the higher card played scores."""

    FIELDS = ("phase", "hands", "pile", "played", "turn")
    PHASES = phase_table(Phase("play", movers="mover", legal="plays", handlers={"play": "play"}),
                         Phase("over"))
    SECRETS: ClassVar = {"cards": {"hands": "seat", "pile": "nobody"}}

    def setup(self) -> None:
        cards = list(range(1, 11))
        self.rng.shuffle(cards)
        self.hands = [sorted(cards[0:2]), sorted(cards[2:4])]
        self.pile, self.played, self.turn, self.phase = cards[4:], [], 0, "play"

    def mover(self) -> tuple[int, ...]:
        return (self.turn % 2,)

    def plays(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "play", "card": card} for card in self.hands[seat]]

    def play(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.hands[seat].remove(action["card"])
        self.played.append([seat, action["card"]])
        self.turn += 1
        if self.turn == 4:
            self.phase = "over"
        return [{"type": "played", "seat": seat, "card": action["card"]}]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": self.phase, "scores": self.scores, "played": [list(p) for p in self.played],
                "pile": len(self.pile), "seats": [{"cards": len(h)} for h in self.hands],
                "hand": None if seat is None else list(self.hands[seat])}

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[float]:
        best = [max((c for s, c in self.played if s == seat), default=0) for seat in (0, 1)]
        return [float(best[0] > best[1]), float(best[1] > best[0])]

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        others = [s for s in (0, 1) if s != seat]
        pool = sorted(self.pile + [c for s in others for c in self.hands[s]])
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], pool = sorted(pool[:size]), pool[size:]
        self.pile = pool

    def _describe(self, action: dict[str, Any], lang: str) -> str:
        return text(WORDS, "play", lang, card=action["card"])

    def _describe_event(self, event: dict[str, Any], lang: str) -> str:
        return text(WORDS, "played", lang, seat=event["seat"], card=event["card"])


class HighCard(Game):
    id = "high-card"
    title = "High Card"
    min_players = max_players = 2
    state_class = HighCardState
    description: ClassVar = {"en": "Play high.", "es": "Juega alto.", "fr": "Jouez haut."}
    option_specs: ClassVar = {"goal": number(1, minimum=1, maximum=3)}


def faulty(**body: Any) -> Game:
    """HighCard with the state class's ``body`` replaced: one planted fault."""
    state_class = type("Faulty", (HighCardState,), body)
    return type("FaultyHighCard", (HighCard,), {"state_class": state_class})()


def positions(game: Game, seed: int = 1) -> list[State]:
    """Every position of one random game, start to end."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    found = [state.clone()]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        found.append(state.clone())
    return found


def test_the_right_game_passes_every_check() -> None:
    game = HighCard()
    rng = random.Random(1)
    changed = 0
    for state in positions(game):
        check_view_shape(state)
        check_no_view_shows_another_seats_secret(state)
        changed += check_scrambled_secrets_stay_hidden(state, rng)
        if not state.is_over:
            seat = state.to_move[0]
            check_action_labels(state, state.legal_actions(seat))
            check_number_types_refused(state, seat, state.legal_actions(seat))
            check_event_labels(state, state.clone().apply(seat, state.legal_actions(seat)[0]))
    assert changed > 0  # the scramble really dealt other cards
    assert number_options_without_bounds(game) == []


def test_generic_labels_fail_the_label_check() -> None:
    game = faulty(_describe=State._describe, _describe_event=State._describe_event)
    state = game.new(seed=1)
    with pytest.raises(AssertionError, match=r"the en label is the engine's generic 'type=play, card=\d+'"):
        check_action_labels(state, state.legal_actions(0))
    events = state.apply(0, state.legal_actions(0)[0])
    with pytest.raises(AssertionError, match=r"the en label is the engine's generic 'type=played, seat=0"):
        check_event_labels(state, events)


def test_english_labels_in_every_language_fail_the_label_check() -> None:
    game = faulty(_describe=lambda self, action, lang: f"Play card {action['card']}")
    state = game.new(seed=1)
    with pytest.raises(AssertionError, match="the es label is the English one, untranslated: 'Play card"):
        check_action_labels(state, state.legal_actions(0))


def test_labels_without_words_need_no_translation() -> None:
    game = faulty(_describe=lambda self, action, lang: f"#{action['card']} ♥")
    state = game.new(seed=1)
    check_action_labels(state, state.legal_actions(0))


def every_hand(self: HighCardState, seat: int | None) -> dict[str, Any]:
    return {**HighCardState._view(self, seat), "hands": [list(h) for h in self.hands]}


def test_every_hand_in_every_view_fails_the_leak_check_even_with_a_lazy_resampler() -> None:
    """The fault the old check missed: all hands shown to everyone (spectators too), and a
    resampler that redraws nothing, so determinize gives back the very same views."""
    game = faulty(_view=every_hand, _resample_hidden=lambda self, seat, rng: None)
    state = game.new(seed=3)
    for seat in (None, 0, 1):  # the old check, which trusts the resampler, passes:
        assert state.determinize(seat, random.Random(1)).view(seat) == state.view(seat)
    with pytest.raises(AssertionError, match=r"view\(None\) changed when only what it cannot see was dealt "
                                             r"anew: key\(s\) hands"):
        check_scrambled_secrets_stay_hidden(state, random.Random(1))


def test_another_seats_hand_in_a_view_fails_the_cross_seat_check() -> None:
    """Each seat sees the other's hand (the spectator sees none): caught by comparing views."""
    def others_too(self: HighCardState, seat: int | None) -> dict[str, Any]:
        view = HighCardState._view(self, seat)
        if seat is not None:
            view["seats"] = [{"cards": len(h), "hand": list(h)} for h in self.hands]
        return view

    state = faulty(_view=others_too).new(seed=3)
    with pytest.raises(AssertionError, match=r"view\(1\) shows seat 0's hands \(a SECRETS field\)"):
        check_no_view_shows_another_seats_secret(state)
    with pytest.raises(AssertionError, match=r"view\(0\) changed when only what it cannot see"):
        check_scrambled_secrets_stay_hidden(state, random.Random(2))


def test_the_scramble_deals_only_what_the_seat_cannot_see() -> None:
    state = HighCard().new(seed=4)
    other = scrambled(state, 0, random.Random(5))
    assert other.hands[0] == state.hands[0]
    assert sorted(other.hands[1] + other.pile) == sorted(state.hands[1] + state.pile)
    assert len(other.hands[1]) == 2 and len(other.pile) == len(state.pile)
    spectator = scrambled(state, None, random.Random(5))
    assert sorted(sum(spectator.hands, []) + spectator.pile) == list(range(1, 11))
    assert (spectator.hands, spectator.pile) != (state.hands, state.pile)


def test_a_float_accepted_for_a_whole_number_fails_the_type_check() -> None:
    def lenient(self: HighCardState, seat: int, action: dict[str, Any]) -> dict[str, Any] | None:
        for legal in self.legal_actions(seat):
            if legal == action:  # == says 3.0 == 3 and True == 1: the fault
                return legal
        return None

    state = faulty(_find_legal=lenient).new(seed=1)
    with pytest.raises(AssertionError, match=r"'card': \d+\.0\} was accepted in place of the legal"):
        check_number_types_refused(state, 0, state.legal_actions(0))
    right = HighCard().new(seed=1)
    with pytest.raises(IllegalAction):
        right.apply(0, {"type": "play", "card": float(right.legal_actions(0)[0]["card"])})


def test_an_unbounded_number_option_is_named() -> None:
    game = type("Unbounded", (HighCard,), {"option_specs": {"goal": number(1, minimum=1), "x": number(2)}})()
    assert number_options_without_bounds(game) == ["goal", "x"]


def test_a_view_without_scores_or_seats_fails_the_shape_check() -> None:
    def bare(self: HighCardState, seat: int | None) -> dict[str, Any]:
        return {"phase": self.phase, "scores": [1, "one"], "seats": [{}, {}]}

    with pytest.raises(AssertionError, match=r"view\(None\)\['scores'\] must hold numbers"):
        check_view_shape(faulty(_view=bare).new(seed=1))
    with pytest.raises(AssertionError, match=r"view\(None\) lacks scores, seats"):
        check_view_shape(faulty(_view=lambda self, seat: {"phase": "play"}).new(seed=1))


def test_an_unranged_content_number_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "unranged_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "content.toml").write_text(
        "[rules]\nrounds = 3\nhand = 5\nname = 'x'\n[cards.a]\ncost = 2\n[ranges]\n'rules.rounds' = [1, 9]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = type("Unranged", (HighCard,), {"__module__": "unranged_game"})()
    __import__("unranged_game")
    assert unranged_content(game) == {"content.toml": ["rules.hand", "cards.a.cost"]}
