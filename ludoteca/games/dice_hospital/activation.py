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
``blood_use``          how to spend the blood bag on ``bed``: +1, or a colour
=====================  ====================================================================

Phase ``activate`` of :mod:`.phases`.
"""

from __future__ import annotations

from collections.abc import Callable
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
        kind, amount = self._event_kind()
        delta = amount if kind == "nurse_delta" else 0
        base = self.content.rules["nurses"]
        for hospital in self.hospitals:
            admin = self._administrator(hospital, "extra_nurse")
            extra = admin["amount"] if admin is not None else 0
            hospital["nurses"] = max(0, base + extra + delta)
            hospital["departments_used"] = [0] * len(hospital["departments"])
            hospital["specialists_used"] = [0] * len(hospital["specialists"])
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
        if hospital["blood_bags"] > 0:
            acts += [{"type": "blood", "bed": b} for b, c in enumerate(hospital["bed_colour"]) if c >= 0]
        acts.append({"type": "end"})
        return acts

    def _meeple_actions(self, hospital: Hospital) -> list[Action]:
        acts: list[Action] = [{"type": "meeple", "meeple": NURSE}] if hospital["nurses"] > 0 else []
        acts += [{"type": "meeple", "meeple": k} for k, used in enumerate(hospital["specialists_used"])
                 if not used]
        return acts

    def _patient_actions(self, hospital: Hospital) -> list[Action]:
        step = hospital["activation"]
        target = self.content.department_targets[hospital["departments"][step["department"]]]
        return [{"type": "patient", "bed": b} for b in candidates(hospital, target, step["chosen"])]

    def _specialist_actions(self, hospital: Hospital) -> list[Action]:
        step = hospital["activation"]
        spec = hospital["specialists"][step["meeple"]]
        acts: list[Action] = [{"type": "skip"}] if step["step"] == "specialist" else []
        if self.content.specialist_blood[spec]:
            acts.append({"type": "bonus"})
        else:
            target = self.content.specialist_targets[spec]
            acts += [{"type": "patient", "bed": b} for b in candidates(hospital, target, step["chosen"], step)]
        return acts

    def _blood_use_actions(self, hospital: Hospital) -> list[Action]:
        here = effective_colour(hospital, hospital["activation"]["bed"])
        return [{"type": "blood_use", "use": use} for use in BLOOD_USES
                if use == "treat" or COLOURS.index(use) != here]

    _STEP_ACTIONS: dict[str, Callable[[Any, Hospital], list[Action]]] = {
        "idle": _idle_actions, "meeple": _meeple_actions, "patients": _patient_actions,
        "specialist": _specialist_actions, "specialist_more": _specialist_actions,
        "blood_use": _blood_use_actions,
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
        if not context["trigger_values"]:
            return False
        if self.content.specialist_blood[spec]:
            return self.blood_supply > 0
        return can_resolve(hospital, self.content.specialist_targets[spec], context)

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
        self.hospitals[seat]["activation"] = {"step": "blood_use", "bed": action["bed"]}
        return []

    def spend_blood_bag(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        bed = hospital["activation"]["bed"]
        use = action["use"]
        hospital["blood_bags"] -= 1
        self.blood_supply += 1
        hospital["activation"] = idle_activation()
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
            if at != "idle" and kind == "blood":
                return "finish the department you started before spending a blood bag"
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
