"""Test helpers: a real server in a subprocess on a free port, and guest clients speaking HTTP
and WebSocket.  (A uniquely named module: conftest names clash across test folders.)"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``ludoteca serve`` in a subprocess: start, SIGKILL, start again on the same data."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, bot_delay: float = 0.0) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.extra_env = env or {}
        self.bot_delay = bot_delay
        self.process: subprocess.Popen | None = None

    def start(self) -> Server:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "LUDOTECA_SECRET")}
        env.update(self.extra_env)
        log = open(self.data_dir / f"server-{self.port}.log", "ab")  # noqa: SIM115 (kept for the process)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--data", str(self.data_dir), "--bot-delay", str(self.bot_delay), "--log-level", "warning"],
            env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log()}")

    def log(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:] for p in self.data_dir.glob("server-*.log"))

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, no flushing; only what was committed survives."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


#: For scripts that play at full speed: the default limit (20 messages a second, bursts of 40)
#: is for people, and a scripted client sending 60 moves in a second would be dropped.
#: The same goes for the REST rate and the table-creation quotas.
UNTHROTTLED = {"LUDOTECA_RATE_PER_SECOND": "10000", "LUDOTECA_RATE_BURST": "10000",
               "LUDOTECA_REST_RATE_PER_SECOND": "100000", "LUDOTECA_REST_RATE_BURST": "100000",
               "LUDOTECA_TABLES_PER_HOUR": "1000000", "LUDOTECA_TABLES_PER_HOUR_PER_IP": "1000000",
               "LUDOTECA_OPEN_TABLES": "1000000", "LUDOTECA_OPEN_TABLES_PER_IP": "1000000"}
CSRF_COOKIE, CSRF_HEADER = "ludoteca_csrf", "X-CSRF-Token"


class Guest:
    """One browser's worth of identity: a cookie jar for HTTP and the same cookie on sockets.
    Like the page, it echoes the CSRF cookie in the ``X-CSRF-Token`` header of every request
    that changes something (the server refuses those without it)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10, event_hooks={"request": [self._add_csrf]})
        self.http.get("/api/me").raise_for_status()

    def _add_csrf(self, request: httpx.Request) -> None:
        if request.method in ("GET", "HEAD", "OPTIONS") or CSRF_HEADER in request.headers:
            return
        token = next((c.value for c in self.http.cookies.jar if c.name == CSRF_COOKIE), None)
        if token:
            request.headers[CSRF_HEADER] = token

    def cookie(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())

    def socket(self) -> ClientConnection:
        return connect(self.server.ws_url, additional_headers={"Cookie": self.cookie()},
                       max_size=4 * 1024 * 1024, open_timeout=10)

    def create(self, game: str = "dschunke", seats: list[dict] | None = None, **body: Any) -> dict:
        seats = seats or [{"kind": "me"}, {"kind": "bot", "level": "random"}]
        response = self.http.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **body})
        assert response.status_code == 200, response.text
        return response.json()


def receive(ws: ClientConnection, kind: str | None = None, timeout: float = 10, **match: Any) -> dict:
    """The next message of ``kind`` whose fields equal ``match`` (others are skipped)."""
    deadline = time.monotonic() + timeout
    skipped: list[str] = []  # what came instead, for the failure message (an error, say)
    while True:
        left = deadline - time.monotonic()
        try:
            if left <= 0:
                raise TimeoutError
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            raise TimeoutError(f"no {kind} message matching {match} within {timeout} s; "
                               f"skipped meanwhile: {skipped[-5:]}") from None
        if (kind is None or message["type"] == kind) and all(message.get(k) == v for k, v in match.items()):
            return message
        skipped.append(str({k: message.get(k) for k in ("type", "table", "seat", "version", "code", "message")})[:300])


def send(ws: ClientConnection, **message: Any) -> None:
    ws.send(json.dumps(message))


def join(ws: ClientConnection, table_id: str, **match: Any) -> dict:
    send(ws, type="join", table=table_id)
    return receive(ws, "state", table=table_id, **match)


def play_turns(ws: ClientConnection, table_id: str, seat: int, message: dict, moves: int | None = None) -> dict:
    """Play the first legal action for ``seat`` until the game ends (or ``moves`` are made)."""
    made, acted_at = 0, -1
    while message["status"] != "finished" and (moves is None or made < moves):
        if message["seat"] == seat and message["legal"] and message["version"] > acted_at:
            send(ws, type="act", table=table_id, seat=seat, version=message["version"],
                 action=message["legal"][0]["action"])
            made, acted_at = made + 1, message["version"]
            if moves is not None and made == moves:
                return receive(ws, "state", table=table_id, seat=seat, version=acted_at + 1)
        message = receive(ws, "state", table=table_id, seat=seat)
    return message
