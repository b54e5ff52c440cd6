"""The registration check (ludoteca/engine/contract.py): throwaway games that each plant one fault.

Each fault is one a game author really makes: a required hook left out, a hook misspelt (the
engine's default then runs silently), a phase naming a method that does not exist, a public
contract method overridden.  The check must name the fault, and the registry must refuse the
game."""

from __future__ import annotations

import sys
import types
from typing import Any, ClassVar

import pytest

import ludoteca
from ludoteca.engine import Game, State, contract, registry
from ludoteca.engine.phases import Phase, phase_table


class CountdownState(State):
    """A valid little game: seat 0 takes one stone at a time from three; then it is over."""

    FIELDS = ("phase", "left")
    PHASES = phase_table(
        Phase("take", movers="taker", legal="takes", handlers={"take": "take"}, then=("take", "over")),
        Phase("over"),
    )

    def setup(self) -> None:
        self.phase, self.left = "take", 3

    def taker(self) -> tuple[int, ...]:
        return (0,)

    def takes(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "take"}]

    def take(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.left -= 1
        if self.left == 0:
            self.phase = "over"
        return [{"type": "took", "left": self.left}]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": self.phase, "scores": self.scores, "seats": [{"left": self.left}]}

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[float]:
        return [float(3 - self.left)]


class Countdown(Game):
    id = "countdown"
    title = "Countdown"
    min_players = max_players = 1
    state_class = CountdownState
    description: ClassVar = {"en": "Take the stones.", "es": "Toma las piedras.", "fr": "Prenez les pierres."}


def game_with(state_body: dict[str, Any] | None = None, game_body: dict[str, Any] | None = None,
              state_base: type = CountdownState) -> Game:
    """A Countdown whose state (or game) class has ``*_body`` added: one planted fault."""
    state_class = type("Faulty", (state_base,), dict(state_body or {}))
    game_class = type("FaultyGame", (Countdown,), {"state_class": state_class, **(game_body or {})})
    return game_class()


def test_a_game_keeping_the_contract_has_no_problems_and_plays() -> None:
    game = Countdown()
    assert contract.problems(game) == []
    state = game.new(seed=1)
    for _ in range(3):
        state.apply(0, {"type": "take"})
    assert state.is_over and state.scores == [3.0]


def test_every_registered_game_keeps_the_contract() -> None:
    for game_id in registry.all_games():
        assert contract.problems(ludoteca.game(game_id)) == [], game_id


def test_a_missing_required_hook_is_named() -> None:
    class NoView(State):
        FIELDS = ("left",)

        def setup(self) -> None:
            self.left = 1

    found = contract.problems(game_with(state_base=NoView))
    assert "countdown: State lacks the required method _view" in " ".join(found)
    assert any("lacks the required property is_over" in p for p in found)
    assert any("lacks the required property scores" in p for p in found)
    assert any("State declares no PHASES and lacks to_move, _legal_actions, _apply" in p for p in found)


def test_a_game_without_fields_or_title_is_named() -> None:
    found = contract.problems(game_with({"FIELDS": ()}, {"title": ""}))
    assert "countdown: Game.title must be a non-empty string" in found
    assert "countdown: State.FIELDS must be a non-empty tuple of attribute names" in found


@pytest.mark.parametrize(("name", "hook"), [
    ("_legal_action", "_legal_actions"),
    ("_resample_hiden", "_resample_hidden"),
    ("dervie", "derive"),
    ("_describe_evnt", "_describe_event"),
    ("_why_ilegal", "_why_illegal"),
])
def test_a_misspelt_state_hook_is_named(name: str, hook: str) -> None:
    found = contract.problems(game_with({name: lambda self, *args: None}))
    assert found == [f"countdown: Faulty.{name} looks like a misspelt State hook {hook!r}; "
                     "rename it (or pick a name not so close to a hook)"]


def test_a_misspelt_game_hook_is_named() -> None:
    found = contract.problems(game_with(game_body={"evalute": lambda self, view, seat: 0.0}))
    assert found == ["countdown: FaultyGame.evalute looks like a misspelt Game hook 'evaluate'; "
                     "rename it (or pick a name not so close to a hook)"]


def test_names_merely_like_a_hook_are_not_misspellings() -> None:
    """Helper names of the real games that difflib alone finds near a hook: not typos."""
    body = {name: lambda self: None for name in
            ("_clear_actions", "reveal_actions", "_idle_actions", "place_actions", "_checks", "setup_round")}
    assert contract.problems(game_with(body)) == []
    assert contract.close_hook("dervie", ["derive"]) == "derive"
    assert contract.close_hook("ids", ["id"]) is None  # three letters or fewer are never judged
    assert contract.edit_distance("dervie", "derive") == 1
    assert contract.edit_distance("_clear_actions", "_legal_actions") == 3


def test_a_phase_naming_a_missing_method_is_named() -> None:
    table = phase_table(Phase("take", movers="taker", legal="tkaes", handlers={"take": "tak"}), Phase("over"))
    found = contract.problems(game_with({"PHASES": table}))
    assert found == [
        "countdown: phase 'take' names the method 'tkaes', which Faulty lacks (did you mean 'takes'?)",
        "countdown: phase 'take' names the method 'tak', which Faulty lacks (did you mean 'take'?)",
    ]


def test_phases_need_a_phase_field() -> None:
    found = contract.problems(game_with({"FIELDS": ("left",)}))
    assert found == ["countdown: State declares PHASES but keeps no FIELD 'phase' (the current phase's name)"]


@pytest.mark.parametrize("name", ["apply", "determinize", "legal_actions", "view", "clone", "to_json",
                                  "record", "describe", "describe_event", "apply_trusted", "undo_steps"])
def test_overriding_a_public_state_method_is_refused(name: str) -> None:
    found = contract.problems(game_with({name: lambda self, *args: None}))
    assert found == [f"countdown: Faulty.{name} overrides the engine's public State.{name}; use the hooks "
                     "instead (docs/authoring.md lists them)"]


@pytest.mark.parametrize("name", ["new", "replay", "from_json"])
def test_overriding_a_public_game_method_is_refused(name: str) -> None:
    found = contract.problems(game_with(game_body={name: lambda self, *args: None}))
    assert found == [f"countdown: FaultyGame.{name} overrides the engine's public Game.{name}; use the hooks "
                     "instead (docs/authoring.md lists them)"]


def test_an_override_in_a_mixin_is_found_too() -> None:
    """Rules split into mixins (the layout allows it) are checked like the state class itself."""
    mixin = type("DrawingRules", (), {"determinize": lambda self, seat, rng: self})
    state_class = type("Mixed", (mixin, CountdownState), {})
    game = type("MixedGame", (Countdown,), {"state_class": state_class})()
    assert contract.problems(game) == [
        "countdown: DrawingRules.determinize overrides the engine's public State.determinize; use the hooks "
        "instead (docs/authoring.md lists them)"]


def test_wrong_kinds_and_arities_are_named() -> None:
    found = contract.problems(game_with({
        "is_over": lambda self: False,               # a method where a property is expected
        "_view": lambda self: {},                    # forgets the seat
        "render_text": lambda self, view, lang: "",  # a Game hook written on the State
    }))
    assert found == [
        "countdown: Faulty.is_over must be a property (@property), not a plain method",
        "countdown: Faulty._view takes (); the engine calls _view(self, seat: int | None) -> dict",
        "countdown: Faulty.render_text is a Game hook, written on the State: the engine never calls it there",
    ]


def test_secrets_must_name_fields_and_kinds() -> None:
    found = contract.problems(game_with({"SECRETS": {"stones": {"left": "everyone", "hands": "seat"}}}))
    assert found == [
        "countdown: State.SECRETS['stones']['left'] must be 'seat' or 'nobody'; got 'everyone'",
        "countdown: State.SECRETS['stones'] names 'hands', which is not one of FIELDS",
    ]


def test_bad_ids_and_player_counts_are_named() -> None:
    found = contract.problems(game_with(game_body={"id": "Count Down", "min_players": 3, "max_players": 2}))
    assert "Count Down: Game.id 'Count Down' must be lower-case words joined by dashes, like 'dice-hospital'" in found
    assert ("Count Down: Game.min_players and max_players must be whole numbers with "
            "1 <= min_players <= max_players") in found
    assert contract.problems(object()) == ["GAME must be an instance of a Game subclass; got object"]


def test_require_raises_naming_every_problem() -> None:
    with pytest.raises(contract.ContractError) as caught:
        contract.require(game_with({"dervie": lambda self: None, "apply": lambda self, seat, action: []}))
    message = str(caught.value)
    assert "docs/authoring.md" in message
    assert "Faulty.dervie looks like a misspelt State hook 'derive'" in message
    assert "Faulty.apply overrides the engine's public State.apply" in message


def test_the_registry_refuses_a_faulty_game_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game package whose GAME breaks the contract makes registration fail, naming the hook."""
    package = types.ModuleType("ludoteca_test_faulty_game")
    package.GAME = game_with({"_resample_hiden": lambda self, seat, rng: None})
    monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setattr(registry._PACKAGE, "package_names", lambda: [package.__name__])
    registry._registry.cache_clear()
    try:
        with pytest.raises(contract.ContractError, match=r"Faulty\._resample_hiden looks like a misspelt"):
            registry.game("countdown")
    finally:
        monkeypatch.undo()
        registry._registry.cache_clear()
    assert "dschunke" in registry.games()


def test_examples_are_playable_and_tested_but_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    package = types.ModuleType("ludoteca_test_example_game")
    package.GAME = game_with(game_body={"example": True})
    monkeypatch.setitem(sys.modules, package.__name__, package)
    real = registry._PACKAGE.package_names()
    monkeypatch.setattr(registry._PACKAGE, "package_names", lambda: [*real, package.__name__])
    registry._registry.cache_clear()
    try:
        assert "countdown" in registry.all_games()
        assert "countdown" not in registry.games() and "countdown" not in ludoteca.games()
        state = ludoteca.game("countdown").new(seed=1)
        state.apply(0, {"type": "take"})
        assert state.view(0)["seats"] == [{"left": 2}]
    finally:
        monkeypatch.undo()
        registry._registry.cache_clear()


def test_hooks_are_declared_with_signatures_and_reasons() -> None:
    names = {(h.owner, h.name) for h in contract.HOOKS}
    for needed in [("State", "setup"), ("State", "_view"), ("State", "derive"), ("State", "PHASES"),
                   ("State", "_resample_hidden"), ("State", "_why_illegal"), ("Game", "render_text"),
                   ("Game", "encode_array"), ("Game", "max_game_length"), ("Game", "example")]:
        assert needed in names
    assert contract.hook("_apply", "State").params == ["seat", "action"]
    assert all(h.why and h.signature.startswith(h.name) for h in contract.HOOKS)
    with pytest.raises(KeyError, match="Game.setup is not a hook"):
        contract.hook("setup", "Game")


def test_a_game_lacking_its_metadata_is_named_once_per_attribute() -> None:
    class Bare(Game):
        state_class = CountdownState

    assert contract.problems(Bare()) == [
        f"Bare: Game lacks the required attribute {name} ({contract.hook(name, 'Game').why})"
        for name in ("id", "title", "min_players", "max_players", "description")]
