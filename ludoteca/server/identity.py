"""Guests: a random id and a display name in a signed cookie.  No accounts, no passwords.

The cookie is signed with the server secret, so a client cannot forge another guest's id and
act for a seat it does not hold.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeSerializer

COOKIE = "ludoteca_guest"
MAX_AGE = 10 * 365 * 24 * 3600


@dataclass(frozen=True)
class Guest:
    id: str
    name: str


class Identity:
    def __init__(self, secret: str) -> None:
        self.serializer = URLSafeSerializer(secret, salt="ludoteca-guest")

    def read(self, cookie: str | None) -> Guest | None:
        if not cookie:
            return None
        try:
            data = self.serializer.loads(cookie)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("name"), str):
            return None
        return Guest(data["id"], data["name"])

    def write(self, guest: Guest) -> str:
        return self.serializer.dumps({"id": guest.id, "name": guest.name})

    @staticmethod
    def new_guest() -> Guest:
        return Guest(secrets.token_hex(8), f"Guest-{secrets.randbelow(9000) + 1000}")


def clean_name(raw: object) -> str:
    """A display name: 1-32 printable characters, surrounding spaces trimmed."""
    if not isinstance(raw, str):
        raise ValueError("name must be text")
    name = re.sub(r"\s+", " ", raw).strip()
    if not 1 <= len(name) <= 32:
        raise ValueError("name must be 1 to 32 characters long")
    if any(not ch.isprintable() for ch in name):
        raise ValueError("name must contain printable characters only")
    return name
