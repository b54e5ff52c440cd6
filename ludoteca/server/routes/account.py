"""Accounts over HTTP: register (a guest becomes an account, keeping its seats), log in (a new
session cookie; the guest's seats come along), log out (back to a fresh guest).  Every one is a
POST, so the CSRF guard checks it like any other change (security.py)."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from .. import deps
from ..accounts import (
    BAD_LOGIN,
    LoginLimits,
    Passwords,
    check_password,
    clean_username,
    create_account,
    find_account,
    set_password_hash,
    username_key,
)
from ..deps import Body
from ..identity import Guest, Identity, new_sid
from ..live import Rejected, TableManager
from ..store import Store

router = APIRouter(prefix="/api/account", tags=["account"])
#: The names guests are given (identity.new_guest): a guest who kept one takes the user name.
DEFAULT_GUEST = "Guest-"


class Credentials(Body):
    username: str = Field(max_length=64)
    password: str = Field(max_length=256)


class NoFields(Body):
    """A POST that needs no data."""


def passwords(request: Request) -> Passwords:
    return request.app.state.passwords


def limits(request: Request) -> LoginLimits:
    return request.app.state.login_limits


def me_info(who: Guest) -> dict[str, Any]:
    return {"name": who.name, "account": who.account or None}


async def become(request: Request, response: Response, who: Guest, new: Guest, tables: TableManager) -> None:
    """Start ``new``'s session (a new cookie and CSRF token) and hand ``who``'s seats to it."""
    if who.id != new.id and not who.account:
        await tables.move_seats(who.id, new)
    deps.issue(request, response, new)


@router.post("/register", openapi_extra=deps.body_schema(Credentials))
async def register(request: Request, response: Response, body: Credentials = Depends(deps.json_body(Credentials)),
                   who: Guest = Depends(deps.guest), store: Store = Depends(deps.store),
                   tables: TableManager = Depends(deps.manager), hasher: Passwords = Depends(passwords),
                   limit: LoginLimits = Depends(limits), ip: str = Depends(deps.client_ip)) -> dict[str, Any]:
    if who.account:
        raise Rejected("logged_in", "you are logged in to an account; log out first to make another")
    username, password = clean_username(body.username), check_password(body.password)
    limit.register(ip)
    shown = username if who.name.startswith(DEFAULT_GUEST) else who.name
    new = Guest(secrets.token_hex(8), shown, account=username, sid=new_sid())
    digest = await hasher.hash(password)
    if not await store.run(create_account, store.engine, new.id, username, digest, shown):
        raise Rejected("name_taken", f"the user name {username!r} is taken; choose another")
    await become(request, response, who, new, tables)
    return me_info(new)


@router.post("/login", openapi_extra=deps.body_schema(Credentials))
async def login(request: Request, response: Response, body: Credentials = Depends(deps.json_body(Credentials)),
                who: Guest = Depends(deps.guest), store: Store = Depends(deps.store),
                tables: TableManager = Depends(deps.manager), hasher: Passwords = Depends(passwords),
                limit: LoginLimits = Depends(limits), ip: str = Depends(deps.client_ip)) -> dict[str, Any]:
    key = username_key(body.username)
    limit.login(ip, key)
    account = await store.read(find_account, store.engine, key)
    if not await hasher.verify(account.password_hash if account else None, body.password) or account is None:
        raise Rejected("bad_login", BAD_LOGIN)
    if hasher.hasher.check_needs_rehash(account.password_hash):
        await store.run(set_password_hash, store.engine, account.user_id, await hasher.hash(body.password))
    new = Guest(account.user_id, account.display_name, account=account.username, sid=new_sid())
    await become(request, response, who, new, tables)
    return me_info(new)


@router.post("/logout")
async def logout(request: Request, response: Response, _body: NoFields = Depends(deps.json_body(NoFields)),
                 _who: Guest = Depends(deps.guest)) -> dict[str, Any]:
    """Back to a brand-new guest: the account's seats stay with the account."""
    ids: Identity = deps.identity(request)
    fresh = ids.new_guest()
    deps.issue(request, response, fresh)
    return me_info(fresh)
