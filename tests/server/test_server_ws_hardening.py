"""WebSocket hardening: bounded JSON, the Origin check, quotas and rates per connection, guest
and address, seats only for guests with a cookie, idle sockets closed, failures that cost one
log line.  The building blocks are tested alone first, then against a real server."""

from __future__ import annotations

import contextlib
import json
import logging
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from server_harness import Guest, Server, join, receive, send
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from ludoteca.server import safejson
from ludoteca.server.config import Settings
from ludoteca.server.identity import Identity
from ludoteca.server.live import Connection
from ludoteca.server.origins import origin_allowed, parse_allowed
from ludoteca.server.protocol import serve_socket
from ludoteca.server.ratelimit import Counter, KeyedBuckets, QuietLog, TokenBucket

with warnings.catch_warnings():  # Starlette would rather its test client ran on httpx2; httpx is what we have
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


# ---- safejson --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ("[" * 1000 + "]" * 1000, "nested too deep: 1000 levels, at most 32"),
    ('{"a": ' * 33 + "1" + "}" * 33, "nested too deep: 33 levels"),
    ('{"seat": ' + "7" * 4300 + "}", "integer too long: 4300 digits, at most 50"),
    ("[-" + "1" * 51 + "]", "integer too long: 51 digits"),
    ('{"table": "\\ud800abc"}', "lone surrogate"),
    ('{"\\udfff": 1}', "lone surrogate"),
    ("[NaN]", "NaN is not a JSON number"),
    ('{"x": -Infinity}', "-Infinity is not a JSON number"),
    ("[1e400]", "number out of range: 1e400"),
    ("{not json", "not valid JSON: Expecting property name"),
    ("", "not valid JSON: Expecting value"),
    ('{"a": 1} x', "not valid JSON: Extra data"),
])
def test_safejson_refuses_what_would_hurt_later_and_names_it(text: str, words: str) -> None:
    with pytest.raises(safejson.BadJSON) as caught:
        safejson.loads(text)
    assert words in str(caught.value)


def test_safejson_refuses_invalid_utf8_and_raw_surrogates() -> None:
    with pytest.raises(safejson.BadJSON, match="invalid UTF-8 at byte 7"):
        safejson.loads(b'{"a": "\xff"}')
    with pytest.raises(safejson.BadJSON, match="lone surrogate"):
        safejson.loads('"\ud800"')
    with pytest.raises(safejson.BadJSON, match="expected text, got dict"):
        safejson.loads({})  # type: ignore[arg-type]


def test_safejson_accepts_ordinary_json_unchanged() -> None:
    text = json.dumps({"type": "act", "table": "abcdEF-_", "seat": 1, "version": 12, "ref": None,
                       "action": {"type": "place", "tile": 3, "x": -1, "y": 2.5, "flip": True,
                                  "path": [[1, 2], [3, 4]], "name": "Zoë 😀"}})
    assert safejson.loads(text) == json.loads(text)
    assert safejson.loads(text.encode()) == json.loads(text)
    assert safejson.loads('"[[[{{{"') == "[[[{{{"  # brackets inside strings are not nesting
    assert safejson.loads('"\\ud83d\\ude00"') == "😀"  # a paired escape is a real character
    assert safejson.loads("[" + "9" * 50 + "]") == [int("9" * 50)]
    assert safejson.loads("[" * 32 + "]" * 32) is not None
    assert safejson.loads(' {"a": "\\"[[["} ') == {"a": '"[[['}


# ---- origins ---------------------------------------------------------------------------------
@pytest.mark.parametrize("origin, host, scheme, allowed, expected", [
    (None, "127.0.0.1:8000", "ws", (), True),  # not a browser page
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", (), True),
    ("HTTP://127.0.0.1:8000/", "127.0.0.1:8000", "ws", (), True),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", "ws", (), False),  # another port of the same host
    ("http://localhost:8000", "127.0.0.1:8000", "ws", (), False),
    ("https://games.example", "games.example", "wss", (), True),
    ("https://games.example", "games.example:443", "wss", (), True),  # default port
    ("http://games.example", "games.example", "wss", (), False),  # downgraded scheme
    ("null", "127.0.0.1:8000", "ws", (), False),  # a sandboxed frame or a file
    ("http://friend.example", "127.0.0.1:8000", "ws", ("http://Friend.example/",), True),
    ("http://evil.example", "127.0.0.1:8000", "ws", ("http://friend.example",), False),
    ("http://127.0.0.1:8000", None, "ws", (), False),
])
def test_origin_allowed(origin: str | None, host: str | None, scheme: str, allowed: tuple[str, ...],
                        expected: bool) -> None:
    assert origin_allowed(origin, host, scheme, allowed) is expected


def test_allowed_origins_are_parsed_from_a_comma_separated_setting() -> None:
    assert parse_allowed(" https://a.example , http://B.example:80/,") == ("https://a.example", "http://b.example")
    assert parse_allowed("") == () and parse_allowed(None) == ()


# ---- rate limits and counters ----------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_token_bucket_allows_a_burst_then_the_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(2.0, 3, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.5  # one token back
    assert [bucket.take(), bucket.take()] == [True, False]
    clock.now += 60  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_keyed_buckets_are_separate_per_key_and_bounded() -> None:
    clock = Clock()
    buckets = KeyedBuckets(1.0, 2, max_keys=3, clock=clock)
    assert [buckets.take("a"), buckets.take("a"), buckets.take("a")] == [True, True, False]
    assert buckets.take("b") and buckets.take("c")
    buckets.take("d")  # "a" was least recently used: evicted
    assert len(buckets) == 3 and "a" not in buckets.buckets
    assert buckets.take("a")  # a fresh bucket


def test_counter_holds_a_limit_per_key_and_forgets_keys_at_zero() -> None:
    counter = Counter(2, max_keys=2)
    assert [counter.acquire("x"), counter.acquire("x"), counter.acquire("x")] == [True, True, False]
    assert counter.acquire("y")
    assert not counter.acquire("z")  # two keys in use: a third is refused, not tracked loosely
    counter.release("x")
    assert counter.acquire("x") and counter.held("x") == 2
    counter.release("y")
    counter.release("y")  # more releases than acquires: no negative count
    assert counter.held("y") == 0 and counter.acquire("z")


def test_quiet_log_holds_back_lines_and_says_how_many(caplog: pytest.LogCaptureFixture) -> None:
    quiet = QuietLog(logging.getLogger("ludoteca.test.quiet"), rate=0.0001, burst=3)
    with caplog.at_level(logging.WARNING, logger="ludoteca.test.quiet"):
        written = [quiet.warning("failure %d", n) for n in range(1000)]
    assert written.count(True) == 3 and len(caplog.records) == 3
    quiet.bucket.tokens = 1
    quiet.warning("later")
    assert caplog.records[-1].getMessage() == "later (997 similar lines held back)"


# ---- in-process: a handler failure costs one short line, the socket stays usable ---------------
class BrokenManager:
    """A table manager whose every join fails with a bug (not a refusal)."""

    def __init__(self) -> None:
        self.calls = 0

    async def join(self, conn: Connection, table_id: str, invite: str | None = None) -> None:
        self.calls += 1
        raise ZeroDivisionError("a bug in join")

    def leave(self, conn: Connection, table_id: str) -> None:
        pass


def in_process_client(tmp_path: Path, manager: Any, **limits: Any) -> TestClient:
    settings = Settings(data_dir=tmp_path, database_url="sqlite://", redis_url=None, secret="s" * 32,
                        bot_delay=0, **limits)
    identity = Identity(settings.secret)

    async def endpoint(ws):
        await serve_socket(ws, manager, identity, settings=settings)

    return TestClient(Starlette(routes=[WebSocketRoute("/ws", endpoint)]))


def test_a_bug_in_handling_is_an_internal_error_and_one_short_log_line(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    manager = BrokenManager()
    client = in_process_client(tmp_path, manager, rate_per_second=1e4, rate_burst=10**4)
    with caplog.at_level(logging.WARNING, logger="ludoteca.server"), client.websocket_connect("/ws") as ws:
        for n in range(200):
            ws.send_text(json.dumps({"type": "join", "table": "abcdefgh", "ref": n}))
            error = ws.receive_json()
            assert error["code"] == "internal" and error["ref"] == n
            assert "ZeroDivisionError" in error["message"]
        ws.send_text('{"type": "ping", "ref": "alive"}')
        assert ws.receive_json() == {"type": "pong", "ref": "alive"}
    assert manager.calls == 200
    lines = [r.getMessage() for r in caplog.records if r.name == "ludoteca.server"]
    assert 1 <= len(lines) <= 12, lines  # rate-limited: 200 failures, a handful of lines
    assert all(r.exc_info is None for r in caplog.records)  # no traceback
    assert "'join' failed: ZeroDivisionError: 'a bug in join' at test_server_ws_hardening.py" in lines[0]


def test_bad_frames_get_named_errors_in_process(tmp_path: Path) -> None:
    client = in_process_client(tmp_path, BrokenManager())
    with client.websocket_connect("/ws") as ws:
        ws.send_bytes(b'{"type": "ping", "x": "\xff\xfe"}')
        assert ws.receive_json()["message"] == "the message was refused: invalid UTF-8 at byte 23"
        ws.send_bytes(b'{"type": "ping", "ref": 7}')  # a valid binary frame is read like text
        assert ws.receive_json() == {"type": "pong", "ref": 7}
        ws.send_text('{"type": "join", "table": "abc"}')
        error = ws.receive_json()
        assert error["code"] == "unknown_table" and "a table id is 8 letters" in error["message"]
        ws.send_text('{"type": "join", "table": ["abcdefgh"]}')
        assert ws.receive_json()["code"] == "unknown_table"
        ws.send_text('{"type": "join"}')
        assert ws.receive_json()["message"] == "a 'join' message needs 'table'"
        ws.send_text('{"type": "dance", "table": "abcdefgh"}')
        known = "join, leave, sit, act, undo, concede, reclaim, presence, lang, chat, ping"
        assert f"unknown message type 'dance'; known: {known}" in ws.receive_json()["message"]


# ---- against a real server -------------------------------------------------------------------
SERVER_ENV = {"LUDOTECA_WS_PER_GUEST": "3", "LUDOTECA_WS_PER_IP": "12", "LUDOTECA_WS_MAX_SEATS": "2",
              "LUDOTECA_RATE_PER_SECOND": "20", "LUDOTECA_RATE_BURST": "40",
              "LUDOTECA_GUEST_RATE_PER_SECOND": "20", "LUDOTECA_GUEST_RATE_BURST": "40",
              "LUDOTECA_IP_RATE_PER_SECOND": "100000", "LUDOTECA_IP_RATE_BURST": "100000",
              "LUDOTECA_WS_FLOOD_CLOSE": "60", "LUDOTECA_ALLOWED_ORIGINS": "http://friend.example"}


def stored(guest: Guest, table_id: str) -> dict:
    response = guest.http.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    return response.json()


def drain(ws: ClientConnection, quiet_for: float = 0.3) -> list[dict]:
    messages = []
    while True:
        try:
            messages.append(json.loads(ws.recv(timeout=quiet_for)))
        except TimeoutError:
            return messages


def cookieless(server: Server, **headers: str) -> ClientConnection:
    return connect(server.ws_url, additional_headers=headers, open_timeout=10)


def test_a_page_on_another_origin_cannot_open_a_socket_with_the_victims_cookie(server: Server) -> None:
    victim = Guest(server)
    table = victim.create()
    for foreign in (f"http://127.0.0.1:{server.port + 1}", f"http://localhost:{server.port}", "null",
                    "http://evil.example"):
        with pytest.raises(InvalidStatus) as refused:
            connect(server.ws_url, origin=foreign, additional_headers={"Cookie": victim.cookie()}, open_timeout=10)
        assert refused.value.response.status_code == 403, foreign
        assert b"state" not in (refused.value.response.body or b"")
    # The page the server itself serves, and an origin on the allow-list, may.
    for own in (f"http://127.0.0.1:{server.port}", "http://friend.example"):
        with connect(server.ws_url, origin=own, additional_headers={"Cookie": victim.cookie()}) as ws:
            assert join(ws, table["id"])["mine"] == [0]
    assert stored(victim, table["id"])["version"] == table["version"]


def test_a_socket_without_a_cookie_may_watch_but_not_sit_act_or_undo(server: Server) -> None:
    host = Guest(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "open"}])
    with cookieless(server) as ws:
        state = join(ws, table["id"])
        assert state["seat"] is None and state["status"] == "waiting"
        for message in ({"type": "sit", "table": table["id"], "seat": 1},
                        {"type": "act", "table": table["id"], "seat": 1, "version": 0, "action": {"type": "pick"}},
                        {"type": "undo", "table": table["id"], "seat": 1, "version": 0}):
            send(ws, **message, ref=message["type"])
            error = receive(ws, "error")
            assert error["code"] == "no_identity" and error["ref"] == message["type"], error
            assert "guest cookie" in error["message"] and "may only watch" in error["message"]
    after = stored(host, table["id"])
    assert [s["kind"] for s in after["seats"]] == ["human", "open"] and after["status"] == "waiting"


def test_one_socket_may_take_only_so_many_seats(server: Server) -> None:
    hosts = [Guest(server) for _ in range(3)]
    tables = [h.create(seats=[{"kind": "me"}, {"kind": "open"}]) for h in hosts]
    taker = Guest(server)
    with taker.socket() as ws:
        for table in tables[:2]:
            send(ws, type="sit", table=table["id"], seat=1)
            assert receive(ws, "state", table=table["id"], seat=1)["mine"] == [1]
        send(ws, type="sit", table=tables[2]["id"], seat=1, ref="third")
        error = receive(ws, "error")
        assert error["code"] == "seat_quota" and "at most 2 seats" in error["message"] and error["ref"] == "third"
    assert [s["kind"] for s in stored(taker, tables[2]["id"])["seats"]] == ["human", "open"]


def test_connections_are_limited_per_guest(server: Server) -> None:
    guest = Guest(server)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(guest.socket()) for _ in range(3)]
        with guest.socket() as fourth:
            error = json.loads(fourth.recv(timeout=10))
            assert error["code"] == "too_many_connections" and "at most 3 at once" in error["message"]
            with pytest.raises(ConnectionClosed) as closed:
                fourth.recv(timeout=10)
            assert closed.value.rcvd.code == 1008
        sockets[0].close()
        time.sleep(0.3)  # the server sees the close
        with guest.socket() as again:
            send(again, type="ping", ref=1)
            assert receive(again, "pong")["ref"] == 1


def test_connections_are_limited_per_address_whoever_asks(server: Server) -> None:
    with contextlib.ExitStack() as stack:
        for _ in range(4):
            guest = Guest(server)
            for _ in range(3):  # 12: the address's quota
                stack.enter_context(guest.socket())
        with cookieless(server) as refused:
            error = json.loads(refused.recv(timeout=10))
        assert error["code"] == "too_many_connections" and "from your address (at most 12" in error["message"]
    time.sleep(0.3)
    with cookieless(server) as ws:  # the quota is given back on close
        send(ws, type="ping", ref=2)
        assert receive(ws, "pong")["ref"] == 2


def test_the_rate_is_limited_per_guest_across_connections(server: Server) -> None:
    guest = Guest(server)
    with guest.socket() as a, guest.socket() as b:
        for _ in range(30):  # 60 messages: each socket under its own burst of 40, the guest over its 40
            send(a, type="ping")
            send(b, type="ping")
        replies = drain(a) + drain(b)
    pongs = [r for r in replies if r["type"] == "pong"]
    limited = [r for r in replies if r.get("code") == "rate_limited"]
    assert limited and "20 for one guest" in limited[0]["message"]
    assert 40 <= len(pongs) < 60


def test_a_client_that_keeps_flooding_is_disconnected(server: Server) -> None:
    guest = Guest(server)
    with guest.socket() as ws:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(2000):
                send(ws, type="ping")
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert closed.value.rcvd.reason == "too many messages"
    with guest.socket() as fresh:  # a new connection starts afresh (the guest's bucket refills)
        time.sleep(2.1)
        send(fresh, type="ping", ref="back")
        assert receive(fresh, "pong")["ref"] == "back"


@pytest.mark.parametrize("raw, words", [
    ('{"type": "join", "table": "abcdefgh", "seat": ' + "9" * 4300 + "}", "integer too long: 4300 digits"),
    ('{"type": "join", "table": ' + "[" * 1000 + "]" * 1000 + "}", "nested too deep"),
    ('{"type": "join", "table": "\\ud800bcdefg"}', "lone surrogate"),
    ('{"type": "act", "table": "abcdefgh", "seat": 0, "version": 1e999, "action": {}}', "out of range"),
])
def test_malformed_messages_are_refused_without_a_traceback(server: Server, raw: str, words: str) -> None:
    guest = Guest(server)
    with guest.socket() as ws:
        ws.send(raw)
        error = receive(ws, "error")
        assert error["code"] == "bad_json" and words in error["message"], error
        send(ws, type="ping", ref="alive")
        assert receive(ws, "pong")["ref"] == "alive"
    assert "Traceback" not in server.log()


def test_table_ids_are_checked_for_shape(server: Server) -> None:
    guest = Guest(server)
    with guest.socket() as ws:
        for bad in ("short", "x" * 9, "abc/../d", "abcdéfgh", 12345678):
            send(ws, type="join", table=bad)
            error = receive(ws, "error")
            assert error["code"] == "unknown_table" and "a table id is 8 letters" in error["message"], error
        send(ws, type="join", table="zzzzzzzz")  # the right shape, but no such table
        error = receive(ws, "error")
        assert error["code"] == "unknown_table" and "zzzzzzzz" in error["message"]


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory):
    """A server with a one-second idle timeout."""
    srv = Server(tmp_path_factory.mktemp("ludoteca-strict"), env={"LUDOTECA_WS_IDLE_SECONDS": "1"}).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def frugal(tmp_path_factory: pytest.TempPathFactory):
    """A server with a small message budget for the whole address (and the usual idle timeout,
    so a socket waiting for its turn on a busy machine is not closed as idle)."""
    srv = Server(tmp_path_factory.mktemp("ludoteca-frugal"),
                 env={"LUDOTECA_IP_RATE_PER_SECOND": "10", "LUDOTECA_IP_RATE_BURST": "20"}).start()
    yield srv
    srv.stop()


def test_a_socket_that_watches_nothing_and_says_nothing_is_closed(strict: Server) -> None:
    host = Guest(strict)
    table = host.create()
    with host.socket() as watching:
        join(watching, table["id"])
        started = time.monotonic()  # before the idle socket opens: its clock starts at the handshake
        with cookieless(strict) as idle, pytest.raises(ConnectionClosed) as closed:
            idle.recv(timeout=10)
        assert closed.value.rcvd.code == 1000 and closed.value.rcvd.reason == "idle"
        assert 0.9 <= time.monotonic() - started < 8
        time.sleep(1.5)  # watching a table is not idle, however quiet
        send(watching, type="ping", ref="still")
        assert receive(watching, "pong")["ref"] == "still"


def test_the_rate_is_limited_per_address_across_guests(frugal: Server) -> None:
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(Guest(frugal).socket()) for _ in range(3)]
        for ws in sockets:
            for _ in range(20):  # 60 messages, each guest within its own limits, the address over 20
                send(ws, type="ping")  # (refilled at 10 a second: all 60 only if sending took 4 s)
        replies = [r for ws in sockets for r in drain(ws)]
    limited = [r for r in replies if r.get("code") == "rate_limited"]
    assert limited and "10 for one address" in limited[0]["message"]
    assert 20 <= sum(r["type"] == "pong" for r in replies) < 60
