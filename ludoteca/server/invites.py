"""Private (invite-only) tables: who may see a table, and the token of its invite link.

A public table (``invite_token`` null) is open to anyone who knows its id.  A private one is
for its seat holders and its creator, and for whoever brings the table's current invite token
(``secrets.token_urlsafe``, compared in constant time); once it is finished only its seat
holders may see it (the replay too).  Every refusal is the same ``unknown_table`` sentence an
id that names no table gets, so a refusal never tells a stranger that the table exists.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from ludoteca.engine.state import short

from .refusals import Rejected

#: Bytes of randomness in a token (32 URL-safe characters): far beyond guessing.
TOKEN_BYTES = 24
#: Longest token a client may send; anything longer cannot be one and is not compared.
MAX_TOKEN_CHARS = 64


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def not_found(table_id: Any) -> Rejected:
    """The one refusal for a table that does not exist and for a private one the caller may not
    see: the same code and the same words."""
    return Rejected("unknown_table", f"no table {short(table_id, 40)} here: check the link "
                                     "(a private table opens only with its whole invite link)")


def holds_seat(seats: list[dict[str, Any]], user_id: str) -> bool:
    """Whether ``user_id`` owns a seat (playing it, or a bot standing in for it)."""
    return any(s.get("user_id") == user_id and s.get("kind") != "open" for s in seats)


def token_fits(expected: str, given: Any) -> bool:
    """Constant-time comparison of the invite token; a token of the wrong type or length is
    refused without comparing."""
    if not isinstance(given, str) or not given or len(given) > MAX_TOKEN_CHARS:
        return False
    return hmac.compare_digest(expected.encode(), given.encode())


def may_see(header: dict[str, Any], seats: list[dict[str, Any]], user_id: str | None, token: Any) -> bool:
    """Whether a caller may see (watch, sit at, read) this table."""
    expected = header.get("invite_token")
    if not expected:
        return True
    if user_id is not None and holds_seat(seats, user_id):
        return True
    if header.get("status") == "finished":
        return False  # a finished private table: its replay is only for its seats
    if user_id is not None and header.get("created_by") == user_id:
        return True
    return token_fits(expected, token)


def check(header: dict[str, Any], seats: list[dict[str, Any]], table_id: str, user_id: str | None,
          token: Any) -> None:
    if not may_see(header, seats, user_id, token):
        raise not_found(table_id)


def link_for(header: dict[str, Any], user_id: str | None) -> str | None:
    """The invite link's fragment for the table's creator (``#/table/<id>?invite=<token>``), or
    None: nobody else is ever sent the token."""
    token = header.get("invite_token")
    if not token or user_id is None or header.get("created_by") != user_id:
        return None
    return f"#/table/{header['id']}?invite={token}"
