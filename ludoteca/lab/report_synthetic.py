"""A synthetic run folder in the shape CORE's runner writes (metrics.json schema 1, games rows).

Why: the report and the diff must be tested and timed (100,000 games) without playing games,
and before the runner exists. The numbers are drawn from a seeded RNG with a known seat bias
and a known effect per arm, then estimated with the lab's own stats, so a report built from
them exercises every section with realistic shapes. Not used by real runs.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.lab import stats
from ludoteca.lab.sprt import GSPRT

CONTENT = ["cells.neutrophil", "cells.macrophage", "cells.b_lymphocyte", "cells.erythrocyte", "cells.t_cell"]
FRACTIONS = ("0.25", "0.5", "0.75")


def _row(metric: str, arm: str, players: int, key: str | None, est: stats.Estimate,
         reference: float | None = None) -> dict[str, Any]:
    return {"metric": metric, "arm": arm, "players": players, "key": key, **est.to_json(), "reference": reference}


def synthetic_run(run_dir: Path, games: int = 3000, players: int = 3,
                  arms: tuple[str, ...] = ("shipped", "neutrophil_3"), seed: int = 1, sweep: bool = False,
                  restrict: bool = False, lang: str = "en",
                  exp_seed: int = 2026, effect: float = 8.0, shift: float = 0.0,
                  params: dict[str, Any] | None = None, series: bool = False) -> Path:
    """Write a run folder of about ``games`` games (blocks × arms × rotations) and return it.

    ``effect`` shifts actions per game by that much per arm index (arm 0 is the control) and
    ``shift`` moves every arm (a second run "after a rule change"); ``params`` is what the
    manifest records for the control. The per-block luck comes from ``exp_seed`` alone, so two
    runs with the same ``exp_seed`` share it (as the seed plan makes real runs share it) while
    ``seed`` draws the rest. With ``sweep`` the arms are values of one knob; with ``restrict`` a
    restricted entry is added; with ``series`` a series table (score, oxygen, damage per round).
    """
    run_dir.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    n_arms = len(arms)
    blocks = max(2, games // (n_arms * players))
    base_p = np.linspace(1.3, 0.7, players)
    base_p /= base_p.sum()
    block_len = np.random.default_rng(exp_seed).normal(0, 25, blocks)  # shared luck: what pairing removes
    rows: list[dict[str, Any]] = []
    cols: dict[str, dict[str, np.ndarray]] = {}
    for a, arm in enumerate(arms):
        shape = (blocks, players)
        p = base_p + a * 0.01 * (np.arange(players) - (players - 1) / 2) * -1
        p = np.clip(p, 0.01, None)
        p /= p.sum()
        winners = np.array([rng.choice(players, size=players, p=p) for _ in range(blocks)])
        actions = np.round(170 + shift + a * effect + block_len[:, None] + rng.normal(0, 15, shape))
        actions = np.maximum(20, actions).astype(int)
        unfinished = rng.random(shape) < 0.002
        lead_changes = rng.poisson(3 + 0.3 * a, shape)
        decided_at = rng.beta(4, 2, shape)
        drama = rng.gamma(2, 0.05, shape)
        comeback = rng.random(shape) < 0.12 + 0.01 * a
        margin = rng.gamma(2, 4 - 0.2 * a, shape)
        leader = {f: rng.random(shape) < q for f, q in zip(FRACTIONS, (0.45, 0.55, 0.7), strict=True)}
        usage = {k: rng.poisson(max(0.0, lam), (*shape, players))
                 for k, lam in zip(CONTENT, (2.0 - 0.3 * a, 1.5, 0.2, 0.0, 0.8), strict=True)}
        cols[arm] = {"actions": actions, "lead_changes": lead_changes, "decided_at": decided_at, "drama": drama,
                     "comeback": comeback, "margin": margin, "winners": winners, "unfinished": unfinished,
                     **{f"leader@{f}": v for f, v in leader.items()}, **{f"usage@{k}": v for k, v in usage.items()}}
        for b in range(blocks):
            for r in range(players):
                w = int(winners[b, r])
                rows.append({
                    "arm": arm, "block": b, "rotation": r, "players": players, "seed": 1000 + b,
                    "bots": ["normal"] * players, "entries": [(s - r) % players for s in range(players)],
                    "scores": [40 + (10 if s == w else 0) for s in range(players)], "winners": [w],
                    "shares": [1.0 if s == w else 0.0 for s in range(players)], "unfinished": bool(unfinished[b, r]),
                    "actions": int(actions[b, r]), "decisions": [int(actions[b, r]) // players] * players,
                    "rounds": int(actions[b, r]) // 20, "cap_hits": 0, "lead_changes": int(lead_changes[b, r]),
                    "decided_at": float(decided_at[b, r]), "drama": float(drama[b, r]),
                    "comeback": bool(comeback[b, r]), "margin": float(margin[b, r]),
                    "leader_at": {f: bool(leader[f][b, r]) for f in FRACTIONS}, "record": None})
    with gzip.open(run_dir / "games.jsonl.gz", "wt", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
    with gzip.open(run_dir / "seats.jsonl.gz", "wt", encoding="utf-8") as fh:
        for row in rows:
            arm_cols, b, r = cols[row["arm"]], row["block"], row["rotation"]
            for s in range(players):
                usage = {k: int(arm_cols[f"usage@{k}"][b, r, s]) for k in CONTENT if arm_cols[f"usage@{k}"][b, r, s]}
                fh.write(json.dumps({"arm": row["arm"], "block": b, "rotation": r, "players": players, "seat": s,
                                     "entry": row["entries"][s], "bot": "normal", "score": row["scores"][s],
                                     "share": row["shares"][s], "usage": usage}, sort_keys=True) + "\n")

    if series:
        with gzip.open(run_dir / "series.jsonl.gz", "wt", encoding="utf-8") as fh:
            for row in rows:
                for t in range(1, 9):
                    for s in range(players):
                        oxygen = float(rng.normal(10 - t + (row["arm"] != arms[0]), 2))
                        fh.write(json.dumps({"arm": row["arm"], "block": row["block"], "rotation": row["rotation"],
                                             "players": players, "checkpoint": t, "seat": s,
                                             "score": 5 * t + int(rng.integers(0, 6)), "value": float(rng.random()),
                                             "telemetry": {"oxygen": oxygen, "damage": float(rng.poisson(t))}},
                                            sort_keys=True) + "\n")
    estimates: list[dict[str, Any]] = []
    deltas: list[dict[str, Any]] = []
    per_block: dict[str, dict[tuple[str, str | None], np.ndarray]] = {}
    for arm in arms:
        c = cols[arm]
        pb: dict[tuple[str, str | None], np.ndarray] = {}
        wins = np.stack([(c["winners"] == s).mean(axis=1) for s in range(players)], axis=1)
        for s in range(players):
            pb[("seat_win_share", str(s))] = wins[:, s]
            est = stats.block_t(wins[:, s])
            estimates.append(_row("seat_win_share", arm, players, str(s), est, 1 / players))
            estimates.append(_row("seat_win_share", arm, players, f"pos{s}", stats.block_t(wins[:, (s + 1) % players]),
                                  1 / players))
        gap = stats.bootstrap(wins, lambda w: float(np.ptp(w.mean(axis=0))), seed=exp_seed, resamples=300)
        estimates.append(_row("seat_gap", arm, players, None, gap))
        pb[("seat_gap", None)] = np.ptp(wins, axis=1)
        for metric in ("actions", "lead_changes", "decided_at", "drama", "margin"):
            v = c[metric].mean(axis=1).astype(float)
            pb[(metric, None)] = v
            extra = dict(zip(("p10", "p50", "p90"), stats.quantiles(c[metric].ravel()), strict=True))
            est = stats.block_t(v)
            est = stats.Estimate(est.value, est.low, est.high, est.n, est.method, est.p, None, {**est.extra, **extra})
            estimates.append(_row(metric, arm, players, None, est))
        for metric, col in (("comeback_rate", "comeback"), ("unfinished_rate", "unfinished")):
            est = stats.wilson(float(c[col].sum()), c[col].size)
            estimates.append(_row(metric, arm, players, None, est))
            pb[(metric, None)] = c[col].mean(axis=1).astype(float)
        for f in FRACTIONS:
            col = c[f"leader@{f}"]
            est = stats.wilson(float(col.sum()), col.size)
            estimates.append(_row("leader_wins", arm, players, f, est, 1 / players))
        for k in CONTENT:
            u = c[f"usage@{k}"]
            v = u.mean(axis=(1, 2)).astype(float)
            pb[("usage", k)] = v
            estimates.append(_row("usage", arm, players, k, stats.block_t(v)))
            if u.sum() > 0:
                used = (u > 0).mean()
                estimates.append(_row("win_when_used", arm, players, k,
                                      stats.Estimate(0.05 * used, 0.05 * used - 0.03, 0.05 * used + 0.03,
                                                     blocks, "bootstrap")))
        per_block[arm] = pb
    control = arms[0]
    for arm in arms[1:]:
        for (metric, key), v in per_block[arm].items():
            est = stats.paired_delta(v, per_block[control][(metric, key)])
            deltas.append({"metric": metric, "arm": arm, "control": control, "players": players, "key": key,
                           **est.to_json()})
    if restrict:
        entry = "never(buy:cell=neutrophil)/normal"
        estimates.append(_row("restriction_value", arms[-1], players, entry,
                              stats.Estimate(-0.04, -0.07, -0.01, blocks, "block-t", 0.01), 0.0))
        estimates.append(_row("binding_rate", arms[-1], players, entry, stats.wilson(blocks * 0.3, blocks)))
    gaps = {arm: next(e for e in estimates if e["metric"] == "seat_gap" and e["arm"] == arm) for arm in arms}
    acts = {arm: next(e for e in estimates if e["metric"] == "actions" and e["arm"] == arm) for arm in arms}
    verdicts = []
    for arm in arms:
        for target, rule, est in (("seat_gap", {"max": 0.05}, gaps[arm]),
                                  ("actions", {"between": [150, 220]}, acts[arm])):
            verdicts.append({"target": target, "arm": arm, "players": players, "rule": rule, "value": est["value"],
                             "low": est["low"], "high": est["high"], "verdict": _verdict(rule, est),
                             "robust": None})
    sprt = GSPRT(0.0, 0.05, burn_in=20)
    d = per_block[arms[-1]][("seat_win_share", "0")] - per_block[control][("seat_win_share", "0")] \
        if n_arms > 1 else None
    if d is not None:
        for x in d:
            if sprt.update(x) != "continue":
                break
    sweep_info = None
    if sweep:
        sweep_info = {"knobs": ["cells.neutrophil.cost"],
                      "values": {arm: {"cells.neutrophil.cost": i + 1} for i, arm in enumerate(arms)}}
    experiment = {"name": "synthetic", "type": "sweep" if sweep else ("restrict" if restrict else "compare"),
                  "game": "immunity", "title": "Immunity", "question": "Does a dearer neutrophil make seats fairer "
                  "without lengthening games?", "players": [players], "arms": list(arms), "control": control,
                  "lineup": ["normal"], "blocks": blocks, "seed": exp_seed,
                  "targets": {"seat_gap": {"max": 0.05}, "actions": {"between": [150, 220]}},
                  "sweep": sweep_info, "lang": lang}
    records = run_dir / "records"
    records.mkdir(exist_ok=True)
    notable = []
    for reason in ("longest", "shortest", "comeback", "margin"):
        name = f"{control}-{reason}.json"
        (records / name).write_text(json.dumps({"game": "immunity", "version": 1, "players": players, "seed": 1,
                                                "options": {}, "actions": []}))
        notable.append({"reason": reason, "arm": control, "block": 0, "rotation": 0, "players": players,
                        "record": f"records/{name}"})
    total = len(rows)
    metrics = {"schema": 1, "experiment": experiment, "estimates": estimates, "deltas": deltas,
               "verdicts": verdicts, "notable": notable,
               "sprt": None if d is None else {**sprt.to_json(), "metric": "seat_win_share", "arm": arms[-1]},
               "health": {"games": total, "unfinished": int(sum(r["unfinished"] for r in rows)), "cpu_s": total * 0.33,
                          "wall_s": total * 0.17, "games_per_s": 5.9, "lab_overhead": 0.02, "cap_hits": 0},
               "method": {"blocks": blocks, "rotations": True,
                          "pairing_factor": next((x["extra"]["vrf"] for x in deltas if x["metric"] == "actions"), None),
                          "confidence": 0.95, "families": {"seats": "holm", "arms": "holm"}, "bots": ["normal"],
                          "stop": "blocks"}}
    (run_dir / "metrics.json").write_text(json.dumps(metrics, indent=1, sort_keys=True))
    manifest = {"fingerprint": f"{seed:08x}" + "ab" * 28, "seed": exp_seed, "blocks": blocks, "lineup": ["normal"],
                "players": [players], "command": f"ludoteca lab run experiments/synthetic-{seed}.toml",
                "arms": {arm: {"content_hash": f"hash-{arm}", "params": sweep_info["values"][arm] if sweep_info else
                               ((params or {}) if arm == control else {"cells": {"neutrophil": {"cost": 3}}}),
                               "options": {}, "version": 1} for arm in arms}}
    (run_dir / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return run_dir


def _verdict(rule: dict[str, Any], est: dict[str, Any]) -> str:
    """met when the whole interval satisfies the rule, missed when none of it does, else unclear."""
    lo, hi = est["low"], est["high"]
    if "max" in rule:
        good, bad = hi <= rule["max"], lo > rule["max"]
    elif "min" in rule:
        good, bad = lo >= rule["min"], hi < rule["min"]
    else:
        a, b = rule["between"]
        good, bad = a <= lo and hi <= b, hi < a or lo > b
    return "met" if good else "missed" if bad else "unclear"
