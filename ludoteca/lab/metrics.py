"""The standard metrics of LAB.md §3 from game and seat rows, without any game code.

Why per-block columns: blocks are the unit of independence, so every estimate is built from
one value per block; and the parent keeps only those values (one float per block and metric),
never the rows, so memory grows with blocks x metrics, not with games x actions.  A block's
value for a mean metric is sum/count over its games (its rotations); a paired difference is
then the mean of per-block differences between an arm and the control on the same blocks.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from . import stats
from .play import GameResult

Key = tuple[str, str | None]  # (metric id, key or None)

#: Proportions: Wilson when each block holds one game per arm (no rotation), block-t otherwise.
PROPORTIONS = frozenset({"seat_win_share", "shared_win_rate", "unfinished_rate", "comeback_rate",
                         "leader_wins", "entry_win_share"})
#: Metrics whose per-game values are also summarised by p10/p50/p90.
QUANTILE_METRICS = ("actions", "rounds", "cpu_s", "decided_at")
#: Every metric id this module reports (targets and SPRT may name these).
METRIC_IDS = ("seat_win_share", "seat_advantage", "seat_gap", "shared_win_rate", "unfinished_rate",
              "entry_win_share", "actions", "decisions", "rounds", "cpu_s", "decision_density",
              "branching", "lead_changes", "decided_at", "drama", "comeback_rate", "leader_wins",
              "margin", "stability", "usage", "dead_content", "win_when_used", "restriction_value",
              "binding_rate", "changed_rate", "score", "turn_order_win_share")


def block_sums(results: Iterable[GameResult], timing: bool = True) -> dict[Key, list[float]]:
    """One block of one arm: (metric, key) -> [sum, count] over its games."""
    acc: dict[Key, list[float]] = {}

    def add(metric: str, key: str | None, value: float | None, count: float = 1.0) -> None:
        if value is None:
            return
        slot = acc.setdefault((metric, key), [0.0, 0.0])
        slot[0] += value
        slot[1] += count

    for result in results:
        row = result.game
        n = row["players"]
        add("unfinished_rate", None, 1.0 if row["unfinished"] else 0.0)
        add("actions", None, row["actions"])
        add("rounds", None, row["rounds"])
        if timing:
            add("cpu_s", None, result.timing["cpu_s"])
        for s in range(n):
            add("decisions", str(s), row["decisions"][s])
            if row["moves"][s]:
                add("decision_density", str(s), row["decisions"][s] / row["moves"][s])
        if "legal_keys" in row:  # the opt-in "legal" group: which content was ever an option
            add("_legal_games", None, 1.0, 0.0)
            for key in row["legal_keys"]:
                add("_legal", key, 1.0, 0.0)
        for phase, (count, total, _top) in row["branching"].items():
            add("branching", phase, total, count)
        if row["unfinished"]:
            continue  # unfinished games are counted, never scored (LAB.md §5)
        winners = row["winners"]
        add("shared_win_rate", None, 1.0 if len(winners) > 1 else 0.0)
        for s in range(n):
            add("seat_win_share", str(s), row["shares"][s])
            add("score", str(s), row["scores"][s])
            add("entry_win_share", str(row["entries"][s]), row["shares"][s])
        if row.get("order"):
            for position, s in enumerate(row["order"]):
                add("turn_order_win_share", f"pos{position}", row["shares"][s])
        add("margin", None, row["margin"])
        for metric in ("lead_changes", "drama", "stability", "decided_at"):
            add(metric, None, row[metric])
        if row["comeback"] is not None:
            add("comeback_rate", None, 1.0 if row["comeback"] else 0.0)
        for f, led in (row["leader_at"] or {}).items():
            add("leader_wins", f, 1.0 if led else 0.0)
        for seat in result.seats:
            for key, count in seat["usage"].items():
                add("usage", key, count, 0.0)
                add("_used_share", key, seat["share"], 0.0)
                add("_used_seats", key, 1.0, 0.0)
            add("_seat_share", None, seat["share"], 0.0)
            add("_seats", None, 1.0, 0.0)
            if seat["binding"] is not None:
                add("restriction_value", seat["bot"], seat["share"] - 1.0 / n)
                add("binding_rate", seat["bot"], seat["binding"], seat["restricted_decisions"])
                add("changed_rate", seat["bot"], seat["changed"], seat["restricted_decisions"])
    # Usage is a mean per game and seat; the "_" columns are raw block sums (count 1) for the
    # win-when-used bootstrap, which needs sums, not means.
    seats = acc.get(("_seats", None), [0.0, 0.0])[0]
    for (metric, _key), slot in acc.items():
        if metric == "usage":
            slot[1] = seats
        elif metric.startswith("_"):
            slot[1] = 1.0
    return acc


#: A column with a spill folder writes its per-block values to disk every this many blocks.
SPILL_BLOCKS = 8192


@dataclass
class Column:
    """The per-block values of one arm (and player count): blocks in arrival order, one array
    of values per metric, NaN where a block has none (e.g. every game unfinished).

    Why a spill folder: one float per block and (metric, key) is ~1.8 kB a block for Immunity
    (200+ keys with content usage), too much for 10^6 games in memory (LAB.md §10: <= 300 MB).
    With ``spill`` set, every :data:`SPILL_BLOCKS` blocks the values go to one raw float64 file
    per key and only the tail stays in memory; :meth:`sorted_values` reads a key back whole."""

    blocks: array = field(default_factory=lambda: array("q"))
    values: dict[Key, array] = field(default_factory=dict)
    totals: dict[Key, list[float]] = field(default_factory=dict)
    per_game: dict[str, array] = field(default_factory=dict)
    spill: Path | None = None
    spilled: int = 0  # blocks already written to the spill files
    files: dict[Key, Path] = field(default_factory=dict)
    _order: tuple[int, np.ndarray, np.ndarray | None] | None = field(default=None, repr=False)

    def add(self, block: int, sums: dict[Key, list[float]]) -> None:
        if self.spill is not None and len(self.blocks) - self.spilled >= SPILL_BLOCKS:
            self._flush()
        index = len(self.blocks) - self.spilled
        self.blocks.append(block)
        for key, (total, count) in sums.items():
            column = self.values.get(key)
            if column is None:
                column = self.values[key] = array("d", [math.nan] * index)
                if self.spilled:
                    self._file(key).write_bytes(array("d", [math.nan] * self.spilled).tobytes())
            column.append(total / count if count else math.nan)
            slot = self.totals.setdefault(key, [0.0, 0.0])
            slot[0] += total
            slot[1] += count
        for column in self.values.values():
            if len(column) == index:
                column.append(math.nan)

    def last(self, key: Key) -> float | None:
        """The newest block's value of ``key`` (None when the key never appeared)."""
        column = self.values.get(key)
        return column[-1] if column else None

    def _file(self, key: Key) -> Path:
        if key not in self.files:
            assert self.spill is not None
            self.spill.mkdir(parents=True, exist_ok=True)
            self.files[key] = self.spill / f"{len(self.files):05d}.f64"
        return self.files[key]

    def _flush(self) -> None:
        for key, column in self.values.items():
            with self._file(key).open("ab") as out:
                column.tofile(out)
            self.values[key] = array("d")
        self.spilled = len(self.blocks)

    def column(self, key: Key) -> np.ndarray | None:
        """Every block's value of ``key`` in arrival order (spilled part read back), or None."""
        tail = self.values.get(key)
        if tail is None:
            return None
        if key not in self.files:
            return np.frombuffer(tail, dtype=float)
        head = np.fromfile(self.files[key], dtype=float)
        return np.concatenate([head, np.frombuffer(tail, dtype=float)])

    def add_games(self, results: Iterable[GameResult]) -> None:
        """Per-game values kept for p10/p50/p90 (one float each: small even for 10^6 games)."""
        for result in results:
            row = result.game
            for name, value in (("actions", row["actions"]), ("rounds", row["rounds"]),
                                ("cpu_s", result.timing["cpu_s"]), ("decided_at", row["decided_at"])):
                if value is not None:
                    self.per_game.setdefault(name, array("d")).append(float(value))

    def _sorted_blocks(self) -> tuple[np.ndarray, np.ndarray | None]:
        """(blocks sorted, the arrival order that sorts them, or None when already sorted),
        computed once per block count: 10^6 blocks would cost two 8 MB arrays per key."""
        if self._order is None or self._order[0] != len(self.blocks):
            raw = np.frombuffer(self.blocks, dtype=np.int64)
            if len(raw) < 2 or bool(np.all(raw[1:] > raw[:-1])):
                self._order = (len(raw), raw, None)
            else:
                order = np.argsort(raw, kind="stable")
                self._order = (len(raw), raw[order], order)
        return self._order[1], self._order[2]

    def sorted_values(self, key: Key) -> tuple[np.ndarray, np.ndarray]:
        """(blocks, values) sorted by block: statistics never depend on arrival order."""
        blocks, order = self._sorted_blocks()
        column = self.column(key)
        if column is None:
            return blocks, np.full(len(blocks), np.nan)
        return blocks, column if order is None else column[order]


def _finite(values: np.ndarray) -> np.ndarray:
    return values[np.isfinite(values)]


@dataclass
class Estimates:
    """What metrics.json holds under "estimates", "deltas" and the chi-squared tests."""

    estimates: list[dict[str, Any]] = field(default_factory=list)
    deltas: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def _row(metric: str, arm: str, players: int, key: str | None, est: stats.Estimate,
         reference: float | None = None) -> dict[str, Any]:
    return {"metric": metric, "arm": arm, "players": players, "key": key, **est.to_json(),
            "reference": reference}


def estimate(column: Column, key: Key, players: int, rotations: int, confidence: float) -> stats.Estimate | None:
    """The estimate of one (metric, key) of one arm: block-t, or Wilson for unrotated proportions."""
    _, values = column.sorted_values(key)
    values = _finite(values)
    if not len(values):
        return None
    metric = key[0]
    if metric in PROPORTIONS and rotations == 1:
        total, count = column.totals[key]
        count = int(round(count))
        if count and 0 <= total <= count:
            return stats.wilson(total, count, confidence)
    return stats.block_t(values, confidence)


def compute(columns: dict[tuple[str, int], Column], arms: Sequence[str], control: str,
            rotations: int, confidence: float, seed: int, resamples: int = 2000,
            families: dict[str, str] | None = None, content_keys: Sequence[str] = ()) -> Estimates:
    """Every estimate per arm and player count, and every paired delta to the control."""
    families = families or {}
    out = Estimates()
    adjust = stats.bh if families.get("arms") == "bh" else stats.holm
    seat_adjust = stats.bh if families.get("seats") == "bh" else stats.holm
    for (arm, players), column in sorted(columns.items(), key=lambda item: (arms.index(item[0][0]), item[0][1])):
        keys = sorted((k for k in column.values if not k[0].startswith("_")),
                      key=lambda k: (k[0], k[1] or ""))
        for key in keys:
            est = estimate(column, key, players, rotations, confidence)
            if est is None:
                continue
            reference = 1.0 / players if key[0] in ("seat_win_share", "entry_win_share",
                                                     "turn_order_win_share") else None
            if key[0] == "leader_wins":
                reference = 1.0 / players
            out.estimates.append(_row(key[0], arm, players, key[1], est, reference))
        # seat advantage, Holm over the seats
        advantages = []
        for s in range(players):
            _, values = column.sorted_values(("seat_win_share", str(s)))
            values = _finite(values)
            if len(values) > 1:
                advantages.append((str(s), stats.block_t(values - 1.0 / players, confidence)))
        if advantages and all(a.p is not None for _, a in advantages):
            adjusted = seat_adjust([a.p for _, a in advantages])
            for (s, a), p_adj in zip(advantages, adjusted, strict=True):
                out.estimates.append(_row("seat_advantage", arm, players, s, a.with_p_adj(p_adj), 0.0))
        _seat_gap(out, column, arm, players, confidence, seed, resamples)
        _quantiles(out, column, arm, players)
        _usage_extras(out, column, arm, players, confidence, seed, resamples, content_keys)
    # paired deltas to the control, Holm (or BH) over the arms per metric
    for players in sorted({p for _, p in columns}):
        base = columns.get((control, players))
        if base is None:
            continue
        groups: dict[Key, list[dict[str, Any]]] = {}
        for arm in arms:
            if arm == control or (arm, players) not in columns:
                continue
            column = columns[(arm, players)]
            for key in sorted(set(column.values) | set(base.values), key=lambda k: (k[0], k[1] or "")):
                if key[0].startswith("_"):
                    continue
                delta = paired(column, base, key, confidence)
                if delta is None:
                    continue
                row = {"metric": key[0], "arm": arm, "control": control, "players": players, "key": key[1],
                       **delta.to_json()}
                groups.setdefault(key, []).append(row)
        for rows in groups.values():
            ps = [r["p"] for r in rows]
            if all(p is not None for p in ps):
                for r, p_adj in zip(rows, adjust(ps), strict=True):
                    r["p_adj"] = p_adj
            out.deltas.extend(rows)
    out.deltas.sort(key=lambda r: (r["players"], arms.index(r["arm"]), r["metric"], r["key"] or ""))
    return out


def paired(treated: Column, control: Column, key: Key, confidence: float) -> stats.Estimate | None:
    """Paired Δ on the blocks both arms have a value for (a metric absent in one arm is 0 there
    for counts such as usage)."""
    tb, tv = treated.sorted_values(key)
    cb, cv = control.sorted_values(key)
    if key[0] == "usage":
        tv, cv = np.nan_to_num(tv), np.nan_to_num(cv)
    common, ti, ci = np.intersect1d(tb, cb, assume_unique=True, return_indices=True)
    t, c = tv[ti], cv[ci]
    mask = np.isfinite(t) & np.isfinite(c)
    if mask.sum() < 2:
        return None
    return stats.paired_delta(t[mask], c[mask], confidence)


def _seat_gap(out: Estimates, column: Column, arm: str, players: int, confidence: float,
              seed: int, resamples: int) -> None:
    blocks, _ = column.sorted_values(("seat_win_share", "0"))
    if not players or not len(blocks):
        return
    matrix = np.empty((len(blocks), players))  # blocks x seats, filled a column at a time
    for s in range(players):
        matrix[:, s] = column.sorted_values(("seat_win_share", str(s)))[1]
    finite = np.isfinite(matrix).all(axis=1)
    if not finite.all():
        matrix = matrix[finite]
    if len(matrix) < 2:
        return

    def gap(stack: np.ndarray) -> np.ndarray:
        """Per resample (stack: resamples x blocks x seats): max − min of the seat means."""
        means = stack.mean(axis=1)
        return means.max(axis=1) - means.min(axis=1)

    est = stats.bootstrap(matrix, gap, seed=seed, resamples=resamples, confidence=confidence, vectorised=True)
    wins = [column.totals[("seat_win_share", str(s))][0] for s in range(players)]
    chi2, df, p = stats.chi2_uniform(wins)
    est = stats.Estimate(est.value, est.low, est.high, est.n, est.method, p, None,
                         {**est.extra, "chi2": chi2, "df": float(df), "chi2_p": p})
    out.estimates.append(_row("seat_gap", arm, players, None, est, 0.0))


def _quantiles(out: Estimates, column: Column, arm: str, players: int) -> None:
    for name in QUANTILE_METRICS:
        values = column.per_game.get(name)
        if values is None or not len(values):
            continue
        q10, q50, q90 = stats.quantiles(np.frombuffer(values, dtype=float))
        for row in out.estimates:
            if row["metric"] == name and row["arm"] == arm and row["players"] == players and row["key"] is None:
                row["extra"].update({"p10": q10, "p50": q50, "p90": q90})


def _usage_extras(out: Estimates, column: Column, arm: str, players: int, confidence: float,
                  seed: int, resamples: int, content_keys: Sequence[str]) -> None:
    """dead_content (content keys no seat ever used) and win_when_used[k]: the mean share of
    seats that used k minus that of seats that never did - a correlation, not a cause."""
    used = sorted(k for m, k in column.values if m == "usage" and k is not None)
    dead = sorted(set(content_keys) - set(used))
    tracked = ("_legal_games", None) in column.values
    legal = {k for m, k in column.values if m == "_legal" and k is not None}
    never_legal = [k for k in dead if k not in legal] if tracked else None
    out.extra.setdefault("dead_content", []).append({"arm": arm, "players": players, "keys": dead,
                                                     "never_legal": never_legal})
    games = int(round(column.totals.get(("_legal_games", None), [0.0, 0.0])[0])) if tracked else 0
    for key in dead:
        # One row per dead key: used 0 times in this arm; "never_legal" (1/0) when the "legal"
        # group was on - "never chosen" and "never even possible" call for different fixes.
        extra = {"never_legal": 1.0 if key in (never_legal or ()) else 0.0, "games": float(games)} if tracked else {}
        out.estimates.append({"metric": "dead_content", "arm": arm, "players": players, "key": key,
                              "value": 0.0, "low": None, "high": None, "n": len(column.blocks),
                              "method": "count", "p": None, "p_adj": None, "reference": None, "extra": extra})
    _, share = column.sorted_values(("_seat_share", None))
    _, seats = column.sorted_values(("_seats", None))
    for key in used:
        _, used_share = column.sorted_values(("_used_share", key))
        _, used_seats = column.sorted_values(("_used_seats", key))
        table = np.empty((len(share), 4))  # blocks x (used share, used seats, share, seats)
        for i, values in enumerate((used_share, used_seats, share, seats)):
            table[:, i] = values
        del used_share, used_seats
        np.nan_to_num(table, copy=False)
        if len(table) < 2 or table[:, 1].sum() == 0 or (table[:, 3] - table[:, 1]).sum() == 0:
            continue

        est = stats.bootstrap(table, _used_minus_unused, seed=seed, resamples=min(resamples, 500),
                              confidence=confidence, vectorised=True)
        out.estimates.append(_row("win_when_used", arm, players, key, est, 0.0))
    out.extra["dead_content"].sort(key=lambda d: (d["players"], d["arm"]))


def _used_minus_unused(stack: np.ndarray) -> np.ndarray:
    """Per resample (stack: resamples x blocks x (used share, used seats, share, seats)): the mean
    share of seats that used a key minus that of seats that never did; 0 when either is empty."""
    t = stack.sum(axis=1)
    used, never = t[:, 1], t[:, 3] - t[:, 1]
    ok = (used != 0) & (never != 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        d = t[:, 0] / used - (t[:, 2] - t[:, 0]) / never
    return np.where(ok, d, 0.0)


def elasticity(columns: dict[tuple[str, int], Column], knob: str, arm_x: dict[str, float], players: int,
               confidence: float) -> list[dict[str, Any]]:
    """``elasticity[knob->m]``: the change in metric m per unit of the knob, for every metric.

    Why per block: within a block every arm plays the same seed, so the slope of m on the knob
    fitted inside each block carries the pairing (a block-paired regression, equivalent to
    regressing the differences to the control when the control is one of the points); the
    estimate is the mean of those per-block slopes with a block-t interval.  With the same
    arms in every block it equals the OLS slope of the arm means (``extra["ols_of_means"]``)."""
    arms = [a for a in arm_x if (a, players) in columns]
    xs = np.array([arm_x[a] for a in arms], dtype=float)
    if len(arms) < 2 or np.ptp(xs) == 0:
        return []
    centred = xs - xs.mean()
    keys = sorted({k for a in arms for k in columns[(a, players)].values
                   if not k[0].startswith("_") and k[0] != "cpu_s"}, key=lambda k: (k[0], k[1] or ""))
    out = []
    for key in keys:
        series = [columns[(a, players)].sorted_values(key) for a in arms]
        common = series[0][0]
        for blocks, _ in series[1:]:
            common = np.intersect1d(common, blocks, assume_unique=True)
        rows = []
        for blocks, values in series:
            index = np.searchsorted(blocks, common)
            column = values[index]
            rows.append(np.nan_to_num(column) if key[0] == "usage" else column)
        table = np.vstack(rows).T  # blocks x arms
        table = table[np.all(np.isfinite(table), axis=1)]
        if len(table) < 2:
            continue
        slopes = (table - table.mean(axis=1, keepdims=True)) @ centred / float(centred @ centred)
        est = stats.block_t(slopes, confidence)
        means = table.mean(axis=0)
        shown = key[0] if key[1] is None else f"{key[0]}[{key[1]}]"
        out.append({"metric": "elasticity", "arm": "sweep", "players": players, "key": f"{knob}->{shown}",
                    **est.to_json(), "reference": 0.0})
        out[-1]["extra"] = {**out[-1]["extra"], "ols_of_means": float(centred @ (means - means.mean())
                                                                      / float(centred @ centred))}
    return out
