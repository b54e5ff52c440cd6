"""`ludoteca lab diff RUN_A RUN_B`: what a rule change did, metric by metric (LAB.md §6.3).

Why per-block values from the tables and not the two metrics.json: a difference needs its own
interval. When both runs share the seed plan (same experiment seed, blocks, line-ups and player
counts), block b of A and block b of B were played on the same luck, so every metric gets a
paired Δ (B − A); otherwise the diff says "unpaired" and uses Welch intervals. Targets get a
verdict (better, worse, no detectable change) with Holm's correction over the targets.
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.lab import stats
from ludoteca.lab.report_data import RunData, load_run
from ludoteca.lab.report_html import badge, esc, interval, num, numbers_in, page, rule_text, section, table
from ludoteca.lab.report_labels import check_lang, key_label, label, metric_label

#: Game-row fields averaged per block, with the metric id they estimate.
GAME_FIELDS = {"actions": "actions", "rounds": "rounds", "lead_changes": "lead_changes", "decided_at": "decided_at",
               "drama": "drama", "margin": "margin", "comeback": "comeback_rate", "stability": "stability",
               "cap_hits": "cap_hits"}
#: Manifest fields that must agree for the runs to be paired.
SEED_PLAN = ("seed", "blocks", "lineup", "players")
ALPHA = 0.05

BlockValues = dict[tuple[str, str | None], dict[int, float]]


def diff(run_a: Path, run_b: Path, out: Path | None = None, lang: str | None = None) -> Path:
    """Write diff.json and diff.html (into ``out``, default RUN_B) and return the HTML's path."""
    a, b = load_run(run_a, games=False), load_run(run_b, games=False)
    lang = check_lang(lang or b.experiment.get("lang") or "en")
    result = compare(a, b)
    folder = Path(out) if out is not None else Path(run_b)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "diff.json").write_text(json.dumps(result, indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                                      encoding="utf-8")
    html_path = folder / "diff.html"
    html_path.write_text(render(result, lang), encoding="utf-8")
    return html_path


# -- pairing and content ------------------------------------------------------------------------

def seed_plan_mismatch(a: RunData, b: RunData) -> list[dict[str, Any]]:
    """Which seed-plan fields differ (empty: the runs are paired); a missing manifest is a reason."""
    if a.manifest is None or b.manifest is None:
        return [{"what": "manifest", "a": a.manifest is not None, "b": b.manifest is not None}]
    return [{"what": k, "a": a.manifest.get(k), "b": b.manifest.get(k)} for k in SEED_PLAN
            if a.manifest.get(k) != b.manifest.get(k)]


def arm_pairs(a: RunData, b: RunData) -> list[tuple[str, str]]:
    """Arms of the same name in both runs; with none in common, control against control."""
    arms_a = list(a.experiment.get("arms") or [])
    arms_b = list(b.experiment.get("arms") or [])
    common = [x for x in arms_a if x in arms_b]
    if common:
        return [(x, x) for x in common]
    ca, cb = a.experiment.get("control") or arms_a[:1], b.experiment.get("control") or arms_b[:1]
    ca = ca[0] if isinstance(ca, list) else ca
    cb = cb[0] if isinstance(cb, list) else cb
    return [(ca, cb)] if ca and cb else []


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in tree.items():
        path = f"{prefix}.{k}" if prefix else str(k)
        if isinstance(v, Mapping):
            out.update(_flatten(v, path))
        else:
            out[path] = v
    return out


def _effective(game_id: str | None, params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The effective content of an arm (shipped content with its params), or None if unknown here."""
    if not game_id:
        return None
    try:
        import ludoteca
        from ludoteca.lab.gamedata import effective_content

        return effective_content(ludoteca.game(game_id), params or None)
    except Exception:  # an unknown game or a content file that changed since: fall back to the overlays
        return None


def content_changes(a: RunData, b: RunData, arm_a: str, arm_b: str) -> dict[str, Any]:
    """Changed knobs ``path: A → B``, the rules versions and content hashes of the two arms."""
    ma = ((a.manifest or {}).get("arms") or {}).get(arm_a, {})
    mb = ((b.manifest or {}).get("arms") or {}).get(arm_b, {})
    game = (b.manifest or {}).get("game") or b.experiment.get("game")
    full_a = ma.get("content") or _effective(game, ma.get("params") or {})
    full_b = mb.get("content") or _effective(game, mb.get("params") or {})
    if full_a is not None and full_b is not None:
        fa, fb = _flatten(full_a), _flatten(full_b)
    else:  # only the overlays are known: a path missing on one side holds the shipped value
        fa, fb = _flatten(ma.get("params") or {}), _flatten(mb.get("params") or {})
    changes = [{"path": p, "a": fa.get(p), "b": fb.get(p), "a_known": p in fa, "b_known": p in fb}
               for p in sorted(set(fa) | set(fb)) if fa.get(p, None) != fb.get(p, None) or (p in fa) != (p in fb)]
    return {"arms": [arm_a, arm_b], "changes": changes,
            "options": {"a": ma.get("options") or {}, "b": mb.get("options") or {}},
            "version": {"a": ma.get("version"), "b": mb.get("version")},
            "content_hash": {"a": ma.get("content_hash"), "b": mb.get("content_hash")}}


# -- per-block values ---------------------------------------------------------------------------

def _rows(path: Path) -> Iterator[dict[str, Any]]:
    if path.exists():
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)


def block_values(run: Path, arm: str) -> dict[int, tuple[BlockValues, dict[int, list[list[float]]]]]:
    """Per player count: metric (id, key) -> block -> block mean, and per block the share vectors
    of finished games (for the seat gap, a non-linear metric bootstrapped over blocks)."""
    sums: dict[int, dict[tuple[str, str | None], dict[int, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list)))
    shares: dict[int, dict[int, list[list[float]]]] = defaultdict(lambda: defaultdict(list))
    for row in _rows(run / "games.jsonl.gz"):
        if row.get("arm") != arm:
            continue
        n, blk, acc = int(row["players"]), int(row["block"]), sums[int(row["players"])]
        unfinished = bool(row.get("unfinished"))
        acc[("unfinished_rate", None)][blk].append(float(unfinished))
        for field, metric in GAME_FIELDS.items():
            v = row.get(field)
            if isinstance(v, bool | int | float):
                acc[(metric, None)][blk].append(float(v))
        if isinstance(row.get("decisions"), list) and row["decisions"]:
            acc[("decisions", None)][blk].append(float(np.mean(row["decisions"])))
        if unfinished:
            continue  # win metrics leave out games stopped by the cap (LAB.md §5)
        for s, share in enumerate(row.get("shares") or []):
            acc[("seat_win_share", str(s))][blk].append(float(share))
        acc[("shared_win_rate", None)][blk].append(float(len(row.get("winners") or []) > 1))
        shares[n][blk].append([float(x) for x in row.get("shares") or []])
    for row in _rows(run / "seats.jsonl.gz"):
        if row.get("arm") != arm:
            continue
        acc = sums[int(row["players"])]
        blk = int(row["block"])
        acc[("_seat_rows", None)][blk].append(1.0)
        for key, count in (row.get("usage") or {}).items():
            acc[("usage", key)][blk].append(float(count))
    out: dict[int, tuple[BlockValues, dict[int, list[list[float]]]]] = {}
    for n, metrics in sums.items():
        seat_rows = metrics.pop(("_seat_rows", None), {})
        means: BlockValues = {}
        for key, blocks in metrics.items():
            if key[0] == "usage":  # per game and seat: seats that never touched the key count as 0
                means[key] = {blk: sum(v) / len(seat_rows.get(blk, v)) for blk, v in blocks.items()}
                for blk in seat_rows:
                    means[key].setdefault(blk, 0.0)
            else:
                means[key] = {blk: float(np.mean(v)) for blk, v in blocks.items() if v}
        out[n] = (means, dict(shares[n]))
    return out


def _gap_blocks(shares: dict[int, list[list[float]]]) -> dict[int, np.ndarray]:
    """Per block: the summed win share of each seat over its finished games, then the game count."""
    out = {}
    for blk, games in shares.items():
        if games:
            arr = np.asarray(games, dtype=float)
            out[blk] = np.append(arr.sum(axis=0), len(games))
    return out


def _gap(stack: np.ndarray) -> np.ndarray:
    """Seat gap per resample (stack: resamples x blocks x (seat share sums..., games)): max − min
    of the pooled seat shares, 0 for a resample without games (vectorised for the bootstrap)."""
    totals = stack.sum(axis=1)
    games = totals[:, -1:]
    with np.errstate(divide="ignore", invalid="ignore"):
        gaps = np.ptp(totals[:, :-1] / games, axis=1)
    return np.where(games[:, 0] != 0, gaps, 0.0)


# -- the comparison -----------------------------------------------------------------------------

def compare(a: RunData, b: RunData, seed: int = 0) -> dict[str, Any]:
    """The diff as data (what diff.json holds): pairing, content changes, every metric, targets."""
    mismatch = seed_plan_mismatch(a, b)
    confidence = float((b.metrics.get("method") or {}).get("confidence") or 0.95)
    rows: list[dict[str, Any]] = []
    contents = []
    blocks_in_common = True
    for arm_a, arm_b in arm_pairs(a, b):
        contents.append(content_changes(a, b, arm_a, arm_b))
        va, vb = block_values(a.path, arm_a), block_values(b.path, arm_b)
        for n in sorted(set(va) & set(vb)):
            (ma, sa), (mb, sb) = va[n], vb[n]
            for key in sorted(set(ma) & set(mb), key=lambda k: (k[0], k[1] or "")):
                common = sorted(set(ma[key]) & set(mb[key]))
                paired = not mismatch and len(common) >= 2
                if not mismatch and len(common) < 2:
                    blocks_in_common = False
                try:
                    if paired:
                        est = stats.paired_delta([mb[key][x] for x in common], [ma[key][x] for x in common],
                                                 confidence)
                    else:
                        est = stats.welch_delta(list(mb[key].values()), list(ma[key].values()), confidence)
                except ValueError:
                    continue  # fewer than two blocks on a side: no interval to report
                rows.append(_metric_row(key, n, arm_a, arm_b, est))
            gap = _gap_delta(sa, sb, not mismatch, seed, confidence)
            if gap is not None:
                rows.append(_metric_row(("seat_gap", None), n, arm_a, arm_b, gap))
    targets = _targets(a, b, rows)
    why = [{"what": "blocks in common", "a": None, "b": None}] if not blocks_in_common and not mismatch else mismatch
    return {"schema": 1, "a": str(a.path), "b": str(b.path),
            "paired": not why, "why_unpaired": why, "pairs": [c["arms"] for c in contents],
            "content": contents, "metrics": rows, "targets": targets, "confidence": confidence,
            "fingerprints": {"a": (a.manifest or {}).get("fingerprint"), "b": (b.manifest or {}).get("fingerprint")},
            "names": {"a": a.experiment.get("name") or a.path.name, "b": b.experiment.get("name") or b.path.name},
            "games_tables": {"a": (a.path / "games.jsonl.gz").exists(), "b": (b.path / "games.jsonl.gz").exists()}}


def _gap_delta(sa: dict[int, list[list[float]]], sb: dict[int, list[list[float]]], paired: bool, seed: int,
               confidence: float) -> stats.Estimate | None:
    """Δ seat gap (B − A), bootstrapped over blocks: together when paired, each side alone if not."""
    ga, gb = _gap_blocks(sa), _gap_blocks(sb)
    if paired:
        common = sorted(set(ga) & set(gb))
        if len(common) < 2:
            return None
        width = len(ga[common[0]])
        both = np.array([np.concatenate([ga[x], gb[x]]) for x in common])
        return stats.paired_bootstrap(both, lambda stack: _gap(stack[:, :, width:]) - _gap(stack[:, :, :width]),
                                      seed=seed, confidence=confidence, vectorised=True)
    if len(ga) < 2 or len(gb) < 2:
        return None
    return stats.unpaired_bootstrap(np.array(list(gb.values())), np.array(list(ga.values())), _gap, seed=seed,
                                    confidence=confidence, vectorised=True)


def _metric_row(key: tuple[str, str | None], players: int, arm_a: str, arm_b: str,
                est: stats.Estimate) -> dict[str, Any]:
    return {"metric": key[0], "key": key[1], "players": players, "a_arm": arm_a, "b_arm": arm_b, **est.to_json()}


def _improvement(rule: Mapping[str, Any], a_value: float | None, delta: float) -> float:
    """Signed improvement of a change ``delta`` against a rule: > 0 is better."""
    if "max" in rule:
        return -delta
    if "min" in rule:
        return delta
    lo, hi = rule.get("between", [None, None])
    if a_value is None or lo is None:
        return 0.0
    if a_value < lo:
        return delta
    if a_value > hi:
        return -delta
    return delta * (1 if a_value < (lo + hi) / 2 else -1)  # inside: toward the middle is better


def _targets(a: RunData, b: RunData, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A verdict per target and compared metric row, with Holm over the targets."""
    rules = {**(a.experiment.get("targets") or {}), **(b.experiment.get("targets") or {})}
    found = []
    for target, rule in rules.items():
        metric, _, key = target.partition("[")
        key = key.rstrip("]") or None
        for r in rows:
            if r["metric"] == metric and r["key"] == key:
                a_est = next((e for e in a.metrics.get("estimates", []) if e["metric"] == metric
                              and e.get("key") == key and e["arm"] == r["a_arm"] and e["players"] == r["players"]),
                             None)
                found.append({"target": target, "rule": rule, "players": r["players"], "a_arm": r["a_arm"],
                              "b_arm": r["b_arm"], "a": a_est["value"] if a_est else None, "value": r["value"],
                              "low": r["low"], "high": r["high"], "p": r["p"], "method": r["method"]})
    adjusted = stats.holm([1.0 if t["p"] is None else t["p"] for t in found])
    for t, p_adj in zip(found, adjusted, strict=True):
        t["p_adj"] = p_adj
        gain = _improvement(t["rule"], t["a"], t["value"])
        t["verdict"] = "no_change" if p_adj >= ALPHA or gain == 0 else ("better" if gain > 0 else "worse")
    return found


# -- HTML ---------------------------------------------------------------------------------------

def _value(v: Any, known: bool, lang: str) -> str:
    return esc(label("shipped_value", lang)) if not known else f"<code>{esc(json.dumps(v, ensure_ascii=False))}</code>"


def render(result: dict[str, Any], lang: str) -> str:
    """diff.html from the result of :func:`compare`, numbers in ``lang``'s decimal style."""
    with numbers_in(lang):
        return _render(result, lang)


def _render(result: dict[str, Any], lang: str) -> str:
    names = result["names"]
    title = f"{label('diff_title', lang)}: {names['a']} → {names['b']}"
    pct = f"{result['confidence'] * 100:g}"
    body = [f"<h1>{esc(title)}</h1>",
            f'<p class="muted">{esc(label("run_a", lang))}: <code>{esc(result["a"])}</code> · '
            f'{esc(label("run_b", lang))}: <code>{esc(result["b"])}</code></p>']
    if result["paired"]:
        body.append(f'<p class="note">{esc(label("paired", lang))}</p>')
    else:
        why = "; ".join(_why(w, lang) for w in result["why_unpaired"])
        body.append(f'<p class="caveat">{esc(label("unpaired", lang, why=why))}</p>')
    for side in ("a", "b"):
        if not result["games_tables"][side]:
            body.append(f'<p class="caveat">{esc(label("no_games_table", lang, run=label("run_" + side, lang)))}</p>')
    content = ""
    for c in result["content"]:
        content += f"<h3>{esc(c['arms'][0])} → {esc(c['arms'][1])}</h3>"
        if c["changes"]:
            content += table([label("path", lang), label("run_a", lang), label("run_b", lang)],
                             [[f"<code>{esc(ch['path'])}</code>", _value(ch["a"], ch["a_known"], lang),
                               _value(ch["b"], ch["b_known"], lang)] for ch in c["changes"]])
        elif c["content_hash"]["a"] != c["content_hash"]["b"]:
            hashes = c["content_hash"]
            edited = label("content_edited", lang, a=str(hashes["a"])[:12], b=str(hashes["b"])[:12])
            content += f"<p>{esc(edited)}</p>"
        else:
            content += f"<p>{esc(label('no_content_change', lang))}</p>"
        content += f"<p>{esc(label('rules_version', lang, a=c['version']['a'], b=c['version']['b']))}</p>"
    body.append(section("content", label("sec_content_diff", lang), content))
    if result["targets"]:
        rows = [[esc(metric_label(t["target"].partition("[")[0], lang)), esc(t["players"]),
                 esc(rule_text(t["rule"], lang)), num(t["a"]), num(t["value"]), interval(t["low"], t["high"]),
                 num(t["p_adj"]), badge(t["verdict"], lang)] for t in result["targets"]]
        verdicts = table([label("target", lang), label("players", lang), label("what", lang), label("run_a", lang),
                          label("delta", lang), label("interval_c", lang, pct=pct), label("p_adj", lang),
                          label("verdict", lang)], rows, numeric=(3, 4, 5, 6))
        verdicts += f"<p>{esc(label('holm_targets', lang, n=len(result['targets'])))}</p>"
        body.append(section("verdicts", label("sec_question", lang), verdicts))
    rows = [[esc(metric_label(r["metric"], lang)), esc(key_label(r["metric"], r["key"], lang)), esc(r["players"]),
             esc(f"{r['a_arm']} → {r['b_arm']}"), num(r["value"]), interval(r["low"], r["high"]), num(r["p"]),
             num((r.get("extra") or {}).get("vrf")), esc(r["method"])] for r in result["metrics"]]
    body.append(section("metrics", label("sec_metric_diff", lang), table(
        [label("metric", lang), label("key", lang), label("players", lang), label("compared", lang),
         label("delta", lang), label("interval_c", lang, pct=pct), "p", label("vrf", lang), label("method_col", lang)],
        rows, numeric=(4, 5, 6, 7))))
    body.append(f'<p class="caveat">{esc(label("caveat", lang))}</p>')
    return page(lang, title, "".join(body))


def _why(w: Mapping[str, Any], lang: str) -> str:
    if w["what"] == "manifest":
        return label("why_no_manifest", lang)
    if w["what"] == "blocks in common":
        return label("why_no_blocks", lang)
    what = {"seed": label("seed", lang), "blocks": label("blocks", lang), "players": label("players", lang),
            "lineup": label("lineup", lang)}.get(w["what"], w["what"])
    return label("why_differs", lang, what=what, a=json.dumps(w["a"]), b=json.dumps(w["b"]))
