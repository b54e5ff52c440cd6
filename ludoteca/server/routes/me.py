"""Who am I: the guest's display name, kept in the signed cookie and shown at their seats."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from .. import deps
from ..deps import Body
from ..identity import Guest, clean_name
from ..live import Rejected, TableManager

router = APIRouter(prefix="/api", tags=["me"])


class Rename(Body):
    name: str


@router.get("/me")
async def me(who: Guest = Depends(deps.guest)) -> dict[str, Any]:
    return {"name": who.name}


@router.post("/me", openapi_extra=deps.body_schema(Rename))
async def rename(request: Request, response: Response, body: Rename = Depends(deps.json_body(Rename)),
                 who: Guest = Depends(deps.guest), tables: TableManager = Depends(deps.manager)) -> dict[str, Any]:
    try:
        name = clean_name(body.name)
    except ValueError as exc:
        raise Rejected("bad_request", str(exc)) from exc
    deps.issue(request, response, Guest(who.id, name))
    await tables.rename(who, name)
    return {"name": name}
