"""Who am I: the display name (kept in the signed cookie, shown at every seat held, and for an
account kept with the account too) and the account's user name, if logged in."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from .. import deps
from ..accounts import set_display_name
from ..deps import Body
from ..identity import Guest, clean_name
from ..live import Rejected, TableManager
from ..store import Store
from .account import me_info

router = APIRouter(prefix="/api", tags=["me"])


class Rename(Body):
    name: str


@router.get("/me")
async def me(who: Guest = Depends(deps.guest)) -> dict[str, Any]:
    return me_info(who)


@router.post("/me", openapi_extra=deps.body_schema(Rename))
async def rename(request: Request, response: Response, body: Rename = Depends(deps.json_body(Rename)),
                 who: Guest = Depends(deps.guest), tables: TableManager = Depends(deps.manager),
                 store: Store = Depends(deps.store)) -> dict[str, Any]:
    try:
        name = clean_name(body.name)
    except ValueError as exc:
        raise Rejected("bad_request", str(exc)) from exc
    renamed = replace(who, name=name)
    if who.account:
        await store.run(set_display_name, store.engine, who.id, name)
    deps.issue(request, response, renamed)
    await tables.rename(who, name)
    return me_info(renamed)
