"""Quotas on table creation (per guest and per address, per hour and at once) and the REST rate
limit: real servers with small limits, and the quota's bookkeeping on a fake clock."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from server_harness import UNTHROTTLED, Guest, Server

from ludoteca.server.live import Rejected
from ludoteca.server.quotas import DAY, HOUR, TableQuota

OPEN = [{"kind": "me"}, {"kind": "open"}]
BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
VERSUS_BOT = [{"kind": "me"}, {"kind": "bot", "level": "random"}]


@contextmanager
def server_with(tmp_path: Path, bot_delay: float = 0.0, **limits: int) -> Iterator[Server]:
    """A server with every limit lifted except the ones named (``open_tables=2`` sets
    ``LUDOTECA_OPEN_TABLES=2``)."""
    env = dict(UNTHROTTLED)
    env.update({f"LUDOTECA_{name.upper()}": str(value) for name, value in limits.items()})
    server = Server(tmp_path, env=env, bot_delay=bot_delay).start()
    try:
        yield server
    finally:
        server.stop()


def create(guest: Guest, seats: list[dict]) -> httpx.Response:
    return guest.http.post("/api/tables", json={"game": "dschunke", "players": 2, "seats": seats})


def refused(response: httpx.Response, words: str) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["code"] == "quota" and words in response.json()["detail"], response.json()


def test_a_guest_holds_at_most_n_tables_waiting_for_players(tmp_path: Path) -> None:
    with server_with(tmp_path, open_tables=2) as server:
        host, friend = Guest(server), Guest(server)
        first = create(host, OPEN).json()
        assert create(host, OPEN).status_code == 200
        refused(create(host, OPEN), "you already have 2 tables waiting for players or played only by bots")
        refused(create(host, BOTS), "you already have 2 tables")  # all-bot tables count the same
        assert create(host, VERSUS_BOT).status_code == 200  # a table with its creator seated does not
        assert len(host.http.get("/api/my-tables").json()) == 3  # the refusals created nothing
        assert create(friend, OPEN).status_code == 200  # the quota is the guest's, not everybody's
        friend.http.post(f"/api/tables/{first['id']}/sit", json={"seat": 1}).raise_for_status()
        assert create(host, OPEN).status_code == 200  # the first table started: it no longer counts
        refused(create(host, OPEN), "you already have 2 tables")


def test_an_all_bot_table_counts_until_it_finishes(tmp_path: Path) -> None:
    with server_with(tmp_path, bot_delay=0.05, open_tables=1) as server:
        guest = Guest(server)
        table = create(guest, BOTS).json()
        refused(create(guest, BOTS), "you already have 1 table waiting for players or played only by bots")
        deadline = time.monotonic() + 60
        while guest.http.get(f"/api/tables/{table['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' game did not finish"
            time.sleep(0.2)
        assert create(guest, BOTS).status_code == 200


def test_a_guest_creates_at_most_n_tables_an_hour_and_refusals_do_not_count(tmp_path: Path) -> None:
    with server_with(tmp_path, tables_per_hour=3) as server:
        guest = Guest(server)
        for _ in range(2):
            assert create(guest, VERSUS_BOT).status_code == 200
        bad = guest.http.post("/api/tables", json={"game": "chess"})
        assert bad.status_code == 404  # judged, refused, and not charged
        assert create(guest, VERSUS_BOT).status_code == 200
        refused(create(guest, VERSUS_BOT), "you have created 3 tables in the last hour, the most allowed; "
                                           "try again in 60 minutes")
        assert create(Guest(server), VERSUS_BOT).status_code == 200


def test_one_address_is_limited_however_many_guests_it_mints(tmp_path: Path) -> None:
    # bots slow enough that the all-bot table is still being played when the third guest asks
    with server_with(tmp_path, bot_delay=1.0, open_tables_per_ip=2, tables_per_hour_per_ip=4) as server:
        assert create(Guest(server), OPEN).status_code == 200
        assert create(Guest(server), BOTS).status_code == 200
        refused(create(Guest(server), OPEN), "your network address already has 2 tables waiting for players")
        assert create(Guest(server), VERSUS_BOT).status_code == 200
        assert create(Guest(server), VERSUS_BOT).status_code == 200
        refused(create(Guest(server), VERSUS_BOT), "your network address has created 4 tables in the last hour")


def test_the_rest_rate_limit_answers_429_then_lets_the_address_back_in(tmp_path: Path) -> None:
    with server_with(tmp_path, rest_rate_per_second=5, rest_rate_burst=10) as server:
        time.sleep(2.2)  # the start-up polling spent part of the burst: let it refill
        client = httpx.Client(base_url=server.url)
        started = time.monotonic()
        answers = [client.get("/api/games") for _ in range(30)]
        elapsed = time.monotonic() - started
        ok = [r for r in answers if r.status_code == 200]
        limited = [r for r in answers if r.status_code == 429]
        assert len(ok) + len(limited) == 30 and limited
        assert 10 <= len(ok) <= 10 + 5 * elapsed + 1
        assert limited[0].headers["retry-after"] == "1"
        assert limited[0].json() == {"code": "rate_limited",
                                     "detail": "too many requests from your address: at most 5 a second "
                                               "(bursts of 10); wait a moment and try again"}
        assert limited[0].headers["x-frame-options"] == "DENY"  # refusals carry the headers too
        assert client.get("/static/app.js").status_code == 200  # files are not counted
        time.sleep(1.2)
        assert client.get("/api/games").status_code == 200


# ---- the bookkeeping, on a fake clock ---------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def always(_table_id: str) -> bool:
    return True


def reserve(quota: TableQuota, guest: str, ip: str = "10.0.0.1", at_once: bool = False, table: str = "",
            still_counts=always) -> None:
    reservation = asyncio.run(quota.reserve(guest, ip, at_once, still_counts))
    quota.confirm(reservation, table or f"t{time.monotonic_ns()}")


def test_the_hour_slides_and_a_cancelled_creation_gives_its_place_back() -> None:
    clock = Clock()
    quota = TableQuota(per_hour=2, per_hour_ip=100, at_once=100, at_once_ip=100, clock=clock)
    reserve(quota, "ana")
    clock.now += 1800
    pending = asyncio.run(quota.reserve("ana", "10.0.0.1", False, always))
    quota.cancel(pending)  # the game refused the options: nothing was created
    reserve(quota, "ana")
    with pytest.raises(Rejected, match="created 2 tables in the last hour, the most allowed; try again in 30 minutes"):
        reserve(quota, "ana")
    clock.now += HOUR - 1800 + 1  # the first creation is now more than an hour old
    reserve(quota, "ana")
    with pytest.raises(Rejected, match="try again in 30 minutes"):
        reserve(quota, "ana")


def test_a_table_stops_counting_at_once_when_it_starts_or_after_a_day() -> None:
    clock = Clock()
    quota = TableQuota(per_hour=100, per_hour_ip=100, at_once=1, at_once_ip=100, clock=clock)
    waiting = {"a"}

    async def still_counts(table_id: str) -> bool:
        return table_id in waiting

    reserve(quota, "ana", at_once=True, table="a", still_counts=still_counts)
    with pytest.raises(Rejected, match="already have 1 table waiting"):
        reserve(quota, "ana", at_once=True, still_counts=still_counts)
    waiting.discard("a")  # somebody sat down: the table started
    reserve(quota, "ana", at_once=True, table="b", still_counts=still_counts)
    with pytest.raises(Rejected, match="already have 1 table waiting"):
        reserve(quota, "ana", at_once=True)
    clock.now += DAY  # nobody came for a day: it no longer holds the guest back
    reserve(quota, "ana", at_once=True)


def test_two_requests_at_once_cannot_both_take_the_last_place() -> None:
    quota = TableQuota(per_hour=100, per_hour_ip=100, at_once=1, at_once_ip=100)
    reserve(quota, "ana", at_once=True, table="old")

    async def finished_by_now(_table_id: str) -> bool:
        await asyncio.sleep(0)  # the look-up lets the other request run
        return False

    async def both() -> list:
        return await asyncio.gather(*(quota.reserve("ana", "10.0.0.1", True, finished_by_now) for _ in range(2)),
                                    return_exceptions=True)

    results = asyncio.run(both())
    assert sum(isinstance(r, Rejected) for r in results) == 1
    assert sum(not isinstance(r, Exception) for r in results) == 1
