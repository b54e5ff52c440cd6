"""The normal bot's judgement of a Dschunke position: the score difference as the view shows it.

Live scores already weigh everything that counts at the end (visible groups, Dschunke's visible
rats and Rat Hot's points scored during play), so the heuristic only adds what scores cannot
show.  In Rat Hot that is the rats: they cost nothing at the end but a player who ends their
own turn showing ``rat_limit`` of them loses at once, and the opponent can lay more of your rats
in their turn.  So each visible rat is a risk, and the last one short of the limit a large one;
without it the normal bot lost every Rat Hot game to rats (20 of 20 measured).
It reads only documented view keys (``scores``, ``seats[*]``, ``phase``, ``drawn``,
``to_place``, ``rat_limit``).
"""

from __future__ import annotations

from typing import Any

#: The value of a decided Rat Hot game (3 visible rats): beyond any score difference.
DECIDED = 1000.0
#: Rat Hot: the risk of each visible rat of a colour, in points ...
RAT_RISK = 1.5
#: ... the extra risk of standing one rat short of the limit (the opponent needs to lay just
#: one more of your rats, and you must then cover two to survive) ...
BRINK_RISK = 4.0
#: ... and of reaching the limit: a loss if it still shows when its player's turn ends.
LIMIT_RISK = 30.0


def rat_risk(rats: int, limit: int) -> float:
    """How much ``rats`` visible rats of one colour endanger their player (Rat Hot)."""
    return (RAT_RISK * rats + (BRINK_RISK if rats >= limit - 1 else 0.0)
            + (LIMIT_RISK if rats >= limit else 0.0))


def rats_at_turn_end(view: dict[str, Any]) -> list[int]:
    """Visible rats per colour, plus the rats on the strip that will be laid last this turn:
    a strip just laid lies on top, so all its rats show when the turn ends.  That is what
    makes the order of the two strips matter (lay your rat first, then cover it)."""
    rats = [entry["rats"] for entry in view["seats"]]
    drawn, first = view["drawn"], view["to_place"]
    if view["phase"] != "place" or not drawn:
        return rats
    last = next((strip for strip in drawn if strip["tile"] != first), drawn[0])
    for crate in last["crates"]:
        for seat, entry in enumerate(view["seats"]):
            if crate == f"{entry['colour']} rat":
                rats[seat] += 1
    return rats


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat`` (a two-player game: my score minus theirs)."""
    seats = view["seats"]
    if seats[seat]["lost"]:
        return -DECIDED
    if seats[1 - seat]["lost"]:
        return DECIDED
    scores = view["scores"]
    value = float(scores[seat] - scores[1 - seat])
    limit = view.get("rat_limit")
    if limit is not None and not view["is_over"]:
        rats = rats_at_turn_end(view)
        value -= rat_risk(rats[seat], limit) - rat_risk(rats[1 - seat], limit)
    return value
