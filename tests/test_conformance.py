"""The conformance suite: every registered game keeps the contract of DESIGN.md.

A new game gets all of this for free by being registered (examples included: they are games
like any other, only not listed in the lobby).  Each case is one game, one player count and
one named variant (``Game.variants``), so a failure names exactly what broke.  The default
rules run at every player count; a variant at its game's smallest and largest count.

The ``check_*`` functions hold the checks that judge a game's own words and secrets; they are
called here over random games and, in tests/engine/test_conformance_checks.py, on throwaway
games that plant each fault, to prove the checks can fail.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalAction, RecordError
from ludoteca.engine import LANGS, registry
from ludoteca.engine.content import RANGES_TABLE, load_toml
from ludoteca.engine.params import unranged

#: Random games to the end per case; the default variant gets the full count.
FULL_GAMES = int(os.environ.get("LUDOTECA_CONFORMANCE_GAMES", "200"))
VARIANT_GAMES = max(5, FULL_GAMES // 10)
MAX_STEPS = 200_000


def cases() -> list[Any]:
    """The default rules at every player count; each variant at the smallest and the largest.

    A variant changes a rule or two whatever the count, and the two ends are where a count
    matters (a solo game, a full table); every count of every variant was 69 cases of 84 and
    most of the suite's time."""
    found = []
    for game_id in registry.all_games():
        game = ludoteca.game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            found.append(pytest.param(game_id, players, None, id=f"{game_id}-{players}p"))
            if players in (game.min_players, game.max_players):
                for name in game.variants:
                    found.append(pytest.param(game_id, players, name, id=f"{game_id}-{players}p-{name}"))
    return found


CASES = cases()
GAME_IDS = registry.all_games()


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
    for seed in range(2 if variant is None else 1):  # a variant changes a rule or two: one game
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
        check_view_shape(state)
        seat, action = random_step(state, rng)
        if step % 4 == 0:
            check_action_labels(state, state.legal_actions(seat)[:20])
        events = state.apply(seat, action)
        json.dumps(events)
        for event in events:
            assert "type" in event
        check_event_labels(state, events)
        step += 1
    check_view_shape(state)
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


# ---- the game's own words, numbers and secrets -------------------------------------------------
#: A word of at least two letters (any alphabet): a label with one must be translated.
WORD = re.compile(r"[^\W\d_]{2,}")


def fallback_label(data: Mapping[str, Any]) -> str:
    """The engine's generic label for an action or event (``type=bid, quantity=1``)."""
    return ", ".join(f"{k}={v}" for k, v in data.items() if k != "to")


def _check_words(what: str, labels: dict[str, str], data: Mapping[str, Any]) -> None:
    fallback = fallback_label(data)
    for lang, label in labels.items():
        assert isinstance(label, str) and label.strip(), f"{what} {data}: empty {lang} label"
        assert label != fallback, f"{what} {data}: the {lang} label is the engine's generic {fallback!r}"
    if WORD.search(labels["en"]):
        for lang in ("es", "fr"):
            assert labels[lang] != labels["en"], (
                f"{what} {data}: the {lang} label is the English one, untranslated: {labels['en']!r}")


def check_action_labels(state: Any, actions: list[dict]) -> None:
    """Every action has a label in each language, none the generic ``k=v`` one, es/fr translated."""
    for action in actions:
        _check_words("action", {lang: state.describe(action, lang) for lang in LANGS}, action)


def check_event_labels(state: Any, events: list[dict]) -> None:
    for event in events:
        _check_words("event", {lang: state.describe_event(event, lang) for lang in LANGS}, event)


def check_view_shape(state: Any) -> None:
    """Every view has ``phase`` (text), ``scores`` (a number per seat) and ``seats`` (one entry per seat)."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        missing = [key for key in ("phase", "scores", "seats") if key not in view]
        assert not missing, f"view({seat}) lacks {', '.join(missing)}"
        assert isinstance(view["phase"], str) and view["phase"], f"view({seat})['phase'] must be a phase name"
        scores = view["scores"]
        assert isinstance(scores, list) and len(scores) == state.players, (
            f"view({seat})['scores'] must be a list of {state.players} numbers; got {scores!r}")
        assert all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores), (
            f"view({seat})['scores'] must hold numbers; got {scores!r}")
        assert isinstance(view["seats"], list) and len(view["seats"]) == state.players, (
            f"view({seat})['seats'] must be a list with one entry per seat")


def retyped(action: dict) -> Iterator[dict]:
    """Copies of ``action`` with one whole number given as a float, or 0/1 as False/True."""
    for key, value in action.items():
        if isinstance(value, int) and not isinstance(value, bool):
            yield {**action, key: float(value)}
            if value in (0, 1):
                yield {**action, key: bool(value)}
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, int) and not isinstance(item, bool):
                    yield {**action, key: [*value[:i], float(item), *value[i + 1:]]}


def check_number_types_refused(state: Any, seat: int, actions: list[dict]) -> None:
    """``1.0`` or ``True`` in place of the legal ``1`` is refused, and the state is unchanged."""
    before = state.to_json()
    for action in actions:
        for wrong in retyped(action):
            try:
                state.apply(seat, wrong)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{wrong} was accepted in place of the legal {action}")
            assert state.to_json() == before, f"refusing {wrong} changed the state"


def number_options_without_bounds(game: Any) -> list[str]:
    """Number options lacking a minimum or a maximum (a lobby form, or the lab, could pass anything)."""
    found = []
    for name, spec in game.option_specs.items():
        kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind or type(spec.default),)
        numeric = any(k in (int, float) for k in kinds) and bool not in kinds
        if spec.choices is None and numeric and (spec.minimum is None or spec.maximum is None):
            found.append(name)
    return found


def game_package(game: Any) -> str:
    """The package a Game instance comes from (``ludoteca.games.thirty_one``)."""
    module = sys.modules[type(game).__module__]
    return module.__name__ if hasattr(module, "__path__") else module.__name__.rsplit(".", 1)[0]


def content_files(game: Any) -> list[str]:
    return sorted(entry.name for entry in resources.files(game_package(game)).iterdir()
                  if entry.name.endswith(".toml"))


def unranged_content(game: Any) -> dict[str, list[str]]:
    """Per content file of the game's package: the numbers without a declared range."""
    found = {}
    for name in content_files(game):
        data = load_toml(game_package(game), name)
        missing = unranged({k: v for k, v in data.items() if k != RANGES_TABLE}, data.get(RANGES_TABLE, {}))
        if missing:
            found[name] = missing
    return found


def secrets_of(state_class: type) -> Mapping[str, Mapping[str, str]] | None:
    return getattr(state_class, "SECRETS", None)


def scrambled(state: Any, seat: int | None, rng: random.Random) -> Any:
    """A copy of ``state`` whose pieces ``seat`` cannot see (``State.SECRETS``) are dealt anew
    by this test, not by the game: within each pool, the pieces of every container hidden
    from ``seat`` are shuffled together and laid back, each container keeping its size.

    Done on the saved JSON and loaded back, so games with their own internal structures are
    scrambled the same way."""
    data = json.loads(json.dumps(state.to_json()))
    fields = data["state"]
    for members in (secrets_of(type(state)) or {}).values():
        slots: list[tuple[Any, Any]] = []  # (holder, key) of each container hidden from the seat
        for name, who in members.items():
            if who == "nobody":
                slots.append((fields, name))
            else:
                slots += [(fields[name], t) for t in range(state.players) if t != seat]
        sizes = [len(holder[key]) if isinstance(holder[key], list) else None for holder, key in slots]
        pieces = [piece for (holder, key), size in zip(slots, sizes, strict=True)
                  for piece in (holder[key] if size is not None else [holder[key]])]
        rng.shuffle(pieces)
        for (holder, key), size in zip(slots, sizes, strict=True):
            if size is None:  # a single hidden value (a secret bid, a face-down card)
                holder[key] = pieces.pop()
            else:
                holder[key], pieces = pieces[:size], pieces[size:]
    return state.game.from_json(data)


def differing_keys(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    return sorted(key for key in set(a) | set(b) if a.get(key) != b.get(key))


def check_scrambled_secrets_stay_hidden(state: Any, rng: random.Random, tries: int = 2) -> int:
    """Dealing anew what a seat cannot see leaves that seat's view (and a spectator's) identical.

    Returns how many scrambles changed the position (a check that never changes anything
    proves nothing; the caller counts them over a game)."""
    changed = 0
    for seat in [None, *range(state.players)]:
        mine = state.view(seat)
        for _ in range(tries):
            other = scrambled(state, seat, rng)
            if other.to_json()["state"] != state.to_json()["state"]:
                changed += 1
            seen = other.view(seat)
            assert seen == mine, (
                f"view({seat}) changed when only what it cannot see was dealt anew: "
                f"key(s) {', '.join(differing_keys(mine, seen))}")
    return changed


HEADER = ("game", "players", "seat", "version", "to_move", "is_over", "winners")


def _parts(node: Any, top: bool = True) -> Iterator[str]:
    """Every list or mapping inside a view (not the view itself) with two or more items, as
    canonical JSON: pieces distinctive enough that finding one elsewhere is no coincidence."""
    if isinstance(node, Mapping):
        items: Any = node.values()
    elif isinstance(node, list):
        items = node
    else:
        return
    if len(node) >= 2 and not top:
        yield json.dumps(node, sort_keys=True)
    for item in items:
        yield from _parts(item, top=False)


def _shapes(value: Any) -> set[str]:
    """``value`` as canonical JSON, and sorted too when it is a list of plain values."""
    shapes = {json.dumps(value, sort_keys=True)}
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        shapes.add(json.dumps(sorted(value, key=repr)))
    return shapes


def check_no_view_shows_another_seats_secret(state: Any) -> None:
    """Comparing the views of different seats: no seat's view holds another seat's secret (an
    entry of a ``"seat"`` field of ``State.SECRETS``, say its hand), unless a spectator sees it
    too (every card of it was shown) or it equals the viewer's own (two empty hands).

    Only distinctive secrets are looked for (lists or mappings of two or more items), so a
    match is no coincidence; single hidden pieces are left to the scramble check."""
    fields = state.to_json()["state"]
    views = {seat: {k: v for k, v in state.view(seat).items() if k not in HEADER}
             for seat in [None, *range(state.players)]}
    parts = {seat: set(_parts(view)) for seat, view in views.items()}
    for members in (secrets_of(type(state)) or {}).values():
        for name, who in members.items():
            if who != "seat":
                continue
            for owner in range(state.players):
                secret = fields[name][owner]
                if not isinstance(secret, (list, Mapping)) or len(secret) < 2:
                    continue
                shapes = _shapes(secret) - parts[None]
                for seat in range(state.players):
                    if seat == owner:
                        continue
                    leaked = (shapes & parts[seat]) - _shapes(fields[name][seat])
                    assert not leaked, (f"view({seat}) shows seat {owner}'s {name} (a SECRETS field): "
                                        f"{sorted(leaked)[0][:200]}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_number_options_declare_minimum_and_maximum(game_id: str) -> None:
    assert number_options_without_bounds(ludoteca.game(game_id)) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_content_number_has_a_declared_range(game_id: str) -> None:
    """content.toml holds the numbers, each with a range in [ranges], so params cannot make a
    game endless or huge (the package layout, docs/authoring.md)."""
    game = ludoteca.game(game_id)
    assert "content.toml" in content_files(game), f"{game_package(game)} has no content.toml"
    assert unranged_content(game) == {}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_information_games_declare_their_secrets(game_id: str) -> None:
    """The leak check scrambles what a seat cannot see itself, so the game says where that is."""
    game = ludoteca.game(game_id)
    if game.hidden_information:
        assert secrets_of(game.state_class) is not None, (
            f"{game_id} has hidden information but its State declares no SECRETS "
            "(docs/authoring.md, 'Secrets'); declare SECRETS = {} if only the future is hidden")


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_whole_numbers_of_another_type_are_refused(game_id: str, players: int, variant: str | None) -> None:
    """1.0 or True where a legal action has the whole number 1 is refused, the state unchanged."""
    rng = random.Random(7)
    state = new_state(game_id, players, variant, 19)
    step = 0
    while not state.is_over and step < 120:
        if step % 3 == 0:
            seat = state.to_move[0]
            check_number_types_refused(state, seat, state.legal_actions(seat)[:10])
        state.apply(*random_step(state, rng))
        step += 1


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES)
def test_views_hide_what_the_seat_cannot_see(game_id: str, players: int, variant: str | None) -> None:
    """The leak check that does not trust the game's resampler: this test deals anew what a seat
    cannot see (the game's SECRETS) and the seat's view must not change; and no seat's view
    holds another seat's secret."""
    state = new_state(game_id, players, variant, 23)
    if secrets_of(type(state)) is None:
        pytest.fail(f"{game_id} declares no SECRETS, so nothing can be scrambled (see the test above)")
    rng = random.Random(8)
    changed = steps = 0
    while not state.is_over and steps < 300:
        if steps % 5 == 0:
            changed += check_scrambled_secrets_stay_hidden(state, rng)
            check_no_view_shows_another_seats_secret(state)
        state.apply(*random_step(state, rng))
        steps += 1
    if any(secrets_of(type(state)).values()):
        assert changed, "scrambling the declared SECRETS never changed a position: they name nothing hidden"


# ---- the table speaks in words: prompts, log lines, the end, the lobby (issue 14) -------------
#: Names a table shows for its seats: labels given them must use them, never "Seat 2".
NAMES = ("Ana", "Bruno", "Chloé", "Dmitri", "Eva", "Femi")
RAW_SEAT = re.compile(r"\b(Seat|Asiento|Siège|Player|Jugador|Joueur|Joueuse)\s*\d", re.IGNORECASE)
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")


def content_ids(game: Any, options: Mapping[str, Any] | None, lang: str) -> dict[str, str]:
    """The content keys a label must not show raw in ``lang``: key -> the name people read.
    A key that is a word of its own name in that language (English "red", "lawyer" of "Hospital
    lawyer") is a word a sentence may use, not an id."""
    found: dict[str, str] = {}
    for entry in game.catalogue(options, lang):
        key, name = entry["id"].split(":", 1)[1], entry["name"]
        if "_" not in key and re.search(rf"(?<!\w){re.escape(key)}(?!\w)", name, re.IGNORECASE):
            continue  # a word of its own name ("lawyer" of "Hospital lawyer"): a sentence may say it
        found[key] = name
    return found


def check_words_for_people(what: str, label: str, lang: str, ids: Mapping[str, str]) -> None:
    """A line a player reads: no list, dict, coordinate pair, raw seat number or content id."""
    assert label.strip(), f"{what}: empty {lang} line"
    assert "[" not in label and "{" not in label, f"{what}: raw data in the {lang} line {label!r}"
    assert not COORDINATES.search(label), f"{what}: a coordinate pair in the {lang} line {label!r}"
    assert not RAW_SEAT.search(label), f"{what}: a seat number instead of the player's name in {label!r}"
    for key, name in ids.items():
        assert not re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", label), (
            f"{what}: the content id {key!r} (people read {name!r}) in the {lang} line {label!r}")


def check_prompt(state: Any, seat: int, ids: Mapping[str, Mapping[str, str]]) -> None:
    """A specific prompt in every language, for every decision."""
    from ludoteca.engine.i18n import generic_prompt

    prompts = {lang: state.prompt(seat, lang, NAMES[:state.players]) for lang in LANGS}
    for lang, line in prompts.items():
        assert line != generic_prompt(lang), f"phase {getattr(state, 'phase', '?')}: the generic prompt {line!r}"
        check_words_for_people(f"prompt of seat {seat}", line, lang, ids[lang])
    if WORD.search(prompts["en"]):
        for lang in ("es", "fr"):
            assert prompts[lang] != prompts["en"], f"the {lang} prompt is untranslated: {prompts['en']!r}"


def check_breakdown(state: Any) -> None:
    """The end: every seat's lines sum to its final score, in words, in every language."""
    for lang in LANGS:
        lines = state.score_breakdown(lang, NAMES[:state.players])
        assert len(lines) == state.players, f"{lang}: a breakdown per seat"
        for seat, seat_lines in enumerate(lines):
            assert seat_lines, f"seat {seat} has no breakdown"
            for what, points in seat_lines:
                assert isinstance(what, str) and WORD.search(what), f"breakdown line {what!r} lacks words"
                assert isinstance(points, (int, float)) and not isinstance(points, bool)
            total = sum(points for _what, points in seat_lines)
            assert abs(total - state.scores[seat]) < 1e-9, (
                f"{lang}: seat {seat}'s breakdown sums to {total}, its score is {state.scores[seat]}")


#: Every default case, and each variant at its game's largest player count.
WORD_CASES = [case for case in CASES if case.values[2] is None
              or case.values[1] == ludoteca.game(case.values[0]).max_players]


@pytest.mark.parametrize(("game_id", "players", "variant"), WORD_CASES)
def test_the_table_speaks_in_words(game_id: str, players: int, variant: str | None) -> None:
    """Over a whole random game: a specific prompt at every decision, log lines and labels with
    names and words only (no ids, lists, dicts or coordinates), and an end breakdown that sums.
    A variant's words are checked at its game's largest player count (the default at every one)."""
    rng = random.Random(11)
    state = new_state(game_id, players, variant, 17)
    game, names = state.game, NAMES[:players]
    ids = {lang: content_ids(game, state.options, lang) for lang in LANGS}
    step = 0
    while not state.is_over and step < MAX_STEPS:
        for seat in state.to_move:
            check_prompt(state, seat, ids)
        seat, action = random_step(state, rng)
        if step % 5 == 0:
            for lang in LANGS:
                for legal in state.legal_actions(seat)[:10]:
                    check_words_for_people("action label", state.describe(legal, lang, names), lang, ids[lang])
        for event in state.apply(seat, action):
            for lang in LANGS:
                check_words_for_people(f"event {event.get('type')}", state.describe_event(event, lang, names),
                                       lang, ids[lang])
        step += 1
    assert state.is_over
    assert all(state.prompt(seat, "en") == "" for seat in range(players))
    check_breakdown(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_component_says_what_it_does(game_id: str) -> None:
    """The catalogue: each entry named, with its effect, translated; ids unique per language."""
    game = ludoteca.game(game_id)
    entries = {lang: game.catalogue(None, lang) for lang in LANGS}
    if game.example:
        return
    assert entries["en"], f"{game_id} has no catalogue of its components"
    for lang, found in entries.items():
        ids = [entry["id"] for entry in found]
        assert len(ids) == len(set(ids)), f"{lang}: duplicate catalogue ids"
        assert ids == [entry["id"] for entry in entries["en"]], f"{lang}: not the same components as en"
        for entry in found:
            assert re.fullmatch(r"[a-z0-9_-]+:[A-Za-z0-9_.-]+", entry["id"]), entry["id"]
            assert entry["kind"].strip() and entry["name"].strip() and entry["text"].strip(), entry
            for fact in entry.get("facts", []):
                assert len(fact) == 2 and all(isinstance(part, str) and part for part in fact), (entry["id"], fact)
    for en, es, fr in zip(entries["en"], entries["es"], entries["fr"], strict=True):
        assert es["text"] != en["text"] and fr["text"] != en["text"], f"{en['id']}: effect untranslated"
    for lang in LANGS:
        for table in game.reference(None, lang):
            assert table["title"] and table["columns"] and table["rows"], table
            assert all(len(row) == len(table["columns"]) for row in table["rows"]), table["title"]
            assert all(isinstance(cell, str) for row in table["rows"] for cell in row), table["title"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_lobby_speaks_in_words(game_id: str) -> None:
    """Every option, choice and variant has a name and help in en, es and fr; the lobby card
    has its play time, complexity and rules page."""
    game = ludoteca.game(game_id)
    if game.example:
        return
    assert game.play_minutes[0] > 0 and game.play_minutes[0] <= game.play_minutes[1]
    assert 1 <= game.complexity <= 5
    for name, spec in game.option_specs.items():
        for lang in LANGS:
            assert isinstance(spec.label, Mapping) and spec.label.get(lang), f"option {name}: no {lang} label"
            assert isinstance(spec.help, Mapping) and spec.help.get(lang), f"option {name}: no {lang} help"
            for value in spec.choices or ():
                assert spec.words.get(value, {}).get(lang), f"option {name}: choice {value!r} has no {lang} name"
    for variant in game.variants:
        for lang in LANGS:
            words = game.variant_words.get(variant, {}).get(lang, {})
            assert words.get("name") and words.get("description"), f"variant {variant}: no {lang} name/description"
    for lang in LANGS:
        assert len(game.rules_text(lang)) > 500, f"{game_id}: no rules page text in {lang}"
