"""The one effect schema, interpreted: which patients a department or specialist may treat.

A target (see ``content.T_*``) names how many patients, their colours and value band, whether
they must share a colour or a value, the row they must be on and, for specialists, how they
relate to the patients the department just treated.  "All or nothing": a choice is only offered
when it can be completed into a whole group, so ``legal_actions`` never lists a dead end.

A hospital's beds are parallel lists (see :mod:`.hospital`): ``bed_colour`` (-1 = empty),
``bed_value``, ``bed_treated`` (treated this round) and ``bed_tint`` (a blood-bag colour change
for this activation, -1 = none).  A specialist's ``context`` is the activation step that
follows its department: ``treated`` (the beds the department treated), ``trigger_values`` and
``trigger_colours`` (of the patients that triggered the specialist, before the treatment).
"""

from __future__ import annotations

from typing import Any

from .content import REL_OTHER, REL_SAME_COLOUR, REL_SAME_VALUE, REL_TREATED
from .hospital import Hospital


def effective_colour(hospital: Hospital, bed: int) -> int:
    tint = hospital["bed_tint"][bed]
    return tint if tint >= 0 else hospital["bed_colour"][bed]


def eligible(hospital: Hospital, target: tuple, context: dict[str, Any] | None,
             limit: int = 99) -> list[int]:
    """Beds whose patient meets the target's per-patient conditions (at most ``limit``)."""
    cols, vals, trt, tints = (hospital["bed_colour"], hospital["bed_value"], hospital["bed_treated"],
                              hospital["bed_tint"])
    _, mask, low, high, _, _, untreated, relation, _ = target
    out = []
    for bed in range(len(cols)):
        colour = cols[bed]
        if colour < 0:
            continue
        tint = tints[bed]
        if tint >= 0:
            colour = tint
        if not (mask >> colour) & 1:
            continue
        value = vals[bed]
        if value < low or value > high:
            continue
        if untreated and trt[bed]:
            continue
        if relation and context is not None and not _related(relation, bed, colour, value, context):
            continue
        out.append(bed)
        if len(out) >= limit:
            break
    return out


def _related(relation: int, bed: int, colour: int, value: int, context: dict[str, Any]) -> bool:
    """How a specialist's patient relates to the ones the department just treated."""
    treated = context["treated"]
    if relation == REL_TREATED:
        return bed in treated
    if bed in treated:          # every other relation means "another patient"
        return False
    if relation == REL_SAME_VALUE:
        return value in context["trigger_values"]
    if relation == REL_SAME_COLOUR:
        return colour in context["trigger_colours"]
    return relation == REL_OTHER


def candidates(hospital: Hospital, target: tuple, chosen: list[int],
               context: dict[str, Any] | None = None) -> list[int]:
    """Beds that may be chosen next so that the whole group can still be completed."""
    pool = [b for b in eligible(hospital, target, context) if b not in chosen]
    need = target[0] - len(chosen)
    if need <= 0:
        return []
    same_colour, same_value = target[4], target[5]
    if not same_colour and not same_value:
        return pool if len(pool) >= need else []
    vals = hospital["bed_value"]

    def key(bed: int) -> int:
        return ((effective_colour(hospital, bed) + 1) * 16 if same_colour else 0) + \
            (vals[bed] if same_value else 0)

    if chosen:
        wanted = key(chosen[0])
        group = [b for b in pool if key(b) == wanted]
        return group if len(group) >= need else []
    counts: dict[int, int] = {}
    keys = [key(b) for b in pool]
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    return [b for b, k in zip(pool, keys, strict=True) if counts[k] >= need]


def patients(hospital: Hospital) -> list[tuple[int, int, int]]:
    """(colour counted, value, treated) of every patient, bed order: one pass over the beds
    that serves every department checked at the same step."""
    vals, trt, tints = hospital["bed_value"], hospital["bed_treated"], hospital["bed_tint"]
    return [(tints[b] if tints[b] >= 0 else c, vals[b], trt[b])
            for b, c in enumerate(hospital["bed_colour"]) if c >= 0]


def enough_patients(found: list[tuple[int, int, int]], target: tuple) -> bool:
    """Whether ``found`` holds ``target``'s count of matching patients, for a target that
    needs no shared colour or value and no relation (what ``can_resolve`` answers, faster)."""
    count, mask, low, high, _, _, untreated, _, _ = target
    n = 0
    for colour, value, treated in found:
        if (mask >> colour) & 1 and low <= value <= high and not (untreated and treated):
            n += 1
            if n >= count:
                return True
    return False


def can_resolve(hospital: Hospital, target: tuple, context: dict[str, Any] | None = None) -> bool:
    """Whether a whole group exists; a group without shared colour/value stops early."""
    if not target[4] and not target[5]:
        return len(eligible(hospital, target, context, target[0])) >= target[0]
    return bool(candidates(hospital, target, [], context))


def group_problem(hospital: Hospital, target: tuple, chosen: list[int], bed: int,
                  context: dict[str, Any] | None = None) -> str:
    """Why ``bed`` cannot join ``chosen`` (for a clear refusal message)."""
    if not 0 <= bed < len(hospital["bed_colour"]) or hospital["bed_colour"][bed] < 0:
        return f"bed {bed} has no patient"
    if bed in chosen:
        return f"the patient in bed {bed} is already chosen for this effect"
    if bed not in eligible(hospital, target, context):
        return f"the patient in bed {bed} does not match this effect"
    if chosen:
        return (f"the patient in bed {bed} does not complete the exact group of {target[0]} "
                "this effect needs")
    return f"no complete group of {target[0]} patients including bed {bed} exists"
