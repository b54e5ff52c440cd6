"""The knowledge sheet: what one seat learns from each entry of the round's log.

Why one function: the view, the events sent to each seat and the determinizer all read a log
entry through :func:`redact`, so what a seat is shown and what a search bot may reason from can
never drift apart.  The rule text's note-taking variant ("papel, lápiz y goma") is built in:
every entry a seat saw this round stays in its sheet, in order.

Round log entries (full information, kept in the state):

- ``{"k": "deal", "hands": [[r, y, g, b], ...], "cure": [r, y, g, b]}``
- ``{"k": "inquiring", "by", "target", "medicine", "colour", "counted", "count"}``: ``colour``
  went from ``by`` to ``target``, who announced ``count`` cards of ``counted``.
- ``{"k": "feeding", "by", "target", "medicine", "colour", "returned", "count"}``: ``colour``
  went to ``target``, who handed back all ``count`` cards of ``returned``.
- ``{"k": "brewing", "by", "target", "medicine", "cards": [r, y, g, b], "count"}``
- ``{"k": "appealing", "by", "target", "medicine", "colour", "count"}`` (colour None: nothing)
- ``{"k": "prediction", "seat", "colour"}``
- ``{"k": "answer" | "follow", "seat", "card"}``, ``{"k": "pass", "seat"}``
- ``{"k": "check", "seat", "card", "correct", "cure": [r, y, g, b]}``
- ``{"k": "reveal", "cure": [r, y, g, b], "card"}`` (the round is over)
"""

from __future__ import annotations

from typing import Any

#: Actions whose card details only the two players involved see.
TRANSFERS = ("inquiring", "feeding", "brewing", "appealing")
#: Keys of a transfer entry that only ``by`` and ``target`` see.
SECRET_TRANSFER_KEYS = frozenset(("colour", "counted", "returned", "cards"))


def redact(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A fresh copy of ``entry`` holding only what ``seat`` (None: a spectator) learns from it."""
    kind = entry["k"]
    if kind == "deal":
        out: dict[str, Any] = {"k": "deal", "sizes": [sum(hand) for hand in entry["hands"]]}
        if seat is not None:
            out["hand"] = list(entry["hands"][seat])
        return out
    if kind in TRANSFERS:
        if seat == entry["by"] or seat == entry["target"]:
            return {key: (list(v) if isinstance(v, list) else v) for key, v in entry.items()}
        return {key: v for key, v in entry.items() if key not in SECRET_TRANSFER_KEYS}
    if kind == "check":
        if seat == entry["seat"]:
            return {**entry, "cure": list(entry["cure"])}
        return {key: v for key, v in entry.items() if key != "cure"}
    if kind == "reveal":
        return {**entry, "cure": list(entry["cure"])}
    return dict(entry)


def audience(entry: dict[str, Any]) -> list[int] | None:
    """The seats that see ``entry`` in full when spectators do not, or None if it is public."""
    kind = entry["k"]
    if kind in TRANSFERS:
        return sorted({entry["by"], entry["target"]})
    if kind == "check":
        return [entry["seat"]]
    return None


def sheet(log: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """``seat``'s knowledge sheet: every entry of the round log as that seat saw it, in order."""
    return [redact(entry, seat) for entry in log]


def events_for(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of a new log entry: the spectators' copy, and the full one for the seats
    that see it (``"to"``) when it holds a secret.  The spectators' copy holds exactly what
    :func:`redact` gives a spectator (written out here: this runs on every action); it names
    those seats in ``"not_to"``, since their full copy replaces it in their log (each seat
    reads one line, never both)."""
    kind = entry["k"]
    full = {"type": kind, **entry}
    del full["k"]
    if kind in TRANSFERS:
        public = {key: v for key, v in full.items() if key not in SECRET_TRANSFER_KEYS}
        full["to"], public["not_to"] = sorted({entry["by"], entry["target"]}), sorted({entry["by"], entry["target"]})
        return [public, full]
    if kind == "check":
        public = dict(full)
        del public["cure"]
        full["to"], public["not_to"] = [entry["seat"]], [entry["seat"]]
        return [public, full]
    return [full]
