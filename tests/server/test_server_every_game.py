"""Every registered game is playable through the server: one guest holds every seat and plays
seeded random legal actions until the game ends, over the real WebSocket."""

from __future__ import annotations

import random

import pytest
from server_harness import UNTHROTTLED, Guest, Server, receive, send

from ludoteca import engine

#: The script plays at full speed, past the rate limit meant for people.
SERVER_ENV = UNTHROTTLED


@pytest.mark.parametrize("game_id", engine.games())
def test_every_game_plays_to_the_end_over_the_websocket(server: Server, game_id: str) -> None:
    game = engine.game(game_id)
    players = max(2, game.min_players) if game.max_players >= 2 else game.min_players
    rng = random.Random(7)
    guest = Guest(server)
    table = guest.create(game=game_id, seats=[{"kind": "me"}] * players)
    with guest.socket() as ws:
        messages = {}
        send(ws, type="join", table=table["id"], lang="fr")
        for _ in range(players):
            message = receive(ws, "state")
            messages[message["seat"]] = message
        assert sorted(messages) == list(range(players))
        for _ in range(3000):
            current = max(messages.values(), key=lambda m: m["version"])
            if current["status"] == "finished":
                break
            seat = current["to_move"][0]
            state = messages[seat]
            assert state["version"] == current["version"] and state["legal"], state
            assert all(isinstance(entry["label"], str) and entry["label"] for entry in state["legal"])
            send(ws, type="act", table=table["id"], seat=seat, version=state["version"],
                 action=rng.choice(state["legal"])["action"])
            for _ in range(players):
                message = receive(ws, "state", version=state["version"] + 1)
                messages[message["seat"]] = message
        final = max(messages.values(), key=lambda m: m["version"])
        assert final["status"] == "finished" and final["winners"], final["version"]
    replay = guest.http.get(f"/api/tables/{table['id']}/replay", params={"step": final["version"], "lang": "es"})
    assert replay.status_code == 200 and replay.json()["view"]["is_over"]
