"""The conformance suite: every registered game keeps the contract of DESIGN.md.

A new game gets all of this for free by being registered.  Each case is one game, one player
count and one named variant (``Game.variants``), so a failure names exactly what broke.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalAction, RecordError
from ludoteca.engine import LANGS

#: Random games to the end per case; the default variant gets the full count.
FULL_GAMES = int(os.environ.get("LUDOTECA_CONFORMANCE_GAMES", "200"))
VARIANT_GAMES = max(5, FULL_GAMES // 10)
MAX_STEPS = 200_000


def cases() -> list[Any]:
    found = []
    for game_id in ludoteca.games():
        game = ludoteca.game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            found.append(pytest.param(game_id, players, None, id=f"{game_id}-{players}p"))
            for name in game.variants:
                found.append(pytest.param(game_id, players, name, id=f"{game_id}-{players}p-{name}"))
    return found


CASES = cases()
GAME_IDS = ludoteca.games()


def new_state(game_id: str, players: int, variant: str | None, seed: int) -> Any:
    game = ludoteca.game(game_id)
    options = dict(game.variants[variant]) if variant else None
    return game.new(players, seed=seed, options=options)


def random_step(state: Any, rng: random.Random) -> tuple[int, dict]:
    movers = state.to_move
    seat = rng.choice(movers)
    legal = state.legal_actions(seat)
    action = rng.choice(legal)
    return seat, action


def roundtrip(state: Any) -> Any:
    return state.game.from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_random_games_reach_the_end(game_id: str, players: int, variant: str | None) -> None:
    """Random legal play always ends; legal actions exist exactly for the seats to move."""
    count = FULL_GAMES if variant is None else VARIANT_GAMES
    rng = random.Random(1)
    lengths = []
    for seed in range(count):
        state = new_state(game_id, players, variant, seed)
        steps = 0
        while not state.is_over:
            movers = state.to_move
            assert movers, f"seed {seed}: not over but nobody to move"
            assert len(set(movers)) == len(movers)
            for seat in movers:
                assert state.legal_actions(seat), f"seed {seed}: seat {seat} to move with no legal action"
            idle = [s for s in range(players) if s not in movers]
            if idle:
                assert state.legal_actions(idle[0]) == []
            seat, action = random_step(state, rng)
            state.apply(seat, action)
            steps += 1
            assert steps < MAX_STEPS, f"seed {seed}: no end after {MAX_STEPS} actions"
        assert state.to_move == ()
        assert len(state.scores) == players
        assert state.winners and set(state.winners) <= set(range(players))
        lengths.append(steps)
    assert min(lengths) > 0


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_json_roundtrip_clone_and_replay_at_every_step(game_id: str, players: int, variant: str | None) -> None:
    """to_json/from_json is exact, clones are independent, and a record replays bit for bit."""
    rng = random.Random(2)
    for seed in range(2):
        state = new_state(game_id, players, variant, 1000 + seed)
        while True:
            loaded = roundtrip(state)
            assert loaded == state
            assert loaded.to_move == state.to_move
            for seat in state.to_move:
                assert loaded.legal_actions(seat) == state.legal_actions(seat)
            for seat in [None, *range(players)]:
                assert loaded.view(seat) == state.view(seat)
            if state.is_over:
                break
            seat, action = random_step(state, rng)
            twin = state.clone()
            before = state.to_json()
            twin.apply(seat, action)
            assert state.to_json() == before, "applying to a clone changed the original"
            state.apply(seat, action)
            assert twin == state, "a clone and the original diverged on the same action"
            assert loaded.apply(seat, action) is not None
            assert loaded == state, "a reloaded state diverged from the original"
        replayed = state.game.replay(json.loads(json.dumps(state.record())))
        assert replayed == state
        assert replayed.scores == state.scores and replayed.winners == state.winners


def mutations(action: dict, rng: random.Random) -> list[Any]:
    """Broken versions of a legal action: each must be refused unless it happens to be legal."""
    broken: list[Any] = [{}, {"type": "no-such-action"}, [], "place", None, {**action, "unexpected": 1}]
    for key in action:
        if key == "type":
            continue
        broken.append({k: v for k, v in action.items() if k != key})
        broken.append({**action, key: "not-a-number" if not isinstance(action[key], str) else 12345})
        broken.append({**action, key: 10**9})
        broken.append({**action, key: -(10**9)})
        broken.append({**action, key: None})
        broken.append({**action, key: [1, 2]})
    return broken


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_illegal_actions_are_refused_and_change_nothing(game_id: str, players: int, variant: str | None) -> None:
    """Every malformed or out-of-turn action raises IllegalAction (a ValueError) and leaves the state as it was."""
    rng = random.Random(3)
    state = new_state(game_id, players, variant, 7)
    checked = 0
    while not state.is_over and checked < 60:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        before = state.to_json()
        for broken in mutations(rng.choice(legal), rng):
            if isinstance(broken, dict) and broken in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                state.apply(seat, broken)
            assert str(caught.value), "an IllegalAction must say what is wrong"
            assert state.to_json() == before
        for bad_seat in (-1, players, "0", True, None, 1.0):
            with pytest.raises(IllegalAction):
                state.apply(bad_seat, legal[0])
        idle = [s for s in range(players) if s not in state.to_move]
        if idle:
            with pytest.raises(IllegalAction, match="not to move"):
                state.apply(idle[0], legal[0])
        assert state.to_json() == before
        state.apply(seat, rng.choice(legal))
        checked += 1
    assert isinstance(IllegalAction("x"), ValueError)


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_determinize_agrees_with_the_view(game_id: str, players: int, variant: str | None) -> None:
    """A determinized state shows the seat the very same view and legal actions, and plays on to the end.

    This is also the generic leak check: determinize redraws everything the seat cannot know, so if the
    view showed any of it (another hand, the pile order, the RNG) the views would differ."""
    rng = random.Random(4)
    state = new_state(game_id, players, variant, 11)
    step = 0
    while not state.is_over:
        if step % 3 == 0:
            for seat in [None, *range(players)]:
                sample = state.determinize(seat, random.Random(rng.random()))
                assert sample.view(seat) == state.view(seat)
                assert sample.to_move == state.to_move
                if seat is not None and seat in state.to_move:
                    assert sample.legal_actions(seat) == state.legal_actions(seat)
            play_rng = random.Random(step)
            sample = state.determinize(state.to_move[0], random.Random(step))
            steps = 0
            while not sample.is_over and steps < 50:
                sample.apply(*random_step(sample, play_rng))
                steps += 1
        state.apply(*random_step(state, rng))
        step += 1


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_views_events_and_labels_are_json_and_translated(game_id: str, players: int, variant: str | None) -> None:
    """Views and events are JSON; every legal action and event has a label in en, es and fr."""
    rng = random.Random(5)
    state = new_state(game_id, players, variant, 13)
    step = 0
    while not state.is_over:
        for seat in [None, *range(players)]:
            json.dumps(state.view(seat))
        seat, action = random_step(state, rng)
        if step % 4 == 0:
            for legal in state.legal_actions(seat)[:20]:
                for lang in LANGS:
                    label = state.describe(legal, lang)
                    assert isinstance(label, str) and label.strip()
        events = state.apply(seat, action)
        json.dumps(events)
        for event in events:
            assert "type" in event
            for lang in LANGS:
                assert state.describe_event(event, lang).strip()
        step += 1
    with pytest.raises(ValueError, match="language"):
        state.describe({"type": "x"}, "de")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_metadata_and_bad_setup_input(game_id: str) -> None:
    """Metadata is complete; bad player counts, seeds and options are refused with a message naming them."""
    game = ludoteca.game(game_id)
    assert game.id == game_id and game.title
    assert 1 <= game.min_players <= game.max_players
    assert set(game.description) == set(LANGS)
    json.dumps(game.options)
    with pytest.raises(ValueError, match="players"):
        game.new(game.max_players + 1, seed=1)
    with pytest.raises(ValueError, match="players"):
        game.new(game.min_players - 1, seed=1)
    with pytest.raises(ValueError, match="seed"):
        game.new(game.min_players, seed="abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no_such_option"):
        game.new(game.min_players, seed=1, options={"no_such_option": 1})
    for name in game.option_specs:
        bad = object()
        with pytest.raises(ValueError, match=name):
            game.new(game.min_players, seed=1, options={name: bad})
    for variant, options in game.variants.items():
        assert set(options) <= set(game.option_specs), variant


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_foreign_or_damaged_records_are_refused(game_id: str) -> None:
    """A record for another game, another rules version, or with an illegal action raises RecordError."""
    game = ludoteca.game(game_id)
    state = game.new(game.min_players, seed=5)
    rng = random.Random(0)
    for _ in range(5):
        if state.is_over:
            break
        state.apply(*random_step(state, rng))
    record = state.record()
    other = next((g for g in GAME_IDS if g != game_id), "no-such-game")
    with pytest.raises(RecordError, match="not"):
        game.replay({**record, "game": other})
    with pytest.raises(RecordError, match="version"):
        game.replay({**record, "version": game.version + 1})
    with pytest.raises(RecordError, match="lacks"):
        game.replay({k: v for k, v in record.items() if k != "seed"})
    if record["actions"]:
        seat, action = record["actions"][0]
        broken = {**record, "actions": [[seat, {**action, "type": "no-such-action"}]]}
        with pytest.raises(RecordError, match="action 0"):
            game.replay(broken)
    with pytest.raises(RecordError):
        game.from_json({**state.to_json(), "game": other})
    assert game.replay(record) == state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_determinize_depends_only_on_the_view_and_the_rng(game_id: str) -> None:
    """Two true positions that a seat cannot tell apart give that seat the very same samples.

    So a search bot with a fixed seed cannot behave differently because of anything hidden: the
    literal form of the fairness rule ("bots see only what their seat may see")."""
    game = ludoteca.game(game_id)
    for players in sorted({game.min_players, game.max_players}):
        rng = random.Random(6)
        state = game.new(players, seed=17)
        step = 0
        while not state.is_over and step < 90:
            if step % 15 == 0:
                for seat in range(players):
                    other_world = state.determinize(seat, random.Random(step + 1000))
                    assert other_world.view(seat) == state.view(seat)
                    mine = state.determinize(seat, random.Random(5)).to_json()["state"]
                    theirs = other_world.determinize(seat, random.Random(5)).to_json()["state"]
                    assert mine == theirs, f"seat {seat} at step {step}: the sample depends on hidden facts"
            state.apply(*random_step(state, rng))
            step += 1
