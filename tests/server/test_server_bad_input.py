"""Bad input: each gets a clear error to that client only, the table is unchanged and the
connection stays usable."""

from __future__ import annotations

import json
import time

import pytest
from server_harness import Guest, Server, join, play_turns, receive, send
from websockets.sync.client import ClientConnection


def still_usable(ws: ClientConnection) -> None:
    send(ws, type="ping", ref="alive")
    assert receive(ws, "pong")["ref"] == "alive"


def quiet(ws: ClientConnection) -> None:
    """Nothing reached this (other) client."""
    with pytest.raises(TimeoutError):
        ws.recv(timeout=0.3)


@pytest.fixture(scope="module")
def setting(server: Server):
    player, watcher = Guest(server), Guest(server)
    table = player.create()
    with player.socket() as ws, watcher.socket() as spectator:
        state = join(ws, table["id"])
        join(spectator, table["id"])
        receive(spectator, "chat_history", table=table["id"])  # sent after the state: not a refusal
        yield player, ws, spectator, table["id"], state


def version_of(player: Guest, table_id: str) -> int:
    return player.http.get(f"/api/tables/{table_id}").json()["version"]


@pytest.mark.parametrize("raw, code, words", [
    ("{not json", "bad_json", "not valid JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('{"type": "dance"}', "bad_message", "unknown message type 'dance'"),
    ('{"type": "join", "table": "no-such-table"}', "unknown_table", "no table 'no-such-table'"),
    ('{"type": "act", "table": "no-such-table", "seat": 0, "version": 0, "action": {}}', "unknown_table", "no table"),
    ('{"type": "act", "table": "TABLE", "seat": 0}', "bad_message", "'version' is missing"),
    ('{"type": "act", "table": "TABLE", "seat": 0, "version": 0, "action": {"type": "fly"}}', "illegal",
     "'fly'"),
    ('{"type": "act", "table": "TABLE", "seat": 0, "version": 0, "action": {"type": "place", "tile": 99,'
     ' "x": 0, "y": 0, "dir": "E"}}', "illegal", "not the strip to place now"),
    ('{"type": "act", "table": "TABLE", "seat": 1, "version": 0, "action": {"type": "pick", "tile": 1}}',
     "not_your_seat", "held by a bot"),
    ('{"type": "act", "table": "TABLE", "seat": 7, "version": 0, "action": {}}', "bad_seat", "from 0 to 1"),
    ('{"type": "act", "table": "TABLE", "seat": 0, "version": 3, "action": {"type": "pick", "tile": 1}}',
     "stale", "version 3"),
])
def test_refusals_reach_only_the_sender_and_change_nothing(setting, raw: str, code: str, words: str) -> None:
    player, ws, spectator, table_id, _ = setting
    before = version_of(player, table_id)
    ws.send(raw.replace("TABLE", table_id))
    error = receive(ws, "error")
    assert error["code"] == code and words in error["message"], error
    assert version_of(player, table_id) == before
    still_usable(ws)
    quiet(spectator)


def test_a_message_over_the_size_limit_is_refused(setting) -> None:
    player, ws, spectator, table_id, state = setting
    padding = "x" * 20_000
    ws.send(json.dumps({"type": "act", "table": table_id, "seat": 0, "version": state["version"],
                        "action": state["legal"][0]["action"], "padding": padding}))
    error = receive(ws, "error")
    assert error["code"] == "too_large" and "at most 16384 bytes" in error["message"]
    assert version_of(player, table_id) == state["version"]
    still_usable(ws)
    quiet(spectator)


def test_a_flood_is_rate_limited_then_the_connection_recovers(setting) -> None:
    player, ws, spectator, table_id, state = setting
    started = time.monotonic()
    for _ in range(120):
        send(ws, type="ping")
    sending = time.monotonic() - started
    replies = []
    while not any(r["type"] == "error" for r in replies):
        replies.append(receive(ws))
    error = replies[-1]
    assert error["code"] == "rate_limited" and "too many messages" in error["message"]
    assert len(replies) <= 40 + 20 * sending + 2  # the burst (and what refilled), the notice; the rest dropped
    time.sleep(2.2)  # the bucket refills
    while True:  # drain whatever of the burst was still queued
        try:
            ws.recv(timeout=0.3)
        except TimeoutError:
            break
    still_usable(ws)
    assert version_of(player, table_id) == state["version"]
    quiet(spectator)


def test_an_action_after_the_game_ended_is_refused(server: Server) -> None:
    player = Guest(server)
    table = player.create()
    with player.socket() as ws:
        final = play_turns(ws, table["id"], 0, join(ws, table["id"]))
        send(ws, type="act", table=table["id"], seat=0, version=final["version"], action={"type": "pick", "tile": 0})
        error = receive(ws, "error")
        assert error["code"] == "game_over" and "the game is over" in error["message"]
        still_usable(ws)
    assert version_of(player, table["id"]) == final["version"]
