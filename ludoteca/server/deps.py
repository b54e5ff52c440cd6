"""What the routes depend on, spelled out: each route names the pieces it uses (the table
manager, the store, the caller's guest identity, a typed body) instead of reaching into one
closure, so a route reads as its signature and a test can see what it touches."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastapi import Request, Response
from pydantic import BaseModel, ConfigDict, ValidationError

from . import safejson
from .config import Settings
from .errors import Invalid, field_errors
from .identity import COOKIE, CSRF_COOKIE, Guest, Identity
from .live import Rejected, TableManager
from .quotas import TableQuota
from .store import Store

M = TypeVar("M", bound=BaseModel)


class Body(BaseModel):
    """A request body: exactly these fields, each of exactly its JSON type (``true`` is not a
    number, ``"2"`` is not a number, an unknown field is an error, not silently dropped)."""

    model_config = ConfigDict(strict=True, extra="forbid")


def settings(request: Request) -> Settings:
    return request.app.state.settings


def identity(request: Request) -> Identity:
    return request.app.state.identity


def manager(request: Request) -> TableManager:
    return request.app.state.manager


def store(request: Request) -> Store:
    return request.app.state.store


def levels(request: Request) -> list[str]:
    return request.app.state.levels


def table_quota(request: Request) -> TableQuota:
    return request.app.state.table_quota


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def guest(request: Request, response: Response) -> Guest:
    """The caller's guest identity.  A first visit, or a cookie past its age, gets a new guest;
    a cookie old enough to rotate is signed again for the same guest (seats are kept)."""
    ids = identity(request)
    found = ids.inspect(request.cookies.get(COOKIE))
    if found is None:
        who = ids.new_guest()
        issue(request, response, who)
    else:
        who = found.guest
        if found.reissue:
            issue(request, response, who)
        elif request.cookies.get(CSRF_COOKIE) != ids.csrf_token(who):
            issue(request, response, who, guest_cookie=False)
    return who


def issue(request: Request, response: Response, who: Guest, guest_cookie: bool = True) -> None:
    """Set the guest cookie (HttpOnly: scripts never see it) and the CSRF token cookie (readable
    by the page, which echoes it in the ``X-CSRF-Token`` header of every POST)."""
    ids, config = identity(request), settings(request)
    secure = config.secure_cookies or request.url.scheme == "https"
    if guest_cookie:
        response.set_cookie(COOKIE, ids.write(who), max_age=ids.max_age, httponly=True, samesite="lax",
                            secure=secure)
    response.set_cookie(CSRF_COOKIE, ids.csrf_token(who), max_age=ids.max_age, httponly=False,
                        samesite="strict", secure=secure)


def json_body(model: type[M]) -> Callable[[Request], Awaitable[M]]:
    """A dependency reading the body as ``model``: parsed with bounds (``safejson``: depth,
    integer length, no NaN, no lone surrogates), then validated; every failure is a 4xx naming
    the problem or the field, never a 500."""

    async def read(request: Request) -> M:
        raw = await request.body()
        data: Any = {}
        if raw.strip():
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise Rejected("unsupported_media_type",
                               "send the body as JSON, with the header Content-Type: application/json")
            try:
                data = safejson.loads(raw)
            except safejson.BadJSON as exc:
                raise Rejected("bad_json", f"the request body is refused: {exc}") from None
        if not isinstance(data, dict):
            raise Invalid([{"field": "body", "message": "must be a JSON object"}])
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise Invalid(field_errors(exc.errors(include_input=False))) from None

    read.__name__ = f"read_{model.__name__}"
    return read


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` describing a body read by :func:`json_body`, for /api/docs."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:  # the bodies are small and not recursive: refs can be inlined
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return {"requestBody": {"required": True, "content": {"application/json": {"schema": inline(schema)}}}}
