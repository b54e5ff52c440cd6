"""Idle connections cannot starve a request: 20,000 silent TCP sockets from one client, then a
normal request and a WebSocket join still succeed within seconds; a connection must finish its
request headers in time (trickling bytes does not help); oversized headers are refused; the
server raises its own open-file limit at start."""

from __future__ import annotations

import contextlib
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import Guest, Server, join

IDLE = 20_000
#: Idle sockets bind source ports from here up (the kernel's own ephemeral range starts at 32768).
FIRST_SOURCE_PORT = 10_000


def fd_limits(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open-file limit in /proc")


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def start_with_low_soft_limit(server: Server, soft: int = 1024) -> Server:
    """Start the server while this process's soft limit is low, so it inherits the low soft
    limit and must raise it itself."""
    current = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, current[0]), current[1]))
    try:
        return server.start()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, current)


#: A process that opens idle connections and holds them until its stdin closes.  Each raises
#: its own soft open-file limit to the hard one; as many run as the hard limit requires (two
#: for 20,000 sockets under a hard limit of 20,000).
WORKER = r"""
import resource, select, socket, sys, time
port, count, first = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[4])
deadline = time.monotonic() + float(sys.argv[3])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
poller, pending, held, connected = select.epoll(), {}, [], 0

def settle(keep):
    global connected
    while len(pending) > keep and time.monotonic() < deadline:
        for fd, _ in poller.poll(0.5):
            s = pending.pop(fd)
            poller.unregister(fd)
            connected += s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0

# Source ports are chosen here, below the kernel's ephemeral range: letting connect() pick
# them slows to a crawl once half of that range is taken.
source = first
while len(held) < count and source < 65536:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", source))
    except OSError:  # in use
        s.close()
        source += 1
        continue
    source += 1
    s.setblocking(False)
    s.connect_ex(("127.0.0.1", port))
    held.append(s)
    pending[s.fileno()] = s
    poller.register(s.fileno(), select.EPOLLOUT)
    if len(pending) >= 2000:  # do not run far ahead of the server's accept queue
        settle(500)
settle(0)
print(connected, flush=True)
sys.stdin.read()  # hold every socket until told to let go
"""


@contextlib.contextmanager
def idle_connections(port: int, count: int, seconds: float) -> Iterator[int]:
    """``count`` TCP connections to the port that never send a byte, held open by worker
    processes for the duration; yields how many completed the TCP handshake."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    per_worker = count if hard == resource.RLIM_INFINITY else hard - 200
    if per_worker < 1000:
        pytest.skip(f"the open-file hard limit ({hard}) is too low to hold {count} sockets in a few processes")
    sizes = [min(per_worker, count - start) for start in range(0, count, per_worker)]
    first_ports = [FIRST_SOURCE_PORT + sum(sizes[:i]) + 500 * i for i in range(len(sizes))]
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(port), str(size), str(seconds), str(first)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for size, first in zip(sizes, first_ports, strict=True)]
    try:
        yield sum(int(w.stdout.readline() or 0) for w in workers)
    finally:
        for w in workers:
            w.stdin.close()
        for w in workers:
            try:
                w.wait(30)
            except subprocess.TimeoutExpired:
                w.kill()
                w.wait()


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Short header timeout and a small idle cap, to see each bound act."""
    srv = Server(tmp_path_factory.mktemp("ludoteca-guarded"),
                 env={"LUDOTECA_HEADER_TIMEOUT": "2", "LUDOTECA_IDLE_CONNECTIONS_PER_IP": "50"}).start()
    yield srv
    srv.stop()


def closed_now(s: socket.socket) -> bool:
    """Whether the server has closed this connection (without waiting)."""
    try:
        return s.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_twenty_thousand_idle_sockets_cannot_starve_a_request(tmp_path: Path) -> None:
    server = start_with_low_soft_limit(Server(tmp_path))
    try:
        soft, hard = fd_limits(server.process.pid)
        assert soft == hard, "the server raises its soft open-file limit to the hard one at start"
        host = Guest(server)
        table = host.create()
        started = time.monotonic()
        with idle_connections(server.port, IDLE, seconds=90) as connected:
            opening = time.monotonic() - started
            assert connected >= IDLE * 0.99, f"only {connected} of {IDLE} idle connections opened"
            assert open_fds(server.process.pid) < 2_000  # the oldest idle ones were closed
            t0 = time.monotonic()
            response = httpx.get(server.url + "/api/games", timeout=10)
            get_seconds = time.monotonic() - t0
            assert response.status_code == 200 and response.json()
            t0 = time.monotonic()
            with host.socket() as ws:
                assert join(ws, table["id"], timeout=10)["mine"] == [0]
            join_seconds = time.monotonic() - t0
            print(f"\n{connected} idle sockets opened in {opening:.1f} s (server open-file limit {soft}); "
                  f"then GET /api/games took {get_seconds:.2f} s and a WebSocket join {join_seconds:.2f} s")
            assert get_seconds < 5 and join_seconds < 5
        assert "Traceback" not in server.log()
    finally:
        server.stop()


def test_a_connection_that_sends_nothing_is_closed_after_the_header_timeout(guarded: Server) -> None:
    with socket.create_connection(("127.0.0.1", guarded.port)) as s:
        started = time.monotonic()
        assert closed_by_server(s, within=8)
        assert 1.9 <= time.monotonic() - started < 8


def test_trickling_header_bytes_does_not_keep_a_connection_open(guarded: Server) -> None:
    with socket.create_connection(("127.0.0.1", guarded.port)) as s:
        started = time.monotonic()
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed = False
        while time.monotonic() - started < 8:
            try:
                s.sendall(b"X-Slow: 1\r\n")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if closed_by_server(s, within=0.3):
                closed = True
                break
        assert closed and time.monotonic() - started < 8


def test_a_connection_idle_after_its_response_is_closed_too(guarded: Server) -> None:
    with socket.create_connection(("127.0.0.1", guarded.port)) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.settimeout(5)
        head = s.recv(64)
        assert head.startswith(b"HTTP/1.1 200")
        assert closed_by_server(s, within=8)


def test_endless_request_headers_are_refused_past_the_limit(guarded: Server) -> None:
    with socket.create_connection(("127.0.0.1", guarded.port)) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20_000)  # never ends
        s.settimeout(5)
        assert s.recv(64).startswith(b"HTTP/1.1 431 Request Header Fields Too Large")
        assert closed_by_server(s, within=5)


def test_the_oldest_idle_connections_from_one_address_make_room(guarded: Server) -> None:
    sockets = [socket.create_connection(("127.0.0.1", guarded.port)) for _ in range(80)]
    try:
        time.sleep(0.5)  # the server accepts them all (well within its 2 s header timeout)
        closed = [closed_now(s) for s in sockets]
        assert closed[:30] == [True] * 30  # the cap is 50: the 30 oldest were closed
        assert closed[30:] == [False] * 50
        with httpx.Client(base_url=guarded.url) as client:  # a new request still gets through
            assert client.get("/api/games").status_code == 200
    finally:
        for s in sockets:
            s.close()
