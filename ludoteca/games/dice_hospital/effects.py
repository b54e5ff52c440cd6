"""The one effect schema, interpreted: which patients a department or specialist may treat.

A target (see ``content.T_*``) names how many patients, their colours and value band, whether
they must share a colour or a value, the row they must be on and, for specialists, how they
relate to the patients the department just treated.  "All or nothing": a choice is only offered
when it can be completed into a whole group, so ``legal_actions`` never lists a dead end.

A player's beds are parallel lists: ``col`` (-1 = empty), ``val``, ``trt`` (treated this round)
and ``tint`` (a blood-bag colour change for this activation, -1 = none).
"""

from __future__ import annotations

from typing import Any

from .content import REL_OTHER, REL_SAME_COLOUR, REL_SAME_VALUE, REL_TREATED

Player = dict[str, Any]


def effective_colour(player: Player, bed: int) -> int:
    tint = player["tint"][bed]
    return tint if tint >= 0 else player["col"][bed]


def eligible(player: Player, target: tuple, context: dict[str, Any] | None,
             limit: int = 99) -> list[int]:
    """Beds whose patient meets the target's per-patient conditions (at most ``limit``)."""
    cols, vals, trt, tints = player["col"], player["val"], player["trt"], player["tint"]
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
    treated = context["tr"]
    if relation == REL_TREATED:
        return bed in treated
    if bed in treated:          # every other relation means "another patient"
        return False
    if relation == REL_SAME_VALUE:
        return value in context["tv"]
    if relation == REL_SAME_COLOUR:
        return colour in context["tc"]
    return relation == REL_OTHER


def candidates(player: Player, target: tuple, chosen: list[int],
               context: dict[str, Any] | None = None) -> list[int]:
    """Beds that may be chosen next so that the whole group can still be completed."""
    pool = [b for b in eligible(player, target, context) if b not in chosen]
    need = target[0] - len(chosen)
    if need <= 0:
        return []
    same_colour, same_value = target[4], target[5]
    if not same_colour and not same_value:
        return pool if len(pool) >= need else []
    vals = player["val"]

    def key(bed: int) -> int:
        return ((effective_colour(player, bed) + 1) * 16 if same_colour else 0) + \
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


def can_resolve(player: Player, target: tuple, context: dict[str, Any] | None = None) -> bool:
    """Whether a whole group exists; a group without shared colour/value stops early."""
    if not target[4] and not target[5]:
        return len(eligible(player, target, context, target[0])) >= target[0]
    return bool(candidates(player, target, [], context))


def group_problem(player: Player, target: tuple, chosen: list[int], bed: int,
                  context: dict[str, Any] | None = None) -> str:
    """Why ``bed`` cannot join ``chosen`` (for a clear refusal message)."""
    if not 0 <= bed < len(player["col"]) or player["col"][bed] < 0:
        return f"bed {bed} has no patient"
    if bed in chosen:
        return f"the patient in bed {bed} is already chosen for this effect"
    if bed not in eligible(player, target, context):
        return f"the patient in bed {bed} does not match this effect"
    if chosen:
        return (f"the patient in bed {bed} does not complete the exact group of {target[0]} "
                "this effect needs")
    return f"no complete group of {target[0]} patients including bed {bed} exists"
