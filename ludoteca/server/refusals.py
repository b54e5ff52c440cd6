"""The refusals the server gives: a ``code`` for programs and a sentence for people.

They live in their own small module so that the storage layer can refuse too (a database that
does not answer in time is a ``storage`` refusal, HTTP 503) without importing the live tables.
``ludoteca.server.live`` re-exports :class:`Rejected`, where the other modules import it from.
"""

from __future__ import annotations


class Rejected(Exception):
    """A refusal sent to the one client that asked: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class StorageUnavailable(Rejected):
    """The database did not answer in time (locked, full, unreachable): nothing was changed,
    and the caller may try again.  REST answers it with 503 ``{"code": "storage"}``."""

    def __init__(self, message: str = "the database is busy or unavailable, so nothing was changed; "
                                      "please try again in a moment") -> None:
        super().__init__("storage", message)
