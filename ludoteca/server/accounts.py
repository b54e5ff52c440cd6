"""Accounts: a user name and a password (argon2id, ``argon2-cffi``) for a seat holder.

A guest who registers, or logs in, hands its seats to the account (:meth:`Store.move_seats`):
the account's id is a fresh one, so the guest cookie it had before (or a copy of it) holds
nothing afterwards, while every seat, live table and finished table comes along.

No user enumeration at log-in: an unknown user name and a wrong password get the same answer
(``bad_login``), after the same work -- an unknown name is checked against a stand-in hash made
at start-up, so both cost one argon2 verification.  Attempts are rate-limited per address and
per user name (whether or not that name exists, so the limit reveals nothing either), and at
most ``hashes_at_once`` hashes run at a time, so a burst of log-ins cannot exhaust memory
(each argon2 hash takes 64 MiB for a moment).  Registration necessarily says when a name is
taken; user names are not secret anyway (they are shown at tables).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, select, update
from sqlalchemy.exc import IntegrityError

from .db import accounts
from .identity import RESERVED_PREFIX
from .ratelimit import KeyedBuckets
from .refusals import Rejected
from .store import now

USERNAME = re.compile(r"[\w.-]{3,32}")
PASSWORD_MIN, PASSWORD_MAX = 8, 128
BAD_LOGIN = "the user name or the password is wrong"


@dataclass(frozen=True)
class Account:
    user_id: str
    username: str
    display_name: str
    password_hash: str


def clean_username(raw: str) -> str:
    """A user name: 3-32 letters, digits, ``_``, ``.`` or ``-``, not one a bot could be taken for."""
    name = raw.strip()
    if not USERNAME.fullmatch(name):
        raise Rejected("bad_request", "a user name must be 3 to 32 letters, digits, '_', '.' or '-'")
    if username_key(name).startswith(RESERVED_PREFIX):
        raise Rejected("bad_request", "user names starting with \"Bot\" are kept for the bots")
    return name


def username_key(name: str) -> str:
    """The form two names are compared in: "Ana", "ANA" and "Ａｎａ" are one user name."""
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def check_password(raw: str) -> str:
    if not PASSWORD_MIN <= len(raw) <= PASSWORD_MAX:
        raise Rejected("bad_request", f"a password must be {PASSWORD_MIN} to {PASSWORD_MAX} characters long")
    return raw


class Passwords:
    """Hashing and checking, off the event loop and a few at a time."""

    def __init__(self, at_once: int = 2) -> None:
        self.hasher = PasswordHasher()  # argon2id with the library's recommended parameters
        self.gate = asyncio.Semaphore(at_once)
        self.stand_in = self.hasher.hash(secrets.token_urlsafe(16))

    async def hash(self, password: str) -> str:
        async with self.gate:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; with no stored hash (an unknown user) the
        same work is done against the stand-in, and the answer is False."""
        async with self.gate:
            return await asyncio.to_thread(self._verify, stored, password)

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            matched = self.hasher.verify(stored or self.stand_in, password)
        except (VerificationError, InvalidHashError):
            matched = False
        return matched and stored is not None


class LoginLimits:
    """Token buckets per address and per user name (rates are per minute)."""

    def __init__(self, settings: Any) -> None:
        self.by_ip = KeyedBuckets(settings.login_rate_per_minute / 60, settings.login_burst)
        self.by_name = KeyedBuckets(settings.login_name_rate_per_minute / 60, settings.login_name_burst)
        self.register_by_ip = KeyedBuckets(settings.register_rate_per_minute / 60, settings.register_burst)

    def login(self, ip: str, key: str) -> None:
        # Both buckets are charged, so neither many names from one address nor one name from
        # many addresses gets through.
        ip_ok, name_ok = self.by_ip.take(ip), self.by_name.take(key)
        if not (ip_ok and name_ok):
            raise Rejected("rate_limited", "too many log-in attempts; wait a minute and try again")

    def register(self, ip: str) -> None:
        if not self.register_by_ip.take(ip):
            raise Rejected("rate_limited", "too many new accounts from this address; wait a minute and try again")


# ---- SQL (run in the store's threads) -------------------------------------------------------------
def create_account(engine: Engine, user_id: str, username: str, password_hash: str, display_name: str) -> bool:
    """Store a new account; False (nothing stored) when the user name is taken."""
    try:
        with engine.begin() as conn:
            conn.execute(accounts.insert().values(user_id=user_id, username=username,
                                                  username_key=username_key(username),
                                                  password_hash=password_hash, display_name=display_name,
                                                  created_at=now()))
    except IntegrityError:
        return False
    return True


def find_account(engine: Engine, key: str) -> Account | None:
    with engine.connect() as conn:
        row = conn.execute(select(accounts.c.user_id, accounts.c.username, accounts.c.display_name,
                                  accounts.c.password_hash).where(accounts.c.username_key == key)).first()
    return Account(row.user_id, row.username, row.display_name, row.password_hash) if row else None


def set_display_name(engine: Engine, user_id: str, name: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.user_id == user_id).values(display_name=name))


def set_password_hash(engine: Engine, user_id: str, password_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.user_id == user_id).values(password_hash=password_hash))
