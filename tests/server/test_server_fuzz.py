"""Fuzz: seeded random mutations of valid WebSocket messages and HTTP requests, against a real
server, must give no HTTP 5xx, no traceback in the server's log and no changed table.

First tables are set up with known records (one per game where the fuzzing guest holds a seat
and is to move, a game in progress, a finished game, a table waiting for a player), and their
stored rows are read from the database.  Then messages and requests built from valid ones are
mutated (wrong types, floats and booleans for integers, huge integers, deep nesting, lone
surrogates, unknown keys, huge strings, bad table ids, bad parameters, variants and options,
random bytes) and sent; a mutation that happens to be a legal move (or an allowed undo, or a
seat that is really open) is not sent, since accepting it would be right.  Finally every
known table's stored rows must be byte-identical to what they were.

``make test`` runs 10,000 of each on an unthrottled server (so rate limits do not drop the
fuzz) and a short pass with the production limits; ``benchmarks/fuzz_server.py`` runs more.
"""

from __future__ import annotations

import contextlib
import copy
import http.client
import json
import logging
import random
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import pytest
from server_harness import CSRF_COOKIE, UNTHROTTLED, Guest, Server, join, play_turns, receive
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ludoteca.engine.state import same

SERVER_ENV = UNTHROTTLED
MESSAGES, REQUESTS = 10_000, 10_000
THROTTLED_MESSAGES, THROTTLED_REQUESTS = 1_500, 800


# ---- values that break naive code --------------------------------------------------------------
@dataclass(frozen=True)
class Raw:
    """JSON text inserted as is: what ``json.dumps`` cannot or will not write."""

    text: str


def deep(n: int, kind: str = "[") -> Raw:
    """``n`` levels of nesting: lists, or objects when ``kind`` is ``{``."""
    return Raw("[" * n + "]" * n if kind == "[" else '{"a":' * n + "1" + "}" * n)


RAW_EVIL = [Raw("9" * 4300), Raw("-" + "9" * 60), Raw("1" * 51), Raw("1e999"), Raw("-1E400"), Raw("NaN"),
            Raw("Infinity"), Raw("-Infinity"), Raw('"\\ud800"'), Raw('"\\udfff\\ud800"'), Raw('"a\\ud83d"'),
            Raw("1.0e-99999"), Raw("0." + "0" * 400 + "1"), Raw("123456789012345678901234567890.5"),
            deep(33), deep(200), deep(1000), deep(40, "{"), Raw('"\\u0000"'), Raw('{"a":1,"a":2}')]


def evil(rng: random.Random) -> Any:
    """A value chosen to hurt: wrong types, extremes, odd text, nesting."""
    pick = rng.randrange(34)
    if pick < 8:
        return rng.choice(RAW_EVIL)
    return rng.choice([
        None, True, False, 0, -1, 1.5, 0.0, -0.0, 1.0, 2**31, 2**63, -(2**63) - 1, 10**49, -(10**49),
        "", "0", "1", "null", "x" * rng.choice([9, 100, 5000, 17_000]), "\u0000", "é😀\u202e", "\ufeff",
        "<script>alert(1)</script>", [], {}, [[[]]], [0, 1], {"type": "pick"}, {"": None},
    ])


def bad_table_id(rng: random.Random, known: list[str]) -> Any:
    real = rng.choice(known)
    return rng.choice([
        "", "a", "zzzzzzzz", "ZZZZZZZZ", real[:-1], real + "x", real.upper(), real.lower(), " " + real[1:],
        real[:4] + "/" + real[5:], "../../../etc/passwd", "%00%00%00%00", "ab\u0000cdefg", "abcdéfgh", "表" * 8,
        "x" * 5000, "\u202eabcdefg", 12345678, 1.5, True, None, [real], {"id": real},
    ])


def dumps(value: Any, rng: random.Random) -> str:
    """JSON text for ``value``, with :class:`Raw` pieces written as is."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        sep = rng.choice([", ", ",", " ,\n "])
        return "{" + sep.join(f"{json.dumps(str(k))}: {dumps(v, rng)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dumps(v, rng) for v in value) + "]"
    return json.dumps(value, ensure_ascii=rng.random() < 0.5)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside ``value`` (keys of dicts, indexes of lists), the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def mutate(message: dict[str, Any], rng: random.Random, table_ids: list[str]) -> Any:
    """One random change somewhere in ``message`` (a deep copy is changed and returned)."""
    message = copy.deepcopy(message)
    spot = rng.choice(paths(message)[1:] or [()])
    parent: Any = message
    for step in spot[:-1]:
        parent = parent[step]
    last = spot[-1] if spot else None
    how = rng.randrange(9)
    if last is None:
        return message
    if how <= 2:
        parent[last] = evil(rng)
    elif how == 3 and isinstance(parent, dict):
        del parent[last]
    elif how == 4 and isinstance(parent, dict):
        parent[rng.choice(["extra", "__proto__", "type ", "Type", "seat", "ref", "x" * 300])] = evil(rng)
    elif how == 5:
        parent[last] = rng.choice([[parent[last]], {"value": parent[last]}])
    elif how == 6 and isinstance(parent[last], (int, float)) and not isinstance(parent[last], bool):
        parent[last] = rng.choice([parent[last] + 1, parent[last] - 1, -parent[last], float(parent[last]),
                                   bool(parent[last] % 2), str(parent[last]), parent[last] * 10**30])
    elif how == 7 and last == "table":
        parent[last] = bad_table_id(rng, table_ids)
    elif how == 8 and isinstance(parent[last], str):
        text = parent[last]
        parent[last] = rng.choice([text.upper(), text + " ", text[:-1], text * 50, text + "\u0301", ""])
    else:
        parent[last] = evil(rng)
    return message


# ---- the scene: tables with known records -------------------------------------------------------
@dataclass
class Scene:
    """The fuzzed server and what is on it."""

    server: Server
    owner: Guest
    player: Guest  # holds one seat at each of the "own" tables and is to move there
    watcher: Guest
    own: dict[str, int] = field(default_factory=dict)  # table -> the player's seat
    legal: dict[str, list[dict]] = field(default_factory=dict)  # table -> the player's legal actions
    undoable: set[str] = field(default_factory=set)
    views: dict[str, dict] = field(default_factory=dict)  # table -> the last state message
    playing: str = ""
    finished: str = ""
    waiting: str = ""  # has an open seat: only a socket without a cookie is sent there
    games: list[dict] = field(default_factory=list)

    @property
    def tables(self) -> list[str]:
        return [*self.own, self.playing, self.finished, self.waiting]


def settle(guest: Guest, table_id: str, seconds: float = 0.4, timeout: float = 30) -> dict:
    """Wait until a table's version stops changing (bots have moved); polls gently, since the
    throttled pass has the production limit on REST requests."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        response = guest.http.get(f"/api/tables/{table_id}")
        if response.status_code == 429:
            time.sleep(1)
            continue
        info = response.json()
        if info["version"] != last:
            last, since = info["version"], time.monotonic()
        elif time.monotonic() - since >= seconds:
            return info
        time.sleep(0.2)
    raise AssertionError(f"table {table_id} did not settle")


def play_out(ws: ClientConnection, table_id: str, seat: int, message: dict, moves: int | None = None,
             pace: float = 0.07) -> dict:
    """``play_turns`` at a person's pace (under the production message rate)."""
    made, acted_at = 0, -1
    while message["status"] != "finished" and (moves is None or made < moves):
        if message["seat"] == seat and message["legal"] and message["version"] > acted_at:
            time.sleep(pace)
            ws.send(json.dumps({"type": "act", "table": table_id, "seat": seat, "version": message["version"],
                                "action": message["legal"][0]["action"]}))
            made, acted_at = made + 1, message["version"]
        message = receive(ws, "state", table=table_id, seat=seat, timeout=20)
    return message


def build_scene(server: Server) -> Scene:
    owner, player, watcher = Guest(server), Guest(server), Guest(server)
    scene = Scene(server, owner, player, watcher)
    scene.games = owner.http.get("/api/games").json()
    with player.socket() as ws:
        for game in scene.games:
            seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (game["min_players"] - 1)
            table = player.create(game["id"], seats=seats)
            settle(player, table["id"])
            state = join(ws, table["id"], timeout=20)
            if not state["legal"]:
                continue  # not the player's turn (a game that starts elsewhere): not used
            scene.own[table["id"]] = state["seat"]
            scene.legal[table["id"]] = [entry["action"] for entry in state["legal"]]
            scene.views[table["id"]] = state
            if state.get("undo"):
                scene.undoable.add(table["id"])
    with owner.socket() as ws:
        playing = owner.create()
        play_out(ws, playing["id"], 0, join(ws, playing["id"]), moves=3)
        scene.playing = playing["id"]
        finished = owner.create()
        play_out(ws, finished["id"], 0, join(ws, finished["id"]))
        scene.finished = finished["id"]
        scene.views[playing["id"]] = join(ws, playing["id"])
    scene.waiting = owner.create(seats=[{"kind": "me"}, {"kind": "open"}])["id"]
    settle(owner, scene.playing)
    assert scene.own, "no game put the fuzzing guest to move"
    return scene


def snapshot(data_dir: Path, table_ids: list[str]) -> dict[str, str]:
    """Each table's stored rows (table, seats, actions) as text, read from the database file."""
    with sqlite3.connect(f"file:{data_dir / 'ludoteca.db'}?mode=ro", uri=True) as db:
        rows = {}
        for table_id in table_ids:
            parts = [db.execute("SELECT * FROM game_tables WHERE id = ?", (table_id,)).fetchall(),
                     db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall(),
                     db.execute("SELECT * FROM actions WHERE table_id = ? ORDER BY idx", (table_id,)).fetchall()]
            assert parts[0], f"table {table_id} is not stored"
            rows[table_id] = repr(parts)
    return rows


# ---- WebSocket fuzz ---------------------------------------------------------------------------
@dataclass
class WsReport:
    sent: int = 0
    skipped_valid: int = 0
    replies: Counter = field(default_factory=Counter)  # "state", "pong", "error:<code>"
    closes: Counter = field(default_factory=Counter)  # close codes the server sent
    examples: dict[str, str] = field(default_factory=dict)


#: The client library logs a traceback when the server drops a connection mid-frame (as it
#: does, by design, after a frame over its size limit); the fuzz counts closes instead.
QUIET = logging.getLogger("ludoteca.fuzz.client")
QUIET.setLevel(logging.CRITICAL)


class FuzzSocket:
    """One client socket with a reader thread that counts what comes back."""

    def __init__(self, scene: Scene, guest: Guest | None, report: WsReport, lock: threading.Lock) -> None:
        self.scene, self.guest, self.report, self.lock = scene, guest, report, lock
        self.done = threading.Event()
        self.stack = contextlib.ExitStack()  # every connection this client opened, closed at the end
        self.ws: ClientConnection | None = None
        self.open()

    def open(self) -> None:
        headers = {"Cookie": self.guest.cookie()} if self.guest else {}
        self.ws = self.stack.enter_context(connect(self.scene.server.ws_url, additional_headers=headers,
                                                   max_size=16 * 1024 * 1024, open_timeout=20, logger=QUIET))
        self.done.clear()
        self.reader = threading.Thread(target=self._read, args=(self.ws,), daemon=True)
        self.reader.start()

    def _read(self, ws: ClientConnection) -> None:
        try:
            for text in ws:
                head = text[:60] if isinstance(text, str) else ""
                if head.startswith('{"type": "error"'):
                    message = json.loads(text)
                    key = f"error:{message['code']}"
                    with self.lock:
                        self.report.replies[key] += 1
                        self.report.examples.setdefault(key, message["message"][:200])
                elif head.startswith('{"type": "pong"'):
                    if '"fuzz-done"' in text:
                        self.done.set()
                    with self.lock:
                        self.report.replies["pong"] += 1
                else:
                    with self.lock:
                        self.report.replies[head[10:15].strip('"') or "other"] += 1
        except ConnectionClosed:
            pass
        finally:
            rcvd = ws.protocol.close_rcvd
            with self.lock:
                self.report.closes[rcvd.code if rcvd else "none"] += 1

    def send(self, frame: str | bytes) -> None:
        for _ in range(3):
            try:
                self.ws.send(frame)
                return
            except ConnectionClosed:
                self.reader.join(5)
                self.open()

    def finish(self, timeout: float = 120) -> None:
        """Every message sent so far has been handled (the server answers in order); the ping
        is repeated, since a rate limit may drop it."""
        deadline = time.monotonic() + timeout
        while not self.done.is_set():
            if time.monotonic() > deadline:
                raise AssertionError("the server did not answer the final ping")
            self.send('{"type": "ping", "ref": "fuzz-done"}')
            self.done.wait(2)
        self.stack.close()
        self.reader.join(10)


def ws_message(scene: Scene, rng: random.Random, anonymous: bool) -> dict[str, Any]:
    """A valid-looking message for a random table, before mutation."""
    pool = scene.tables if anonymous else [t for t in scene.tables if t != scene.waiting]
    table = rng.choice(pool)
    own = rng.choice(list(scene.own))
    seat = scene.own[own]
    version = scene.views.get(own, {}).get("version", 0)
    kind = rng.choices(["act", "sit", "undo", "join", "leave", "ping"], [45, 12, 10, 20, 5, 3])[0]
    if kind == "act":
        return {"type": "act", "table": own, "seat": seat, "version": version,
                "action": copy.deepcopy(rng.choice(scene.legal[own])), "ref": rng.randrange(10**6)}
    if kind == "undo":
        return {"type": "undo", "table": own, "seat": seat, "version": version, "steps": 1}
    if kind == "sit":
        return {"type": "sit", "table": table, "seat": rng.randrange(4)}
    if kind == "join":
        return {"type": "join", "table": table, "lang": rng.choice(["en", "es", "fr"])}
    if kind == "leave":
        return {"type": "leave", "table": table}
    return {"type": "ping", "ref": "p"}


def junk_frame(rng: random.Random, scene: Scene) -> str | bytes:
    """Not a mutated message at all: bytes, broken text, other JSON shapes."""
    pick = rng.randrange(8)
    if pick == 0:
        return rng.randbytes(rng.randrange(1, 400))
    if pick == 1:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 200)))
    if pick == 2:
        text = json.dumps(ws_message(scene, rng, True))
        return text[: rng.randrange(len(text))]
    if pick == 3:
        return rng.choice(["[]", "null", "1", '"join"', "true", "{}", '{"type": null}', "[" * 20_000])
    if pick == 4:
        size = rng.choice([17_000, 17_000, 100_000, 300_000])  # the largest is over the frame limit
        return json.dumps({"type": "join", "table": scene.playing, "pad": "x" * size})
    if pick == 5:
        return '{"type": "join", "table": "' + "\\ud800" * rng.randrange(1, 5) + '"}'
    if pick == 6:
        head = f'{{"type": "act", "table": "{rng.choice(scene.tables)}", "seat": 0, "version": 0, "action": '
        return head + "[" * 5000 + "]" * 5000 + "}"
    return json.dumps(ws_message(scene, rng, True)).encode()  # a valid message as a binary frame


def would_change(scene: Scene, text: str | bytes, anonymous: bool) -> bool:
    """Whether this frame, if the server read it, is a request the server should carry out:
    a legal move, an allowed undo or taking an open seat.  Such frames are not sent."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or anonymous:
        return False
    kind, table = data.get("type"), data.get("table")
    if not isinstance(table, str):
        return False
    if kind == "sit":
        return table == scene.waiting
    if kind == "undo":
        return table in scene.undoable
    if kind == "act" and table in scene.legal:
        action = data.get("action")
        return any(same(action, legal) for legal in scene.legal[table])
    return False


def fuzz_ws(scene: Scene, count: int, seed: int) -> WsReport:
    rng = random.Random(seed)
    report, lock = WsReport(), threading.Lock()
    sockets = {"player": FuzzSocket(scene, scene.player, report, lock),
               "watcher": FuzzSocket(scene, scene.watcher, report, lock),
               "anonymous": FuzzSocket(scene, None, report, lock)}
    for table in scene.own:  # the player watches its tables, so broadcasts would reach it
        sockets["player"].send(json.dumps({"type": "join", "table": table}))
    ids = scene.tables
    while report.sent < count:
        who = rng.choices(list(sockets), [50, 25, 25])[0]
        anonymous = who == "anonymous"
        if rng.random() < 0.1:
            frame: str | bytes = junk_frame(rng, scene)
        else:
            message: Any = ws_message(scene, rng, anonymous)
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                message = mutate(message, rng, ids) if isinstance(message, dict) else message
            frame = dumps(message, rng)
        if would_change(scene, frame, anonymous):
            report.skipped_valid += 1
            continue
        sockets[who].send(frame)
        report.sent += 1
    for sock in sockets.values():
        sock.finish()
    return report


# ---- HTTP fuzz --------------------------------------------------------------------------------
@dataclass
class HttpReport:
    sent: int = 0
    skipped_valid: int = 0
    statuses: Counter = field(default_factory=Counter)
    transport_errors: Counter = field(default_factory=Counter)
    unsendable: int = 0
    failures: list[str] = field(default_factory=list)  # 5xx, with the request that caused it


def http_request(scene: Scene, rng: random.Random) -> tuple[str, str, dict[str, Any]]:
    """(method, path, httpx keyword arguments) built from a valid request, then mutated."""
    table = rng.choice(scene.tables)
    game = rng.choice(scene.games)
    option = {o["name"]: o["default"] for o in game["options"]}
    create = {"game": game["id"], "players": game["min_players"], "variant": rng.choice([None, *game["variants"]]),
              "options": option, "seats": [{"kind": "me"}] + [{"kind": "bot", "level": "random"}]
              * (game["min_players"] - 1)}
    templates: list[tuple[str, str, dict, Any]] = [
        ("GET", "/api/games", {}, None), ("GET", "/api/bots", {}, None), ("GET", "/api/me", {}, None),
        ("GET", "/api/my-tables", {}, None), ("GET", "/api/open-tables", {}, None),
        ("GET", "/api/history", {}, None), ("GET", "/", {}, None), ("GET", "/static/app.js", {}, None),
        ("GET", f"/api/tables/{table}", {}, None),
        ("GET", f"/api/tables/{scene.finished}/replay", {"step": rng.randrange(-3, 200), "lang": "en"}, None),
        ("POST", "/api/me", {}, {"name": f"Fuzz {rng.randrange(1000)}"}),
        ("POST", "/api/tables", {}, create),
        ("POST", f"/api/tables/{table}/sit", {}, {"seat": rng.randrange(3)}),
        ("POST", f"/api/tables/{table}/again", {}, {}),
    ]
    method, path, params, body = rng.choice(templates)
    kwargs: dict[str, Any] = {"headers": {}}
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        how = rng.randrange(10)
        if how <= 3 and isinstance(body, dict):
            body = mutate(body, rng, scene.tables)
        elif how == 4:
            segments = path.split("/")
            index = rng.randrange(1, len(segments))
            bad = bad_table_id(rng, scene.tables)
            segments[index] = quote(str(bad), safe="" if rng.random() < 0.7 else "/%.:;")
            path = "/".join(segments)
        elif how == 5:
            key = rng.choice(["step", "lang", "x", "step[]", ""])
            params[key] = rng.choice(["-1", "1e999", "99999999999999999999999", "abc", "", "zz", "\u0000",
                                      "1.5", "true", "x" * 3000, "%ff"])
        elif how == 6:
            method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "GET", "POST"])
        elif how == 7:
            kwargs["headers"]["content-type"] = rng.choice(
                ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 "application/json; charset=latin-1", "", "application/json" + "x" * 200])
        elif how == 8:
            kwargs["headers"][rng.choice(["origin", "cookie", "x-csrf-token", "x-forwarded-for", "host"])] = rng.choice(
                ["http://evil.example", "null", "ludoteca_guest=forged.signature", "x" * 3000, "", b"\xff\xfe",
                 "ludoteca_guest=" + "A" * 900, b"ludoteca_guest=\xc3\x28"])
        else:
            if rng.random() < 0.6:
                body = Raw(rng.choice(["", "{", "[]", "null", '"x"', "1" * 100, "[" * 3000 + "]" * 3000]))
            else:
                body = rng.randbytes(rng.randrange(1, 300))
    if isinstance(body, bytes):
        kwargs["content"] = body
    elif body is not None:
        kwargs["content"] = dumps(body, rng).encode("utf-8", "surrogatepass")
        kwargs["headers"].setdefault("content-type", "application/json")
    if rng.random() < 0.02:
        kwargs["content"] = b'{"name": "' + b"x" * 200_000 + b'"}'  # over the body limit
    kwargs["params"] = params
    return method, path, kwargs


class RawClient:
    """A small HTTP/1.1 client on one kept-alive connection (``http.client``: a tenth of httpx's
    cost per request, which matters at 10,000 requests).  With ``cookies`` it keeps the guest's
    cookies and, like the page, echoes the CSRF cookie in ``X-CSRF-Token`` on every change."""

    def __init__(self, port: int, cookies: bool) -> None:
        self.port, self.jar = port, {} if cookies else None
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, params: dict[str, Any], headers: dict[str, Any],
                content: bytes | None) -> tuple[int, bytes]:
        target = path + ("?" + urlencode(params) if params else "")
        sent = dict(headers)
        if self.jar:
            sent.setdefault("cookie", "; ".join(f"{k}={v}" for k, v in self.jar.items()))
            if method not in ("GET", "HEAD", "OPTIONS") and CSRF_COOKIE in self.jar:
                sent.setdefault("x-csrf-token", self.jar[CSRF_COOKIE])
        for attempt in (1, 2):
            try:
                self.conn.request(method, target, body=content, headers=sent)
                response = self.conn.getresponse()
                body = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.conn.close()  # the server closed a kept-alive connection: once more, afresh
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        if self.jar is not None:
            for cookie in response.headers.get_all("set-cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.jar[name.strip()] = value.strip()
        if response.headers.get("connection", "").lower() == "close" or response.will_close:
            self.conn.close()
        return response.status, body

    def close(self) -> None:
        self.conn.close()


def fuzz_http(scene: Scene, count: int, seed: int, threads: int = 2) -> HttpReport:
    """``count`` requests from ``threads`` threads, each with a guest of its own: 60% with the
    guest's cookie and CSRF token (like the page), the rest with neither."""
    report, lock = HttpReport(), threading.Lock()

    def worker(index: int, share: int) -> None:
        rng = random.Random(seed * 1000 + index)
        guest, bare = RawClient(scene.server.port, cookies=True), RawClient(scene.server.port, cookies=False)
        try:
            while guest.request("GET", "/api/me", {}, {}, None)[0] == 429:
                time.sleep(1)  # the throttled pass: wait for the REST budget
            sent = 0
            while sent < share:
                method, path, kwargs = http_request(scene, rng)
                if method == "POST" and scene.waiting in path:  # might take the open seat
                    with lock:
                        report.skipped_valid += 1
                    continue
                client = guest if rng.random() < 0.6 else bare
                try:
                    status, body = client.request(method, path, kwargs["params"], kwargs["headers"],
                                                  kwargs.get("content"))
                except (http.client.InvalidURL, UnicodeError, ValueError):  # the client cannot send it
                    with lock:
                        report.unsendable += 1
                    continue
                except (OSError, http.client.HTTPException) as exc:  # the server closed the connection
                    with lock:
                        report.transport_errors[type(exc).__name__] += 1
                        report.sent += 1
                    sent += 1
                    continue
                with lock:
                    report.sent += 1
                    report.statuses[status] += 1
                    if status >= 500 and len(report.failures) < 20:
                        report.failures.append(f"{status} {method} {path[:120]} {str(kwargs)[:300]} -> "
                                               f"{body[:200]!r}")
                sent += 1
        finally:
            guest.close()
            bare.close()

    shares = [count // threads + (1 if i < count % threads else 0) for i in range(threads)]
    pool = [threading.Thread(target=worker, args=(i, share)) for i, share in enumerate(shares)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return report


# ---- the whole run ----------------------------------------------------------------------------
def run(server: Server, messages: int, requests: int, seed: int, scene: Scene | None = None) -> dict[str, Any]:
    """Set up (unless given a scene), fuzz both ways at once, and report what happened."""
    scene = scene or build_scene(server)
    before = snapshot(server.data_dir, scene.tables)
    results: dict[str, Any] = {}
    started = time.monotonic()
    http_thread = threading.Thread(target=lambda: results.update(http=fuzz_http(scene, requests, seed)))
    http_thread.start()
    results["ws"] = fuzz_ws(scene, messages, seed)
    http_thread.join()
    elapsed = time.monotonic() - started
    after = snapshot(server.data_dir, scene.tables)
    log = server.log()
    alive = server.process is not None and server.process.poll() is None
    health = httpx.get(server.url + "/api/games", timeout=10).status_code if alive else None
    return {"ws": results["ws"], "http": results["http"], "seconds": elapsed, "tables": len(scene.tables),
            "changed": [t for t in scene.tables if before[t] != after[t]], "tracebacks": log.count("Traceback"),
            "alive": alive, "health": health, "scene": scene}


def check(result: dict[str, Any], messages: int, requests: int) -> None:
    ws, http = result["ws"], result["http"]
    assert ws.sent >= messages and http.sent >= requests
    assert result["alive"] and result["health"] == 200
    assert not http.failures and not any(status >= 500 for status in http.statuses), http.failures
    assert result["tracebacks"] == 0
    assert result["changed"] == [], f"tables changed: {result['changed']}"
    assert ws.replies.get("error:internal", 0) == 0, ws.examples.get("error:internal")


def summary(result: dict[str, Any]) -> str:
    ws, http = result["ws"], result["http"]
    return (f"{ws.sent} WebSocket messages and {http.sent} HTTP requests in {result['seconds']:.1f} s; "
            f"{len(result['changed'])} of {result['tables']} tables changed, {result['tracebacks']} tracebacks, "
            f"HTTP statuses {dict(sorted(http.statuses.items()))}, transport errors "
            f"{dict(http.transport_errors)}; replies {dict(ws.replies.most_common(12))}; closes {dict(ws.closes)}; "
            f"valid ones not sent: {ws.skipped_valid} messages, {http.skipped_valid} requests")


def test_fuzz_unthrottled_gives_no_500_no_traceback_and_no_changed_table(server: Server) -> None:
    result = run(server, MESSAGES, REQUESTS, seed=2026)
    print("\n" + summary(result))
    check(result, MESSAGES, REQUESTS)
    ws = result["ws"]
    # The fuzz reached deep: the engine judged mutated moves, JSON limits fired, and refusals
    # of every kind came back.
    for code in ("illegal", "bad_json", "bad_message", "unknown_table", "too_large", "no_identity", "seat_taken"):
        assert ws.replies.get(f"error:{code}", 0) > 0, (code, dict(ws.replies))


def test_fuzz_with_the_production_limits(tmp_path_factory: pytest.TempPathFactory) -> None:
    server = Server(tmp_path_factory.mktemp("ludoteca-fuzz-throttled")).start()
    try:
        result = run(server, THROTTLED_MESSAGES, THROTTLED_REQUESTS, seed=7)
        print("\n" + summary(result))
        check(result, THROTTLED_MESSAGES, THROTTLED_REQUESTS)
        assert result["ws"].replies.get("error:rate_limited", 0) > 0  # the limits were met
    finally:
        server.stop()


def test_an_ordinary_game_still_works_after_the_fuzz(server: Server) -> None:
    guest = Guest(server)
    table = guest.create()
    with guest.socket() as ws:
        final = play_turns(ws, table["id"], 0, join(ws, table["id"]))
        assert final["status"] == "finished"
        ws.send(json.dumps({"type": "ping", "ref": "ok"}))
        assert receive(ws, "pong")["ref"] == "ok"
