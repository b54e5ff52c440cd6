"""Clones copy a field by its declared shape (``State.FIELD_SHAPES``, ludoteca/engine/shapes.py).

A shape is a promise about a field's data on every position; a wrong one would let a clone
share a list with its original, so that a bot's look-ahead changed the real game.  These
tests hold every game that declares shapes to its promise on every position of random games,
and check that the shaped clone is the same data as the general copy, shares no list or dict
with its original and plays on without touching it."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

import ludoteca
from ludoteca.engine import State, registry
from ludoteca.engine.shapes import SHAPES, check_shape, copy_plan

SHAPED_GAMES = [g for g in registry.all_games() if ludoteca.game(g).state_class.FIELD_SHAPES]


def containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value``, itself included."""
    found = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            found.append(item)
            stack.extend(item)
        elif isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
    return found


def shared_containers(a: State, b: State) -> list[str]:
    """The fields of ``a`` holding a list or dict that is also somewhere in ``b``'s fields."""
    theirs = {id(c) for name in b.FIELDS for c in containers(getattr(b, name))}
    return [name for name in a.FIELDS if any(id(c) in theirs for c in containers(getattr(a, name)))]


def positions(game_id: str, seeds: range, every: int = 3):
    """Positions of random games, one in ``every``: the default rules at every player count,
    then each of the game's variants (``Game.variants``) at its smallest and largest."""
    game = ludoteca.game(game_id)
    tables = [(players, None) for players in range(game.min_players, game.max_players + 1)]
    tables += [(players, dict(options)) for options in game.variants.values()
               for players in sorted({game.min_players, game.max_players})]
    for players, options in tables:
        for seed in seeds:
            state = game.new(players, seed=seed, options=options)
            rng = random.Random(seed)
            step = 0
            while not state.is_over and step < 3000:
                if step % every == 0:
                    yield state
                seat = min(state.to_move)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                step += 1
            yield state


def test_the_shapes_each_copy_lists_and_dicts_and_share_only_immutables():
    samples = {
        "value": "nurse",
        "list": ["antibiotic", 3, None],
        "rows": [["a", "b"], [], [1]],
        "records": [{"nk_cell": 3, "name": "x"}, {}],
        "nested records": [[{"pathogen": "hiv", "face_up": True}], []],
    }
    assert set(samples) == set(SHAPES)
    for shape, value in samples.items():
        assert check_shape(value, shape) is None
        copied = SHAPES[shape].copy(value)
        assert copied == value
        mine, its = containers(value), {id(c) for c in containers(copied)}
        assert not any(id(c) in its for c in mine), shape


@pytest.mark.parametrize(("value", "shape"), [
    ([1], "value"),
    ([[1]], "list"),
    ([[{"a": 1}]], "rows"),
    ([{"a": [1]}], "records"),
    ([{"a": 1}], "nested records"),
    ((1, 2), "list"),
])
def test_a_value_that_breaks_its_shape_is_named(value, shape):
    problem = check_shape(value, shape)
    assert problem is not None and problem.startswith(f"should be {SHAPES[shape].words}; got ")


def test_a_shape_for_an_unknown_field_or_an_unknown_shape_fails_when_the_class_is_made():
    with pytest.raises(TypeError, match=r"Bad\.FIELD_SHAPES names cards, not in FIELDS"):
        class Bad(State):
            FIELDS = ("deck",)
            FIELD_SHAPES: ClassVar = {"cards": "list"}
    with pytest.raises(TypeError, match=r"Worse\.FIELD_SHAPES\['deck'\] is 'tree'; a shape is one of 'value'"):
        class Worse(State):
            FIELDS = ("deck",)
            FIELD_SHAPES: ClassVar = {"deck": "tree"}
    plan = copy_plan("Fine", ("a", "b", "c", "d"), {"c": "list", "a": "value", "d": "rows"})
    assert (plan.shared, plan.copied, plan.rest) == (("a",), ("c", "d"), ("b",))


def test_a_plan_copies_its_fields_into_a_clone_and_leaves_the_rest():
    class Source:
        pass

    source, target = Source(), Source()
    source.a, source.b, source.c, source.d = "x", [1], [2, 3], [[4], [5]]
    copy_plan("Fine", ("a", "b", "c", "d"), {"c": "list", "a": "value", "d": "rows"}).copy_into(source, target)
    assert vars(target) == {"a": "x", "c": [2, 3], "d": [[4], [5]]}
    assert target.c is not source.c and all(t is not s for t, s in zip(target.d, source.d, strict=True))
    copy_plan("One", ("b",), {"b": "list"}).copy_into(source, target)   # one field: a getter of its own
    assert target.b == [1] and target.b is not source.b


def test_shaped_games_are_the_ones_expected():
    """The games that declare shapes; a game dropping its declaration would silently leave the
    checks below with nothing to check."""
    assert "immunity" in SHAPED_GAMES


@pytest.mark.parametrize("game_id", SHAPED_GAMES)
def test_every_declared_shape_holds_and_clones_share_nothing(game_id):
    shapes = ludoteca.game(game_id).state_class.FIELD_SHAPES
    checked = 0
    for state in positions(game_id, range(3)):
        for name, shape in shapes.items():
            problem = check_shape(getattr(state, name), shape)
            assert problem is None, f"{game_id} {name}: {problem}"
        clone = state.clone()
        assert clone.to_json() == state.to_json()
        assert shared_containers(clone, state) == []
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", SHAPED_GAMES)
def test_a_clone_plays_on_without_touching_its_original(game_id):
    for state in positions(game_id, range(2), every=17):
        if state.is_over:
            continue
        before = state.to_json()
        clone = state.clone()
        rng = random.Random(len(before["actions"]))
        for _ in range(30):
            if clone.is_over:
                break
            seat = min(clone.to_move)
            clone.apply(seat, rng.choice(clone.legal_actions(seat)))
        assert state.to_json() == before
