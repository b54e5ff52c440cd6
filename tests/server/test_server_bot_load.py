"""People's moves stay fast whatever the bots do: 50 tables whose every seat is a ``hard`` bot
keep the server's bot pool busy while a person plays about a hundred moves at another table
(Dice Hospital, holding both seats, so every new version is their own move); the time from
sending a move to receiving the broadcast that contains it stays at p95 <= 50 ms.

A measured bound, asked for by the issue, so it is written to be robust on a busy machine (the
suite may run with ``-n 2`` on two cores): a generous sample (120 moves, the first 10 dropped
as warm-up), the 95th percentile rather than the worst case, up to three windows of it (the
bound must hold in one; the bots run through all of them), and a check that the bot tables
really moved during each window, so a fast result cannot come from idle bots.  The figures
are printed (run with ``-s``); benchmarks/load_tables.py ``--bot-tables`` measures the same at
other sizes.
"""

from __future__ import annotations

import os
import signal
import statistics
import time
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, receive, send

BOT_TABLES = 50
#: The person's game: Dice Hospital's states are small, so the measure is the server's commit
#: path and not the labelling of Dschunke's hundreds of placements.
PERSON_GAME = "dice-hospital"
MOVES, WARM_UP = 120, 10
#: Measurement windows: the bound must hold in one of them, so a burst of load from other jobs
#: on a shared machine (the suite runs with -n 2 beside other work) does not decide the result;
#: bots sharing the event loop's GIL made every window slow (p95 2 s), which this still catches.
WINDOWS = 3
#: A person thinks between moves: 0.15 s keeps the measurement going for 18 s or more, long
#: enough for the bot tables to make many moves meanwhile.
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


def test_fifty_hard_bot_tables_keep_a_persons_move_fast(tmp_path: Path) -> None:
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
        windows = []
        for _ in range(WINDOWS):
            before, bot_cpu, started = bot_moves(guest, bot_tables), cpu_seconds(workers), time.monotonic()
            sample = [x * 1000 for x in person_latencies(guest, MOVES)[WARM_UP:]]
            elapsed = time.monotonic() - started
            during, bot_cpu = bot_moves(guest, bot_tables) - before, cpu_seconds(workers) - bot_cpu
            p95 = percentile(sample, 0.95)
            windows.append(p95)
            print(f"{BOT_TABLES} hard-bot tables: {during} bot moves in {elapsed:.1f} s while a person made "
                  f"{len(sample)} measured moves; p50 {statistics.median(sample):.1f} ms, p95 {p95:.1f} ms, "
                  f"max {max(sample):.1f} ms; bot workers used {bot_cpu:.1f} CPU s; "
                  f"load average {os.getloadavg()[0]:.1f}")
            assert during >= 5 and bot_cpu >= 1.0, \
                f"the bot tables hardly moved ({during} moves, {bot_cpu:.1f} CPU s): the load was not real"
            if p95 <= 50:
                break
        assert min(windows) <= 50, \
            f"a person's move took p95 {', '.join(f'{w:.1f}' for w in windows)} ms in {len(windows)} windows " \
            f"with {BOT_TABLES} hard-bot tables running"
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
