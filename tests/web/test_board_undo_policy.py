"""Undo within one's own turn (Board Game Arena's policy): the ENGINE decides what may be taken
back (``State.undo_steps``), the server removes it from the stored record and rebuilds.

Per game: a plain own action can be undone; right after an event that reveals hidden
information (the game's ``REVEALS``, or a private event) nothing can."""

from __future__ import annotations

import random

import httpx
import pytest
from server_harness import Guest, Server, join, receive, send

import ludoteca
from ludoteca.engine import registry


def play_until(game_id: str, players: int, seed: int, stop, options: dict | None = None) -> tuple:
    """Random play (seeded) until ``stop(state, seat, action, events, draws_before)`` is true."""
    state = ludoteca.game(game_id).new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(600):
        seat = rng.choice(state.to_move)
        action = rng.choice(state.legal_actions(seat))
        draws = state.rng.draws
        events = state.apply(seat, action)
        if stop(state, seat, action, events, draws):
            return state, seat, action, events
    raise AssertionError("position not reached")


def pure_reveal(types: set[str]):
    """An action after which the same seat still decides, with no chance and no private event:
    only the game's REVEALS can forbid undoing it."""
    def stop(state, seat, action, events, draws) -> bool:
        return (seat in state.to_move and state.rng.draws == draws and not any("to" in e for e in events)
                and any(e["type"] in types for e in events))
    return stop


def plain(state, seat, action, events, draws) -> bool:
    return seat in state.to_move and state.undo_steps(seat) >= 1


def test_dice_hospital_undo_refused_after_an_extra_offer_is_revealed() -> None:
    """Revealing an extra department shows a face-down tile: REVEALS has "revealed".  With the
    offer revealed after the intake, the revealing seat decides again at once and nothing random
    happens in between, so only REVEALS can forbid the undo."""
    state, seat, action, events = play_until("dice-hospital", 2, 0, pure_reveal({"revealed"}),
                                             options={"extra_offer_timing": "after-intake"})
    assert action["type"] == "reveal"
    assert state.undo_steps(seat) == 0


def test_dice_hospital_undo_refused_after_the_round_start_reveal() -> None:
    """The default (Board Game Arena's) timing reveals at the start of the round, before the
    ambulances are rolled: that reveal cannot be taken back either."""
    state, seat, action, _ = play_until(
        "dice-hospital", 2, 0, lambda st, s, a, ev, d: a["type"] == "reveal" and s in st.to_move)
    assert state.undo_steps(seat) == 0


def test_dice_hospital_undo_allowed_after_a_plain_own_action() -> None:
    state, seat, action, _ = play_until("dice-hospital", 2, 0, plain)
    before = state.undo_steps(seat)
    assert before == 1 and action["type"] == "start"
    rebuilt = ludoteca.game("dice-hospital").replay({**state.record(), "actions": state.record()["actions"][:-1]})
    assert action in rebuilt.legal_actions(seat)  # the same choice is offered again


def test_immunity_undo_refused_after_face_down_environment_cards_are_revealed() -> None:
    """Turning face-down environment cards up reveals them: REVEALS has "reveal"."""
    state, seat, _, events = play_until("immunity", 2, 20, pure_reveal({"reveal"}))
    assert "reveal" in [e["type"] for e in events]
    assert state.undo_steps(seat) == 0


def test_immunity_undo_allowed_after_a_plain_own_action() -> None:
    state, seat, action, _ = play_until("immunity", 2, 0, plain)
    assert state.undo_steps(seat) == 1 and action["type"] == "medical"


def test_herbalism_undo_refused_after_a_cure_check() -> None:
    """A cure marker checked against the secret cure reveals it: REVEALS has "check" (and the
    checker's private copy seals too); the record is sealed at that action."""
    state, seat, _, events = play_until(
        "herbalism", 3, 0, lambda s, seat, a, ev, d: any(e["type"] == "check" and "to" not in e for e in ev))
    assert "check" in type(state).REVEALS
    assert state._sealed == state.version
    assert all(state.undo_steps(s) == 0 for s in state.to_move)


def test_herbalism_undo_allowed_after_moving_the_pharmacist() -> None:
    state, seat, action, _ = play_until("herbalism", 3, 0, plain)
    assert action["type"] == "move" and state.undo_steps(seat) == 1


def test_dschunke_undo_refused_after_drawing_and_allowed_after_a_pick() -> None:
    state, seat, action, events = play_until(
        "dschunke", 2, 0, lambda s, seat, a, ev, d: any(e["type"] == "drew" for e in ev) and s.to_move == (0,))
    assert state.undo_steps(0) == 0
    state.apply(0, state.legal_actions(0)[0])
    assert state.undo_steps(0) == 1


@pytest.mark.parametrize("game_id", registry.all_games())
def test_every_game_seals_undo_at_chance_and_reveals_only(game_id: str) -> None:
    """For every registered game (a new one included): after an own action that met chance,
    sent a private event or revealed something (REVEALS), the seat may undo nothing; after any
    other own action that leaves it to decide, it may undo at least that action."""
    game = ludoteca.game(game_id)
    state = game.new(players=game.min_players if game.min_players > 1 else 2, seed=3)
    rng = random.Random(3)
    plain = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        draws = state.rng.draws
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if seat not in state.to_move:
            continue
        if state.rng.draws != draws or any("to" in e or e["type"] in type(state).REVEALS for e in events):
            assert state.undo_steps(seat) == 0, events
        else:
            assert state.undo_steps(seat) >= 1, events
            plain += 1
    assert plain > 0, "no plain own action that leaves the seat to decide came up"


# ---- through the server: the record in the database loses the undone actions ----------------
def test_server_undo_removes_own_actions_from_the_record_and_refuses_past_a_draw(web_server: Server) -> None:
    guest = Guest(web_server)
    table = guest.create("dschunke", seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    with guest.socket() as ws:
        message = join(ws, table["id"], seat=0)
        send(ws, type="act", table=table["id"], seat=0, version=0, action=message["legal"][0]["action"])
        message = receive(ws, "state", seat=0, timeout=30, version=4)  # the bot placed two, I drew two
        assert message["undo"] == 0 and message["legal"][0]["action"]["type"] == "pick"
        send(ws, type="undo", table=table["id"], seat=0, version=4, ref="r1")
        refused = receive(ws, "error", timeout=10)
        assert refused["code"] == "cannot_undo" and refused["ref"] == "r1"
        pick = message["legal"][0]["action"]
        send(ws, type="act", table=table["id"], seat=0, version=4, action=pick)
        message = receive(ws, "state", seat=0, version=5, timeout=10)
        assert message["undo"] == 1
        place = message["legal"][0]["action"]
        send(ws, type="act", table=table["id"], seat=0, version=5, action=place)
        message = receive(ws, "state", seat=0, version=6, timeout=10)
        assert message["undo"] == 2
        send(ws, type="undo", table=table["id"], seat=0, version=6, steps=2)
        message = receive(ws, "state", seat=0, version=4, timeout=10)
        assert message["undo"] == 0 and {"action": pick} in [{"action": x["action"]} for x in message["legal"]]
    stored = httpx.get(f"{web_server.url}/api/tables/{table['id']}", cookies=guest.http.cookies).json()
    assert stored["version"] == 4
