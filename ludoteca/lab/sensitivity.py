"""``lab sensitivity``: which knobs matter at all?  One-at-a-time ±δ on every numeric knob.

The screen is a paired experiment like any other: the control plus, for every selected knob,
one arm at value − δ and one at value + δ, all played on the same blocks.  Each side is a
paired difference to the control with its interval; the elasticity is the block-paired slope
across −δ, 0, +δ; and "does this knob move this metric?" is answered per metric with
Benjamini-Hochberg over the knobs (LAB.md §5: a sensitivity screen is a family of dozens of
knobs, where family-wise control would miss almost every real effect).

Why the arms are expanded here and not in the sweep code: a sweep multiplies grids of a few
knobs; a screen moves one knob at a time around the control, clamped to the declared ranges,
and must say which sides could not be played (a knob at its bound, a δ that rounds to
nothing, a value the game refuses) instead of failing on them.
"""

from __future__ import annotations

import fnmatch
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ludoteca.engine import game as get_game

from . import stats
from .gamedata import effective_content, shipped_content
from .knobs import knobs as list_knobs
from .knobs import set_path

#: The metrics a designer asks about first, in the order the report shows them: is any seat
#: favoured (seat_gap), how long is a game (actions), how many points (mean score over seats),
#: can the last player come back (comeback_rate, when the game has a score to rank by).
DEFAULT_METRICS = ("seat_gap", "actions", "score", "comeback_rate")
#: The false discovery rate of the per-metric knob family.
FDR_Q = 0.05
#: Bootstrap resamples for seat_gap, whose paired difference is not a mean of block values.
GAP_RESAMPLES = 2000


@dataclass
class Screen:
    """One knob of the screen: its control value, the values played on each side (None when a
    side does not exist) and the plain-words notes on what was left out and why."""

    knob: str
    value: float
    minus: float | None
    plus: float | None
    minus_arm: str | None = None
    plus_arm: str | None = None
    notes: list[str] = field(default_factory=list)


def parse_delta(text: str | int | float) -> tuple[float, bool]:
    """``1`` -> (1.0, absolute); ``"10%"`` -> (0.10, relative).  Refuses 0, negatives and words."""
    raw = str(text).strip()
    relative = raw.endswith("%")
    number = raw[:-1].strip() if relative else raw
    try:
        amount = float(number)
    except ValueError:
        raise ValueError(f"--delta: write a number (1, 0.5) or a percentage (10%); got {text!r}") from None
    if not math.isfinite(amount) or amount <= 0:
        raise ValueError(f"--delta: must be more than 0; got {text!r}")
    return (amount / 100.0 if relative else amount), relative


def _leaves(node: Mapping[str, Any], path: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in node.items():
        where = f"{path}.{key}" if path else str(key)
        out += _leaves(value, where) if isinstance(value, Mapping) else [(where, value)]
    return out


def _lookup(content: Mapping[str, Any], path: str) -> Any:
    node: Any = content
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


def _shown(value: float) -> str:
    return json.dumps(int(value) if float(value).is_integer() else value)


def select(game_id: str, patterns: Sequence[str] | None) -> list[str]:
    """The numeric knob paths matching any of ``patterns`` (all numeric knobs when none), in
    content order.  A pattern matching nothing, or only non-numeric values, is an error."""
    found = list_knobs(game_id)
    if not found:
        raise ValueError(f"--knobs: {game_id} has no numeric knobs (no content file to change)")
    if not patterns:
        return [k.path for k in found]
    data, _ = shipped_content(get_game(game_id))
    leaves = _leaves(data)
    chosen: list[str] = []
    for pattern in patterns:
        hits = [k.path for k in found if fnmatch.fnmatchcase(k.path, pattern)]
        if not hits:
            other = [(p, v) for p, v in leaves if fnmatch.fnmatchcase(p, pattern)]
            if other:
                path, value = other[0]
                raise ValueError(f"--knobs {pattern!r}: matches only values that are not numbers "
                                 f"(e.g. {path} = {value!r}); a screen moves numbers only")
            raise ValueError(f"--knobs {pattern!r}: matches no knob of {game_id}; "
                             f"list them with `ludoteca lab knobs {game_id}`")
        chosen += [h for h in hits if h not in chosen]
    order = {k.path: i for i, k in enumerate(found)}
    return sorted(chosen, key=order.__getitem__)


def plan(game_id: str, patterns: Sequence[str] | None, delta: str | int | float = 1,
         base_params: Mapping[str, Any] | None = None, players: Sequence[int] = (2,)) -> list[Screen]:
    """Every selected knob with its −δ and +δ values, clamped to the declared range.

    A side outside the range, a side equal to the control (δ rounds to nothing on a whole
    number), or a value the game refuses to set up is left out with a note.  Raises when no
    knob has any side left: such a screen would measure nothing."""
    amount, relative = parse_delta(delta)
    game = get_game(game_id)
    for n in players:  # checked first: otherwise every side would look refused by the game
        if isinstance(n, bool) or not isinstance(n, int) or not game.min_players <= n <= game.max_players:
            raise ValueError(f"experiment.players: {game.title} takes {game.min_players}-{game.max_players} "
                             f"players; got {n!r}")
    ranges = {k.path: k for k in list_knobs(game_id)}
    base = effective_content(game, base_params, where="control params")
    screens: list[Screen] = []
    for path in select(game_id, patterns):
        knob = ranges[path]
        value = _lookup(base, path)
        whole = knob.kind == "whole"
        step = abs(value) * amount if relative else amount
        if whole and not relative and not float(amount).is_integer():
            raise ValueError(f"--delta {delta}: {path} holds whole numbers, so δ must be whole (or a percentage)")
        if whole:
            step = float(math.floor(step + 0.5))  # half away from zero, not banker's rounding
        screen = Screen(path, value, None, None)
        if step == 0:
            screen.notes.append(f"δ = {delta} of {value} rounds to no change; not moved")
            screens.append(screen)
            continue
        for side, moved in (("minus", value - step), ("plus", value + step)):
            moved = int(moved) if whole else round(moved, 12)
            # Past a declared bound the side is clamped to it, or dropped when the bound is the value.
            bound, which, sign = ((knob.low, "lowest", "−") if side == "minus" else (knob.high, "highest", "+"))
            if bound is not None and (moved < bound if side == "minus" else moved > bound):
                clamped = int(bound) if whole else bound
                if clamped == value:
                    screen.notes.append(f"at its {which} allowed value ({_shown(bound)}): no {sign}δ side")
                    continue
                screen.notes.append(f"{sign}δ clamped to the {which} allowed value {_shown(bound)}")
                moved = clamped
            params = json.loads(json.dumps(dict(base_params or {})))
            set_path(params, path, moved)
            refused = _refused(game, params, players)
            if refused:
                screen.notes.append(f"the game refuses {path} = {_shown(moved)} ({refused}); no "
                                    f"{'−' if side == 'minus' else '+'}δ side")
                continue
            setattr(screen, side, moved)
            setattr(screen, f"{side}_arm", f"{path}={_shown(moved)}")
        screens.append(screen)
    if not any(s.minus_arm or s.plus_arm for s in screens):
        why = "; ".join(f"{s.knob}: {', '.join(s.notes)}" for s in screens[:5])
        raise ValueError(f"--delta {delta}: moves no selected knob, so there is nothing to screen ({why})")
    return screens


def _refused(game: Any, params: dict[str, Any], players: Sequence[int]) -> str | None:
    try:
        effective_content(game, params)
        for n in players:
            game.new(n, seed=0, options={"params": params})
    except ValueError as exc:
        return str(exc)
    return None


def expand(exp: Any) -> Any:
    """The experiment's ``sensitivity`` table becomes arms: the control, then each knob's −δ and
    +δ arm (named ``path=value`` like sweep arms).  The resolved plan is kept in
    ``exp.sensitivity["plan"]`` for the analysis and the report."""
    spec = dict(exp.sensitivity or {})
    unknown = set(spec) - {"knobs", "delta", "plan"}
    if unknown:
        raise ValueError(f"sensitivity.{sorted(unknown)[0]}: unknown key; known keys here: knobs, delta")
    patterns = spec.get("knobs") or []
    if isinstance(patterns, str):
        patterns = [patterns]
    control = exp.control or next(iter(exp.arms), "shipped")
    base = dict(exp.arms.get(control, {}))
    screens = plan(exp.game, patterns, spec.get("delta", 1), base.get("params"), exp.players)
    arms: dict[str, dict[str, Any]] = {control: base}
    for s in screens:
        for side in ("minus", "plus"):
            name = getattr(s, f"{side}_arm")
            if name:
                params = json.loads(json.dumps(base.get("params", {})))
                set_path(params, s.knob, getattr(s, side))
                arms[name] = {**base, "params": params}
    exp.arms, exp.control = arms, control
    exp.sensitivity = {"knobs": list(patterns), "delta": spec.get("delta", 1), "plan": [asdict(s) for s in screens]}
    return exp


# ---- the analysis ---------------------------------------------------------------------------

def _block_values(column: Any, metric: str, players: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(blocks, one value per block) of a mean metric; "score" is the mean over the seats."""
    if metric == "score":
        keys = [("score", str(s)) for s in range(players)]
        if not all(k in column.values for k in keys):
            return None
        blocks, first = column.sorted_values(keys[0])
        total = first.copy()
        for k in keys[1:]:
            total = total + column.sorted_values(k)[1]
        return blocks, total / players
    if (metric, None) not in column.values:
        return None
    return column.sorted_values((metric, None))


def _seat_matrix(column: Any, players: int) -> tuple[np.ndarray, np.ndarray] | None:
    keys = [("seat_win_share", str(s)) for s in range(players)]
    if not all(k in column.values for k in keys):
        return None
    blocks, _ = column.sorted_values(keys[0])
    return blocks, np.column_stack([column.sorted_values(k)[1] for k in keys])


def _aligned(series: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """blocks x arms (x seats): the values of the blocks every arm has, finite in every arm."""
    common = series[0][0]
    for blocks, _ in series[1:]:
        common = np.intersect1d(common, blocks, assume_unique=True)
    stack = np.stack([values[np.searchsorted(blocks, common)] for blocks, values in series], axis=1)
    finite = np.isfinite(stack.reshape(len(stack), -1)).all(axis=1)
    return stack[finite]


def _gaps(stack: np.ndarray) -> np.ndarray:
    """(resamples, blocks, arms, seats) -> (resamples, arms): max − min of the seat means."""
    means = stack.mean(axis=1)
    return means.max(axis=2) - means.min(axis=2)


def _effects(table: np.ndarray, xs: np.ndarray, sides: list[int], metric: str, confidence: float,
             seed: int) -> tuple[list[stats.Estimate | None], stats.Estimate | None]:
    """Per side (column index of ``table``; column 0 is the control) the paired Δ to the control,
    and the elasticity: the slope across the arms fitted inside each block."""
    centred = xs - xs.mean()
    denominator = float(centred @ centred)
    if metric == "seat_gap":
        out: list[stats.Estimate | None] = []
        for i, j in enumerate(sides):
            pair = table[:, [0, j]]
            out.append(stats.paired_bootstrap(pair, lambda s: np.diff(_gaps(s), axis=1)[:, 0], seed + i,
                                              GAP_RESAMPLES, confidence, vectorised=True))
        slope = stats.bootstrap(table, lambda s: (_gaps(s) - _gaps(s).mean(axis=1, keepdims=True)) @ centred
                                / denominator, seed + 7, GAP_RESAMPLES, confidence, vectorised=True)
        return out, slope
    deltas = [stats.paired_delta(table[:, j], table[:, 0], confidence) for j in sides]
    slopes = (table - table.mean(axis=1, keepdims=True)) @ centred / denominator
    return list(deltas), stats.block_t(slopes, confidence)


def analyse(columns: Mapping[tuple[str, int], Any], exp: Any, seed: int,
            metrics: Sequence[str] = DEFAULT_METRICS, q: float = FDR_Q) -> dict[str, Any]:
    """metrics.json's ``sensitivity``: per knob, metric and player count the −δ and +δ paired
    differences, the elasticity, the knob's p (Bonferroni over its two sides) and the BH verdict
    over the knobs of that metric."""
    screens = [Screen(**s) for s in (exp.sensitivity or {}).get("plan", [])]
    control = exp.control
    rows: list[dict[str, Any]] = []
    for n in exp.players:
        if (control, n) not in columns:
            continue
        for metric in metrics:
            family: list[dict[str, Any]] = []
            for k, s in enumerate(screens):
                arms = [(control, s.value)] + [(getattr(s, f"{side}_arm"), getattr(s, side))
                                               for side in ("minus", "plus") if getattr(s, f"{side}_arm")]
                if len(arms) < 2 or any((a, n) not in columns for a, _ in arms):
                    continue
                if metric == "seat_gap":
                    series = [_seat_matrix(columns[(a, n)], n) for a, _ in arms]
                else:
                    series = [_block_values(columns[(a, n)], metric, n) for a, _ in arms]
                if any(x is None for x in series):
                    continue
                table = _aligned(series)  # type: ignore[arg-type]
                if len(table) < 2:
                    continue
                xs = np.array([float(x) for _, x in arms])
                sides = list(range(1, len(arms)))
                deltas, slope = _effects(table, xs, sides, metric, exp.confidence,
                                         seed + 1000 * k + 17 * metrics.index(metric) + n)
                by_side: dict[str, stats.Estimate | None] = {"minus": None, "plus": None}
                present = [side for side in ("minus", "plus") if getattr(s, f"{side}_arm")]
                for side, est in zip(present, deltas, strict=True):
                    by_side[side] = est
                p = knob_p([e.p for e in by_side.values() if e is not None])
                effect = max(abs(e.value) for e in by_side.values() if e is not None)
                family.append({"knob": s.knob, "metric": metric, "players": n, "value": s.value,
                               "minus_value": s.minus, "plus_value": s.plus,
                               "minus": None if by_side["minus"] is None else by_side["minus"].to_json(),
                               "plus": None if by_side["plus"] is None else by_side["plus"].to_json(),
                               "elasticity": None if slope is None else slope.to_json(),
                               "effect": effect, "p": p, "p_adj": None, "verdict": "unclear"})
            tested = [r for r in family if r["p"] is not None]
            for r, (p_adj, verdict) in zip(tested, bh_verdicts([r["p"] for r in tested], q), strict=True):
                r["p_adj"], r["verdict"] = p_adj, verdict
            rows += tornado_order(family)
    return {"delta": (exp.sensitivity or {}).get("delta", 1), "q": q, "metrics": list(metrics),
            "knobs": [asdict(s) for s in screens], "rows": rows,
            "p_rule": "knob p = min(1, 2 × the smaller side p) (Bonferroni over its two sides); "
                      "BH over the knobs of each metric and player count"}


def knob_p(side_ps: Sequence[float | None]) -> float | None:
    """One p per knob from its sides' p: Bonferroni over the sides played (a knob matters if
    either direction moves the metric, and a threshold effect moves both the same way)."""
    ps = [p for p in side_ps if p is not None]
    return min(1.0, len(ps) * min(ps)) if ps else None


def bh_verdicts(ps: Sequence[float], q: float = FDR_Q) -> list[tuple[float, str]]:
    """(BH-adjusted p, "matters" or "no_effect") per knob, in input order."""
    if not ps:
        return []
    return [(p_adj, "matters" if p_adj < q else "no_effect") for p_adj in stats.bh(list(ps))]


def tornado_order(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Largest effect first (the larger |Δ| of the two sides), ties by knob path: the order of a
    tornado chart's bars, top to bottom, and of the report's table."""
    return sorted(rows, key=lambda r: (-r["effect"], r["knob"]))


def table_rows(result: Mapping[str, Any], metric: str, players: int) -> list[dict[str, Any]]:
    """The rows of one metric and player count, in tornado order."""
    return tornado_order([r for r in result.get("rows", []) if r["metric"] == metric and r["players"] == players])


def tornado_rows(result: Mapping[str, Any], metric: str, players: int) -> list[dict[str, Any]]:
    """The rows a tornado chart draws, top to bottom: those with at least one side measured."""
    return [r for r in table_rows(result, metric, players) if r["minus"] is not None or r["plus"] is not None]


def write_tornado_png(result: Mapping[str, Any], metric: str, players: int, path: Any, title: str = "") -> Any:
    """The tornado chart of one metric as a PNG file (for docs pages, which cannot inline SVG)."""
    import matplotlib

    from . import plots

    rows = tornado_rows(result, metric, players)
    if not rows:
        raise ValueError(f"{metric}: no knob of the screen has a measured effect at {players} players")
    side = lambda est: None if est is None else (est["value"], est.get("low"), est.get("high"))  # noqa: E731
    with matplotlib.rc_context(plots.RC):
        fig = plots.tornado_figure([(r["knob"], side(r["minus"]), side(r["plus"])) for r in rows], "−δ", "+δ",
                                   f"change from the control: {title or metric}")
        fig.savefig(path, format="png", dpi=110, metadata={"Software": None})
    return path


def fmt_effect(est: Mapping[str, Any] | None, digits: int = 3) -> str:
    """'+1.23 [0.5, 2.0]' (or '—' for a side not played): the CLI's and the docs' cell text."""
    if est is None:
        return "—"
    value = f"{est['value']:+.{digits}g}"
    if est.get("low") is None or est.get("high") is None:
        return value
    return f"{value} [{est['low']:.{digits}g}, {est['high']:.{digits}g}]"


# ---- the command line's summary ---------------------------------------------------------------

VERDICT_WORDS = {"matters": "matters", "no_effect": "no detectable effect", "unclear": "not tested"}


def print_summary(console: Any, run: Any) -> None:
    """One table per metric and player count, knobs in tornado order, then the notes."""
    from rich.markup import escape
    from rich.table import Table

    m = run.metrics
    result = m.get("sensitivity") or {}
    console.print(f"[bold]{escape(m['experiment']['name'])}[/]: {m['health']['games']} games, "
                  f"{m['method']['blocks']} blocks, {m['health']['cpu_s']:.1f} CPU s, "
                  f"{m['health']['wall_s']:.1f} s wall; δ = {result.get('delta')}")
    for n in m["experiment"]["players"]:
        for metric in result.get("metrics", []):
            rows = table_rows(result, metric, n)
            if not rows:
                continue
            table = Table(title=f"{metric}, {n} players: effect of each knob (95% intervals; BH over knobs, "
                                f"q = {result.get('q')})")
            for column in ("knob (control)", "−δ: Δ", "+δ: Δ", "per +1", "p (BH)", "verdict"):
                table.add_column(column)
            for r in rows:
                table.add_row(f"{r['knob']} ({_shown(r['value'])})", _side_cell(r["minus_value"], r["minus"]),
                              _side_cell(r["plus_value"], r["plus"]), fmt_effect(r["elasticity"]),
                              "—" if r["p_adj"] is None else f"{r['p_adj']:.3g}", VERDICT_WORDS[r["verdict"]])
            console.print(table)
    for knob in result.get("knobs", []):
        for note in knob.get("notes", []):
            console.print(f"note: {escape(knob['knob'])}: {escape(note)}")
    console.print(f"Run folder: {run.path}")


def _side_cell(value: float | None, est: Mapping[str, Any] | None, digits: int = 3) -> str:
    return "not played" if value is None else f"{_shown(value)}: {fmt_effect(est, digits)}"


def markdown_table(result: Mapping[str, Any], metric: str, players: int, digits: int = 3) -> str:
    """One metric's screen as a Markdown table (knob, −δ and +δ effects, elasticity, BH verdict),
    in tornado order: what docs pages quote from a run's metrics.json."""
    lines = ["| knob (control) | −δ: Δ [95%] | +δ: Δ [95%] | per +1 [95%] | p (BH) | verdict |",
             "|---|---:|---:|---:|---:|---|"]
    for r in table_rows(result, metric, players):
        p_adj = "—" if r["p_adj"] is None else f"{r['p_adj']:.2g}"
        lines.append(f"| `{r['knob']}` ({_shown(r['value'])}) | {_side_cell(r['minus_value'], r['minus'], digits)} | "
                     f"{_side_cell(r['plus_value'], r['plus'], digits)} | {fmt_effect(r['elasticity'], digits)} | "
                     f"{p_adj} | {VERDICT_WORDS[r['verdict']]} |")
    return "\n".join(lines)
