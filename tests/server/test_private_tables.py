"""Private (invite-only) tables, on SQLite and on real PostgreSQL: listed nowhere, refused
without the invite token exactly like a table that does not exist (and nothing changes), open
with it, the token never sent to anyone but the creator, a new link that keeps the seats, and
the replay of a finished private table only for its seats."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from server_harness import UNTHROTTLED, Guest, Server, join, play_turns, receive, send


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    env = dict(UNTHROTTLED)
    if request.param == "postgres":
        from services import scratch_postgres

        with scratch_postgres() as url:
            srv = Server(tmp_path, env={**env, "DATABASE_URL": url}).start()
            try:
                yield srv
            finally:
                srv.stop()
        return
    srv = Server(tmp_path, env=env).start()
    try:
        yield srv
    finally:
        srv.stop()


def token_of(table: dict) -> str:
    """The token in the creator's invite link ``#/table/<id>?invite=<token>``."""
    fragment = urlsplit(table["invite"]).fragment or table["invite"].lstrip("#")
    assert fragment.startswith(f"/table/{table['id']}?"), table["invite"]
    return parse_qs(fragment.split("?", 1)[1])["invite"][0]


def refusal_words(detail: str, table_id: str) -> str:
    return detail.replace(repr(table_id), "<id>")


def test_a_private_table_is_hidden_and_refused_without_its_token(server: Server) -> None:
    ana, ben = Guest(server), Guest(server)
    public = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}])
    private = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}], private=True)
    table_id, token = private["id"], token_of(private)
    assert private["private"] is True and public["private"] is False and public["invite"] is None
    assert len(token) >= 32

    # listed nowhere: the public one is, so the listing itself works
    listed = [t["id"] for t in ben.http.get("/api/open-tables").json()]
    assert public["id"] in listed and table_id not in listed

    # refused exactly like an id that names no table
    missing = ben.http.get("/api/tables/zzzzzzzz")
    assert missing.status_code == 404
    for url in (f"/api/tables/{table_id}", f"/api/tables/{table_id}?invite=wrong",
                f"/api/tables/{table_id}?invite={token[:-1]}"):
        refused = ben.http.get(url)
        assert refused.status_code == 404, url
        assert refused.json()["code"] == missing.json()["code"] == "unknown_table"
        assert refusal_words(refused.json()["detail"], table_id) == refusal_words(missing.json()["detail"], "zzzzzzzz")
    for body in ({"seat": 1}, {"seat": 1, "invite": "wrong"}, {"seat": 1, "invite": None}):
        refused = ben.http.post(f"/api/tables/{table_id}/sit", json=body)
        assert (refused.status_code, refused.json()["code"]) == (404, "unknown_table"), body
    for path, body in (("concede", {"seat": 0}), ("again", {}), ("invite", {}),
                       ("chat-settings", {"spectators": False})):
        refused = ben.http.post(f"/api/tables/{table_id}/{path}", json=body)
        assert (refused.status_code, refused.json()["code"]) == (404, "unknown_table"), path
    with ben.socket() as ws:
        for message in ({"type": "join", "table": table_id}, {"type": "join", "table": table_id, "invite": "x" * 99},
                        {"type": "sit", "table": table_id, "seat": 1, "invite": "wrong"},
                        {"type": "chat", "table": table_id, "text": "hi"}):
            send(ws, **message)
            assert receive(ws, "error")["code"] == "unknown_table", message
    # nothing changed
    seen = ana.http.get(f"/api/tables/{table_id}").json()
    assert [s["kind"] for s in seen["seats"]] == ["human", "open"] and seen["status"] == "waiting"
    assert seen["version"] == 0 and seen["invite"] == private["invite"]

    # with the token: watch, then sit; the token is in no message but the creator's REST answer
    with ben.socket() as ws_b, ana.socket() as ws_a:
        state_a = join(ws_a, table_id)
        send(ws_b, type="join", table=table_id, invite=token)
        seen_by_ben = [receive(ws_b, "state", table=table_id)]
        send(ws_b, type="sit", table=table_id, seat=1, invite=token)
        seen_by_ben.append(receive(ws_b, "state", table=table_id, mine=[1]))
        state_a = receive(ws_a, "state", table=table_id, status="playing")
        for message in (*seen_by_ben, state_a):
            assert token not in json.dumps(message)
        assert ben.http.get(f"/api/tables/{table_id}").json()["invite"] is None  # seated, not the creator


def test_a_new_invite_link_keeps_the_seats_and_ends_the_old_one(server: Server) -> None:
    ana, ben, cleo = Guest(server), Guest(server), Guest(server)
    table = ana.create("herbalism", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}], private=True)
    table_id, old = table["id"], token_of(table)
    assert ben.http.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "invite": old}).status_code == 200
    refused = ben.http.post(f"/api/tables/{table_id}/invite", json={})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_creator")
    assert ana.http.get(f"/api/tables/{table_id}").json()["invite"] == table["invite"]  # unchanged

    rotated = ana.http.post(f"/api/tables/{table_id}/invite", json={})
    assert rotated.status_code == 200, rotated.text
    new = token_of(rotated.json())
    assert new != old
    # ben keeps his seat and may still open the table without any token
    assert ben.http.get(f"/api/tables/{table_id}").json()["mine"] == [1]
    # the old link no longer opens it; the new one does
    assert cleo.http.get(f"/api/tables/{table_id}?invite={old}").status_code == 404
    assert cleo.http.post(f"/api/tables/{table_id}/sit", json={"seat": 2, "invite": old}).status_code == 404
    assert cleo.http.get(f"/api/tables/{table_id}?invite={new}").status_code == 200
    sat = cleo.http.post(f"/api/tables/{table_id}/sit", json={"seat": 2, "invite": new})
    assert sat.status_code == 200 and sat.json()["mine"] == [2] and sat.json()["status"] == "playing"

    public = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}])
    refused = ana.http.post(f"/api/tables/{public['id']}/invite", json={})
    assert (refused.status_code, refused.json()["code"]) == (400, "bad_request")


def test_a_spectator_who_came_by_the_old_link_stops_watching(server: Server) -> None:
    ana, cleo = Guest(server), Guest(server)
    table = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}], private=True)
    with cleo.socket() as ws:
        send(ws, type="join", table=table["id"], invite=token_of(table))
        receive(ws, "state", table=table["id"])
        assert ana.http.post(f"/api/tables/{table['id']}/invite", json={}).status_code == 200
        assert receive(ws, "error")["code"] == "unknown_table"


def test_the_replay_of_a_finished_private_table_is_for_its_seats_only(server: Server) -> None:
    ana, cleo = Guest(server), Guest(server)
    table = ana.create("dschunke", [{"kind": "me"}, {"kind": "bot", "level": "random"}], private=True)
    table_id, token = table["id"], token_of(table)
    with ana.socket() as ws:
        final = play_turns(ws, table_id, 0, join(ws, table_id))
    assert final["status"] == "finished"
    assert ana.http.get(f"/api/tables/{table_id}/replay?step=1").status_code == 200
    for url in (f"/api/tables/{table_id}/replay?step=1", f"/api/tables/{table_id}?invite={token}"):
        refused = cleo.http.get(url)
        assert (refused.status_code, refused.json()["code"]) == (404, "unknown_table"), url
    with cleo.socket() as ws:
        send(ws, type="join", table=table_id, invite=token)
        assert receive(ws, "error")["code"] == "unknown_table"
