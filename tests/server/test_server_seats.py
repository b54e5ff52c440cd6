"""Seats: a seat taken with "sit" whose holder stays away while the table waits goes back to
open; two people at one table never show the same name ("Ana", "Ana (2)"); and a bot's random
numbers come from a keyed hash of the table seed, the seat and the purpose, never from the
game's own stream."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, join

from ludoteca.bots import make
from ludoteca.server import seatbots
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.identity import Guest as Identity
from ludoteca.server.live import TableManager
from ludoteca.server.pubsub import LocalHub
from ludoteca.server.store import Store, unique_name

SEAT_TIMEOUT = 2.0
SERVER_ENV = {**UNTHROTTLED, "LUDOTECA_SEAT_TIMEOUT": str(SEAT_TIMEOUT)}


def seats_of(guest: Guest, table_id: str) -> list[dict]:
    return guest.http.get(f"/api/tables/{table_id}").json()["seats"]


def wait_for(check, timeout: float) -> float:  # noqa: ANN001
    """Seconds until ``check()`` is true (fails after ``timeout``)."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, "the condition never came true"
        time.sleep(0.1)
    return time.monotonic() - started


def test_a_seat_whose_holder_stays_away_while_the_table_waits_goes_back_to_open(server: Server) -> None:
    host, absent, present = Guest(server), Guest(server), Guest(server)
    table = host.create("dice-hospital", seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}])
    table_id = table["id"]
    with host.socket() as hws, present.socket() as pws:
        join(hws, table_id)
        absent.http.post(f"/api/tables/{table_id}/sit", json={"seat": 1}).raise_for_status()
        sat = time.monotonic()
        present.http.post(f"/api/tables/{table_id}/sit", json={"seat": 2}).raise_for_status()
        join(pws, table_id, mine=[2])  # opens the table: present
        freed_after = wait_for(lambda: seats_of(host, table_id)[1]["kind"] == "open", timeout=SEAT_TIMEOUT + 5)
        assert time.monotonic() - sat >= SEAT_TIMEOUT  # never before the timeout
        assert freed_after <= SEAT_TIMEOUT + 3
        assert seats_of(host, table_id)[1]["name"] is None
        time.sleep(SEAT_TIMEOUT + 1)  # a holder who keeps the table open keeps the seat
        assert seats_of(host, table_id)[2]["kind"] == "human"
    # the present holder left too: after the timeout their seat is open as well; the creator's
    # own seat is never freed
    wait_for(lambda: seats_of(host, table_id)[2]["kind"] == "open", timeout=SEAT_TIMEOUT + 5)
    assert seats_of(host, table_id)[0]["kind"] == "human"
    # the absent guest may sit again; once every seat is taken the game is on and nobody is freed
    for guest, seat in ((absent, 1), (present, 2), (Guest(server), 3)):
        guest.http.post(f"/api/tables/{table_id}/sit", json={"seat": seat}).raise_for_status()
    assert host.http.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    time.sleep(SEAT_TIMEOUT + 1.5)
    assert [s["kind"] for s in seats_of(host, table_id)] == ["human"] * 4


def test_two_people_at_one_table_never_show_the_same_name(server: Server) -> None:
    ana, other_ana, third, mine_twice = Guest(server), Guest(server), Guest(server), Guest(server)
    ana.http.post("/api/me", json={"name": "Ana"}).raise_for_status()
    other_ana.http.post("/api/me", json={"name": "Ana"}).raise_for_status()
    third.http.post("/api/me", json={"name": "ana"}).raise_for_status()
    table = ana.create("dice-hospital", seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}])
    table_id = table["id"]
    other_ana.http.post(f"/api/tables/{table_id}/sit", json={"seat": 1}).raise_for_status()
    third.http.post(f"/api/tables/{table_id}/sit", json={"seat": 2}).raise_for_status()
    assert [s["name"] for s in seats_of(ana, table_id)] == ["Ana", "Ana (2)", "ana (3)", None]
    # a rename is made unique at each table too; taking back a plain name works once it is free
    third.http.post("/api/me", json={"name": "Bea"}).raise_for_status()
    other_ana.http.post("/api/me", json={"name": "Bea"}).raise_for_status()
    assert [s["name"] for s in seats_of(ana, table_id)] == ["Ana", "Bea (2)", "Bea", None]
    # elsewhere the same guest keeps the plain name: uniqueness is per table
    elsewhere = other_ana.create()
    assert elsewhere["seats"][0]["name"] == "Bea"
    # one guest holding two seats shows one name at both
    mine_twice.http.post("/api/me", json={"name": "Ana"}).raise_for_status()
    duo = mine_twice.create("dice-hospital", seats=[{"kind": "me"}, {"kind": "me"}, {"kind": "open"}])
    ana.http.post(f"/api/tables/{duo['id']}/sit", json={"seat": 2}).raise_for_status()
    assert [s["name"] for s in seats_of(ana, duo["id"])] == ["Ana", "Ana", "Ana (2)"]
    # and the live state shows the same names
    with ana.socket() as ws:
        assert [s["name"] for s in join(ws, table_id)["seats"]] == ["Ana", "Bea (2)", "Bea", None]


def test_unique_name_counts_past_every_taken_suffix() -> None:
    assert unique_name("Ana", []) == "Ana"
    assert unique_name("Ana", ["ANA"]) == "Ana (2)"
    assert unique_name("Ana", ["Ana", "Ana (2)", "ana (3)"]) == "Ana (4)"
    assert unique_name("Bo", ["Ana", None, "Bo (2)"]) == "Bo"


def test_bot_seeds_are_a_keyed_hash_never_the_games_stream() -> None:
    seeds = [random.Random(n).getrandbits(62) for n in range(300)]
    for table_seed in seeds:
        derived = [seatbots.bot_seed(table_seed, seat, "move", 0) for seat in range(5)]
        assert table_seed not in derived and len(set(derived)) == 5
        assert all(0 <= d < 2 ** 63 for d in derived)
        game_stream = [random.Random(table_seed).random() for _ in range(3)]
        assert all([random.Random(d).random() for _ in range(3)] != game_stream for d in derived)
    # the same inputs give the same seed (every process agrees); every input matters
    assert seatbots.bot_seed(7, 0, "move", 3) == seatbots.bot_seed(7, 0, "move", 3)
    variants = {seatbots.bot_seed(7, 0, "move", 3), seatbots.bot_seed(8, 0, "move", 3),
                seatbots.bot_seed(7, 1, "move", 3), seatbots.bot_seed(7, 0, "fallback", 3),
                seatbots.bot_seed(7, 0, "move", 4)}
    assert len(variants) == 5


def test_the_bot_at_seat_0_draws_from_its_derived_seed(tmp_path: Path) -> None:
    """The move a server bot plays is the one a bot seeded with ``bot_seed(table seed, seat,
    "move", version)`` chooses -- and not the one seeded with the table seed."""
    async def scenario() -> None:
        engine_ = make_engine(f"sqlite:///{tmp_path / 'seeds.db'}")
        migrate(engine_)
        manager = TableManager(Store(engine_), LocalHub(), bot_delay=0)
        me = Identity("me", "Me")
        differs = 0
        for _ in range(8):
            table = await manager.create(me, "dice-hospital", 2, None, None,
                                         [{"kind": "bot", "level": "random"}, {"kind": "me"}], ["random"])
            start = manager.tables[table.id].game.new(2, table.state.seed, table.state.options)
            while table.state.version == 0:
                await asyncio.sleep(0.01)
            played = table.state.record()["actions"][0][1]
            expected = make("random", seed=seatbots.bot_seed(start.seed, 0, "move", 0)).choose(start, 0)
            naive = make("random", seed=start.seed).choose(start, 0)
            assert played == expected
            differs += expected != naive
        assert differs > 0  # the derived stream is not the table's own
        await manager.stop()
        manager.store.close()

    asyncio.run(scenario())
