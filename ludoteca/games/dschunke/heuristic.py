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

from collections.abc import Callable
from typing import Any

from .content import COLOURS
from .scoring import visible_rats

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
    drawn = [strip["crates"] for strip in view["drawn"]]
    last = last_strip(view["phase"], [strip["tile"] for strip in view["drawn"]], view["to_place"], drawn)
    return with_last_strip([entry["rats"] for entry in view["seats"]], [e["colour"] for e in view["seats"]], last)


def last_strip(phase: str, tiles: list[int], first: int | None, crates: list[list[str]]) -> list[str]:
    """The crates of the drawn strip that will be laid last this turn (none outside "place")."""
    if phase != "place" or not tiles:
        return []
    return next((strip for tile, strip in zip(tiles, crates, strict=True) if tile != first), crates[0])


def with_last_strip(rats: list[int], colours: list[str], last: list[str]) -> list[int]:
    for crate in last:
        for seat, colour in enumerate(colours):
            if crate == f"{colour} rat":
                rats[seat] += 1
    return rats


def value(seat: int, lost: list[bool], scores: list[int], limit: int | None, over: bool,
          rats: Callable[[], list[int]]) -> float:
    """Higher is better for ``seat`` (a two-player game: my score minus theirs, less the rats'
    risk); ``rats()`` gives the rats at the turn's end, asked only when they matter."""
    if lost[seat]:
        return -DECIDED
    if lost[1 - seat]:
        return DECIDED
    result = float(scores[seat] - scores[1 - seat])
    if limit is not None and not over:
        counts = rats()
        result -= rat_risk(counts[seat], limit) - rat_risk(counts[1 - seat], limit)
    return result


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat``, from its view."""
    return value(seat, [entry["lost"] for entry in view["seats"]], view["scores"], view.get("rat_limit"),
                 view["is_over"], lambda: rats_at_turn_end(view))


def evaluate_state(state: Any, seat: int) -> float:
    """``evaluate(state.view(seat), seat)`` read from the state, for bots valuing hundreds of
    placements a decision: the same fields the view shows (everything but the pile's order,
    which nothing here reads), without building the view's lists of cells and groups."""
    limit = state.content.rat_limit if state.rat_hot else None

    def rats() -> list[int]:
        board = state.board
        last = last_strip(state.phase, state.drawn, state.to_place, [state.strip(t) for t in state.drawn])
        return with_last_strip([visible_rats(board, colour) for colour in COLOURS], list(COLOURS), last)

    return value(seat, [state.loser == 0, state.loser == 1], state.scores, limit, state.is_over, rats)
