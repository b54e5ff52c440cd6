"""Dice Hospital rules: eight rounds of six phases, read top to bottom like the rule book.

Phases and who decides (``to_move``):

* ``setup``     every seat at once: give the starting patients their values, keep an administrator.
* ``sort``      the last seat in turn order: which colours go where when equal values of
                different colours straddle an ambulance boundary (one die at a time).
* ``claim``     one seat at a time, in turn order from the first player: take an ambulance.
* ``place``     every seat with arriving patients: morgue (if full) then bed, one die at a time.
* ``reveal``    two players / solo: the first player may reveal one extra offer.
* ``take``      one seat at a time, in ambulance order: take one offer or pass.
* ``return``    every seat with an improvement: return one for a blood bag, or keep.
* ``activate``  every seat still activating, simultaneously; each ends their own.
Neglect, discharge and shift change need no decision and run when the last seat ends.

All per-seat data lives in ``P[seat]`` (see ``_new_player``); beds are parallel lists so the
hot paths (``_legal_actions``, ``_apply``, ``clone``) touch only small ints.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from ludoteca.engine import State
from ludoteca.engine.state import Action, Event

from . import rl, text
from .content import COLOURS, T_AMOUNT, Content, content_for
from .effects import can_resolve, candidates, effective_colour, group_problem

STAGE_IDLE, STAGE_MEEPLE, STAGE_PATIENTS, STAGE_SPECIAL, STAGE_SPECIAL_MORE, STAGE_BLOOD = range(6)
BLOOD_USES = ("treat", *COLOURS)
NURSE = -1


def _new_player(beds: int) -> dict[str, Any]:
    return {
        "col": [-1] * beds, "val": [0] * beds, "trt": [0] * beds, "tint": [-1] * beds,
        "pend": [],          # arriving patients [colour, value], placed lowest first
        "amb": 0,            # ambulance number claimed this round (0 = none)
        "dead": 0, "blood": 0, "score": 0,
        "depts": [0, 1, 2, 3, 4, 5], "dused": [0] * 6,   # department types; used this round
        "specs": [], "sused": [],                          # specialist types; used this round
        "nurses": 0,         # nurses still at the nurses' station
        "admin": -1, "hand": [], "start": [], "ready": False,
        "out": [],           # colours discharged this round (scored in phase 5)
        "act": {"s": STAGE_IDLE}, "done": True, "ret": True,
        "reports": [], "stats": {},
    }


class DiceHospitalState(State):
    FIELDS = ("phase", "round", "first", "bag", "dpile", "spile", "doffer", "soffer", "amb",
              "owner", "line", "per", "sortpos", "queue", "reveals", "event", "epile", "rup",
              "rpile", "supply", "P", "final")
    #: Undo never crosses these: everybody's secret administrator choice shown at once, and an
    #: extra offer turned face up (chance is caught by the RNG count as well).
    REVEALS = frozenset({"administrators", "revealed"})

    C: Content

    # ---- set-up --------------------------------------------------------------------------
    def setup(self) -> None:
        self.C = content_for(self.options["params"])
        R = self.C.rules
        rng = self.rng
        n = self.players
        table = max(n, R["solo_offers_as_players"]) if n == 1 else n
        self.phase = "setup"
        self.round = 1
        self.first = rng.randrange(n)
        per_colour = max(0, R["dice_per_colour"] - R["dice_removed_per_missing_player"] * (4 - table))
        self.bag = [per_colour] * 3
        exp = self.options["experimental_medicine"]
        self.dpile = list(self.C.dept_tiles) + (list(self.C.exp_dept_tiles) if exp else [])
        self.spile = list(self.C.spec_cards) + (list(self.C.exp_spec_cards) if exp else [])
        rng.shuffle(self.dpile)
        rng.shuffle(self.spile)
        self.doffer, self.soffer = [], []
        self.amb, self.owner, self.line, self.queue = [], [], [], []
        self.per = R["dice_per_ambulance"]
        self.sortpos = 0
        self.reveals = 0
        self.event = -1
        self.epile = list(range(len(self.C.events))) if self.options["events"] else []
        rng.shuffle(self.epile)
        self.rpile = list(range(len(self.C.reports))) if n == 1 else []
        rng.shuffle(self.rpile)
        self.rup = []
        self.supply = R["blood_bag_supply"]
        self.final = None
        self.P = [_new_player(R["beds"]) for _ in range(n)]
        self._draw_offers()
        for _ in range(R["reports_face_up"]):
            if self.rpile:
                self.rup.append(self.rpile.pop())
        start = R["panic_start_values"] if self.options["admissions_panic"] else R["start_values"]
        admins = list(range(len(self.C.admins)))
        rng.shuffle(admins)
        for seat in self.turn_order():
            pl = self.P[seat]
            pl["start"] = [self._draw_die() for _ in start]
            pl["hand"] = [admins.pop() for _ in range(R["admins_dealt"]) if admins]
            pl["ready"] = False

    def turn_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        n = self.players
        return [(self.first + k) % n for k in range(n)]

    def _draw_offers(self) -> None:
        """Reveal offers as in set-up: players − 1 of each (solo: as for two players)."""
        n = self.players
        table = max(n, self.C.rules["solo_offers_as_players"]) if n == 1 else n
        for _ in range(table - 1):
            if self.dpile:
                self.doffer.append(self.dpile.pop())
            if self.spile:
                self.soffer.append(self.spile.pop())

    def _draw_die(self) -> int:
        """A random die's colour from the bag (-1 if the bag is empty)."""
        bag = self.bag
        total = bag[0] + bag[1] + bag[2]
        if total <= 0:
            return -1
        r = self.rng.randrange(total)
        colour = 0 if r < bag[0] else (1 if r < bag[0] + bag[1] else 2)
        bag[colour] -= 1
        return colour

    def _roll(self) -> int:
        """Roll a patient die, re-rolling 1s and 6s (rule text: "se vuelve a tirar")."""
        low, high = self.C.rules["roll_low"], self.C.rules["roll_high"]
        randint = self.rng.randint
        while True:
            value = randint(1, 6)
            if low <= value <= high:
                return value

    def start_assignments(self, seat: int) -> list[list[int]]:
        """Distinct ways to give the starting values to the starting dice (in draw order)."""
        R = self.C.rules
        values = R["panic_start_values"] if self.options["admissions_panic"] else R["start_values"]
        colours = self.P[seat]["start"]
        seen, out = set(), []
        for perm in itertools.permutations(values):
            key = tuple(sorted(zip(colours, perm, strict=True)))
            if key not in seen:
                seen.add(key)
                out.append(list(perm))
        out.sort()
        return out

    def _finish_setup(self) -> None:
        """Administrators are revealed (the unkept ones go back to the box) and act."""
        for seat in self.turn_order():
            pl = self.P[seat]
            pl["hand"] = []
            if pl["admin"] >= 0:
                admin = self.C.admins[pl["admin"]]
                if admin["kind"] == "start_blood":
                    self._gain_blood(pl, admin["amount"])
        self._start_round()

    # ---- the round -----------------------------------------------------------------------
    def _start_round(self) -> None:
        self.event = -1
        if self.epile:
            self.event = self.epile.pop()
            kind, amount = self._event_kind()
            if kind == "blood_all":
                for seat in self.turn_order():
                    self._gain_blood(self.P[seat], amount)
            elif kind == "offer_extra":
                for _ in range(amount):
                    if self.dpile:
                        self.doffer.append(self.dpile.pop())
                    if self.spile:
                        self.soffer.append(self.spile.pop())
        for pl in self.P:
            pl["stats"] = {}
        self._intake_roll()

    def _event_kind(self) -> tuple[str, int]:
        if self.event < 0:
            return "", 0
        event = self.C.events[self.event]
        return event["kind"], event["amount"]

    def _event_colour(self) -> int:
        return self.C.events[self.event].get("colour", -1) if self.event >= 0 else -1

    def ambulance_count(self) -> int:
        return self.C.rules["solo_ambulances"] if self.players == 1 else self.players + 1

    # Phase 1: intake ----------------------------------------------------------------------
    def _intake_roll(self) -> None:
        """Draw 3 dice per ambulance, roll them (re-rolling 1s and 6s) and line them up lowest
        first; ambulances are filled from number 1 upwards."""
        kind, amount = self._event_kind()
        self.per = self.C.rules["dice_per_ambulance"] + (amount if kind == "ambulance_extra" else 0)
        line = []
        for _ in range(self.ambulance_count() * self.per):
            colour = self._draw_die()
            if colour < 0:
                break
            line.append([colour, self._roll()])
        line.sort(key=lambda die: die[1])
        self.line = line
        self.sortpos = 0
        self._advance_sort()

    def _advance_sort(self) -> None:
        """Stop where equal values of different colours straddle an ambulance boundary: there
        the last player decides which colour goes first; otherwise fill the ambulances."""
        line, per = self.line, self.per
        pos, total = self.sortpos, len(line)
        while pos < total:
            value = line[pos][1]
            end = pos
            while end < total and line[end][1] == value:
                end += 1
            if pos // per != (end - 1) // per and len({d[0] for d in line[pos:end]}) > 1:
                self.sortpos = pos
                self.phase = "sort"
                return
            pos = end
        self.amb = [line[i:i + per] for i in range(0, self.ambulance_count() * per, per)]
        self.owner = [-1] * len(self.amb)
        self.line = []
        self.queue = self.turn_order()
        self.phase = "claim"

    def sort_group(self) -> tuple[int, int]:
        """The positions [start, end) of the value group being sorted."""
        line, pos = self.line, self.sortpos
        end = pos
        while end < len(line) and line[end][1] == line[pos][1]:
            end += 1
        return pos, end

    def claimable(self, seat: int) -> list[int]:
        """Ambulance numbers ``seat`` may take now."""
        barred = (seat == self.first and self.players > 1
                  and not self.options["first_player_may_take_ambulance_1"])
        return [i + 1 for i, owner in enumerate(self.owner)
                if owner < 0 and not (barred and i == 0)]

    def _after_claims(self) -> list[Event]:
        events: list[Event] = []
        for i, owner in enumerate(self.owner):
            if owner < 0:
                for colour, _ in self.amb[i]:
                    self.bag[colour] += 1
        claimed = [i for i, owner in enumerate(self.owner) if owner >= 0]
        if claimed:
            seat = self.owner[min(claimed)]
            self._gain_blood(self.P[seat], self.C.rules["lowest_ambulance_blood_bags"])
            self.first = seat
            events.append({"type": "first_player", "seat": seat})
        for pl in self.P:
            pl["pend"].sort(key=lambda die: die[1])
        self.amb = []
        self.phase = "place"
        if not any(pl["pend"] for pl in self.P):
            self._start_improvements()
        return events

    def _after_placing(self) -> None:
        for pl in self.P:
            pl["stats"]["patients"] = sum(1 for c in pl["col"] if c >= 0)
        self._start_improvements()

    # Phase 2: improvements ------------------------------------------------------------------
    def _start_improvements(self) -> None:
        self.queue = sorted((s for s in range(self.players) if self.P[s]["amb"]),
                            key=lambda s: self.P[s]["amb"])
        self.reveals = self.C.rules["two_player_extra_reveals"] if self.players <= 2 else 0
        self._next_reveal_or_take()

    def _next_reveal_or_take(self) -> None:
        if self.reveals > 0 and (self.dpile or self.spile):
            self.phase = "reveal"
            return
        self.reveals = 0
        self.phase = "take"
        if not self.queue:
            self._start_returns()

    def _start_returns(self) -> None:
        for pl in self.P:
            pl["ret"] = not (len(pl["depts"]) > 6 or pl["specs"])
        self.phase = "return"
        if all(pl["ret"] for pl in self.P):
            self._start_activation()

    # Phase 3: activation ----------------------------------------------------------------------
    def _start_activation(self) -> None:
        kind, amount = self._event_kind()
        delta = amount if kind == "nurse_delta" else 0
        base = self.C.rules["nurses"]
        for pl in self.P:
            extra = 0
            if pl["admin"] >= 0 and self.C.admins[pl["admin"]]["kind"] == "extra_nurse":
                extra = self.C.admins[pl["admin"]]["amount"]
            pl["nurses"] = max(0, base + extra + delta)
            pl["dused"] = [0] * len(pl["depts"])
            pl["sused"] = [0] * len(pl["specs"])
            pl["act"] = {"s": STAGE_IDLE}
            pl["done"] = False
        self.phase = "activate"

    def _treat(self, pl: dict[str, Any], bed: int, amount: int) -> bool:
        """Treat one patient: +amount, onto the treated row; 7+ is discharged at once."""
        value = pl["val"][bed] + amount
        pl["trt"][bed] = 1
        if value >= self.C.rules["discharge_at"]:
            pl["out"].append(pl["col"][bed])
            pl["col"][bed] = -1
            pl["val"][bed] = 0
            pl["trt"][bed] = 0
            pl["tint"][bed] = -1
            return True
        pl["val"][bed] = value
        return False

    def _special_available(self, pl: dict[str, Any], spec: int, context: dict[str, Any]) -> bool:
        if not context["tv"]:
            return False
        if self.C.spec_blood[spec]:
            return self.supply > 0
        return can_resolve(pl, self.C.spec_targets[spec], context)

    def _end_activation(self) -> list[Event]:
        events = self._neglect()
        events += self._discharge()
        if self.players == 1:
            events += self._check_reports()
        if self.round >= self.C.rules["rounds"]:
            events += self._end_game()
        else:
            self._shift_change()
            self._start_round()
        return events

    # Phase 4: neglect -------------------------------------------------------------------------
    def neglect_loss(self, colour: int) -> int:
        kind, amount = self._event_kind()
        if kind == "no_neglect":
            return 0
        R = self.C.rules
        loss = R["virus_neglect_loss"] if self.options["super_resistant_virus"] else R["neglect_loss"]
        colour_hit = kind == "colour_neglect_extra" and colour == self._event_colour()
        if kind == "neglect_extra" or colour_hit:
            loss += amount
        return loss

    def _neglect(self) -> list[Event]:
        events: list[Event] = []
        for seat in self.turn_order():
            pl = self.P[seat]
            cols, vals, trt = pl["col"], pl["val"], pl["trt"]
            pl["tint"] = [-1] * len(cols)
            untreated = [b for b in range(len(cols)) if cols[b] >= 0 and not trt[b]]
            pl["stats"]["untreated"] = len(untreated)
            shielded = set()
            if pl["admin"] >= 0 and self.C.admins[pl["admin"]]["kind"] == "neglect_shield":
                # The administrator shields the patients most at risk (lowest value first).
                ranked = sorted(untreated, key=lambda b: (vals[b], b))
                shielded = set(ranked[:self.C.admins[pl["admin"]]["amount"]])
            died = []
            for bed in untreated:
                if bed in shielded:
                    continue
                vals[bed] -= self.neglect_loss(cols[bed])
                if vals[bed] <= 0:
                    died.append(bed)
                    self._to_morgue(pl, bed)
            if untreated:
                events.append({"type": "neglect", "seat": seat, "beds": untreated,
                               "shielded": sorted(shielded), "died": died})
        return events

    def _to_morgue(self, pl: dict[str, Any], bed: int) -> None:
        """A patient dies: a fatality token, the die back to the bag."""
        self.bag[pl["col"][bed]] += 1
        pl["col"][bed] = -1
        pl["val"][bed] = 0
        pl["trt"][bed] = 0
        pl["tint"][bed] = -1
        pl["dead"] += 1

    # Phase 5: discharge -----------------------------------------------------------------------
    def discharge_points(self, count: int) -> int:
        table = self.C.rules["discharge_points"]
        return sum(table[i] if i < len(table) else table[-1] for i in range(count))

    def _discharge(self) -> list[Event]:
        events: list[Event] = []
        kind, amount = self._event_kind()
        event_colour = self._event_colour()
        for seat in self.turn_order():
            pl = self.P[seat]
            out = pl["out"]
            points = self.discharge_points(len(out))
            admin = self.C.admins[pl["admin"]] if pl["admin"] >= 0 else None
            if admin and admin["kind"] == "colour_discharge_bonus":
                points += admin["amount"] * sum(1 for c in out if c == admin["colour"])
            if kind == "colour_discharge_bonus":
                points += amount * sum(1 for c in out if c == event_colour)
            elif kind == "discharge_bonus_each":
                points += amount * len(out)
            empty = all(c < 0 for c in pl["col"])
            bonus = 0
            if empty and (out or not self.options["empty_bonus_needs_discharge"]):
                bonus = self.C.rules["empty_wards_bonus"]
                if admin and admin["kind"] == "empty_bonus_extra":
                    bonus += admin["amount"]
                if kind == "empty_bonus_extra":
                    bonus += amount
            pl["score"] += points + bonus
            for colour in out:
                self.bag[colour] += 1
            pl["stats"].update(out=list(out), empty=empty)
            events.append({"type": "discharge", "seat": seat, "patients": len(out),
                           "points": points, "empty_bonus": bonus})
            pl["out"] = []
        return events

    def report_met(self, report: int, pl: dict[str, Any]) -> bool:
        """Whether the medical report ``report`` is met by this round's play."""
        rep = self.C.reports[report]
        kind, count, stats = rep["kind"], rep["count"], pl["stats"]
        out = stats.get("out", [])
        if kind == "discharge_in_round":
            return len(out) >= count
        if kind == "colour_discharge_in_round":
            return sum(1 for c in out if c == rep["colour"]) >= count
        if kind == "all_colours_in_round":
            return all(sum(1 for c in out if c == k) >= max(1, count) for k in range(3))
        if kind == "empty_wards":
            return bool(stats.get("empty"))
        if kind == "own_departments":
            return len(pl["depts"]) - 6 >= count
        if kind == "own_specialists":
            return len(pl["specs"]) >= count
        if kind == "blood_bags":
            return pl["blood"] >= count
        if kind == "no_untreated":
            return stats.get("untreated", 1) == 0
        return stats.get("patients", 0) >= count   # full_hospital

    def _check_reports(self) -> list[Event]:
        """Solo: each face-up medical report met this round scores and is replaced."""
        pl = self.P[0]
        events: list[Event] = []
        for report in list(self.rup):
            if self.report_met(report, pl):
                points = self.C.reports[report]["points"]
                pl["score"] += points
                pl["reports"].append(report)
                self.rup.remove(report)
                events.append({"type": "report", "seat": 0,
                               "report": self.C.reports[report]["id"], "points": points})
        while len(self.rup) < self.C.rules["reports_face_up"] and self.rpile:
            self.rup.append(self.rpile.pop())
        return events

    # Phase 6: shift change ----------------------------------------------------------------------
    def _shift_change(self) -> None:
        for pl in self.P:
            pl["trt"] = [0] * len(pl["trt"])
            pl["amb"] = 0
        self.round += 1
        for offer, pile in ((self.doffer, self.dpile), (self.soffer, self.spile)):
            self.rng.shuffle(offer)
            pile[0:0] = offer
            offer.clear()
        self._draw_offers()

    # End of the game ------------------------------------------------------------------------------
    def _end_game(self) -> list[Event]:
        R = self.C.rules
        self.final = []
        for pl in self.P:
            penalty = R["fatality_penalty"]
            if pl["admin"] >= 0 and self.C.admins[pl["admin"]]["kind"] == "fatality_relief":
                penalty = max(0, penalty - self.C.admins[pl["admin"]]["amount"])
            self.final.append(pl["score"] - penalty * pl["dead"]
                              + R["blood_bag_end_points"] * pl["blood"])
        self.phase = "over"
        return [{"type": "game_over", "scores": list(self.final)}]

    def _gain_blood(self, pl: dict[str, Any], amount: int) -> int:
        gained = max(0, min(amount, self.supply))
        self.supply -= gained
        pl["blood"] += gained
        return gained

    # ---- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "activate":
            return tuple(s for s, pl in enumerate(self.P) if not pl["done"])
        if phase in ("claim", "take"):
            return (self.queue[0],)
        if phase == "place":
            return tuple(s for s, pl in enumerate(self.P) if pl["pend"])
        if phase == "return":
            return tuple(s for s, pl in enumerate(self.P) if not pl["ret"])
        if phase == "sort":
            return ((self.first - 1) % self.players,)
        if phase == "reveal":
            return (self.first,)
        if phase == "setup":
            return tuple(s for s, pl in enumerate(self.P) if not pl["ready"])
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[float]:
        if self.final is not None:
            return list(self.final)
        return [pl["score"] for pl in self.P]

    @property
    def winners(self) -> list[int]:
        """Most points; ties: fewest patients left, then the highest total of their values."""
        if self.final is None:
            return []
        def key(seat: int) -> tuple[int, int, int]:
            pl = self.P[seat]
            left = [v for c, v in zip(pl["col"], pl["val"], strict=True) if c >= 0]
            return (self.final[seat], -len(left), sum(left))
        best = max(key(s) for s in range(self.players))
        return [s for s in range(self.players) if key(s) == best]

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        pl = self.P[seat]
        if phase == "activate":
            return self._activation_actions(pl)
        if phase == "place":
            cols = pl["col"]
            free = [b for b, c in enumerate(cols) if c < 0]
            if len(free) < len(pl["pend"]):
                return [{"type": "morgue", "bed": b} for b, c in enumerate(cols) if c >= 0]
            return [{"type": "bed", "bed": b} for b in free]
        if phase == "claim":
            return [{"type": "ambulance", "number": n} for n in self.claimable(seat)]
        if phase == "take":
            acts: list[Action] = [{"type": "take", "kind": "department", "index": i}
                                  for i in range(len(self.doffer))]
            acts += [{"type": "take", "kind": "specialist", "index": i}
                     for i in range(len(self.soffer))]
            acts.append({"type": "pass"})
            return acts
        if phase == "return":
            acts = [{"type": "return", "kind": "department", "index": i}
                    for i in range(6, len(pl["depts"]))]
            acts += [{"type": "return", "kind": "specialist", "index": i}
                     for i in range(len(pl["specs"]))]
            acts.append({"type": "keep"})
            return acts
        if phase == "sort":
            start, end = self.sort_group()
            present = {d[0] for d in self.line[start:end]}
            return [{"type": "sort", "colour": COLOURS[c]} for c in range(3) if c in present]
        if phase == "reveal":
            acts = []
            if self.dpile:
                acts.append({"type": "reveal", "kind": "department"})
            if self.spile:
                acts.append({"type": "reveal", "kind": "specialist"})
            acts.append({"type": "reveal", "kind": "none"})
            return acts
        if phase == "setup":
            if pl["start"]:
                return [{"type": "start", "values": v} for v in self.start_assignments(seat)]
            return [{"type": "admin", "admin": self.C.admins[a]["id"]} for a in pl["hand"]]
        return []

    def _activation_actions(self, pl: dict[str, Any]) -> list[Action]:
        act = pl["act"]
        stage = act["s"]
        C = self.C
        if stage == STAGE_IDLE:
            acts: list[Action] = []
            if pl["nurses"] > 0 or 0 in pl["sused"]:
                targets = C.dept_targets
                for i, (dept, used) in enumerate(zip(pl["depts"], pl["dused"], strict=True)):
                    if not used and can_resolve(pl, targets[dept]):
                        acts.append({"type": "department", "dept": i})
            if pl["blood"] > 0:
                acts += [{"type": "blood", "bed": b} for b, c in enumerate(pl["col"]) if c >= 0]
            acts.append({"type": "end"})
            return acts
        if stage == STAGE_MEEPLE:
            acts = [{"type": "meeple", "meeple": NURSE}] if pl["nurses"] > 0 else []
            acts += [{"type": "meeple", "meeple": k} for k, used in enumerate(pl["sused"])
                     if not used]
            return acts
        if stage == STAGE_PATIENTS:
            target = C.dept_targets[pl["depts"][act["d"]]]
            return [{"type": "patient", "bed": b} for b in candidates(pl, target, act["ch"])]
        if stage in (STAGE_SPECIAL, STAGE_SPECIAL_MORE):
            spec = pl["specs"][act["m"]]
            acts = [{"type": "skip"}] if stage == STAGE_SPECIAL else []
            if C.spec_blood[spec]:
                acts.append({"type": "bonus"})
            else:
                acts += [{"type": "patient", "bed": b}
                         for b in candidates(pl, C.spec_targets[spec], act["ch"], act)]
            return acts
        # STAGE_BLOOD
        here = effective_colour(pl, act["bb"])
        return [{"type": "blood_use", "use": use} for use in BLOOD_USES
                if use == "treat" or COLOURS.index(use) != here]

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        legal = self.legal_actions(seat, copy=False)
        kind = action.get("type")
        sample = next((a for a in legal if a["type"] == kind), None)
        if sample is not None and (set(sample) != set(action) or any(
                type(action[key]) is not type(value) for key, value in sample.items())):
            return None       # a malformed action: the engine's message names the key
        return self._explain(seat, action)

    def _explain(self, seat: int, action: Action) -> str | None:
        """Specific refusals for the mistakes people make; None falls back to the generic one."""
        pl = self.P[seat]
        kind = action.get("type")
        phase = self.phase
        try:
            if kind == "ambulance" and phase == "claim":
                number = action.get("number")
                if not isinstance(number, int) or not 1 <= number <= len(self.owner):
                    return f"there is no ambulance {number!r}; ambulances are 1-{len(self.owner)}"
                if self.owner[number - 1] >= 0:
                    return f"ambulance {number} is already taken by seat {self.owner[number - 1]}"
                if number == 1:
                    return ("the first player may not take ambulance 1 "
                            "(option first_player_may_take_ambulance_1)")
            if kind in ("bed", "morgue") and phase == "place":
                bed = action.get("bed")
                if not isinstance(bed, int) or not 0 <= bed < len(pl["col"]):
                    return f"there is no bed {bed!r}; beds are 0-{len(pl['col']) - 1}"
                free = pl["col"].count(-1)
                if kind == "bed" and free < len(pl["pend"]):
                    return (f"only {free} bed(s) are free for {len(pl['pend'])} arriving "
                            "patients: send patients to the morgue first")
                if kind == "bed" and pl["col"][bed] >= 0:
                    return f"bed {bed} is taken"
                if kind == "morgue" and pl["col"][bed] < 0:
                    return f"bed {bed} is empty"
                if kind == "morgue":
                    return "there is room for every arriving patient; no one goes to the morgue"
            if phase != "activate":
                return None
            act, stage = pl["act"], pl["act"]["s"]
            if kind == "blood" or kind == "blood_use":
                if pl["blood"] <= 0:
                    return "you have no blood bag"
                if stage != STAGE_IDLE and kind == "blood":
                    return "finish the department you started before spending a blood bag"
            if kind == "department":
                if stage != STAGE_IDLE:
                    return "finish the department you started before choosing another"
                index = action.get("dept")
                if not isinstance(index, int) or not 0 <= index < len(pl["depts"]):
                    return f"you have no department {index!r}"
                name = self.C.dept_names[pl["depts"][index]]["en"]
                if pl["dused"][index]:
                    return f"department {index} ({name}) has already been used this round"
                if pl["nurses"] <= 0 and 0 not in pl["sused"]:
                    return "every nurse and specialist has already worked this round"
                return f"department {index} ({name}) cannot be fully resolved now"
            if kind == "meeple" and stage == STAGE_MEEPLE:
                meeple = action.get("meeple")
                if meeple == NURSE:
                    return "no nurse is left at the nurses' station"
                if isinstance(meeple, int) and 0 <= meeple < len(pl["specs"]):
                    name = self.C.spec_names[pl["specs"][meeple]]["en"]
                    return f"specialist {meeple} ({name}) has already worked this round"
                return f"you have no specialist {meeple!r}"
            if kind == "patient" and stage in (STAGE_PATIENTS, STAGE_SPECIAL, STAGE_SPECIAL_MORE):
                bed = action.get("bed")
                if not isinstance(bed, int):
                    return f"bed must be a whole number; got {bed!r}"
                if stage == STAGE_PATIENTS:
                    target = self.C.dept_targets[pl["depts"][act["d"]]]
                    return group_problem(pl, target, act["ch"], bed)
                spec = pl["specs"][act["m"]]
                if self.C.spec_targets[spec] is not None:
                    return group_problem(pl, self.C.spec_targets[spec], act["ch"], bed, act)
        except (TypeError, IndexError):
            return None
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        pl = self.P[seat]
        handler = _HANDLERS[kind]
        return handler(self, seat, pl, action)

    # ---- handlers: one per action type ------------------------------------------------------------
    def _do_start(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        for bed, (colour, value) in enumerate(zip(pl["start"], action["values"], strict=True)):
            if colour >= 0:
                pl["col"][bed] = colour
                pl["val"][bed] = value
        pl["start"] = []
        if not pl["hand"]:
            pl["ready"] = True
        return self._maybe_finish_setup([{"type": "start", "seat": seat}])

    def _do_admin(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        pl["admin"] = next(a for a in pl["hand"] if self.C.admins[a]["id"] == action["admin"])
        pl["ready"] = True
        return self._maybe_finish_setup([{"type": "admin_chosen", "seat": seat, "to": [seat]}])

    def _maybe_finish_setup(self, events: list[Event]) -> list[Event]:
        if all(pl["ready"] for pl in self.P):
            self._finish_setup()
            events.append({"type": "administrators",
                           "ids": [self.C.admins[pl["admin"]]["id"] if pl["admin"] >= 0 else None
                                   for pl in self.P]})
        return events

    def _do_sort(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        colour = COLOURS.index(action["colour"])
        start, end = self.sort_group()
        line = self.line
        j = next(i for i in range(start, end) if line[i][0] == colour)
        line[start], line[j] = line[j], line[start]
        self.sortpos = start + 1
        self._advance_sort()
        return [{"type": "sorted", "seat": seat, "colour": action["colour"]}]

    def _do_ambulance(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        number = action["number"]
        self.owner[number - 1] = seat
        pl["amb"] = number
        pl["pend"] = [list(d) for d in self.amb[number - 1]]
        if self.options["national_epidemic"]:
            for _ in range(self.C.rules["epidemic_extra_dice"]):
                colour = self._draw_die()
                if colour >= 0:
                    pl["pend"].append([colour, self._roll()])
        self.queue.pop(0)
        events: list[Event] = [{"type": "ambulance", "seat": seat, "number": number,
                                "patients": [list(d) for d in pl["pend"]]}]
        if not self.queue:
            events += self._after_claims()
        return events

    def _do_morgue(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        self._to_morgue(pl, action["bed"])
        return [{"type": "morgue", "seat": seat, "bed": action["bed"]}]

    def _do_bed(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        bed = action["bed"]
        colour, value = pl["pend"].pop(0)
        pl["col"][bed], pl["val"][bed], pl["trt"][bed], pl["tint"][bed] = colour, value, 0, -1
        if not any(p["pend"] for p in self.P):
            self._after_placing()
        return [{"type": "admitted", "seat": seat, "bed": bed}]

    def _do_reveal(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        what = action["kind"]
        if what == "department":
            self.doffer.append(self.dpile.pop())
        elif what == "specialist":
            self.soffer.append(self.spile.pop())
        self.reveals = self.reveals - 1 if what != "none" else 0
        self._next_reveal_or_take()
        return [{"type": "revealed", "seat": seat, "kind": what}]

    def _do_take(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        index = action["index"]
        if action["kind"] == "department":
            tile = self.doffer.pop(index)
            pl["depts"].append(tile)
            pl["dused"].append(0)
            name = self.C.dept_ids[tile]
        else:
            card = self.soffer.pop(index)
            pl["specs"].append(card)
            pl["sused"].append(0)
            name = self.C.spec_ids[card]
        return self._next_taker([{"type": "took", "seat": seat, "kind": action["kind"],
                                  "id": name}])

    def _do_pass(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        return self._next_taker([{"type": "passed", "seat": seat}])

    def _next_taker(self, events: list[Event]) -> list[Event]:
        self.queue.pop(0)
        if not self.queue:
            self._start_returns()
        return events

    def _do_return(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        index = action["index"]
        if action["kind"] == "department":
            item = pl["depts"].pop(index)
            pl["dused"].pop(index)
            self.dpile.insert(0, item)
            name = self.C.dept_ids[item]
        else:
            item = pl["specs"].pop(index)
            pl["sused"].pop(index)
            self.spile.insert(0, item)
            name = self.C.spec_ids[item]
        gained = self._gain_blood(pl, self.C.rules["return_blood_bags"])
        return self._returned(seat, pl, [{"type": "returned", "seat": seat,
                                          "kind": action["kind"], "id": name, "blood": gained}])

    def _do_keep(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        return self._returned(seat, pl, [])

    def _returned(self, seat: int, pl: dict[str, Any], events: list[Event]) -> list[Event]:
        pl["ret"] = True
        if all(p["ret"] for p in self.P):
            self._start_activation()
        return events

    def _do_department(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        index = action["dept"]
        pl["dused"][index] = 1
        pl["act"] = {"s": STAGE_MEEPLE, "d": index}
        return []

    def _do_meeple(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        meeple = action["meeple"]
        if meeple == NURSE:
            pl["nurses"] -= 1
        else:
            pl["sused"][meeple] = 1
        act = pl["act"]
        act["s"], act["m"], act["ch"] = STAGE_PATIENTS, meeple, []
        return []

    def _do_patient(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        act = pl["act"]
        act["ch"].append(action["bed"])
        C = self.C
        if act["s"] == STAGE_PATIENTS:
            dept = pl["depts"][act["d"]]
            target = C.dept_targets[dept]
            if len(act["ch"]) < target[0]:
                return []
            return self._resolve_department(seat, pl, dept, target)
        spec = pl["specs"][act["m"]]
        target = C.spec_targets[spec]
        if len(act["ch"]) < target[0]:
            act["s"] = STAGE_SPECIAL_MORE
            return []
        beds = act["ch"]
        discharged = [b for b in beds if self._treat(pl, b, target[T_AMOUNT])]
        pl["act"] = {"s": STAGE_IDLE}
        return [{"type": "specialist", "seat": seat, "id": C.spec_ids[spec], "beds": beds,
                 "discharged": discharged}]

    def _resolve_department(self, seat: int, pl: dict[str, Any], dept: int,
                            target: tuple) -> list[Event]:
        act = pl["act"]
        beds = act["ch"]
        meeple = act["m"]
        context: dict[str, Any] = {"tr": list(beds), "tv": [], "tc": []}
        if meeple != NURSE:
            mask, low, high = self.C.spec_trigger[pl["specs"][meeple]]
            for bed in beds:
                colour, value = effective_colour(pl, bed), pl["val"][bed]
                if (mask >> colour) & 1 and low <= value <= high:
                    context["tv"].append(value)
                    context["tc"].append(colour)
        amount = target[T_AMOUNT]
        discharged = [b for b in beds if self._treat(pl, b, amount)]
        events: list[Event] = [{"type": "department", "seat": seat, "id": self.C.dept_ids[dept],
                                "beds": list(beds), "discharged": discharged}]
        if meeple != NURSE and self._special_available(pl, pl["specs"][meeple], context):
            context.update(s=STAGE_SPECIAL, d=act["d"], m=meeple, ch=[])
            pl["act"] = context
        else:
            pl["act"] = {"s": STAGE_IDLE}
        return events

    def _do_skip(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        pl["act"] = {"s": STAGE_IDLE}
        return []

    def _do_bonus(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        spec = pl["specs"][pl["act"]["m"]]
        gained = self._gain_blood(pl, self.C.spec_blood[spec])
        pl["act"] = {"s": STAGE_IDLE}
        return [{"type": "blood_gained", "seat": seat, "amount": gained}]

    def _do_blood(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        pl["act"] = {"s": STAGE_BLOOD, "bb": action["bed"]}
        return []

    def _do_blood_use(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        bed = pl["act"]["bb"]
        use = action["use"]
        pl["blood"] -= 1
        self.supply += 1
        pl["act"] = {"s": STAGE_IDLE}
        if use == "treat":
            discharged = self._treat(pl, bed, 1)
            return [{"type": "blood_treat", "seat": seat, "bed": bed, "discharged": discharged}]
        pl["tint"][bed] = COLOURS.index(use)
        return [{"type": "blood_colour", "seat": seat, "bed": bed, "colour": use}]

    def _do_end(self, seat: int, pl: dict[str, Any], action: Action) -> list[Event]:
        pl["done"] = True
        pl["act"] = {"s": STAGE_IDLE}
        events: list[Event] = [{"type": "activation_ended", "seat": seat}]
        if all(p["done"] for p in self.P):
            events += self._end_activation()
        return events

    # ---- views, copies, hidden information ----------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        C = self.C
        setup = self.phase == "setup"
        players = []
        for s, pl in enumerate(self.P):
            mine = seat == s
            beds = [None if c < 0 else {"colour": COLOURS[c], "value": v, "treated": bool(t),
                                        "tint": COLOURS[x] if x >= 0 else None}
                    for c, v, t, x in zip(pl["col"], pl["val"], pl["trt"], pl["tint"],
                                          strict=True)]
            act = {k: v for k, v in pl["act"].items()}
            players.append({
                "beds": beds,
                "arriving": [[COLOURS[c], v] for c, v in pl["pend"]],
                "ambulance": pl["amb"] or None,
                "fatalities": pl["dead"], "blood_bags": pl["blood"], "score": pl["score"],
                "departments": [{"id": C.dept_ids[d], "used": bool(u)}
                                for d, u in zip(pl["depts"], pl["dused"], strict=True)],
                "specialists": [{"id": C.spec_ids[k], "meeple": ("red", "yellow", "green",
                                                                  "blue")[C.spec_meeple[k]],
                                 "used": bool(u)}
                                for k, u in zip(pl["specs"], pl["sused"], strict=True)],
                "nurses": pl["nurses"],
                "administrator": (C.admins[pl["admin"]]["id"]
                                  if pl["admin"] >= 0 and (mine or not setup) else None),
                "administrator_chosen": pl["admin"] >= 0,
                "hand": [C.admins[a]["id"] for a in pl["hand"]] if mine else None,
                "starting_dice": [COLOURS[c] if c >= 0 else None for c in pl["start"]],
                "discharged": [COLOURS[c] for c in pl["out"]],
                "activation": act,
                "done": pl["done"],
                "reports": [C.reports[r]["id"] for r in pl["reports"]],
            })
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": C.rules["rounds"],
            "discharge_at": C.rules["discharge_at"],
            "discharge_points": list(C.rules["discharge_points"]),
            "first_player": self.first,
            "bag": dict(zip(COLOURS, self.bag, strict=True)),
            "piles": {"departments": len(self.dpile), "specialists": len(self.spile),
                      "events": len(self.epile), "reports": len(self.rpile)},
            "offers": {"departments": [C.dept_ids[d] for d in self.doffer],
                       "specialists": [C.spec_ids[k] for k in self.soffer]},
            "ambulances": [{"number": i + 1, "patients": [[COLOURS[c], v] for c, v in dice],
                            "owner": self.owner[i] if i < len(self.owner) else -1}
                           for i, dice in enumerate(self.amb)],
            "intake_line": [[COLOURS[c], v] for c, v in self.line],
            "sort_position": self.sortpos if self.phase == "sort" else None,
            "queue": list(self.queue) if self.phase in ("claim", "take") else [],
            "reveals_left": self.reveals,
            "event": C.events[self.event]["id"] if self.event >= 0 else None,
            "medical_reports": [C.reports[r]["id"] for r in self.rup],
            "blood_supply": self.supply,
            "players_state": players,
            "final_scores": list(self.final) if self.final is not None else None,
            "solo_title": self.solo_title() if self.players == 1 and self.final else None,
        }

    def solo_title(self) -> dict[str, str] | None:
        """Solo: the rating ladder's title earned by the final score (project content)."""
        earned = [step["title"] for step in self.C.ladder if self.final[0] >= step["points"]]
        return earned[-1] if earned else None

    def _copy_fields(self, other: State) -> None:
        super()._copy_fields(other)
        other.C = self.C  # type: ignore[attr-defined]

    def _load_fields(self, fields: dict[str, Any]) -> None:
        super()._load_fields(fields)
        self.C = content_for(self.options["params"])

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Face-down piles are reshuffled; during set-up other seats' administrator hands are
        redealt from the cards ``seat`` has not seen (their choice stays secret until all chose)."""
        for pile in (self.dpile, self.spile, self.epile, self.rpile):
            pile.sort()  # the sample must depend on what the seat knows and the rng, not the true order
            rng.shuffle(pile)
        if self.phase != "setup":
            return
        own = set(self.P[seat]["hand"]) if seat is not None else set()
        others = [s for s in range(self.players) if s != seat]
        unseen = [a for a in range(len(self.C.admins)) if a not in own]
        rng.shuffle(unseen)
        for s in others:
            pl = self.P[s]
            size = len(pl["hand"])
            pl["hand"] = [unseen.pop() for _ in range(size)]
            if pl["admin"] >= 0:
                pl["admin"] = pl["hand"][0]

    # ---- RL interop ------------------------------------------------------------------------
    def action_index(self, action: Action) -> int:
        """A fixed integer for ``action`` (see rl.ActionLayout for the blocks)."""
        return rl.layout(self.options).index(action)

    def index_action(self, index: int) -> Action:
        return rl.layout(self.options).action(index)

    def _describe(self, action: Action, lang: str) -> str:
        return text.describe_action(self, action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return text.describe_event(self, event, lang)


_HANDLERS = {
    "start": DiceHospitalState._do_start,
    "admin": DiceHospitalState._do_admin,
    "sort": DiceHospitalState._do_sort,
    "ambulance": DiceHospitalState._do_ambulance,
    "morgue": DiceHospitalState._do_morgue,
    "bed": DiceHospitalState._do_bed,
    "reveal": DiceHospitalState._do_reveal,
    "take": DiceHospitalState._do_take,
    "pass": DiceHospitalState._do_pass,
    "return": DiceHospitalState._do_return,
    "keep": DiceHospitalState._do_keep,
    "department": DiceHospitalState._do_department,
    "meeple": DiceHospitalState._do_meeple,
    "patient": DiceHospitalState._do_patient,
    "skip": DiceHospitalState._do_skip,
    "bonus": DiceHospitalState._do_bonus,
    "blood": DiceHospitalState._do_blood,
    "blood_use": DiceHospitalState._do_blood_use,
    "end": DiceHospitalState._do_end,
}
