"""RL interop: a fixed integer for every action the game can list, and a fixed-size encoding
of a seat's view (docs/games/herbalism.md, "RL interface", has the tables).

Actions (57, seats absolute up to 4): 0-6 ``move`` (medicine cards in content order), 7-11
``action`` (``content.ACTIONS`` order), 12-27 ``give`` (colour-major, target seat 0..3),
28-31 ``target``, 32-36 ``hand_over`` (the four colours, then None), 37-40 ``predict``, 41
``skip_prediction``, 42-48 ``answer``, 49-55 ``follow``, 56 ``pass``.  Indices are type-strict:
``1.0`` or ``True`` for a seat is no action.

Observation (183 floats, ``SECTIONS`` in order): seat and active seat one-hot, the phase one-hot
(``phases.TABLE`` order), the pending action card and target, the own hand / 5, per seat its
hand size / 14, score / target, pharmacist card (8 slots) and cure marker (10 slots), medicine
cards checked wrong, the cure if known, predictions and the pool, the action cards in play, the
cards this seat gave to and received from each seat and each seat's last Inquiring count.

Why the view only: an agent trained on these numbers must never see what its seat could not
(the other hands, the cure), so ``encode`` reads the documented view keys and nothing else.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ludoteca.engine.state import short

from .content import ACTIONS, Content
from .phases import TABLE

#: The phases in the order of the table (the observation's phase one-hot).
PHASES = tuple(TABLE)

MAX_SEATS = 4


#: An action as a hashable key that tells ``1``, ``1.0``, ``True`` and ``"1"`` apart.
Key = tuple[tuple[str, type, Any], ...]


def action_table(content: Content) -> tuple[tuple[dict[str, Any], ...], dict[Key, int]]:
    """Every action the game can list, in a fixed order, and each one's index."""
    return _table(content.colours, content.medicines)


@lru_cache(maxsize=16)  # keyed by the content's names: a handful of distinct tables at most
def _table(colours: tuple[str, ...], medicines: tuple[str, ...]) -> tuple[tuple[dict[str, Any], ...], dict[Key, int]]:
    actions: list[dict[str, Any]] = []
    actions += [{"type": "move", "card": m} for m in medicines]
    actions += [{"type": "action", "card": a} for a in ACTIONS]
    actions += [{"type": "give", "colour": c, "target": t} for c in colours for t in range(MAX_SEATS)]
    actions += [{"type": "target", "target": t} for t in range(MAX_SEATS)]
    actions += [{"type": "hand_over", "colour": c} for c in (*colours, None)]
    actions += [{"type": "predict", "colour": c} for c in colours]
    actions += [{"type": "skip_prediction"}]
    actions += [{"type": "answer", "card": m} for m in medicines]
    actions += [{"type": "follow", "card": m} for m in medicines]
    actions += [{"type": "pass"}]
    return tuple(actions), {_key(a): i for i, a in enumerate(actions)}


def _key(action: dict[str, Any]) -> Key:
    return tuple((name, type(value), value) for name, value in sorted(action.items()))


def num_distinct_actions(content: Content) -> int:
    return len(action_table(content)[0])


def action_index(content: Content, action: dict[str, Any]) -> int:
    """The index of ``action``; anything not listed (or of another type) raises ValueError."""
    try:
        return action_table(content)[1][_key(action)]
    except (KeyError, TypeError, AttributeError):
        raise ValueError(f"not a herbalism action: {short(action)}") from None


def index_action(content: Content, index: int) -> dict[str, Any]:
    actions = action_table(content)[0]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(actions):
        raise ValueError(f"herbalism action indices run 0..{len(actions) - 1}; got {short(index)}")
    return dict(actions[index])


# ---- observation -------------------------------------------------------------------------------
# Fixed layout, sizes for 4 colours, 7 medicine cards and up to 4 seats (see the docs page).
SECTIONS = (
    ("seat", MAX_SEATS), ("active", MAX_SEATS), ("phase", len(PHASES)), ("pending_action", len(ACTIONS)),
    ("pending_target", MAX_SEATS), ("hand", 4), ("hand_sizes", MAX_SEATS), ("scores", MAX_SEATS),
    ("pharmacists", MAX_SEATS * 8), ("markers", MAX_SEATS * 10), ("checked_wrong", 7), ("known_cure", 5),
    ("predictions", MAX_SEATS * 4), ("pool", 4), ("action_cards", len(ACTIONS)),
    ("gave", MAX_SEATS * 4), ("received", MAX_SEATS * 4), ("announced", MAX_SEATS),
)
OBSERVATION_SIZE = sum(n for _, n in SECTIONS)


def encode(view: dict[str, Any]) -> list[float]:
    """The view as numbers (see SECTIONS); built from the view only."""
    colours, medicines = view["colours"], view["medicines"]
    out: dict[str, list[float]] = {name: [0.0] * n for name, n in SECTIONS}
    seat = view["seat"]
    if seat is not None:
        out["seat"][seat] = 1.0
    out["active"][view["active"]] = 1.0
    out["phase"][PHASES.index(view["phase"])] = 1.0
    pending = view["pending"]
    if pending.get("action") in ACTIONS:
        out["pending_action"][ACTIONS.index(pending["action"])] = 1.0
    if "target" in pending:
        out["pending_target"][pending["target"]] = 1.0
    for c, n in enumerate(view.get("hand", [0, 0, 0, 0])):
        out["hand"][c] = n / 5.0
    target = float(view["target"])
    for s, public in enumerate(view["seats"]):
        out["hand_sizes"][s] = public["hand_size"] / 14.0
        out["scores"][s] = public["score"] / target
        where = public["pharmacist"]
        out["pharmacists"][s * 8 + (medicines.index(where) if where else 7)] = 1.0
        marker = public["cure_marker"]
        if marker is None:
            out["markers"][s * 10 + 9] = 1.0
        else:
            out["markers"][s * 10 + medicines.index(marker["card"])] = 1.0
            out["markers"][s * 10 + (7 if marker["side"] == "answer" else 8)] = 1.0
        for name in public["predictions"]:
            out["predictions"][s * 4 + colours.index(name)] = 1.0
    for c, n in enumerate(view["prediction_pool"]):
        out["pool"][c] = n / 2.0
    for a in view["action_cards"]:
        out["action_cards"][ACTIONS.index(a)] = 1.0
    for e in view["knowledge"]:
        kind = e["k"]
        if kind == "check" and not e["correct"]:
            out["checked_wrong"][medicines.index(e["card"])] = 1.0
        if kind in ("check", "reveal") and "cure" in e:
            out["known_cure"][4] = 1.0
            for c, n in enumerate(e["cure"]):
                out["known_cure"][c] = n / 2.0
        if kind in ("inquiring", "feeding", "brewing", "appealing") and seat is not None:
            moved = _moved(e, colours)
            if moved is None:
                continue
            if e["by"] == seat:
                other = e["target"]
                gave, got = moved
            elif e["target"] == seat:
                other = e["by"]
                got, gave = moved
            else:
                continue
            for c in range(4):
                out["gave"][other * 4 + c] += gave[c] / 5.0
                out["received"][other * 4 + c] += got[c] / 5.0
        if kind == "inquiring":
            out["announced"][e["target"]] = e["count"] / 5.0
    return [v for name, _ in SECTIONS for v in out[name]]


def _moved(e: dict[str, Any], colours: list[str]) -> tuple[list[int], list[int]] | None:
    """(cards from ``by`` to ``target``, cards back) when the entry shows the colours."""
    to_target, back = [0] * 4, [0] * 4
    kind = e["k"]
    if kind in ("inquiring", "feeding"):
        if "colour" not in e:
            return None
        to_target[colours.index(e["colour"])] += 1
        if kind == "feeding":
            back[colours.index(e["returned"])] += e["count"]
    elif kind == "brewing":
        if "cards" not in e:
            return None
        back = list(e["cards"])
    else:
        if "colour" not in e:
            return None
        if e["colour"] is not None:
            back[colours.index(e["colour"])] = e["count"]
    return to_target, back
