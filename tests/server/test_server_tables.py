"""Lobby, identity, seats and whole games over the real HTTP + WebSocket server."""

from __future__ import annotations

from server_harness import Guest, Server, join, play_turns, receive, send


def test_guest_cookie_is_signed_and_renaming_keeps_the_guest(server: Server) -> None:
    """A guest name lives in a signed cookie; a forged cookie is replaced by a new guest."""
    alice = Guest(server)
    first = alice.http.get("/api/me").json()["name"]
    assert first.startswith("Guest-")
    assert alice.http.post("/api/me", json={"name": "  Alice  "}).json() == {"name": "Alice", "account": None}
    assert alice.http.get("/api/me").json() == {"name": "Alice", "account": None}
    bad = alice.http.post("/api/me", json={"name": ""})
    assert bad.status_code == 400 and "1 to 32" in bad.json()["detail"]
    forged = Guest(server)
    forged.http.cookies.set("ludoteca_guest", alice.http.cookies["ludoteca_guest"][:-3] + "abc")
    assert forged.http.get("/api/me").json()["name"] != "Alice"


def test_games_list_descriptions_counts_and_option_specs(server: Server) -> None:
    games = {g["id"]: g for g in Guest(server).http.get("/api/games").json()}
    dschunke = games["dschunke"]
    assert dschunke["min_players"] == dschunke["max_players"] == 2
    assert set(dschunke["description"]) == {"en", "es", "fr"}
    rules = next(o for o in dschunke["options"] if o["name"] == "rules")
    assert rules["kind"] == "choice" and rules["default"] == "dschunke"
    assert "rat-hot" in [choice["value"] for choice in rules["choices"]]
    assert dschunke["variants"]["rat-hot"] == {"rules": "rat-hot"}
    assert "random" in Guest(server).http.get("/api/bots").json()["levels"]


def test_creating_a_table_refuses_bad_requests_with_clear_messages(server: Server) -> None:
    guest = Guest(server)
    cases = [
        ({"game": "chess", "players": 2}, "unknown game 'chess'"),
        ({"game": "dschunke", "players": 5}, "takes 2-2 players"),
        ({"game": "dschunke", "players": 2, "options": {"rules": "nope"}}, "option 'rules' must be one of"),
        ({"game": "dschunke", "players": 2, "variant": "nope"}, "unknown variant 'nope'"),
        ({"game": "dschunke", "players": 2, "seats": [{"kind": "me"}]}, "seats must list 2 entries"),
        ({"game": "dschunke", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "godlike"}]},
         "unknown bot level 'godlike'"),
    ]
    for body, expected in cases:
        response = guest.http.post("/api/tables", json=body)
        assert response.status_code in (400, 404), body
        assert expected in response.json()["detail"], (body, response.json())
    assert guest.http.get("/api/my-tables").json() == []


def test_a_whole_game_against_a_bot_then_history_and_replay(server: Server) -> None:
    guest = Guest(server)
    table = guest.create(variant="rat-hot")
    assert table["options"]["rules"] == "rat-hot" and table["status"] == "playing"
    with guest.socket() as ws:
        first = join(ws, table["id"])
        assert first["seat"] == 0 and first["mine"] == [0] and first["view"]["seat"] == 0
        assert all(set(entry) == {"action", "label"} for entry in first["legal"])
        final = play_turns(ws, table["id"], 0, first)
    assert final["status"] == "finished" and final["winners"] and final["legal"] == []
    history = guest.http.get("/api/history").json()
    assert history[0]["id"] == table["id"] and history[0]["scores"] == final["scores"]
    total = final["version"]
    start = guest.http.get(f"/api/tables/{table['id']}/replay", params={"step": 0}).json()
    assert start["total"] == total and start["view"]["version"] == 0 and start["view"]["seat"] is None
    middle = min(5, total)  # a Rat Hot game can end after four actions, on green's first rats
    step = guest.http.get(f"/api/tables/{table['id']}/replay", params={"step": middle, "lang": "es"}).json()
    assert step["view"]["version"] == middle and step["action"] and step["actor"] in (0, 1)
    end = guest.http.get(f"/api/tables/{table['id']}/replay", params={"step": total}).json()
    assert end["view"]["is_over"] and end["view"]["scores"] == final["scores"]


def test_invite_sit_start_and_only_the_seat_holder_may_act(server: Server) -> None:
    """A seat belongs to whoever took it: another client's action for it is refused."""
    host, friend = Guest(server), Guest(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "open"}])
    assert table["status"] == "waiting"
    with host.socket() as hws, friend.socket() as fws:
        waiting = join(hws, table["id"])
        assert waiting["status"] == "waiting" and waiting["legal"] == []
        send(hws, type="act", table=table["id"], seat=0, version=0, action={"type": "pick", "tile": 0})
        assert receive(hws, "error")["code"] == "not_started"
        spectator = join(fws, table["id"])
        assert spectator["seat"] is None and spectator["view"]["seat"] is None and spectator["mine"] == []
        send(fws, type="sit", table=table["id"], seat=1)
        started = receive(hws, "state", status="playing")
        assert started["seats"][1]["kind"] == "human"
        mine = receive(fws, "state", seat=1)
        assert mine["mine"] == [1]
        # the friend tries to play the host's seat: refused, nothing changes, connection usable
        send(fws, type="act", table=table["id"], seat=0, version=0, action=started["legal"][0]["action"])
        error = receive(fws, "error")
        assert error["code"] == "not_your_seat" and "not by you" in error["message"]
        send(fws, type="sit", table=table["id"], seat=0)
        assert receive(fws, "error")["code"] == "seat_taken"
        assert host.http.get(f"/api/tables/{table['id']}").json()["version"] == 0
        # the host plays; both see it
        send(hws, type="act", table=table["id"], seat=0, version=0, action=started["legal"][0]["action"])
        assert receive(hws, "state", version=1)["seat"] == 0
        assert receive(fws, "state", version=1)["seat"] == 1
    mine = {t["id"]: t for t in friend.http.get("/api/my-tables").json()}
    assert mine[table["id"]]["mine"] == [1]
    friend.http.post("/api/me", json={"name": "Bea"}).raise_for_status()  # a new name shows at the seat
    assert host.http.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"] == "Bea"


def test_two_players_finish_play_again_keeps_the_seats_and_my_tables_marks_the_turn(server: Server) -> None:
    host, friend = Guest(server), Guest(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "open"}])
    assert friend.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
    turns = {t["id"]: t["your_turn"] for t in host.http.get("/api/my-tables").json()}
    assert turns[table["id"]] is True
    assert {t["id"]: t["your_turn"] for t in friend.http.get("/api/my-tables").json()}[table["id"]] is False
    with host.socket() as hws, friend.socket() as fws:
        messages = {0: join(hws, table["id"]), 1: join(fws, table["id"])}
        sockets = {0: hws, 1: fws}
        while messages[0]["status"] != "finished":
            mover = messages[0]["to_move"][0]
            state = messages[mover]
            assert state["legal"], state
            send(sockets[mover], type="act", table=table["id"], seat=mover, version=state["version"],
                 action=state["legal"][-1]["action"])
            version = state["version"] + 1
            messages = {s: receive(sockets[s], "state", version=version) for s in (0, 1)}
        assert messages[1]["status"] == "finished"
        assert host.http.post(f"/api/tables/{table['id']}/again", json={}).status_code == 200
        following = receive(fws, "state", table=table["id"])
        assert following["next"]
    again = friend.http.post(f"/api/tables/{table['id']}/again", json={}).json()["id"]
    assert again == following["next"]  # one rematch, whoever asks
    rematch = host.http.get(f"/api/tables/{again}").json()
    assert rematch["status"] == "playing" and rematch["mine"] == [0]
    assert friend.http.get(f"/api/tables/{again}").json()["mine"] == [1]
    assert table["id"] in {t["id"] for t in host.http.get("/api/history").json()}
    assert again in {t["id"] for t in friend.http.get("/api/my-tables").json()}


def test_stale_versions_are_refused_and_bots_resume_after_the_human(server: Server) -> None:
    guest = Guest(server)
    table = guest.create()
    with guest.socket() as ws:
        state = join(ws, table["id"])
        action = state["legal"][0]["action"]
        send(ws, type="act", table=table["id"], seat=0, version=state["version"], action=action)
        receive(ws, "state", version=1)
        send(ws, type="act", table=table["id"], seat=0, version=0, action=action, ref=7)
        error = receive(ws, "error")
        assert error["code"] == "stale" and error["ref"] == 7
