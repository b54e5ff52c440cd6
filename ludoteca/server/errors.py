"""Every refusal the REST side gives is JSON ``{"code", "detail"}`` with a fitting status: a
code for programs, a sentence for people (the client shows ``detail`` as it is)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from .refusals import Rejected

STATUS_OF = {"unknown_table": 404, "unknown_game": 404, "not_your_seat": 403, "not_your_table": 403,
             "seat_taken": 409, "not_over": 409, "damaged_table": 409, "quota": 429, "storage": 503,
             "bad_json": 400, "invalid": 422, "unsupported_media_type": 415,
             "bad_login": 401, "rate_limited": 429, "name_taken": 409, "logged_in": 409,
             "account_needed": 403, "unknown_player": 404, "not_creator": 403}
HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}
#: Pydantic's wording for the common mistakes, in the words the rest of the server uses.
PLAIN = {"int_type": "must be a whole number", "int_parsing": "must be a whole number",
         "int_from_float": "must be a whole number", "string_type": "must be text",
         "dict_type": "must be a mapping (a JSON object)", "list_type": "must be a list",
         "model_type": "must be a mapping (a JSON object)", "bool_type": "must be true or false"}


class Invalid(Exception):
    """A request body or parameter of the wrong shape: each error names its field."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))
        self.errors = errors


def field_errors(raw: list[Any]) -> list[dict[str, str]]:
    """Pydantic's (or FastAPI's) error list as ``[{"field": "seats.1.kind", "message": ...}]``.
    The sent value is never echoed: it may be huge, and people need the rule, not their input."""
    errors = []
    for error in raw[:20]:
        loc = list(error.get("loc", ()))
        if loc and loc[0] in ("body", "query", "path", "header", "cookie"):
            loc = loc[1:]
        where = ".".join(str(part) for part in loc) or "body"
        kind = error.get("type", "")
        if kind == "extra_forbidden":
            message = "unknown field"
        elif kind == "missing":
            message = "required"
        elif kind in PLAIN:
            message = PLAIN[kind]
        else:
            message = str(error.get("msg", "invalid"))[:200]
        errors.append({"field": where, "message": message})
    return errors


def install(app: FastAPI) -> None:
    @app.exception_handler(Rejected)
    async def _rejected(_request: Request, exc: Rejected) -> JSONResponse:
        return JSONResponse({"code": exc.code, "detail": exc.message}, status_code=STATUS_OF.get(exc.code, 400))

    @app.exception_handler(Invalid)
    async def _invalid(_request: Request, exc: Invalid) -> JSONResponse:
        return JSONResponse({"code": "invalid", "detail": str(exc), "errors": exc.errors}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _bad_parameters(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = field_errors(list(exc.errors()))
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
        return JSONResponse({"code": "invalid", "detail": detail, "errors": errors}, status_code=422)

    @app.exception_handler(HTTPException)
    async def _http(_request: Request, exc: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        return JSONResponse({"code": code, "detail": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))
