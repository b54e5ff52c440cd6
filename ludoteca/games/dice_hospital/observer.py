"""Dice Hospital's observation writer: the numbers of ``encode(view(seat))``, written straight
from the state into one numpy array (``Game.observation_writer``, issue 20).

Why: an env asks for an observation at every step, and building the seat's whole view (dicts
of every bed, department and die) and encoding it afresh cost several times the move itself.

How it keeps up: the vector falls into parts, each written from a few of the state's lists and
numbers: per seat its beds, its five stats, its arriving dice with its ambulance, the
improvements it owns, those it used, its administrator; on the table the turn (phase, round,
first player), the supplies (bag, piles, event), the offers, the ambulances, the reports, the
blood supply; and the viewer's own activation step with whether it is to move.  Each part
keeps a copy of the data it was last written from (the state changes its lists in place) and
is rewritten only when that data differs, and then only the numbers that differ are set.  A
move changes one or two parts, so a write sets a handful of numbers.

Which parts are compared at all: every one, except while one round's activation goes on.  The
turn structure declares that phase independent (each seat acts on its own hospital; the seats
share only the blood supply), so between two writes there only the seats that moved
(:class:`Follow` lists their actions), the blood supply and the viewer's own turn can change.
Any other case (another game, a clone, a restored copy, an earlier position, another phase)
compares every part, and the copies make that exact whatever object is handed in.

What a seat may see is the view's business: the writer reads the state, so it reads only the
data the view shows (the other seats' administrators only once everybody has chosen), and it
is tested equal to ``encode(view(seat))`` number for number (``encoding.encode`` stays the
definition; both place their numbers by the offsets of ``encoding.ObservationLayout``).
"""

from __future__ import annotations

import struct
from itertools import compress, count, islice
from operator import ne
from typing import Any

import numpy as np

from ludoteca.engine.observation import Follow

from .encoding import (
    AMBULANCE_SIZE,
    BED_SIZE,
    BED_TINT,
    BED_TREATED,
    BED_VALUE,
    MAX_AMBULANCES,
    MAX_ARRIVING,
    MAX_SEATS,
    PILES,
    ObservationLayout,
    observation_layout,
)
from .hospital import ACTIVATION_STEPS
from .phases import TABLE

#: What a part has seen before its first write (equal to no data).
_UNSEEN = object()
#: A seat's five stats as native float32s (``struct`` casts each as numpy does).
_STATS = struct.Struct("=5f")
#: The eight numbers of each bed seen so far (float32 bytes), by patient
#: ``(colour, value, treated, tint)``: a changed bed is then one copy.
_BEDS: dict[tuple[int, int, int, int], bytes] = {}
#: The phases the turn structure declares independent (the activation): each action there
#: touches only its own seat's hospital and what the seats share (``phases.blood_supply``), so
#: between two writes within one such phase of one round only the movers' seat blocks, the
#: blood supply and the viewer's own turn can have changed.
INDEPENDENT = frozenset(name for name, phase in TABLE.items() if phase.independent)


class _Part:
    """One part of the vector: a copy of the data it was last written from (the state's lists
    change in place, so a copy is what can tell) and the numbers it wrote that are not 0, by
    their place in the whole vector."""

    __slots__ = ("seen", "written")

    def __init__(self) -> None:
        self.seen: Any = _UNSEEN
        self.written: dict[int, float] = {}


class _Slots:
    """Where the things of one content (the shipped one, or a designer's ``params``) land in
    the layout: per content index, the layout's index of its id, or None when the shipped
    content has no such id (the encoder skips those too)."""

    def __init__(self, content: Any, L: ObservationLayout) -> None:
        self.departments = [L.dept_ids.get(d) for d in content.department_ids]
        self.specialists = [L.spec_ids.get(k) for k in content.specialist_ids]
        self.administrators = [L.admin_ids.get(a["id"]) for a in content.administrators]
        self.events = [L.event_ids.get(e["id"]) for e in content.events]
        self.reports = [L.report_ids.get(r["id"]) for r in content.reports]
        self.rounds = content.rules["rounds"]


class _SeatParts:
    """The parts of one seat block: its beds, the five stats, the arriving dice with the
    ambulance, the improvements owned, those used, the administrator."""

    def __init__(self, L: ObservationLayout, base: int) -> None:
        self.at = {part: base + offset for part, offset in L.seat.items()}
        self.beds_seen: Any = _UNSEEN
        #: Per bed of the layout, the patient ``(colour, value, treated, tint)`` last written.
        self.patients: list[Any] = [_UNSEEN] * L.beds
        self.stats: Any = _UNSEEN
        self.arrivals, self.owned, self.used, self.administrator = _Part(), _Part(), _Part(), _Part()


class DiceHospitalWriter:
    """One seat's (or a spectator's, ``seat=None``) observation writer."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        #: The seat the vector is seen from: a spectator sees it as seat 0 does (minus secrets).
        self.me = seat if seat is not None else 0
        self.L = observation_layout()
        self.out = np.zeros(self.L.size, dtype=np.float32)
        #: The same numbers seen as a memoryview, then as bytes: setting one number through
        #: it costs half what numpy's item assignment does (the same C cast to float32), and
        #: a bed's eight numbers are copied in as bytes.
        self._numbers = memoryview(self.out)
        self._bytes = self._numbers.cast("B")
        self.follow = Follow()
        self._content: Any = None
        self._players = 0
        self._slots: _Slots | None = None
        self._forget()

    def write(self, state: Any) -> np.ndarray:
        """The observation of ``state`` (the writer's own array; the next write overwrites it)."""
        moved = self.follow.since(state)
        if moved is not None and not moved and self._slots is not None:
            return self.out
        try:
            self._write(state, moved)
        except BaseException:
            self.follow.forget()
            self._forget()
            raise
        return self.out

    def _forget(self) -> None:
        """Trust nothing written so far: the next write starts from zeros and writes every part."""
        L = self.L
        self._slots = None
        self._seats = [_SeatParts(L, k * L.seat_size) for k in range(MAX_SEATS)]
        self._turn, self._supplies, self._offers = _Part(), _Part(), _Part()
        self._ambulances, self._reports, self._own = _Part(), _Part(), _Part()
        self._blood: Any = _UNSEEN
        self._phase_round: Any = _UNSEEN

    def _write(self, state: Any, moved: list[Any] | None) -> None:
        """Write every part that may have changed: only the movers' seats and the blood supply
        while the same round's activation goes on (:data:`INDEPENDENT`), else every part."""
        players = state.players
        if self._slots is None or state.content is not self._content or players != self._players:
            self._forget()
            self.out.fill(0.0)  # the seats past ``players`` stay padded with zeros
            self._content, self._players = state.content, players
            self._slots = _Slots(state.content, self.L)
            moved = None
        me = self.me
        phase_round = (state.phase, state.round)
        if moved is not None and phase_round == self._phase_round and state.phase in INDEPENDENT:
            seats: Any = {seat for seat, _action in moved}
        else:
            seats = range(players)
            self._write_table(state)
        self._phase_round = phase_round
        revealed = state.phase != "setup"
        for seat in seats:
            hospital = state.hospitals[seat]
            admin = hospital["administrator"] if revealed or seat == self.seat else -1
            self._write_seat(self._seats[(seat - me) % players], hospital, admin)
        if state.blood_supply != self._blood:
            self._numbers[self.L.table["blood_supply"]] = state.blood_supply / 16
            self._blood = state.blood_supply
        step = state.hospitals[me]["activation"]
        own = (step["step"], step.get("chosen"), me in state.to_move)
        if own != self._own.seen:
            self._refresh(self._own, own, _own_copy, self._own_turn)

    def _refresh(self, part: _Part, live: Any, copy: Any, numbers: Any, *data: Any) -> None:
        """Rewrite ``part`` from ``live``, the data it is written from (the caller has found
        it changed): ``numbers(live, *data)`` gives its numbers that are not 0, which are
        written, and those of its last write that are no longer there are set to 0;
        ``copy(live)`` is kept to compare."""
        new = numbers(live, *data)
        out = self._numbers
        for place in part.written:
            if place not in new:
                out[place] = 0.0
        for place, value in new.items():   # all of them: setting a number costs less than asking
            out[place] = value
        part.written, part.seen = new, copy(live)

    # ---- a seat's block ------------------------------------------------------------------------
    def _write_seat(self, parts: _SeatParts, hospital: dict[str, Any], admin: int) -> None:
        """One seat's block from its hospital (``admin``: the administrator the viewer sees, -1 none).
        Each part's data is compared here before anything is built: most parts change nothing."""
        at = parts.at
        beds = (hospital["bed_colour"], hospital["bed_value"], hospital["bed_treated"], hospital["bed_tint"])
        if beds != parts.beds_seen:
            patients = list(islice(zip(*beds, strict=True), self.L.beds))  # none past the layout's beds
            raw, first = self._bytes, 4 * at["beds"]
            for bed in compress(count(), map(ne, patients, parts.patients)):
                start = first + 4 * BED_SIZE * bed
                raw[start:start + 4 * BED_SIZE] = _bed_numbers(patients[bed])
            parts.patients = patients
            parts.beds_seen = _lists(beds)
        stats = (hospital["fatalities"], hospital["blood_bags"], hospital["score"], hospital["nurses"],
                 hospital["activation_ended"])
        if stats != parts.stats:
            fatalities, bags, score, nurses, ended = stats
            _STATS.pack_into(self.out, 4 * at["stats"], fatalities / 10, bags / 10, score / 100, nurses / 5,
                             1.0 if ended else 0.0)
            parts.stats = stats
        arrivals = (hospital["arriving"], hospital["ambulance"])
        if arrivals != parts.arrivals.seen:
            self._refresh(parts.arrivals, arrivals, _arrivals_copy, _arrivals, at)
        used = (hospital["departments"], hospital["departments_used"], hospital["specialists"],
                hospital["specialists_used"])
        if used != parts.used.seen:
            # what is owned is part of what ``used`` reads: unchanged with it, checked with it
            owned = (used[0], used[2])
            if owned != parts.owned.seen:
                self._refresh(parts.owned, owned, _lists, _owned, at, self._slots)
            self._refresh(parts.used, used, _lists, _used, at, self._slots)
        if admin != parts.administrator.seen:
            self._refresh(parts.administrator, admin, _kept, _administrator, at, self._slots)

    # ---- the table -----------------------------------------------------------------------------
    def _write_table(self, state: Any) -> None:
        """The public table but the blood supply: phase, round, first player, bag, piles, offers,
        ambulances, event and face-up reports."""
        slots, L = self._slots, self.L
        turn = (state.phase, state.round, (state.first_player - self.me) % self._players)
        if turn != self._turn.seen:
            self._refresh(self._turn, turn, _kept, _turn, L, slots)
        supplies = (state.bag, len(state.department_pile), len(state.specialist_pile), len(state.event_pile),
                    len(state.report_pile), state.event)
        if supplies != self._supplies.seen:
            self._refresh(self._supplies, supplies, _supplies_copy, _supplies, L.table, slots)
        offers = (state.department_offer, state.specialist_offer)
        if offers != self._offers.seen:
            self._refresh(self._offers, offers, _lists, _offers, L.table, slots)
        ambulances = (state.ambulances, state.ambulance_owners)
        if ambulances != self._ambulances.seen:
            self._refresh(self._ambulances, ambulances, _ambulances_copy, _ambulances, L.table, self.me,
                          self._players)
        if state.reports_face_up != self._reports.seen:
            self._refresh(self._reports, state.reports_face_up, list, _reports, L.table, slots)

    def _own_turn(self, own: tuple[str, list[int] | None, bool]) -> dict[int, float]:
        """The viewer's own activation step, the beds it has chosen, and whether it is to move."""
        step, chosen, to_move = own
        L = self.L
        t = L.table
        numbers = {t["step"] + ACTIVATION_STEPS.index(step): 1.0}
        for bed in chosen or ():
            if 0 <= bed < L.beds:
                numbers[t["chosen"] + bed] = 1.0
        if to_move:
            numbers[t["to_move"]] = 1.0
        return numbers


# ---- the copies a part keeps of its data (the state changes its lists in place) ------------------
def _kept(data: Any) -> Any:
    """Data that cannot change in place (numbers, strings, tuples of them) is kept as it is."""
    return data


def _lists(lists: tuple[list[Any], ...]) -> tuple[list[Any], ...]:
    return tuple(map(list, lists))


def _arrivals_copy(arrivals: tuple[list[list[int]], int]) -> tuple[list[list[int]], int]:
    return list(map(list, arrivals[0])), arrivals[1]


def _supplies_copy(supplies: tuple[Any, ...]) -> tuple[Any, ...]:
    return (list(supplies[0]), *supplies[1:])


def _ambulances_copy(ambulances: tuple[list[list[list[int]]], list[int]]) -> tuple[Any, list[int]]:
    return [list(map(list, dice)) for dice in ambulances[0]], list(ambulances[1])


def _own_copy(own: tuple[str, list[int] | None, bool]) -> tuple[str, list[int] | None, bool]:
    return own[0], None if own[1] is None else list(own[1]), own[2]


# ---- each part's numbers (a bed's all eight, the others' those that are not 0) -------------------
def _bed_numbers(patient: tuple[int, int, int, int]) -> bytes:
    """A bed's eight numbers as float32 bytes: colour one-hot, value/6, treated, the blood
    bag's colour; all 0 when empty.  Few patients are possible, so each is made once."""
    try:
        return _BEDS[patient]
    except KeyError:
        pass
    colour, value, treated, tint = patient
    numbers = [0.0] * BED_SIZE
    if colour >= 0:
        numbers[colour] = 1.0
        numbers[BED_VALUE] = value / 6
        numbers[BED_TREATED] = 1.0 if treated else 0.0
        if tint >= 0:
            numbers[BED_TINT + tint] = 1.0
    if len(_BEDS) >= 4096:  # a designer's odd values: keep the table small
        _BEDS.clear()
    row = _BEDS[patient] = np.asarray(numbers, dtype=np.float32).tobytes()
    return row


def _arrivals(arrivals: tuple[list[list[int]], int], at: dict[str, int]) -> dict[int, float]:
    """The arriving dice as colour x value counts, and the ambulance claimed (one-hot)."""
    arriving, ambulance = arrivals
    numbers = _counts(at["arriving"], arriving)
    if ambulance:
        numbers[at["ambulance"] + ambulance - 1] = 1.0
    return numbers


def _owned(owned: tuple[list[int], list[int]], at: dict[str, int], slots: _Slots) -> dict[int, float]:
    """Departments and specialists owned, per type of the layout."""
    numbers: dict[int, float] = {}
    _count(numbers, at["departments_owned"], slots.departments, owned[0])
    _count(numbers, at["specialists_owned"], slots.specialists, owned[1])
    return numbers


def _used(used: tuple[list[int], ...], at: dict[str, int], slots: _Slots) -> dict[int, float]:
    """Departments and specialists used this round, per type of the layout."""
    departments, departments_used, specialists, specialists_used = used
    numbers: dict[int, float] = {}
    _count(numbers, at["departments_used"], slots.departments, compress(departments, departments_used))
    _count(numbers, at["specialists_used"], slots.specialists, compress(specialists, specialists_used))
    return numbers


def _administrator(admin: int, at: dict[str, int], slots: _Slots) -> dict[int, float]:
    shown = slots.administrators[admin] if admin >= 0 else None
    return {} if shown is None else {at["administrator"] + shown: 1.0}


def _turn(turn: tuple[str, int, int], L: ObservationLayout, slots: _Slots) -> dict[int, float]:
    """The phase (one-hot), round/rounds and the first player, relative to the viewer (one-hot)."""
    phase, round_, first = turn
    t = L.table
    return {t["phase"] + L.phase_ids[phase]: 1.0, t["round"]: round_ / slots.rounds, t["first_player"] + first: 1.0}


def _supplies(supplies: tuple[Any, ...], t: dict[str, int], slots: _Slots) -> dict[int, float]:
    """The bag per colour/21, the piles/40 and the event (one-hot)."""
    bag, *piles, event = supplies
    numbers = {t["bag"] + colour: dice / 21 for colour, dice in enumerate(bag)}
    for i, size in enumerate(piles[:len(PILES)]):
        numbers[t["piles"] + i] = size / 40
    shown = slots.events[event] if event >= 0 else None
    if shown is not None:
        numbers[t["event"] + shown] = 1.0
    return numbers


def _offers(offers: tuple[list[int], list[int]], t: dict[str, int], slots: _Slots) -> dict[int, float]:
    """Face-up improvements per type."""
    numbers: dict[int, float] = {}
    _count(numbers, t["department_offers"], slots.departments, offers[0])
    _count(numbers, t["specialist_offers"], slots.specialists, offers[1])
    return numbers


def _ambulances(ambulances: tuple[Any, list[int]], t: dict[str, int], me: int, players: int) -> dict[int, float]:
    """Each ambulance's dice as counts and its owner, relative to the viewer (or unowned)."""
    dice, owners = ambulances
    numbers: dict[int, float] = {}
    for a, patients in enumerate(dice[:MAX_AMBULANCES]):
        at = t["ambulances"] + a * AMBULANCE_SIZE
        numbers.update(_counts(at, patients))
        owner = owners[a] if a < len(owners) else -1
        numbers[at + MAX_ARRIVING + ((owner - me) % players if owner >= 0 else MAX_SEATS)] = 1.0
    return numbers


def _reports(face_up: list[int], t: dict[str, int], slots: _Slots) -> dict[int, float]:
    """The face-up medical reports (multi-hot)."""
    return {t["reports"] + slots.reports[r]: 1.0 for r in face_up if slots.reports[r] is not None}


def _counts(at: int, dice: list[list[int]]) -> dict[int, float]:
    """Dice as colour x value counts (18 numbers from ``at``); a value off the die is not counted."""
    numbers: dict[int, float] = {}
    for colour, value in dice:
        if 1 <= value <= 6:
            place = at + colour * 6 + value - 1
            numbers[place] = numbers.get(place, 0.0) + 1.0
    return numbers


def _count(numbers: dict[int, float], at: int, slots: list[int | None], kinds: Any) -> None:
    """How many of each type ``kinds`` (content indices) holds, at the layout's place of the type."""
    for kind in kinds:
        slot = slots[kind]
        if slot is not None:
            numbers[at + slot] = numbers.get(at + slot, 0.0) + 1.0


def observation_writer(players: int, options: dict[str, Any], seat: int | None) -> DiceHospitalWriter:
    """``Game.observation_writer``: the layout is the shipped content's whatever the options,
    so one writer serves any; the state's own content maps its ids into it."""
    return DiceHospitalWriter(seat)
