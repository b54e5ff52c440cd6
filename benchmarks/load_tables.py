"""Load benchmark: one server process, many live tables, real WebSockets on loopback.

Each table seats one benchmark client (seat 0, a random player speaking the WebSocket
protocol like a browser) against a server-side bot (seat 1).  Clients think for a while
(--think, jittered), then send a move; the latency measured is from sending a move to
receiving the broadcast that contains it (validate + commit + broadcast + transport).
A finished game is followed by "Play again", so every table stays live for the whole run.
The run is bounded in clients (--tables) and time (--seconds) and stops by itself.

With --bot-tables N, N more tables whose every seat is a server bot of --bot-level (default
hard) play --bot-game (default dice-hospital) all through the run, so the latency figures show
what bots in the server's worker processes cost the people (bot moves made during the run and
the workers' CPU seconds are reported too).

    .venv/bin/python benchmarks/load_tables.py --tables 200 --seconds 30
    .venv/bin/python benchmarks/load_tables.py --tables 20 --bot-tables 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0  # every accepted action seen (clients' and bots')
        self.games = 0
        self.errors: dict[str, int] = {}
        self.bot_moves = 0  # moves at the all-bot tables during the timed run
        self.bot_cpu = 0.0  # CPU seconds of the server's bot workers during the timed run
        self.rss_before = self.rss_seated = self.rss_after = 0.0  # the server's memory, MiB


async def new_guest(http: httpx.AsyncClient) -> dict[str, str]:
    """A fresh guest's headers: its cookies, and the CSRF token that changing requests echo."""
    me = await http.get("/api/me", headers={"Cookie": ""})
    jar = {cookie.name: cookie.value for cookie in me.cookies.jar}
    return {"Cookie": "; ".join(f"{name}={value}" for name, value in jar.items()),
            "X-CSRF-Token": jar.get("ludoteca_csrf", "")}


def rss_mib(pid: int) -> float:
    """The process's resident memory (VmRSS), MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


async def play_table(http: httpx.AsyncClient, ws_url: str, game: str, think: float, ready: asyncio.Event,
                     go: asyncio.Event, stop_at: list[float], stats: Stats, rng: random.Random) -> None:
    """One guest at one table: set up, wait for the common start, then play until the end."""
    cookie = await new_guest(http)
    response = await http.post("/api/tables", headers=cookie, json={
        "game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]})
    response.raise_for_status()
    table_id = response.json()["id"]
    socket_headers = {"Cookie": cookie["Cookie"]}
    async with websockets.connect(ws_url, additional_headers=socket_headers, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "join", "table": table_id}))
        message = json.loads(await ws.recv())
        while message["type"] != "state":  # the table's catalogue comes first
            message = json.loads(await ws.recv())
        ready.set()
        await go.wait()
        seen, sent_at, acted = message["version"], {}, -1
        while True:
            if message["type"] == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
            elif message["type"] == "state" and message["table"] == table_id:
                version = message["version"]
                if version > seen:
                    stats.moves += version - seen
                    seen = version
                started = sent_at.pop(version - 1, None)
                if started is not None:
                    stats.latencies.append(time.perf_counter() - started)
                if message["status"] == "finished":
                    stats.games += 1
                    again = await http.post(f"/api/tables/{table_id}/again", headers=cookie, json={})
                    again.raise_for_status()
                    await ws.send(json.dumps({"type": "leave", "table": table_id}))
                    table_id, seen, acted = again.json()["id"], 0, -1
                    await ws.send(json.dumps({"type": "join", "table": table_id}))
                elif message["legal"] and version > acted:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.monotonic() >= stop_at[0]:
                        return
                    acted = version
                    sent_at[version] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "table": table_id, "seat": 0, "version": version,
                                              "action": rng.choice(message["legal"])["action"]}))
            left = stop_at[0] - time.monotonic()
            if left <= 0:
                return
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
            except TimeoutError:
                return


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def bot_versions(http: httpx.AsyncClient, table_ids: list[str]) -> int:
    found = await asyncio.gather(*(http.get(f"/api/tables/{t}", headers={"Cookie": ""}) for t in table_ids))
    return sum(r.json()["version"] for r in found)


async def run(args: argparse.Namespace, base: str, ws_url: str, server_pid: int) -> tuple[Stats, float]:
    """Seat every table and connect every client first; then time the play only."""
    stats = Stats()
    rng = random.Random(args.seed)
    go, stop_at = asyncio.Event(), [float("inf")]
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        stats.rss_before = rss_mib(server_pid)
        bot_tables: list[str] = []
        if args.bot_tables:
            owner = await new_guest(http)
            seats = [{"kind": "bot", "level": args.bot_level}] * 2
            for _ in range(args.bot_tables):
                made = await http.post("/api/tables", headers=owner,
                                       json={"game": args.bot_game, "players": 2, "seats": seats})
                made.raise_for_status()
                bot_tables.append(made.json()["id"])
        readies = [asyncio.Event() for _ in range(args.tables)]
        tasks = [asyncio.create_task(play_table(http, ws_url, args.game, args.think, ready, go, stop_at, stats,
                                                random.Random(rng.getrandbits(32))))
                 for ready in readies]
        waiting = [asyncio.create_task(r.wait()) for r in readies]
        await asyncio.wait(waiting, timeout=120)
        for w in waiting:
            w.cancel()
        stats.rss_seated = rss_mib(server_pid)
        bots_before = await bot_versions(http, bot_tables) if bot_tables else 0
        workers = children(server_pid)
        workers_cpu = sum(cpu_seconds(w) for w in workers)
        started = time.monotonic()
        stop_at[0] = started + args.seconds
        go.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - started
        stats.rss_after = rss_mib(server_pid)
        if bot_tables:
            stats.bot_moves = await bot_versions(http, bot_tables) - bots_before
            stats.bot_cpu = sum(cpu_seconds(w) for w in children(server_pid) if w in workers) - workers_cpu
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        print(f"{len(failures)} table clients failed; first: {failures[0]!r}", file=sys.stderr)
    return stats, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="live tables, one client each (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="length of the run (default 30)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a client waits before its move, jittered 0.5-1.5x (default 1.0)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="server bots' thinking delay (default 0)")
    parser.add_argument("--game", default="dschunke")
    parser.add_argument("--bot-tables", type=int, default=0,
                        help="extra tables where every seat is a server bot, playing through the run (default 0)")
    parser.add_argument("--bot-level", default="hard", help="their bots' level (default hard)")
    parser.add_argument("--bot-game", default="dice-hospital", help="their game (default dice-hospital)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also append the figures as a JSON line here")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 600 or not 0 <= args.bot_tables <= 1000:
        parser.error("--tables must be 1-2000, --bot-tables 0-1000 and --seconds 1-600")

    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    with tempfile.TemporaryDirectory(prefix="ludoteca-load-") as data:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        # the clients are scripts on one address: lift the per-person limits and quotas
        env.update({"LUDOTECA_RATE_PER_SECOND": "50", "LUDOTECA_IP_RATE_PER_SECOND": "100000",
                    "LUDOTECA_IP_RATE_BURST": "100000", "LUDOTECA_REST_RATE_PER_SECOND": "100000",
                    "LUDOTECA_REST_RATE_BURST": "100000", "LUDOTECA_TABLES_PER_HOUR": "1000000",
                    "LUDOTECA_TABLES_PER_HOUR_PER_IP": "1000000", "LUDOTECA_OPEN_TABLES": "1000000",
                    "LUDOTECA_OPEN_TABLES_PER_IP": "1000000", "LUDOTECA_WS_PER_IP": "100000"})
        server = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data", data, "--bot-delay", str(args.bot_delay), "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=open(Path(data) / "server.log", "wb"))  # noqa: SIM115
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit("the server did not start:\n" + (Path(data) / "server.log").read_text())
                time.sleep(0.1)
            cpu_before = cpu_seconds(server.pid)
            client_cpu = time.process_time()
            stats, elapsed = asyncio.run(run(args, base, ws_url, server.pid))
            client_cpu = time.process_time() - client_cpu
            server_cpu = cpu_seconds(server.pid) - cpu_before
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    lat = [x * 1000 for x in stats.latencies]
    figures = {
        "tables": args.tables, "seconds": round(elapsed, 1), "think_s": args.think, "game": args.game,
        "moves": stats.moves, "moves_per_s": round(stats.moves / elapsed, 1), "games_finished": stats.games,
        "measured_moves": len(lat),
        "p50_ms": round(statistics.median(lat), 2) if lat else None,
        "p95_ms": round(percentile(lat, 0.95), 2) if lat else None,
        "p99_ms": round(percentile(lat, 0.99), 2) if lat else None,
        "server_cpu_s": round(server_cpu, 1), "client_cpu_s": round(client_cpu, 1), "errors": stats.errors,
        "load_average": round(os.getloadavg()[0], 1),
        "bot_tables": args.bot_tables, "bot_level": args.bot_level if args.bot_tables else None,
        "bot_game": args.bot_game if args.bot_tables else None, "bot_moves": stats.bot_moves,
        "bot_worker_cpu_s": round(stats.bot_cpu, 1),
        "server_rss_mib": {"before": round(stats.rss_before, 1), "seated": round(stats.rss_seated, 1),
                           "after": round(stats.rss_after, 1)},
        "kib_per_table": round(1024 * (max(stats.rss_seated, stats.rss_after) - stats.rss_before) / args.tables, 1),
    }
    print(f"{args.tables} live tables of {args.game} for {elapsed:.1f} s on one server process")
    print(f"  moves: {stats.moves} ({figures['moves_per_s']}/s), games finished: {stats.games}, "
          f"CPU: server {server_cpu:.1f} s, clients {client_cpu:.1f} s (set-up included); "
          f"machine load average {figures['load_average']}")
    if lat:
        print(f"  move-to-broadcast latency over {len(lat)} client moves: p50 {figures['p50_ms']} ms, "
              f"p95 {figures['p95_ms']} ms, p99 {figures['p99_ms']} ms (target p95 <= 50 ms)")
    print(f"  server memory: {stats.rss_before:.0f} MiB before the tables, {stats.rss_seated:.0f} MiB with every "
          f"table seated, {stats.rss_after:.0f} MiB at the end: {figures['kib_per_table']} KiB per live table "
          f"(target <= 1,024)")
    if args.bot_tables:
        print(f"  meanwhile {args.bot_tables} all-{args.bot_level} {args.bot_game} tables made {stats.bot_moves} "
              f"moves; the bot workers used {stats.bot_cpu:.1f} CPU s")
    if stats.errors:
        print(f"  errors: {stats.errors}")
    if args.json:
        with args.json.open("a") as out:
            out.write(json.dumps(figures) + "\n")


if __name__ == "__main__":
    main()
