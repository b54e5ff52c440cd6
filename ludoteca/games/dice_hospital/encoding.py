"""RL interop: a fixed integer for every action Dice Hospital can list, and a fixed-size
observation vector built from a seat's view only (documented view keys, never the state's
own data).  The layouts are documented in docs/games/dice-hospital.md; the action layout
depends only on the content and the options, the observation on the shipped content.
"""

from __future__ import annotations

import itertools
from typing import Any

from ludoteca.engine.content import content_cache

from .content import BLOOD_USES, COLOURS, Content, content_for
from .hospital import ACTIVATION_STEPS, STARTING_DEPARTMENTS
from .phases import TABLE

MAX_SEATS = 4
MAX_AMBULANCES = 5
MAX_ARRIVING = 3 * 6      # arriving patients as colour x value counts
#: The phase one-hot follows the declared turn structure.
PHASES: tuple[str, ...] = tuple(TABLE)
REVEAL_KINDS = ("department", "specialist", "none")


class ActionLayout:
    """Block offsets of the action space, in this order (sizes in brackets):

    start [distinct value orders], admin [administrators], sort [3], ambulance [5],
    morgue [beds], bed [beds], reveal [3], take-department [tiles], take-specialist [cards],
    pass [1], return-department [tiles], return-specialist [cards], keep [1],
    department [6 + tiles], meeple [1 + cards] (0 = nurse), patient [beds], skip [1],
    bonus [1], blood [beds], blood_use [4], end [1].
    """

    def __init__(self, content: Content, admissions_panic: bool) -> None:
        rules = content.rules
        values = rules["panic_start_values"] if admissions_panic else rules["start_values"]
        self.starts = sorted(set(itertools.permutations(values)))
        self.admins = [a["id"] for a in content.administrators]
        self.beds = rules["beds"]
        self.tiles = len(content.department_tiles) + len(content.experimental_department_tiles)
        self.cards = len(content.specialist_cards) + len(content.experimental_specialist_cards)
        sizes = [
            ("start", len(self.starts)), ("admin", len(self.admins)), ("sort", 3),
            ("ambulance", MAX_AMBULANCES), ("morgue", self.beds), ("bed", self.beds),
            ("reveal", 3), ("take_department", self.tiles), ("take_specialist", self.cards),
            ("pass", 1), ("return_department", self.tiles), ("return_specialist", self.cards),
            ("keep", 1), ("department", STARTING_DEPARTMENTS + self.tiles), ("meeple", 1 + self.cards),
            ("patient", self.beds), ("skip", 1), ("bonus", 1), ("blood", self.beds),
            ("blood_use", 4), ("end", 1),
        ]
        self.offset: dict[str, int] = {}
        self.blocks: list[tuple[str, int, int]] = []
        at = 0
        for name, size in sizes:
            self.offset[name] = at
            self.blocks.append((name, at, size))
            at += size
        self.size = at

    def index(self, action: dict[str, Any]) -> int:
        kind = action["type"]
        o = self.offset
        if kind == "start":
            return o["start"] + self.starts.index(tuple(action["values"]))
        if kind == "admin":
            return o["admin"] + self.admins.index(action["admin"])
        if kind == "sort":
            return o["sort"] + COLOURS.index(action["colour"])
        if kind == "ambulance":
            return o["ambulance"] + action["number"] - 1
        if kind in ("morgue", "bed", "patient", "blood"):
            return o[kind] + action["bed"]
        if kind == "reveal":
            return o["reveal"] + REVEAL_KINDS.index(action["kind"])
        if kind == "take":
            return o[f"take_{action['kind']}"] + action["index"]
        if kind == "return":
            shift = STARTING_DEPARTMENTS if action["kind"] == "department" else 0
            return o[f"return_{action['kind']}"] + action["index"] - shift
        if kind == "department":
            return o["department"] + action["dept"]
        if kind == "meeple":
            return o["meeple"] + action["meeple"] + 1
        if kind == "blood_use":
            return o["blood_use"] + BLOOD_USES.index(action["use"])
        return o[kind]

    def action(self, index: int) -> dict[str, Any]:
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0-{self.size - 1}")
        name, start = next((n, at) for n, at, size in self.blocks if at <= index < at + size)
        k = index - start
        if name == "start":
            return {"type": "start", "values": list(self.starts[k])}
        if name == "admin":
            return {"type": "admin", "admin": self.admins[k]}
        if name == "sort":
            return {"type": "sort", "colour": COLOURS[k]}
        if name == "ambulance":
            return {"type": "ambulance", "number": k + 1}
        if name in ("morgue", "bed", "patient", "blood"):
            return {"type": name, "bed": k}
        if name == "reveal":
            return {"type": "reveal", "kind": REVEAL_KINDS[k]}
        if name.startswith("take_"):
            return {"type": "take", "kind": name[5:], "index": k}
        if name.startswith("return_"):
            kind = name[7:]
            return {"type": "return", "kind": kind,
                    "index": k + (STARTING_DEPARTMENTS if kind == "department" else 0)}
        if name == "department":
            return {"type": "department", "dept": k}
        if name == "meeple":
            return {"type": "meeple", "meeple": k - 1}
        if name == "blood_use":
            return {"type": "blood_use", "use": BLOOD_USES[k]}
        return {"type": name}


@content_cache()
def _layout(params: dict[str, Any] | None, admissions_panic: bool) -> ActionLayout:
    """One layout per distinct params and variant, in a bounded cache like the content's."""
    return ActionLayout(content_for(params), admissions_panic)


def layout(options: dict[str, Any]) -> ActionLayout:
    return _layout(options["params"] or None, bool(options["admissions_panic"]))


def num_distinct_actions(options: dict[str, Any]) -> int:
    return layout(options).size


def action_index(options: dict[str, Any], action: dict[str, Any]) -> int:
    """A fixed integer for ``action`` (see ActionLayout for the blocks)."""
    return layout(options).index(action)


def index_action(options: dict[str, Any], index: int) -> dict[str, Any]:
    return layout(options).action(index)


# ---- observations ------------------------------------------------------------------------------
class ObservationLayout:
    """Seat blocks come first, the viewing seat's own block first, then the others clockwise,
    padded to 4 seats.  Each seat block: per bed [colour one-hot 3, value/6, treated, tint
    one-hot 3]; arriving patients as colour x value counts [18]; fatalities/10, blood bags/10,
    score/100, nurses/5, done, ambulance one-hot [5]; departments owned per type and used per
    type; specialists owned per type and used per type; administrator one-hot (unknown = 0).
    Then the table: phase one-hot; round/rounds; first player (relative) one-hot [4]; bag per
    colour/21; piles/40 [4]; offers per department type and per specialist type; ambulances
    [5 x (18 counts + owner relative one-hot 4 + unowned)]; event one-hot; face-up reports
    multi-hot; blood supply/16; own activation stage one-hot [6]; own chosen beds multi-hot;
    whether the viewing seat is to move.  Only documented view keys are read."""

    def __init__(self, content: Content) -> None:
        self.dept_ids = {d: i for i, d in enumerate(content.department_ids)}
        self.spec_ids = {k: i for i, k in enumerate(content.specialist_ids)}
        self.admin_ids = {a["id"]: i for i, a in enumerate(content.administrators)}
        self.event_ids = {e["id"]: i for i, e in enumerate(content.events)}
        self.report_ids = {r["id"]: i for i, r in enumerate(content.reports)}
        self.beds = content.rules["beds"]
        nd, ns = len(self.dept_ids), len(self.spec_ids)
        self.seat_size = self.beds * 8 + MAX_ARRIVING + 5 + MAX_AMBULANCES + 2 * nd + 2 * ns \
            + len(self.admin_ids)
        self.table_size = (len(PHASES) + 1 + MAX_SEATS + 3 + 4 + nd + ns
                           + MAX_AMBULANCES * (MAX_ARRIVING + MAX_SEATS + 1)
                           + len(self.event_ids) + len(self.report_ids) + 1 + len(ACTIVATION_STEPS)
                           + self.beds + 1)
        self.size = MAX_SEATS * self.seat_size + self.table_size


_OBS: ObservationLayout | None = None


def observation_layout() -> ObservationLayout:
    global _OBS
    if _OBS is None:
        _OBS = ObservationLayout(content_for(None))
    return _OBS


def observation_size(players: int, options: dict[str, Any]) -> int:
    return observation_layout().size


def _counts(dice: list[list[Any]]) -> list[float]:
    out = [0.0] * MAX_ARRIVING
    for colour, value in dice:
        if 1 <= value <= 6:
            out[COLOURS.index(colour) * 6 + value - 1] += 1.0
    return out


def encode(view: dict[str, Any]) -> list[float]:
    L = observation_layout()
    players = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    order = [(me + k) % players for k in range(players)]
    rel = {seat: k for k, seat in enumerate(order)}
    out: list[float] = []
    seats = view["seats"]
    nd, ns = len(L.dept_ids), len(L.spec_ids)
    for k in range(MAX_SEATS):
        if k >= players:
            out.extend([0.0] * L.seat_size)
            continue
        pl = seats[order[k]]
        for bed in pl["beds"][:L.beds]:
            if bed is None:
                out.extend([0.0] * 8)
                continue
            block = [0.0] * 8
            block[COLOURS.index(bed["colour"])] = 1.0
            block[3] = bed["value"] / 6
            block[4] = 1.0 if bed["treated"] else 0.0
            if bed["tint"]:
                block[5 + COLOURS.index(bed["tint"])] = 1.0
            out.extend(block)
        out.extend([0.0] * (8 * (L.beds - len(pl["beds"][:L.beds]))))
        out.extend(_counts(pl["arriving"]))
        out.extend([pl["fatalities"] / 10, pl["blood_bags"] / 10, pl["score"] / 100,
                    pl["nurses"] / 5, 0.0 if pl["activating"] else 1.0])
        amb = [0.0] * MAX_AMBULANCES
        if pl["ambulance"]:
            amb[pl["ambulance"] - 1] = 1.0
        out.extend(amb)
        owned, used = [0.0] * nd, [0.0] * nd
        for d in pl["departments"]:
            i = L.dept_ids.get(d["id"])
            if i is not None:
                owned[i] += 1
                used[i] += 1.0 if d["used"] else 0.0
        sowned, sused = [0.0] * ns, [0.0] * ns
        for sp in pl["specialists"]:
            i = L.spec_ids.get(sp["id"])
            if i is not None:
                sowned[i] += 1
                sused[i] += 1.0 if sp["used"] else 0.0
        admin = [0.0] * len(L.admin_ids)
        if pl["administrator"] in L.admin_ids:
            admin[L.admin_ids[pl["administrator"]]] = 1.0
        out.extend(owned + used + sowned + sused + admin)
    phase = [0.0] * len(PHASES)
    phase[PHASES.index(view["phase"])] = 1.0
    out.extend(phase)
    out.append(view["round"] / view["rounds"])
    first = [0.0] * MAX_SEATS
    first[rel[view["first_player"]]] = 1.0
    out.extend(first)
    out.extend(view["bag"][c] / 21 for c in COLOURS)
    out.extend(view["piles"][k] / 40 for k in ("departments", "specialists", "events", "reports"))
    offers = [0.0] * (nd + ns)
    for d in view["offers"]["departments"]:
        if d in L.dept_ids:
            offers[L.dept_ids[d]] += 1
    for k in view["offers"]["specialists"]:
        if k in L.spec_ids:
            offers[nd + L.spec_ids[k]] += 1
    out.extend(offers)
    for a in range(MAX_AMBULANCES):
        if a < len(view["ambulances"]):
            amb = view["ambulances"][a]
            out.extend(_counts(amb["patients"]))
            owner = [0.0] * (MAX_SEATS + 1)
            owner[rel[amb["owner"]] if amb["owner"] >= 0 else MAX_SEATS] = 1.0
            out.extend(owner)
        else:
            out.extend([0.0] * (MAX_ARRIVING + MAX_SEATS + 1))
    event = [0.0] * len(L.event_ids)
    if view["event"] in L.event_ids:
        event[L.event_ids[view["event"]]] = 1.0
    out.extend(event)
    reports = [0.0] * len(L.report_ids)
    for r in view["medical_reports"]:
        if r in L.report_ids:
            reports[L.report_ids[r]] = 1.0
    out.extend(reports)
    out.append(view["blood_supply"] / 16)
    stage = [0.0] * len(ACTIVATION_STEPS)
    chosen = [0.0] * L.beds
    act = seats[me]["activation"]
    stage[ACTIVATION_STEPS.index(act["step"])] = 1.0
    for bed in act["chosen"]:
        if bed < L.beds:
            chosen[bed] = 1.0
    out.extend(stage + chosen)
    out.append(1.0 if me in view["to_move"] else 0.0)
    return out
