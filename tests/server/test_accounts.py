"""Accounts: register, log in, log out, a guest's seats kept, the session rotated, CSRF on every
account request, rate-limited log-ins, and no user enumeration -- on SQLite (the default) and on
a real PostgreSQL shared by two server processes."""

from __future__ import annotations

import statistics
import time
import uuid
from pathlib import Path

import httpx
import pytest
from server_harness import CSRF_COOKIE, UNTHROTTLED, Guest, Server
from services import redis_url, scratch_postgres

SERVER_ENV = {**UNTHROTTLED, "LUDOTECA_LOGIN_BURST": "1000", "LUDOTECA_LOGIN_NAME_BURST": "1000",
              "LUDOTECA_REGISTER_BURST": "1000"}
PASSWORD = "correct horse battery"


def unique(prefix: str = "ana") -> str:
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def my_tables(client: Guest) -> set[str]:
    response = client.http.get("/api/my-tables")
    assert response.status_code == 200, response.text
    return {table["id"] for table in response.json()}


def csrf(client: Guest) -> str:
    return next(c.value for c in client.http.cookies.jar if c.name == CSRF_COOKIE)


def register(client: Guest, username: str, password: str = PASSWORD) -> httpx.Response:
    return client.http.post("/api/account/register", json={"username": username, "password": password})


def login(client: Guest, username: str, password: str = PASSWORD) -> httpx.Response:
    return client.http.post("/api/account/login", json={"username": username, "password": password})


def session_cookie(client: Guest) -> str:
    return client.http.cookies.get("ludoteca_guest")


def test_a_guest_registers_and_keeps_its_seats_while_its_old_cookie_holds_nothing(server: Server) -> None:
    guest = Guest(server)
    table = guest.create()["id"]
    old_cookie, old_token = session_cookie(guest), csrf(guest)
    name = unique()
    response = register(guest, name)
    assert response.status_code == 200, response.text
    assert response.json() == {"name": name, "account": name}
    assert session_cookie(guest) != old_cookie and csrf(guest) != old_token  # a new session
    assert my_tables(guest) == {table}
    seats = guest.http.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == name  # the seat shows the account's name
    stale = httpx.Client(base_url=server.url, cookies={"ludoteca_guest": old_cookie})
    assert stale.get("/api/my-tables").json() == []  # a copy of the old guest cookie holds nothing


def test_a_guest_who_chose_a_name_keeps_it_when_registering(server: Server) -> None:
    guest = Guest(server)
    assert guest.http.post("/api/me", json={"name": "Lucía"}).status_code == 200
    response = register(guest, unique())
    assert response.json()["name"] == "Lucía"


def test_log_in_elsewhere_brings_the_account_and_the_guest_seats_together(server: Server) -> None:
    home, name = Guest(server), unique()
    first = home.create()["id"]
    register(home, name).raise_for_status()
    away = Guest(server)  # another browser, a guest with a table of its own
    second = away.create()["id"]
    before = session_cookie(away), csrf(away)
    response = login(away, name.upper())  # user names are compared without regard to case
    assert response.status_code == 200, response.text
    assert response.json() == {"name": name, "account": name}
    assert (session_cookie(away), csrf(away)) != before  # the session cookie is rotated on log-in
    assert my_tables(away) == {first, second} == my_tables(home)


def test_display_name_change_is_kept_with_the_account(server: Server) -> None:
    client, name = Guest(server), unique()
    register(client, name).raise_for_status()
    assert client.http.post("/api/me", json={"name": "Nueva"}).json() == {"name": "Nueva", "account": name}
    other = Guest(server)
    assert login(other, name).json() == {"name": "Nueva", "account": name}


def test_log_out_starts_a_fresh_guest_and_the_account_keeps_its_tables(server: Server) -> None:
    client, name = Guest(server), unique()
    register(client, name).raise_for_status()
    table = client.create()["id"]
    response = client.http.post("/api/account/logout", json={})
    assert response.status_code == 200
    assert response.json()["account"] is None and response.json()["name"].startswith("Guest-")
    assert my_tables(client) == set()
    login(client, name).raise_for_status()
    assert my_tables(client) == {table}


def test_a_logged_in_account_cannot_register_another(server: Server) -> None:
    client = Guest(server)
    register(client, unique()).raise_for_status()
    response = register(client, unique())
    assert response.status_code == 409 and response.json()["code"] == "logged_in"


@pytest.mark.parametrize(("username", "password", "words"), [
    ("ab", PASSWORD, "3 to 32"),
    ("has space", PASSWORD, "3 to 32"),
    ("<script>", PASSWORD, "3 to 32"),
    ("Bot_easy", PASSWORD, "kept for the bots"),
    ("short_password_user", "short", "8 to 128"),
])
def test_bad_user_names_and_passwords_are_refused_naming_the_rule(server: Server, username: str, password: str,
                                                                  words: str) -> None:
    client = Guest(server)
    response = register(client, username, password)
    assert response.status_code == 400 and words in response.json()["detail"]
    assert client.http.get("/api/me").json()["account"] is None  # nothing changed


def test_a_taken_user_name_is_refused_whatever_its_case(server: Server) -> None:
    name = unique()
    register(Guest(server), name).raise_for_status()
    response = register(Guest(server), name.upper())
    assert response.status_code == 409 and response.json()["code"] == "name_taken"


def test_unknown_fields_and_wrong_types_are_refused(server: Server) -> None:
    client = Guest(server)
    response = client.http.post("/api/account/login", json={"username": "x", "password": 3, "admin": True})
    assert response.status_code == 422
    fields = {e["field"] for e in response.json()["errors"]}
    assert fields == {"password", "admin"}


@pytest.mark.parametrize("path", ["/api/account/register", "/api/account/login", "/api/account/logout"])
def test_every_account_request_needs_the_csrf_token(server: Server, path: str) -> None:
    client = Guest(server)
    body = {} if path.endswith("logout") else {"username": unique(), "password": PASSWORD}
    missing = client.http.post(path, json=body, headers={"X-CSRF-Token": ""})
    foreign = client.http.post(path, json=body, headers={"X-CSRF-Token": csrf(Guest(server))})
    cross = client.http.post(path, json=body, headers={"Origin": "https://evil.example"})
    assert [r.status_code for r in (missing, foreign, cross)] == [403, 403, 403]
    assert [r.json()["code"] for r in (missing, foreign, cross)] == ["csrf", "csrf", "bad_origin"]
    assert client.http.get("/api/me").json()["account"] is None


def test_the_token_from_before_a_log_in_is_worthless_after_it(server: Server) -> None:
    name = unique()
    register(Guest(server), name).raise_for_status()
    client = Guest(server)
    before = csrf(client)
    login(client, name).raise_for_status()
    response = client.http.post("/api/me", json={"name": "Eve"}, headers={"X-CSRF-Token": before})
    assert response.status_code == 403 and response.json()["code"] == "csrf"


def test_unknown_user_and_wrong_password_look_the_same(server: Server) -> None:
    """Same status, same words, and about the same time: an unknown name is checked against a
    stand-in hash, so both cost one argon2 verification."""
    name = unique()
    register(Guest(server), name).raise_for_status()
    client = Guest(server)
    answers: dict[str, set] = {"unknown": set(), "wrong": set()}
    times: dict[str, list[float]] = {"unknown": [], "wrong": []}
    for _ in range(6):
        for kind, user in (("unknown", unique("nobody")), ("wrong", name)):
            started = time.perf_counter()
            response = login(client, user, "not the password")
            times[kind].append(time.perf_counter() - started)
            answers[kind].add((response.status_code, response.json()["code"], response.json()["detail"]))
    assert answers["unknown"] == answers["wrong"] == {(401, "bad_login", "the user name or the password is wrong")}
    ratio = statistics.median(times["unknown"]) / statistics.median(times["wrong"])
    assert 0.5 < ratio < 2.0, times


def test_log_ins_are_rate_limited_per_address_and_per_user_name(tmp_path: Path) -> None:
    env = {**UNTHROTTLED, "LUDOTECA_LOGIN_BURST": "6", "LUDOTECA_LOGIN_NAME_BURST": "3",
           "LUDOTECA_LOGIN_RATE_PER_MINUTE": "0.01", "LUDOTECA_LOGIN_NAME_RATE_PER_MINUTE": "0.01"}
    server = Server(tmp_path, env=env).start()
    try:
        name, other = unique(), unique()
        register(Guest(server), name).raise_for_status()
        register(Guest(server), other).raise_for_status()
        client = Guest(server)
        codes = [login(client, name, "wrong password").status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        limited = login(client, name)  # the right password, but this name has had its tries
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        assert login(client, unique("ghost")).status_code == 401  # an unknown name is limited alike
        assert login(client, other).status_code == 200  # another name still gets in...
        assert login(client, other).status_code == 429  # ...until the address has had its six tries
    finally:
        server.stop()


def test_accounts_on_postgres_across_two_processes(tmp_path: Path) -> None:
    """Registered on one process, logged in on another, seats kept, on one PostgreSQL."""
    with scratch_postgres() as database:
        env = {**SERVER_ENV, "DATABASE_URL": database, "REDIS_URL": redis_url(), "LUDOTECA_SECRET": uuid.uuid4().hex}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        first = Server(tmp_path / "a", env=env).start()
        second = Server(tmp_path / "b", env=env).start()
        try:
            home, name = Guest(first), unique()
            table = home.create()["id"]
            register(home, name).raise_for_status()
            taken = register(Guest(second), name.upper())
            assert taken.status_code == 409  # the unique key holds in PostgreSQL too
            away = Guest(second)
            mine = away.create()["id"]
            assert login(away, name, "wrong password").status_code == 401
            login(away, name).raise_for_status()
            assert my_tables(away) == {table, mine} == my_tables(home)
            assert away.http.get(f"/api/tables/{mine}").json()["seats"][0]["name"] == name
        finally:
            first.stop()
            second.stop()
