"""People's moves are answered while bots think, because the bots think elsewhere: with a
dozen tables whose every seat is a ``hard`` bot keeping the server's bot pool busy, a person
plays thirty moves or more at another table (Dice Hospital, holding both seats, so every new version
is their own move) and every move comes back as the next version; meanwhile the bot tables
move, the thinking is done in the server's worker processes (their CPU time grows) and not in
the server's own process (which spends less CPU than the workers), and killing the server
leaves no worker behind.

How fast the person's moves stay under such load is a figure, not a pass mark here: the
latencies are printed (run with ``-s``), and ``benchmarks/load_tables.py --bot-tables`` measures
them at full size (50 hard-bot tables, p95 against the 50 ms target) for docs/performance.md.
"""

from __future__ import annotations

import os
import signal
import statistics
import time
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, receive, send

BOT_TABLES = 12
#: The person's game: Dice Hospital's states are small, so the server's own work per move is
#: its commit path and not the labelling of Dschunke's hundreds of placements.
PERSON_GAME = "dice-hospital"
MOVES = 30
#: A person thinks between moves: 0.15 s keeps the person playing for 5 s or more, long enough
#: for the bot tables to make many moves meanwhile.
THINK = 0.15


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_moves(guest: Guest, table_ids: list[str]) -> int:
    return sum(guest.http.get(f"/api/tables/{t}").json()["version"] for t in table_ids)


def worker_pids(server_pid: int) -> list[int]:
    """The server's child processes (its bot workers)."""
    children = Path(f"/proc/{server_pid}/task/{server_pid}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def person_latencies(guest: Guest, moves: int) -> list[float]:
    """Seconds from each of ``moves`` moves sent to the first broadcast containing it."""
    latencies: list[float] = []
    with guest.socket() as ws:
        while len(latencies) < moves:
            # the person holds both seats: every new version is one of their own moves
            table = guest.create(PERSON_GAME, seats=[{"kind": "me"}, {"kind": "me"}])
            send(ws, type="join", table=table["id"])
            states = {seat: receive(ws, "state", table=table["id"], seat=seat) for seat in (0, 1)}
            while states[0]["status"] != "finished" and len(latencies) < moves:
                time.sleep(THINK)
                version, mover = states[0]["version"], states[0]["to_move"][0]
                sent = time.perf_counter()
                send(ws, type="act", table=table["id"], seat=mover, version=version,
                     action=states[mover]["legal"][0]["action"])
                first = receive(ws, "state", table=table["id"])
                latencies.append(time.perf_counter() - sent)
                assert first["version"] == version + 1, first
                states[first["seat"]] = first
                other = 1 - first["seat"]
                states[other] = receive(ws, "state", table=table["id"], seat=other, version=version + 1)
            send(ws, type="leave", table=table["id"])
    return latencies


def test_bots_think_in_workers_while_a_person_plays(tmp_path: Path) -> None:
    server = Server(tmp_path, UNTHROTTLED, bot_delay=0)
    try:
        server.start()
        guest = Guest(server)
        hard = {"kind": "bot", "level": "hard"}
        bot_tables = [guest.create("dice-hospital", seats=[hard, hard])["id"] for _ in range(BOT_TABLES)]
        deadline = time.monotonic() + 60
        while bot_moves(guest, bot_tables) < 5:  # the pool is up and thinking
            assert time.monotonic() < deadline, "the hard bots never moved"
            time.sleep(0.5)
        workers = worker_pids(server.process.pid)
        assert workers, "the bots did not think in worker processes"
        before, bot_cpu, own_cpu = bot_moves(guest, bot_tables), cpu_seconds(workers), cpu_seconds([server.process.pid])
        started = time.monotonic()
        sample = [x * 1000 for x in person_latencies(guest, MOVES)]
        # On a busy machine the workers may get little CPU: the person plays on (up to a minute)
        # until the bots have had enough of it for the comparison to mean something.
        while (bot_moves(guest, bot_tables) - before < 5 or cpu_seconds(workers) - bot_cpu < 1.0) \
                and time.monotonic() - started < 60:
            sample += [x * 1000 for x in person_latencies(guest, 10)]
        elapsed = time.monotonic() - started
        during = bot_moves(guest, bot_tables) - before
        bot_cpu = cpu_seconds(workers) - bot_cpu
        own_cpu = cpu_seconds([server.process.pid]) - own_cpu
        print(f"{BOT_TABLES} hard-bot tables: {during} bot moves in {elapsed:.1f} s while a person made "
              f"{len(sample)} moves; p50 {statistics.median(sample):.1f} ms, p95 {percentile(sample, 0.95):.1f} ms, "
              f"max {max(sample):.1f} ms; bot workers used {bot_cpu:.1f} CPU s, the server's own process "
              f"{own_cpu:.1f}; load average {os.getloadavg()[0]:.1f}")
        assert len(sample) >= MOVES
        assert during >= 5, f"the bot tables hardly moved ({during} moves) while the person played"
        assert bot_cpu >= 1.0, f"the bot workers used only {bot_cpu:.2f} CPU s: the bots did not think there"
        assert own_cpu < bot_cpu, \
            f"the server's own process used {own_cpu:.2f} CPU s against the workers' {bot_cpu:.2f}: " \
            "bots are thinking on the event loop"
        # a killed server leaves no worker behind
        server.kill()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() and "zombie" not in _status(pid) for pid in workers):
            assert time.monotonic() < deadline, "bot workers outlived the server"
            time.sleep(0.2)
    finally:
        if server.process and server.process.poll() is None:
            server.process.send_signal(signal.SIGKILL)
        server.stop()


def _status(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"
