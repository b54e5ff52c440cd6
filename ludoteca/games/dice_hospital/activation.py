"""Phase 3, hospital activation: every seat at once sends nurses and specialists to departments
to treat patients, spends blood bags, and ends its own activation.

A department's use is a chain of small decisions, kept in the seat's ``activation`` step
(``hospital["activation"]``, shown in the view):

=====================  ====================================================================
``step``               what comes next, and the other keys of the step
=====================  ====================================================================
``idle``               a department, a blood bag, or the end of the activation
``meeple``             a nurse or specialist for ``department`` (index in the seat's own)
``patients``           the department's patients one by one; ``meeple`` (-1 = a nurse) and
                       ``chosen`` (the beds so far)
``specialist``         the specialist's own effect, or skip it: ``treated`` (the beds the
                       department treated), ``trigger_values`` / ``trigger_colours`` (of the
                       patients that triggered it, before the treatment), ``chosen``
``specialist_more``    the rest of the specialist's group (no skipping once begun)
``blood_use``          how to spend the blood bag on ``bed``: +1, or a colour; ``resume``
                       is the step it interrupted (the step's other keys stay), taken up
                       again once the bag is spent
=====================  ====================================================================

Phase ``activate`` of :mod:`.phases`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ludoteca.engine.state import Action, Event

from .content import BLOOD_USES, COLOURS, T_AMOUNT
from .effects import can_resolve, candidates, effective_colour, enough_patients, group_problem, patients
from .hospital import NURSE, Hospital, idle_activation
from .supplies import Supplies


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ActivationRules(Supplies):
    def _start_activation(self) -> None:
        """Every seat starts activating at once; its meeples came home at the last shift
        change (or the set-up), so nothing is reset here."""
        for hospital in self.hospitals:
            hospital["activation"] = idle_activation()
            hospital["activation_ended"] = False
        self.phase = "activate"

    def seats_activating(self) -> tuple[int, ...]:
        return tuple([s for s, h in enumerate(self.hospitals) if not h["activation_ended"]])

    # ---- what a seat may do, per step ---------------------------------------------------------
    def activation_actions(self, seat: int) -> list[Action]:
        hospital = self.hospitals[seat]
        return self._STEP_ACTIONS[hospital["activation"]["step"]](self, hospital)

    def _idle_actions(self, hospital: Hospital) -> list[Action]:
        acts: list[Action] = []
        if hospital["nurses"] > 0 or 0 in hospital["specialists_used"]:
            found = patients(hospital)
            targets = self.content.department_targets
            for i, (dept, used) in enumerate(zip(hospital["departments"], hospital["departments_used"],
                                                 strict=True)):
                if used or not found:
                    continue
                target = targets[dept]
                # A department's target has no relation; without a shared colour or value,
                # counting matching patients decides (the hot path of every activation).
                if (can_resolve(hospital, target) if target[4] or target[5] else enough_patients(found, target)):
                    acts.append({"type": "department", "dept": i})
        acts += self._blood_actions(hospital)
        acts.append({"type": "end"})
        return acts

    def _meeple_actions(self, hospital: Hospital) -> list[Action]:
        return self._meeple_choices(hospital) + self._blood_actions(hospital)

    def _patient_actions(self, hospital: Hospital) -> list[Action]:
        return self._patient_choices(hospital) + self._blood_actions(hospital)

    def _specialist_actions(self, hospital: Hospital) -> list[Action]:
        return self._specialist_choices(hospital) + self._blood_actions(hospital)

    def chain_choices(self, seat: int) -> list[Action] | None:
        """The legal actions of ``seat``'s department or specialist in progress but the blood
        bags (which its legal list names last), or None between departments and while a blood
        bag is being spent.  For the bots' look-ahead, which values every blood bag's patient
        alike and so needs only to know whether there is one (``_blood_actions``)."""
        hospital = self.hospitals[seat]
        choices = self._CHAIN_CHOICES.get(hospital["activation"]["step"])
        return None if choices is None else choices(self, hospital)

    def _meeple_choices(self, hospital: Hospital) -> list[Action]:
        acts: list[Action] = [{"type": "meeple", "meeple": NURSE}] if hospital["nurses"] > 0 else []
        acts += [{"type": "meeple", "meeple": k} for k, used in enumerate(hospital["specialists_used"])
                 if not used]
        return acts

    def _patient_choices(self, hospital: Hospital) -> list[Action]:
        step = hospital["activation"]
        target = self.content.department_targets[hospital["departments"][step["department"]]]
        return [{"type": "patient", "bed": b} for b in candidates(hospital, target, step["chosen"])]

    def _specialist_choices(self, hospital: Hospital) -> list[Action]:
        step = hospital["activation"]
        spec = hospital["specialists"][step["meeple"]]
        acts: list[Action] = [{"type": "skip"}] if step["step"] == "specialist" else []
        if self.content.specialist_blood[spec]:
            if self.blood_supply > 0:
                acts.append({"type": "bonus"})
        else:
            target = self.content.specialist_targets[spec]
            acts += [{"type": "patient", "bed": b} for b in candidates(hospital, target, step["chosen"], step)]
        return acts

    def _blood_use_actions(self, hospital: Hospital) -> list[Action]:
        return [{"type": "blood_use", "use": use} for use in self._blood_uses(hospital, hospital["activation"]["bed"])]

    # ---- blood bags, at any moment of the activation -------------------------------------------
    def _blood_actions(self, hospital: Hospital) -> list[Action]:
        """Spanish text: "Una bolsa de sangre puede devolverse al suministro general en cualquier
        momento de tu activación"; French text: "Les poches de sang peuvent être défaussées à tout
        moment".  Between departments any patient; inside a department's chain (option
        ``blood_bags_between_departments_only`` forbids it) any patient not already chosen for
        the group, by a use that leaves the chain completable."""
        if hospital["blood_bags"] <= 0:
            return []
        step = hospital["activation"]["step"]
        if step == "idle":
            return [{"type": "blood", "bed": b} for b, c in enumerate(hospital["bed_colour"]) if c >= 0]
        if self.options["blood_bags_between_departments_only"]:
            return []
        return [{"type": "blood", "bed": b} for b, c in enumerate(hospital["bed_colour"])
                if c >= 0 and next(self._each_blood_use(hospital, b), None) is not None]

    def _blood_uses(self, hospital: Hospital, bed: int) -> list[str]:
        """The uses of a blood bag on ``bed`` now: +1, or a colour other than the one it counts
        as; inside a chain only those after which the chain can still be completed."""
        return list(self._each_blood_use(hospital, bed))

    def _each_blood_use(self, hospital: Hospital, bed: int) -> Iterator[str]:
        """``_blood_uses`` one by one: a legal list asks only whether a bed has one, and each
        use inside a chain is tried on a copy of the beds, so it stops at the first."""
        here = effective_colour(hospital, bed)
        step = hospital["activation"]
        at = step.get("resume", step["step"])
        if at != "idle" and bed in step.get("chosen", ()):
            return
        for use in BLOOD_USES:
            if use != "treat" and COLOURS.index(use) == here:
                continue
            if at == "idle" or self._chain_survives(hospital, step, at, bed, use):
                yield use

    def _chain_survives(self, hospital: Hospital, step: dict[str, Any], at: str, bed: int, use: str) -> bool:
        """Whether the department (or specialist) in progress can still be completed after a
        blood bag's ``use`` on ``bed`` (tried on a copy of the beds)."""
        if at == "specialist":
            return True           # the specialist's effect may always be skipped
        trial = self._beds_after_blood(hospital, bed, use)
        content = self.content
        if at == "specialist_more":
            target = content.specialist_targets[hospital["specialists"][step["meeple"]]]
            return bool(candidates(trial, target, step["chosen"], step))
        target = content.department_targets[hospital["departments"][step["department"]]]
        if at == "meeple":
            return can_resolve(trial, target)
        return bool(candidates(trial, target, step["chosen"]))

    _STEP_ACTIONS: dict[str, Callable[[Any, Hospital], list[Action]]] = {
        "idle": _idle_actions, "meeple": _meeple_actions, "patients": _patient_actions,
        "specialist": _specialist_actions, "specialist_more": _specialist_actions,
        "blood_use": _blood_use_actions,
    }
    _CHAIN_CHOICES: dict[str, Callable[[Any, Hospital], list[Action]]] = {
        "meeple": _meeple_choices, "patients": _patient_choices,
        "specialist": _specialist_choices, "specialist_more": _specialist_choices,
    }

    # ---- handlers -------------------------------------------------------------------------------
    def choose_department(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        index = action["dept"]
        hospital["departments_used"][index] = 1
        hospital["activation"] = {"step": "meeple", "department": index}
        return []

    def send_meeple(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        meeple = action["meeple"]
        if meeple == NURSE:
            hospital["nurses"] -= 1
        else:
            hospital["specialists_used"][meeple] = 1
        step = hospital["activation"]
        hospital["department_workers"][step["department"]] = meeple  # the table sees who works where
        step["step"], step["meeple"], step["chosen"] = "patients", meeple, []
        return []

    def choose_patient(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        step = hospital["activation"]
        step["chosen"].append(action["bed"])
        content = self.content
        if step["step"] == "patients":
            dept = hospital["departments"][step["department"]]
            target = content.department_targets[dept]
            if len(step["chosen"]) < target[0]:
                return []
            return self._resolve_department(seat, hospital, dept, target)
        spec = hospital["specialists"][step["meeple"]]
        target = content.specialist_targets[spec]
        if len(step["chosen"]) < target[0]:
            step["step"] = "specialist_more"
            return []
        beds = step["chosen"]
        discharged = [b for b in beds if self._treat(hospital, b, target[T_AMOUNT])]
        hospital["activation"] = idle_activation()
        return [{"type": "specialist", "seat": seat, "id": content.specialist_ids[spec], "beds": beds,
                 "discharged": discharged}]

    def _resolve_department(self, seat: int, hospital: Hospital, dept: int, target: tuple) -> list[Event]:
        """Treat the chosen group; note which patients trigger the specialist, before treatment."""
        step = hospital["activation"]
        beds = step["chosen"]
        meeple = step["meeple"]
        context: dict[str, Any] = {"treated": list(beds), "trigger_values": [], "trigger_colours": []}
        if meeple != NURSE:
            mask, low, high = self.content.specialist_trigger[hospital["specialists"][meeple]]
            for bed in beds:
                colour, value = effective_colour(hospital, bed), hospital["bed_value"][bed]
                if (mask >> colour) & 1 and low <= value <= high:
                    context["trigger_values"].append(value)
                    context["trigger_colours"].append(colour)
        amount = target[T_AMOUNT]
        discharged = [b for b in beds if self._treat(hospital, b, amount)]
        events: list[Event] = [{"type": "department", "seat": seat, "id": self.content.department_ids[dept],
                                "beds": list(beds), "discharged": discharged}]
        if meeple != NURSE and self._specialist_available(hospital, hospital["specialists"][meeple], context):
            context.update(step="specialist", department=step["department"], meeple=meeple, chosen=[])
            hospital["activation"] = context
        else:
            hospital["activation"] = idle_activation()
        return events

    def _specialist_available(self, hospital: Hospital, spec: int, context: dict[str, Any]) -> bool:
        """Whether the specialist's effect can be used now, or after a blood bag (which may be
        spent between the department's treatment and the specialist's effect)."""
        if not context["trigger_values"]:
            return False
        if self.content.specialist_blood[spec]:
            return self.blood_supply > 0
        target = self.content.specialist_targets[spec]
        if can_resolve(hospital, target, context):
            return True
        if hospital["blood_bags"] <= 0 or self.options["blood_bags_between_departments_only"]:
            return False
        return any(self._blood_helps_specialist(hospital, target, context, bed)
                   for bed, colour in enumerate(hospital["bed_colour"]) if colour >= 0)

    def _blood_helps_specialist(self, hospital: Hospital, target: tuple, context: dict[str, Any],
                                bed: int) -> bool:
        """Whether one blood bag on ``bed`` (+1 or a colour) makes the specialist's effect possible."""
        return any(can_resolve(self._beds_after_blood(hospital, bed, use), target, context)
                   for use in BLOOD_USES)

    def _beds_after_blood(self, hospital: Hospital, bed: int, use: str) -> Hospital:
        """A copy of the beds as they would be after a blood bag's ``use`` on ``bed`` (+1, a
        discharge at 7, or a colour), for checking what is still possible."""
        trial = {key: list(hospital[key]) for key in ("bed_colour", "bed_value", "bed_treated", "bed_tint")}
        if use != "treat":
            trial["bed_tint"][bed] = COLOURS.index(use)
            return trial
        trial["bed_treated"][bed] = 1
        trial["bed_value"][bed] += 1
        if trial["bed_value"][bed] >= self.content.rules["discharge_at"]:
            trial["bed_colour"][bed], trial["bed_value"][bed], trial["bed_tint"][bed] = -1, 0, -1
        return trial

    def skip_specialist(self, seat: int, action: Action) -> list[Event]:
        self.hospitals[seat]["activation"] = idle_activation()
        return []

    def specialist_bonus(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        spec = hospital["specialists"][hospital["activation"]["meeple"]]
        gained = self._gain_blood(hospital, self.content.specialist_blood[spec])
        hospital["activation"] = idle_activation()
        return [{"type": "blood_gained", "seat": seat, "amount": gained}]

    def choose_blood_bed(self, seat: int, action: Action) -> list[Event]:
        """The step in progress is kept (``resume``) and taken up again once the bag is spent."""
        step = self.hospitals[seat]["activation"]
        step["resume"], step["step"], step["bed"] = step["step"], "blood_use", action["bed"]
        return []

    def spend_blood_bag(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        step = hospital["activation"]
        bed = step.pop("bed")
        step["step"] = step.pop("resume")
        use = action["use"]
        hospital["blood_bags"] -= 1
        self.blood_supply += 1
        if use == "treat":
            discharged = self._treat(hospital, bed, 1)
            return [{"type": "blood_treat", "seat": seat, "bed": bed, "discharged": discharged}]
        hospital["bed_tint"][bed] = COLOURS.index(use)
        return [{"type": "blood_colour", "seat": seat, "bed": bed, "colour": use}]

    def end_activation(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        hospital["activation_ended"] = True
        hospital["activation"] = idle_activation()
        events: list[Event] = [{"type": "activation_ended", "seat": seat}]
        if all(h["activation_ended"] for h in self.hospitals):
            events += self._end_activation()
        return events

    # ---- refusals in words ------------------------------------------------------------------------
    def _why_illegal_in_activate(self, seat: int, action: Action) -> str | None:
        hospital = self.hospitals[seat]
        kind = action.get("type")
        step = hospital["activation"]
        at = step["step"]
        content = self.content
        if kind in ("blood", "blood_use"):
            if hospital["blood_bags"] <= 0:
                return "you have no blood bag"
            bed = action.get("bed")
            if kind == "blood" and not (_whole(bed) and 0 <= bed < len(hospital["bed_colour"])
                                        and hospital["bed_colour"][bed] >= 0):
                return f"bed {bed!r} has no patient to spend a blood bag on"
            if at == "blood_use" and kind == "blood":
                return "say first how to spend the blood bag already chosen"
            if at != "idle" and kind == "blood" and self.options["blood_bags_between_departments_only"]:
                return ("finish the department you started before spending a blood bag "
                        "(option blood_bags_between_departments_only)")
            if kind == "blood" and _whole(action.get("bed")) and action["bed"] in step.get("chosen", ()):
                return (f"the patient in bed {action['bed']} is already chosen for this effect; "
                        "a blood bag goes on it before it is chosen")
            if kind == "blood" and at != "idle":
                return (f"a blood bag on bed {action.get('bed')!r} now would leave the department "
                        "you started impossible to complete")
        if kind == "blood_use" and at == "blood_use" and action.get("use") in BLOOD_USES:
            if action["use"] != "treat" and COLOURS.index(action["use"]) == effective_colour(hospital, step["bed"]):
                return f"the patient in bed {step['bed']} already counts as {action['use']}"
            return (f"spending the blood bag that way on bed {step['bed']} would leave the department "
                    "you started impossible to complete")
        if kind == "department":
            return self._why_not_department(hospital, action.get("dept"))
        if kind == "meeple" and at == "meeple":
            meeple = action.get("meeple")
            if meeple == NURSE:
                return "no nurse is left at the nurses' station"
            if _whole(meeple) and 0 <= meeple < len(hospital["specialists"]):
                name = content.specialist_names[hospital["specialists"][meeple]]["en"]
                return f"specialist {meeple} ({name}) has already worked this round"
            return f"you have no specialist {meeple!r}"
        if kind == "patient" and at in ("patients", "specialist", "specialist_more"):
            bed = action.get("bed")
            if not _whole(bed):
                return f"bed must be a whole number; got {bed!r}"
            if at == "patients":
                target = content.department_targets[hospital["departments"][step["department"]]]
                return group_problem(hospital, target, step["chosen"], bed)
            target = content.specialist_targets[hospital["specialists"][step["meeple"]]]
            if target is not None:
                return group_problem(hospital, target, step["chosen"], bed, step)
        return None

    def _why_not_department(self, hospital: Hospital, index: Any) -> str:
        if hospital["activation"]["step"] != "idle":
            return "finish the department you started before choosing another"
        if not _whole(index) or not 0 <= index < len(hospital["departments"]):
            return f"you have no department {index!r}"
        name = self.content.department_names[hospital["departments"][index]]["en"]
        if hospital["departments_used"][index]:
            return f"department {index} ({name}) has already been used this round"
        if hospital["nurses"] <= 0 and 0 not in hospital["specialists_used"]:
            return "every nurse and specialist has already worked this round"
        return f"department {index} ({name}) cannot be fully resolved now"
