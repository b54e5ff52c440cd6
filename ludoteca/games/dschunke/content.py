"""The tile mix and scoring numbers, loaded from ``tiles.toml`` and checked entry by entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import ContentError, load_toml, require
from ludoteca.engine.params import override

COLOURS = ("red", "green")
GOODS = ("rice", "vegetables", "spice", "fish")
EMPTY = "empty"
RAT = "rat"


@dataclass(frozen=True)
class Content:
    tiles: list[list[str]]      # index = tile id; the start strip is not among them
    start: list[str]
    min_group: int
    rat_penalty: int
    spice_good: str
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


def load(rules: str, params: dict[str, Any] | None = None) -> Content:
    """The content for ``rules`` ("dschunke" or "rat-hot"), with designer overrides applied."""
    raw = load_toml("ludoteca.games.dschunke", "tiles.toml")
    if params:
        raw = override(raw, params)
    try:
        tiles = [_check_strip(f"tiles[{i}]", t) for i, t in enumerate(raw["tiles"])]
        if rules == "rat-hot":
            tiles += [_check_strip(f"rat_hot_extra[{i}]", t)
                      for i, t in enumerate(raw["rat_hot_extra"])]
        start = _check_strip("start", raw["start"])
        scoring, rat_hot = raw["scoring"], raw["rat_hot"]
        require(len(tiles) >= 1, "tiles: the pile needs at least one strip")
        require(rat_hot["spice_good"] in GOODS, f"rat_hot.spice_good must be one of {GOODS}")
        return Content(
            tiles=tiles, start=start,
            min_group=int(scoring["min_group"]), rat_penalty=int(scoring["rat_penalty"]),
            spice_good=rat_hot["spice_good"], pair_points=int(rat_hot["pair_points"]),
            larger_points=int(rat_hot["larger_points"]), rat_limit=int(rat_hot["rat_limit"]),
        )
    except KeyError as exc:
        raise ContentError(f"tiles.toml lacks the entry {exc.args[0]!r}") from exc
