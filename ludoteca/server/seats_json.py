"""The one JSON shape of a seat, for every message that lists seats (table summaries, replays,
live states): who sits there as people see it, never the holder's guest id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def public_seat(row: Mapping[str, Any]) -> dict[str, Any]:
    """``{"seat", "kind": "human"|"bot"|"open", "name", "level", "absent"}`` from a seat row;
    ``absent`` says why a bot plays a person's seat ("timeout", "conceded", "expelled") or is null."""
    return {"seat": row["seat"], "kind": row["kind"], "name": row["name"], "level": row["bot_level"],
            "absent": row.get("absent")}


def public_seats(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [public_seat(row) for row in rows]
