"""Restart safety: SIGKILL mid-game, start again on the same data, every table resumes and
no accepted action is lost (an action is accepted once its broadcast arrives, and it is
committed before it is broadcast)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, join, play_turns, receive, send


def stored_actions(data_dir: Path, table_id: str) -> list[list]:
    with sqlite3.connect(data_dir / "ludoteca.db") as db:
        rows = db.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY idx", (table_id,))
        return [[seat, json.loads(action)] for seat, action in rows]


def test_sigkill_mid_game_then_every_table_resumes(tmp_path: Path) -> None:
    # Unthrottled: the test plays whole games at machine speed on one guest, far past the 20
    # messages a second a person is allowed (the limits have tests of their own).
    server = Server(tmp_path, env=UNTHROTTLED, bot_delay=0.05).start()
    try:
        host, friend = Guest(server), Guest(server)
        duel = host.create(seats=[{"kind": "me"}, {"kind": "open"}])
        friend.http.post(f"/api/tables/{duel['id']}/sit", json={"seat": 1}).raise_for_status()
        versus_bot = host.create()
        bots_only = host.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        sent: list[list] = []
        with host.socket() as hws, friend.socket() as fws, host.socket() as watch:
            watched = join(watch, bots_only["id"])
            messages = {0: join(hws, duel["id"]), 1: join(fws, duel["id"])}
            sockets = {0: hws, 1: fws}
            for _ in range(5):
                mover = messages[0]["to_move"][0]
                action = messages[mover]["legal"][-1]["action"]
                send(sockets[mover], type="act", table=duel["id"], seat=mover,
                     version=messages[mover]["version"], action=action)
                sent.append([mover, action])
                version = messages[mover]["version"] + 1
                messages = {s: receive(sockets[s], "state", version=version) for s in (0, 1)}
            state = play_turns(hws, versus_bot["id"], 0, join(hws, versus_bot["id"]), moves=4)
            seen_vs_bot = state["version"]
            while watched["version"] < 10:
                watched = receive(watch, "state", table=bots_only["id"])
            server.kill()
        assert stored_actions(tmp_path, duel["id"]) == sent
        assert len(stored_actions(tmp_path, versus_bot["id"])) >= seen_vs_bot
        assert len(stored_actions(tmp_path, bots_only["id"])) >= watched["version"]
        stored_bots_only = len(stored_actions(tmp_path, bots_only["id"]))
        assert stored_bots_only < 60, "the bots' game should have been cut short by the kill"

        server.start()
        with host.socket() as hws, friend.socket() as fws, host.socket() as watch:
            resumed = join(hws, duel["id"])
            assert resumed["version"] == 5 and resumed["mine"] == [0]  # the guest cookie still works
            messages = {0: resumed, 1: join(fws, duel["id"])}
            sockets = {0: hws, 1: fws}
            while messages[0]["status"] != "finished":
                mover = messages[0]["to_move"][0]
                send(sockets[mover], type="act", table=duel["id"], seat=mover,
                     version=messages[mover]["version"], action=messages[mover]["legal"][0]["action"])
                version = messages[mover]["version"] + 1
                messages = {s: receive(sockets[s], "state", version=version) for s in (0, 1)}
            state = join(hws, versus_bot["id"], seat=0)
            assert state["version"] >= seen_vs_bot
            assert play_turns(hws, versus_bot["id"], 0, state)["status"] == "finished"
            watched = join(watch, bots_only["id"])
            deadline = time.monotonic() + 30
            while watched["status"] != "finished":  # its bots were woken at start-up
                watched = receive(watch, "state", table=bots_only["id"], timeout=deadline - time.monotonic())
        assert stored_actions(tmp_path, duel["id"])[:5] == sent
        record = stored_actions(tmp_path, bots_only["id"])
        assert len(record) == watched["version"] > stored_bots_only
    finally:
        server.stop()
