"""The strip mix and scoring numbers, loaded from ``content.toml`` and checked entry by entry.

Every state of one rule set and one ``params`` shares a single :class:`Content` (it is
immutable), built by :func:`content_for` and kept in the engine's bounded cache, so a sweep over
thousands of settings cannot grow memory without end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import ContentError, content_cache, load_content, require

COLOURS = ("red", "green")
GOODS = ("rice", "vegetables", "spice", "fish")
EMPTY = "empty"
RAT = "rat"
RULES = ("dschunke", "rat-hot")
#: Every goods crate, "red rice" to "green fish": the crates that form scoring groups (a set,
#: since scoring asks of every visible crate whether it is one).
GOODS_CRATES = frozenset(f"{colour} {good}" for colour in COLOURS for good in GOODS)
#: The most strips a pile may hold (both rule sets ship 42, plus the start strip).  Why a bound: a game's
#: length, its action numbers (``encoding.py``: about 4 x 2(3T+1)^2) and its observation all
#: grow with the pile; 100 strips keep a game under 200 decisions and the action space under
#: a million numbers.
MAX_STRIPS = 100


@dataclass(frozen=True)
class Content:
    """What one rule set plays with: the pile's strips (index = strip id), the start strip
    and the scoring numbers."""

    tiles: list[list[str]]      # index = strip id; the start strip is not among them
    start: list[str]
    min_group: int
    rat_penalty: int
    pair_points: int
    larger_points: int
    rat_limit: int


def crate_colour(crate: str) -> str | None:
    return None if crate == EMPTY else crate.split(" ", 1)[0]


def crate_kind(crate: str) -> str | None:
    return None if crate == EMPTY else crate.split(" ", 1)[1]


def _check_crate(where: str, crate: Any) -> None:
    if crate == EMPTY:
        return
    parts = crate.split(" ") if isinstance(crate, str) else []
    require(
        len(parts) == 2 and parts[0] in COLOURS and parts[1] in (*GOODS, RAT),
        f"{where}: {crate!r} is not a crate; write 'empty', '<colour> <good>' or '<colour> rat' "
        f"with colour in {COLOURS} and good in {GOODS}",
    )


def _check_strip(where: str, strip: Any) -> list[str]:
    require(isinstance(strip, list) and len(strip) == 3,
            f"{where}: a strip is a list of exactly 3 crates; got {strip!r}")
    for i, crate in enumerate(strip):
        _check_crate(f"{where}[{i}]", crate)
    return list(strip)


def _check_pile(tiles: list) -> None:
    """The pile must hold 1 to MAX_STRIPS strips; the message names the params path."""
    if not 1 <= len(tiles) <= MAX_STRIPS:
        raise ContentError(f"params.tiles: the pile must hold from 1 to {MAX_STRIPS} strips; got {len(tiles)}")


@content_cache()
def content_for(params: dict[str, Any] | None, rules: str = "dschunke") -> Content:
    """The content for ``rules`` ("dschunke" or "rat-hot": both play the same pile) with the
    designer's ``params`` laid over ``content.toml``; a bad key, kind or out-of-range number raises ValueError naming
    the path (``params.rat_hot.rat_limit: must be from 1 to 20; got 99``)."""
    require(rules in RULES, f"rules must be one of {', '.join(RULES)}; got {rules!r}")
    raw = load_content(__package__, "content.toml", params)
    try:
        _check_pile(raw["tiles"])
        tiles = [_check_strip(f"tiles[{i}]", t) for i, t in enumerate(raw["tiles"])]
        start = _check_strip("start", raw["start"])
        scoring, rat_hot = raw["scoring"], raw["rat_hot"]
        return Content(
            tiles=tiles, start=start,
            min_group=int(scoring["min_group"]), rat_penalty=int(scoring["rat_penalty"]),
            pair_points=int(rat_hot["pair_points"]),
            larger_points=int(rat_hot["larger_points"]), rat_limit=int(rat_hot["rat_limit"]),
        )
    except KeyError as exc:
        raise ContentError(f"content.toml lacks the entry {exc.args[0]!r}") from exc
