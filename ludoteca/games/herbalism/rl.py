"""RL interop: a fixed integer for every action the game can list, and a fixed-size encoding
of a seat's view.  The layouts are documented in docs/games/herbalism.md."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .content import ACTIONS, Content
from .rules import PHASES

MAX_SEATS = 4


def action_table(k: Content) -> tuple[tuple[str, ...], dict[str, int]]:
    return _table(k.colours, k.medicines)


@lru_cache(maxsize=16)
def _table(colours: tuple[str, ...], medicines: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
    """All actions, as canonical keys, in a fixed order."""
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
    keys = tuple(_key(a) for a in actions)
    return keys, {key: i for i, key in enumerate(keys)}


def _key(action: dict[str, Any]) -> str:
    return "|".join(f"{k}={action[k]}" for k in sorted(action))


def _parse(key: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in key.split("|"):
        name, value = part.split("=", 1)
        out[name] = int(value) if name == "target" else (None if value == "None" else value)
    return out


def num_distinct_actions(k: Content) -> int:
    return len(action_table(k)[0])


def action_index(k: Content, action: dict[str, Any]) -> int:
    try:
        return action_table(k)[1][_key(action)]
    except KeyError:
        raise ValueError(f"not a herbalism action: {action!r}") from None


def index_action(k: Content, index: int) -> dict[str, Any]:
    keys = action_table(k)[0]
    if not 0 <= index < len(keys):
        raise ValueError(f"herbalism action indices run 0..{len(keys) - 1}; got {index}")
    return _parse(keys[index])


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
    for s in range(view["players"]):
        out["hand_sizes"][s] = view["hand_sizes"][s] / 14.0
        out["scores"][s] = view["scores"][s] / target
        where = view["pharmacists"][s]
        out["pharmacists"][s * 8 + (medicines.index(where) if where else 7)] = 1.0
        marker = view["cure_markers"][s]
        if marker is None:
            out["markers"][s * 10 + 9] = 1.0
        else:
            out["markers"][s * 10 + medicines.index(marker["card"])] = 1.0
            out["markers"][s * 10 + (7 if marker["side"] == "answer" else 8)] = 1.0
        for name in view["predictions"][s]:
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
