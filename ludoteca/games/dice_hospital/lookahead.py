"""The normal bot's look-ahead (``Game.greedy_values``) through a seat's own steps, without clones.

GreedyBot values each action by playing it, and each of the next step's actions too (an
activation is a chain: department, meeple, patients, specialist, blood bags; placing the
arriving patients is one step per patient), on full copies of the table, and by valuing every
seat's hospital after each.  But in these phases a seat's step changes nothing but its own
hospital (and the blood bags' supply or the dice bag, two small things): every seat acts at
once, each on its own things (``phases.py``).  So here

* each step is played on a *scratch* position that shares everything with the one before it
  except the acting seat's hospital, copied only where a step writes (``own_copy``);
* the other seats, whose hospitals no step changes, are valued once per decision;
* where the position after a small activation step is valued as it stands, the step is read
  as what it changes of the heuristic's facts (``step_facts``: a meeple sent, a blood bag
  spent, ...), not played at all.

The one step that reaches further ends the phase for everybody (the last seat's ``end``, the
last patient laid in a bed: ``reaches_beyond``); it is played on a full clone, as the bot
always did, and so is every decision of the other phases.  The numbers are exactly those of
the clone-and-play path, which the tests check.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import Action

from .heuristic import Facts, _new, clock, evaluate_state, facts, hospital_progress, worth

Value = tuple[float, float]
#: The hospital's lists a seat's own step writes into (the rest of it is only read, or rebound
#: whole: nurses, blood bags, fatalities, the step, ``activation_ended``).
WRITTEN = ("bed_colour", "bed_value", "bed_treated", "bed_tint", "departments_used",
           "department_workers", "specialists_used", "discharged", "arriving")


#: Phases in which each seat's decisions change its own hospital alone, but for the one that
#: ends the phase (``reaches_beyond``): the activation, and the placing of arriving patients.
OWN_PHASES = ("activate", "place")


def own_copy(hospital: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``hospital`` that a step of its seat may change without touching the original:
    the lists it writes and the activation step (whose lists it appends to) are copied, the
    rest shared."""
    copy = dict(hospital)
    for key in WRITTEN:
        copy[key] = list(hospital[key])
    copy["activation"] = {key: list(value) if type(value) is list else value
                          for key, value in hospital["activation"].items()}
    return copy


def reaches_beyond(state: Any, seat: int, action: Action) -> bool:
    """Whether ``action`` may change more than ``seat``'s hospital (and the blood bags' supply
    and the dice bag, which scratch positions copy): it ends the phase for everybody.  In the
    activation that is the last seat's ``end`` (the round moves on); in the placing of
    patients, the last arriving patient of all laid in a bed (the improvements come next)."""
    if state.phase == "activate":
        return action["type"] == "end" and all(
            h["activation_ended"] for s, h in enumerate(state.hospitals) if s != seat)
    return action["type"] == "bed" and len(state.hospitals[seat]["arriving"]) == 1 and not any(
        h["arriving"] for s, h in enumerate(state.hospitals) if s != seat)


class OwnSteps:
    """One seat's decision in a phase where each seat decides about its own hospital
    (``OWN_PHASES``), looked through as GreedyBot does."""

    def __init__(self, state: Any, seat: int) -> None:
        self.seat = seat
        # Nothing ``progress`` reads of the game's clock changes within the phase.
        self.clock = clock(state)
        others = [hospital_progress(state, hospital, other, self.clock)
                  for other, hospital in enumerate(state.hospitals) if other != seat]
        self.others = max(others) if others else 0.0
        #: leaf values by what the heuristic reads of the seat's hospital (``heuristic.facts``):
        #: many steps leave it the same (a blood bag's colour, which meeple works, ...)
        self.worth: dict[Facts, float] = {}

    def values(self, state: Any, budget: int, depth: int) -> list[Value]:
        """Each legal action's ``chain_value``, in the order of the legal list."""
        return self._each(state, state.legal_actions(self.seat, copy=False), budget, depth)

    def _each(self, state: Any, legal: list[Action], budget: int, depth: int) -> list[Value]:
        """``chain_value`` after each of ``legal`` at ``state``.  A small step is read as what it
        changes of the heuristic's facts (``step_facts``) where the position after it is valued
        as it stands, and so is a blood bag's patient looked through to the bag's uses
        (``blood_bag``); other steps are played."""
        as_it_stands = depth <= 0 or budget < 2
        blood_bags = depth == 1 and state.phase == "activate"
        if not (as_it_stands or blood_bags):
            return [self.after(state, action, budget, depth) for action in legal]
        seat = self.seat
        hospital = state.hospitals[seat]
        here = facts(hospital)
        values = []
        for action in legal:
            if as_it_stands:
                changed = step_facts(state, hospital, here, action)
                if changed is not None and not reaches_beyond(state, seat, action):
                    values.append(self.valued(changed))
                    continue
            elif blood_bags and action["type"] == "blood":
                values.append(self.blood_bag(state, hospital, here, action["bed"], budget))
                continue
            values.append(self.after(state, action, budget, depth))
        return values

    def blood_bag(self, state: Any, hospital: dict[str, Any], read: tuple, bed: int, budget: int) -> Value:
        """``chain_value`` (one link further) after choosing ``bed`` for a blood bag: the next
        decision is how to spend it, one of ``_blood_uses`` on the hospital as it is (choosing
        the patient changes only the step), each valued as it stands."""
        uses = state._blood_uses(hospital, bed)
        if len(uses) > budget:
            return self.valued(read)
        return max(self.valued(_spent(state, hospital, read, bed, use)) for use in uses)

    def after(self, state: Any, action: Action, budget: int, depth: int) -> Value:
        """``chain_value`` of the position after ``action``."""
        seat = self.seat
        if reaches_beyond(state, seat, action):
            return _played(state, seat, action, budget, depth)
        child = scratch(state, seat)
        child._apply(seat, action)
        if depth <= 0 or budget < 2 or seat not in child.to_move:
            return self.leaf(child)
        if depth == 1 and child.phase == "activate":
            found = self.last_link(child, budget)
            if found is not None:
                return found
        legal = child._legal_actions(seat)
        if len(legal) > budget:
            return self.leaf(child)
        child._legal_cache[seat] = legal
        return max(self._each(child, legal, budget // len(legal), depth - 1))

    def last_link(self, state: Any, budget: int) -> Value | None:
        """``chain_value`` through the last link of a department or specialist in progress,
        each next step valued as it stands, found without listing the blood bags one by one:
        a blood bag's patient leaves the position's value as it is (``step_facts``), so only
        whether there is one counts, and how many there may be (at most one per patient) when
        that decides whether the bot looks through (``budget``).  None: list them all."""
        choices = state.chain_choices(self.seat)
        if choices is None:
            return None
        hospital = state.hospitals[self.seat]
        beds = ([] if hospital["blood_bags"] <= 0 or state.options["blood_bags_between_departments_only"]
                else [bed for bed, colour in enumerate(hospital["bed_colour"]) if colour >= 0])
        if len(choices) + len(beds) > budget:
            return None
        values = self._each(state, choices, 0, 0)
        if any(next(state._each_blood_use(hospital, bed), None) is not None for bed in beds):
            values.append(self.leaf(state))
        return max(values)

    def leaf(self, state: Any) -> Value:
        """``greedy_value`` of a scratch position: the game goes on (only an action that ends
        the phase could finish it, and that is played on a clone), so the outcome is 1; the
        value is the seat's progress less the best other's (``heuristic.evaluate``)."""
        return self.valued(facts(state.hospitals[self.seat]))

    def valued(self, read: tuple) -> Value:
        """``leaf`` of a position whose hospital reads as ``read`` (``heuristic.Facts``)."""
        found = self.worth.get(read)
        if found is None:
            found = self.worth[read] = worth(_new(Facts, read), self.clock)
        return 1.0, found - self.others


#: Places in ``heuristic.Facts``.
PATIENTS, ARRIVING, DISCHARGED, ACTIVATING, MEEPLES, FREE, BEGUN, BLOOD_BAGS, FATALITIES = 0, 2, 3, 4, 5, 6, 7, 11, 12


def step_facts(state: Any, hospital: dict[str, Any], read: tuple, action: Action) -> tuple | None:
    """What the heuristic reads of ``hospital`` (``read``, its ``heuristic.facts``) after a
    step of its seat that stays in the phase, or None for a step that must be played (a
    department's or specialist's group completed, a blood bonus).  The rule book's steps:

    - the next arriving patient laid in a free bed, on the untreated row;
    - a patient sent to the morgue to free a bed: a fatality;

    - choosing the patient for a blood bag spends nothing yet (and the step it opens is
      valued as the step it interrupted, which ``facts`` reads as ``resume``);
    - spending it: one bag less, and either the patient's colour changes (not read) or it
      is treated, +1 on the treated row, discharged at ``discharge_at``;
    - a department: one free department less, a department begun;
    - a meeple: one free meeple less (a nurse or a specialist alike);
    - a patient chosen short of the whole group: nothing yet;
    - skipping the specialist: the department is over (nothing begun);
    - ending one's activation (not the last seat: see ``reaches_beyond``): no longer activating.

    The tests compare the values with those of each step played."""
    kind = action["type"]
    if kind == "bed":
        value = hospital["arriving"][0][1]
        read = _set(read, ARRIVING, read[ARRIVING][1:])
        return _set(read, PATIENTS, _added(read[PATIENTS], _place(hospital, action["bed"]), (value, 0)))
    if kind == "morgue":
        read = _set(read, FATALITIES, read[FATALITIES] + 1)
        return _set(read, PATIENTS, _removed(read[PATIENTS], _place(hospital, action["bed"])))
    if kind == "blood":
        return read
    if kind == "blood_use":
        return _spent(state, hospital, read, hospital["activation"]["bed"], action["use"])
    if kind == "department":
        return _set(_set(read, FREE, read[FREE] - 1), BEGUN, True)
    if kind == "meeple":
        return _set(read, MEEPLES, read[MEEPLES] - 1)
    if kind == "patient":
        step = hospital["activation"]
        if step["step"] == "patients":
            target = state.content.department_targets[hospital["departments"][step["department"]]]
        else:
            target = state.content.specialist_targets[hospital["specialists"][step["meeple"]]]
        return read if len(step["chosen"]) + 1 < target[0] else None
    if kind == "skip":
        return _set(read, BEGUN, False)
    if kind == "end":
        return _set(_set(read, ACTIVATING, False), BEGUN, False)
    return None


def _spent(state: Any, hospital: dict[str, Any], read: tuple, bed: int, use: str) -> tuple:
    """``read`` after a blood bag spent on ``bed``: one bag less, and the patient treated
    (``_treated``) or its colour changed (which the heuristic does not read)."""
    read = _set(read, BLOOD_BAGS, read[BLOOD_BAGS] - 1)
    return _treated(state, hospital, read, bed) if use == "treat" else read


def _treated(state: Any, hospital: dict[str, Any], read: tuple, bed: int) -> tuple:
    """``read`` after a blood bag's +1 on ``bed`` (``Supplies._treat``): on the treated row,
    or discharged when it reaches ``discharge_at``."""
    place = _place(hospital, bed)
    value = hospital["bed_value"][bed] + 1
    if value >= state.content.rules["discharge_at"]:
        read = _set(read, DISCHARGED, read[DISCHARGED] + 1)
        return _set(read, PATIENTS, _removed(read[PATIENTS], place))
    return _set(read, PATIENTS, _replaced(read[PATIENTS], place, (value, 1)))


def _place(hospital: dict[str, Any], bed: int) -> int:
    """Where ``bed``'s patient is (or would be) among the patients ``facts`` lists, in bed order."""
    return sum(1 for colour in hospital["bed_colour"][:bed] if colour >= 0)


def _added(patients: tuple, place: int, patient: tuple) -> tuple:
    return (*patients[:place], patient, *patients[place:])


def _removed(patients: tuple, place: int) -> tuple:
    return patients[:place] + patients[place + 1:]


def _replaced(patients: tuple, place: int, patient: tuple) -> tuple:
    return (*patients[:place], patient, *patients[place + 1:])


def _set(read: tuple, place: int, value: Any) -> tuple:
    return (*read[:place], value, *read[place + 1:])


def scratch(state: Any, seat: int) -> Any:
    """A position that shares all of ``state`` but ``seat``'s hospital (copied by ``own_copy``)
    and the dice bag (a patient sent to the morgue returns its die): enough to play one of that
    seat's steps that stays in the phase.  It never draws a die (no such step does) and is
    never recorded."""
    child = object.__new__(type(state))
    child.__dict__.update(state.__dict__)
    hospitals = list(state.hospitals)
    hospitals[seat] = own_copy(hospitals[seat])
    child.hospitals = hospitals
    child.bag = list(state.bag)
    child._legal_cache = {}
    return child


def greedy_values(state: Any, seat: int, budget: int, depth: int) -> list[Value]:
    """``Game.greedy_values`` for Dice Hospital.  A seat's own steps (``OWN_PHASES``) are played
    on scratch positions (``OwnSteps``); any other decision on clones, as the bot always did,
    and a chain that leads into the seat's own steps is looked through by ``OwnSteps`` too."""
    if state.phase in OWN_PHASES and seat in state.to_move:
        return OwnSteps(state, seat).values(state, budget, depth)
    values = []
    for action in state.legal_actions(seat, copy=False):
        values.append(_played(state, seat, action, budget, depth))
    return values


def _played(state: Any, seat: int, action: Action, budget: int, depth: int) -> Value:
    """``chain_value`` after ``action`` played on a full clone (``ludoteca.bots.values``; the
    bots' package is not imported by games), its look through the chain by ``greedy_values``."""
    child = state.clone()
    child.apply_trusted(seat, action)
    if depth <= 0 or child.is_over or seat not in child.to_move or budget < 2:
        return _greedy_value(child, seat)
    count = len(child.legal_actions(seat, copy=False))
    if count > budget:
        return _greedy_value(child, seat)
    return max(greedy_values(child, seat, budget // count, depth - 1))


def _greedy_value(state: Any, seat: int) -> Value:
    """``greedy_value``: a decided game outranks any heuristic value."""
    if state.is_over:
        winners = state.winners
        return 2.0 * (1.0 / len(winners) if seat in winners else 0.0), evaluate_state(state, seat)
    return 1.0, evaluate_state(state, seat)
