"""Tables: create one (within the guest's and the address's quotas), look at one, take an open
seat, play again, and the guest's live and finished tables."""

from __future__ import annotations

from functools import partial
from typing import Any, Literal

from fastapi import APIRouter, Depends
from pydantic import Field

from .. import deps, invites
from ..deps import Body
from ..identity import Guest
from ..live import TableManager
from ..quotas import TableQuota
from ..seats_json import public_seats
from ..store import Store

router = APIRouter(prefix="/api", tags=["tables"])


class SeatSpec(Body):
    kind: Literal["me", "open", "bot"]
    level: str | None = Field(None, max_length=40)


class Clock(Body):
    """``untimed``, ``turn`` (e.g. 86400 s per move and a 259200-s bank) or ``realtime`` (e.g. a
    600-s bank and 20 s per move); what happens when a seat runs out; the stand-in bot's level."""
    mode: Literal["untimed", "turn", "realtime"] = "untimed"
    bank: float = Field(0, ge=0)
    per_move: float = Field(0, ge=0)
    on_timeout: Literal["bot", "skip", "expel"] = "bot"
    level: str | None = Field(None, max_length=40)


class CreateTable(Body):
    game: str = Field(max_length=64)
    players: int | None = None
    variant: str | None = Field(None, max_length=64)
    options: dict[str, Any] | None = None
    seats: list[SeatSpec] | None = Field(None, max_length=64)
    ranked: bool = False
    clock: Clock | None = None
    #: Whether spectators' chat lines are shown (the creator may change it later).
    spectator_chat: bool = True
    #: A private table is listed nowhere and opens only with its invite link (invites.py).
    private: bool = False


class ChatSettings(Body):
    spectators: bool


class Sit(Body):
    seat: int


class SitInvited(Body):
    seat: int
    #: The token of a private table's invite link (not needed at a public table).
    invite: str | None = Field(None, max_length=invites.MAX_TOKEN_CHARS)


class NoFields(Body):
    """A POST that needs no data: ``{}`` or no body at all."""


@router.post("/tables", openapi_extra=deps.body_schema(CreateTable))
async def create_table(body: CreateTable = Depends(deps.json_body(CreateTable)),
                       who: Guest = Depends(deps.guest), tables: TableManager = Depends(deps.manager),
                       store: Store = Depends(deps.store), quota: TableQuota = Depends(deps.table_quota),
                       ip: str = Depends(deps.client_ip), levels: list[str] = Depends(deps.levels)) -> dict[str, Any]:
    kinds = [seat.kind for seat in body.seats] if body.seats is not None else ["me"]
    reservation = await quota.reserve(who.id, ip, "open" in kinds or "me" not in kinds,
                                      partial(still_counts, store))
    seats = [seat.model_dump(exclude_none=True) for seat in body.seats] if body.seats is not None else None
    try:
        table = await tables.create(who, body.game, body.players, body.options, body.variant or None, seats,
                                    levels, ranked=body.ranked,
                                    clock=body.clock.model_dump() if body.clock is not None else None,
                                    spectator_chat=body.spectator_chat, private=body.private)
    except BaseException:
        quota.cancel(reservation)
        raise
    quota.confirm(reservation, table.id)
    return table_info(table.header, table.seats, who)


@router.get("/tables/{table_id}")
async def get_table(table_id: str, invite: str | None = None, who: Guest = Depends(deps.guest),
                    tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    """A table; a private one needs ``?invite=<token>`` unless the caller holds a seat there or
    created it."""
    table = await tables.open_table(who, table_id, invite)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/sit", openapi_extra=deps.body_schema(SitInvited))
async def sit(table_id: str, body: SitInvited = Depends(deps.json_body(SitInvited)), who: Guest = Depends(deps.guest),
              tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    table = await tables.sit(who, table_id, body.seat, body.invite)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/invite")
async def rotate_invite(table_id: str, _body: NoFields = Depends(deps.json_body(NoFields)),
                        who: Guest = Depends(deps.guest),
                        tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    """The creator of a private table gets a new invite link; the old one stops working."""
    table = await tables.rotate_invite(who, table_id)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/concede", openapi_extra=deps.body_schema(Sit))
async def concede(table_id: str, body: Sit = Depends(deps.json_body(Sit)), who: Guest = Depends(deps.guest),
                  tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    """The game ends for the caller at this seat: a bot plays it out and it ranks last."""
    table = await tables.concede(who, table_id, body.seat)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/reclaim", openapi_extra=deps.body_schema(Sit))
async def reclaim(table_id: str, body: Sit = Depends(deps.json_body(Sit)), who: Guest = Depends(deps.guest),
                  tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    """Play again the seat a bot took when the caller's clock ran out."""
    table = await tables.reclaim(who, table_id, body.seat)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/chat-settings", openapi_extra=deps.body_schema(ChatSettings))
async def chat_settings(table_id: str, body: ChatSettings = Depends(deps.json_body(ChatSettings)),
                        who: Guest = Depends(deps.guest),
                        tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    """The creator shows or hides spectators' chat lines."""
    table = await tables.set_spectator_chat(who, table_id, body.spectators)
    return table_info(table.header, table.seats, who)


@router.post("/tables/{table_id}/again")
async def again(table_id: str, _body: NoFields = Depends(deps.json_body(NoFields)),
                who: Guest = Depends(deps.guest), tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    return {"id": await tables.rematch(who, table_id)}


@router.get("/my-tables")
async def my_tables(who: Guest = Depends(deps.guest), store: Store = Depends(deps.store)) -> list[dict[str, Any]]:
    return [table_info(t, t["seats"], who) for t in await store.run(store.tables_of, who.id, False)]


@router.get("/history")
async def history(who: Guest = Depends(deps.guest), store: Store = Depends(deps.store)) -> list[dict[str, Any]]:
    return [table_info(t, t["seats"], who) for t in await store.run(store.tables_of, who.id, True)]


async def still_counts(store: Store, table_id: str) -> bool:
    """Whether a table still counts against its creator's "at once" quota: it waits for players,
    or it is being played with no human seat."""
    row = await store.run(store.load_header, table_id)
    if row is None:
        return False
    return row["status"] == "waiting" or (row["status"] == "playing"
                                          and not any(s["kind"] == "human" for s in row["seats"]))


def table_info(header: dict[str, Any], seats: list[dict[str, Any]], who: Guest) -> dict[str, Any]:
    """A table as lists show it: status, whose move, scores, its seats, which are the caller's."""
    mine = [s["seat"] for s in seats if s["kind"] == "human" and s["user_id"] == who.id]
    to_move = header.get("to_move") or []
    return {"id": header["id"], "game": header["game"], "players": header["players"],
            "options": header["options"], "status": header["status"], "version": header["version"],
            "to_move": to_move, "scores": header.get("scores"), "winners": header.get("winners"),
            "next": header.get("next_table"), "mine": mine, "ranked": bool(header.get("ranked")),
            "your_turn": header["status"] == "playing" and any(s in to_move for s in mine),
            "seats": public_seats(seats), "clock": header.get("clock"),
            "spectator_chat": bool(header.get("spectator_chat", True)),
            "private": bool(header.get("invite_token")), "invite": invites.link_for(header, who.id),
            "updated_at": header["updated_at"].isoformat() if header.get("updated_at") else None}
