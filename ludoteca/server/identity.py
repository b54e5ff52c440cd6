"""Who is asking: a random id and a display name in a signed, timestamped cookie, for a guest
or (after a log-in, accounts.py) for an account, whose user name the cookie then carries too.

The cookie is signed with the server secret, so a client cannot forge another guest's id and
act for a seat it does not hold.  It carries the time it was signed: one older than
``max_age`` is refused (the visitor starts as a new guest), and one older than
``rotate_after`` is signed again with the same id and name, so a guest who keeps coming back
keeps their seats while a copied cookie stops working once its owner has been away long enough.

The CSRF token is derived from the id and the session id with the secret (HMAC): a page can
read it from its own cookie and echo it in a header, a page on another origin can neither read
nor compute it, it survives rotation (same id, same session), and it changes at every log-in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeSerializer, URLSafeTimedSerializer

COOKIE = "ludoteca_guest"
CSRF_COOKIE = "ludoteca_csrf"
CSRF_HEADER = "x-csrf-token"
#: A guest unseen for this long starts again as a new guest.
MAX_AGE = 90 * 24 * 3600
#: A cookie older than this is re-signed (same id, same name) on the next request.
ROTATE_AFTER = 24 * 3600
#: Names no guest may take: seats held by bots are shown as "Bot (level)".
RESERVED_PREFIX = "bot"


@dataclass(frozen=True)
class Guest:
    """Whoever holds the cookie: a guest, or someone logged in to the account whose user name is
    ``account`` (empty for a guest).  The ``id`` is what seats are held by: registering or
    logging in moves the guest's seats to the account's id (accounts.py), so the guest keeps
    every seat and finished table and its old cookie holds nothing.  ``sid`` names this one
    session (new at every log-in), so the cookie and the CSRF token change when someone logs in."""

    id: str
    name: str
    account: str = ""
    sid: str = ""


@dataclass(frozen=True)
class Found:
    """A guest read from a cookie, and whether the cookie should be signed again now."""

    guest: Guest
    reissue: bool


class Identity:
    def __init__(self, secret: str, max_age: int = MAX_AGE, rotate_after: int = ROTATE_AFTER) -> None:
        self.serializer = URLSafeTimedSerializer(secret, salt="ludoteca-guest-timed")
        # Cookies signed before they carried a time: accepted and re-issued in the timed form, so
        # an upgrade does not cost anybody their seats.
        self.legacy = URLSafeSerializer(secret, salt="ludoteca-guest")
        self.max_age = max_age
        self.rotate_after = min(rotate_after, max_age)
        self.csrf_key = hashlib.sha256(b"ludoteca-csrf\0" + secret.encode()).digest()

    def inspect(self, cookie: str | None) -> Found | None:
        """The guest in a valid, unexpired cookie (None for a missing, forged or expired one)."""
        if not cookie or len(cookie) > 1024:
            return None
        try:
            data, signed_at = self.serializer.loads(cookie, max_age=self.max_age, return_timestamp=True)
            age = time.time() - signed_at.timestamp()
            legacy = False
        except BadSignature:  # includes SignatureExpired
            try:
                data, age, legacy = self.legacy.loads(cookie), 0.0, True
            except BadSignature:
                return None
        except Exception:  # a malformed payload that passed no signature check
            return None
        guest = _guest_of(data)
        if guest is None:
            return None
        return Found(guest, legacy or age >= self.rotate_after)

    def read(self, cookie: str | None) -> Guest | None:
        found = self.inspect(cookie)
        return found.guest if found else None

    def write(self, guest: Guest) -> str:
        data: dict[str, object] = {"id": guest.id, "name": guest.name}
        if guest.sid:
            data["sid"] = guest.sid
        if guest.account:
            data["acct"] = guest.account
        return self.serializer.dumps(data)

    def csrf_token(self, guest: Guest) -> str:
        """Bound to the session as well as the id: a token seen before a log-in is worthless
        after it (cookies from before sessions had a ``sid`` keep their old token)."""
        key = guest.id if not guest.sid else f"{guest.id}\0{guest.sid}"
        digest = hmac.new(self.csrf_key, key.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()

    def csrf_ok(self, guest: Guest, token: str | None) -> bool:
        """Whether ``token`` is this guest's; compared as bytes, because compare_digest refuses
        non-ASCII text and a header may carry any bytes (a fuzzed header once made it raise)."""
        if not token:
            return False
        sent = token.encode("utf-8", "surrogateescape")
        return hmac.compare_digest(self.csrf_token(guest).encode(), sent)

    @staticmethod
    def new_guest() -> Guest:
        return Guest(secrets.token_hex(8), f"Guest-{secrets.randbelow(9000) + 1000}", sid=new_sid())


def new_sid() -> str:
    """A fresh session id: every log-in, log-out and registration starts a new session."""
    return secrets.token_urlsafe(12)


def _guest_of(data: object) -> Guest | None:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("name"), str):
        return None
    sid, account = data.get("sid", ""), data.get("acct", "")
    if not isinstance(sid, str) or len(sid) > 64 or not isinstance(account, str) or len(account) > 64:
        return None
    return Guest(data["id"], data["name"], account=account, sid=sid)


def clean_name(raw: object) -> str:
    """A display name: 1-32 printable characters, surrounding spaces trimmed, and not one a bot
    could be mistaken for (any name starting with "Bot", in any case or look-alike form)."""
    if not isinstance(raw, str):
        raise ValueError("name must be text")
    name = re.sub(r"\s+", " ", raw).strip()
    if not 1 <= len(name) <= 32:
        raise ValueError("name must be 1 to 32 characters long")
    if any(not ch.isprintable() for ch in name):
        raise ValueError("name must contain printable characters only")
    folded = unicodedata.normalize("NFKC", name).casefold().lstrip(" -_.·()[]'\"*~")
    if folded.startswith(RESERVED_PREFIX):
        raise ValueError(f"names starting with \"Bot\" are kept for the bots; got {name!r}")
    return name
