"""The designer's report: one self-contained report.html per run (LAB.md §6.2).

Why one file with inline SVG: a designer opens it from disk, mails it, or attaches it to an
issue, and it must look the same offline years later. Sections appear only when the run has
their data, each number comes with its interval, and verdicts carry a word and a symbol.

>>> from ludoteca.lab.report_synthetic import synthetic_run   # doctest: +SKIP
>>> write_report(synthetic_run(Path("/tmp/run")), lang="es")  # doctest: +SKIP
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.lab import plots, stats
from ludoteca.lab.report_data import RunData, arms, estimates, load_run, player_counts, read_series
from ludoteca.lab.report_html import badge, esc, figure, interval, num, numbers_in, page, rule_text, section, table
from ludoteca.lab.report_labels import check_lang, key_label, label, metric_label

#: Scalar metrics of the "Length and tension" table, in reading order.
LENGTH_METRICS = ("actions", "rounds", "decisions", "decision_density", "branching", "cpu_s", "lead_changes",
                  "decided_at", "drama", "comeback_rate", "margin", "stability", "ideal_length")
SKILL_METRICS = ("skill_expression", "matrix", "rating", "rating_spread")
CONTENT_METRICS = ("usage", "win_when_used")
RESTRICT_METRICS = ("restriction_value", "binding_rate", "changed_rate")
SUMMARY_METRICS = ("shared_win_rate", "unfinished_rate", "entry_win_share", "score")


def write_report(run_dir: Path, lang: str = "en") -> Path:
    """Write run_dir/report.html in ``lang`` (en, es or fr) and return its path."""
    check_lang(lang)
    data = load_run(run_dir)
    out = Path(run_dir) / "report.html"
    out.write_text(render(data, lang), encoding="utf-8")
    return out


def render(data: RunData, lang: str) -> str:
    """The report's HTML for a loaded run."""
    exp = data.experiment
    title = f"{label('title', lang)}: {exp.get('title') or exp.get('game', '')} — {exp.get('name', '')}"
    with numbers_in(lang):
        parts = [f"<h1>{esc(title)}</h1>", _subtitle(data, lang)]
        for build in (_question, _health, _fairness, _skill, _deltas, _length, _content, _sweep, _sensitivity, _tune,
                      _series, _luck, _games,
                      _method, _reproduce):
            part = build(data, lang)
            if part:
                parts.append(part)
    return page(lang, title, "".join(parts))


def _subtitle(data: RunData, lang: str) -> str:
    exp = data.experiment
    bits = [f"{label('game', lang)}: {esc(exp.get('title') or exp.get('game', ''))}",
            f"{label('players', lang)}: {esc(', '.join(str(p) for p in exp.get('players', [])))}",
            f"{label('arm', lang)}: {esc(', '.join(_arm_name(a, data, lang) for a in arms(data)))}"]
    return f'<p class="muted">{" · ".join(bits)}</p>'


def _arm_name(arm: str, data: RunData, lang: str) -> str:
    return f"{arm} ({label('control', lang)})" if arm == data.experiment.get("control") else arm


def _pct(confidence: float | None) -> str:
    return f"{(confidence or 0.95) * 100:g}"


def _interval_head(data: RunData, lang: str) -> str:
    return label("interval_c", lang, pct=_pct(data.metrics.get("method", {}).get("confidence")))


# -- 1. question and verdicts -------------------------------------------------------------------

def _question(data: RunData, lang: str) -> str:
    exp = data.experiment
    q = exp.get("question")
    body = f'<p class="question">{esc(q)}</p>' if q else f'<p class="muted">{label("no_question", lang)}</p>'
    verdicts = data.metrics.get("verdicts") or []
    if not verdicts:
        body += f"<p>{esc(label('no_targets', lang))}</p>"
    else:
        rows = []
        for v in verdicts:
            robust = v.get("robust")
            rows.append([esc(metric_label(v["target"], lang)), esc(v.get("arm", "")), esc(v.get("players", "")),
                         esc(rule_text(v.get("rule", {}), lang)), num(v.get("value")),
                         interval(v.get("low"), v.get("high")), badge(v.get("verdict", "unclear"), lang),
                         esc(label("not_checked", lang) if robust is None else label("yes" if robust else "no", lang))])
        body += table([label("target", lang), label("arm", lang), label("players", lang), label("what", lang),
                       label("value", lang), _interval_head(data, lang), label("verdict", lang),
                       label("robust", lang)], rows, numeric=(4, 5))
    return section("question", label("sec_question", lang), body)


def _health(data: RunData, lang: str) -> str:
    h = data.metrics.get("health")
    if not h:
        return ""
    body = "<p>" + esc(label("health_line", lang, games=h.get("games", 0), unfinished=h.get("unfinished", 0),
                                cpu=num(h.get("cpu_s")), rate=num(h.get("games_per_s")))) + "</p>"
    if h.get("games_reused"):
        reused = label("reused_line", lang, reused=h["games_reused"], played=h.get("games_played", 0))
        body += f"<p>{esc(reused)}</p>"
    games = h.get("games") or 0
    if games and h.get("unfinished", 0) / games > 0.005:
        warning = label("unfinished_warning", lang, pct=num(100 * h["unfinished"] / games))
        body += f'<p class="caveat">{esc(warning)}</p>'
    rows = [[esc(metric_label(m, lang)), esc(e["arm"]), esc(e["players"]), esc(key_label(m, e.get("key"), lang)),
             num(e["value"]), interval(e.get("low"), e.get("high"))]
            for m in SUMMARY_METRICS for e in estimates(data, m)]
    if rows:
        body += table([label("metric", lang), label("arm", lang), label("players", lang), label("key", lang),
                       label("value", lang), _interval_head(data, lang)], rows, numeric=(4, 5))
    return section("health", label("sec_health", lang), body)


# -- 2. fairness --------------------------------------------------------------------------------

def _fairness(data: RunData, lang: str) -> str:
    body = ""
    for n in player_counts(data):
        seat = [e for e in estimates(data, "seat_win_share", n) if str(e.get("key", "")).isdigit()]
        if not seat:
            continue
        groups: dict[str, list[tuple[str, float, float | None, float | None]]] = {}
        for e in seat:
            groups.setdefault(e["arm"], []).append((label("seat_n", lang, n=int(e["key"])), e["value"],
                                                    e.get("low"), e.get("high")))
        name = f"{metric_label('seat_win_share', lang)} — {label('n_players', lang, n=n)}"
        svg = plots.bars(groups, 1 / n, label("fair_line", lang, n=n), metric_label("seat_win_share", lang), name)
        body += f"<h3>{esc(label('n_players', lang, n=n))}</h3>" + figure(svg, label("fair_caption", lang))
        body += _seat_table(data, seat + estimates(data, "seat_advantage", n), lang)
        pos = [e for e in estimates(data, "seat_win_share", n) + estimates(data, "turn_order_win_share", n)
               if str(e.get("key", "")).startswith("pos")]
        if pos:
            body += f"<h3>{esc(label('turn_order', lang))}</h3>" + _seat_table(data, pos, lang)
        gaps = estimates(data, "seat_gap", n)
        if gaps:
            body += _seat_table(data, gaps, lang)
        for g in gaps:
            ex = g.get("extra") or {}
            if ex.get("chi2") is not None:
                body += "<p>" + esc(g["arm"]) + ": " + esc(label("uniformity", lang, chi2=num(ex["chi2"]),
                                                                  df=int(ex.get("df", n - 1)),
                                                                  p=num(ex.get("p_chi2", ex.get("chi2_p"))))) + "</p>"
    return section("fairness", label("sec_fairness", lang), body) if body else ""


def _seat_table(data: RunData, rows: list[dict[str, Any]], lang: str) -> str:
    out = []
    for e in rows:
        p_adj = e.get("p_adj")
        sig = "–" if p_adj is None else label("yes" if p_adj < 0.05 else "no", lang)
        out.append([esc(metric_label(e["metric"], lang)), esc(e["arm"]),
                    esc(key_label(e["metric"], e.get("key"), lang)), num(e["value"]),
                    interval(e.get("low"), e.get("high")), num(e.get("reference")), num(p_adj), esc(sig)])
    return table([label("metric", lang), label("arm", lang), label("key", lang), label("value", lang),
                  _interval_head(data, lang), "1/n", label("p_adj", lang), label("significant", lang)],
                 out, numeric=(3, 4, 5, 6))


# -- 3. skill -----------------------------------------------------------------------------------

def _skill(data: RunData, lang: str) -> str:
    rows = [e for m in SKILL_METRICS for e in estimates(data, m)]
    if not rows:
        return ""
    return section("skill", label("sec_skill", lang), _matrix(data, lang) + _estimate_table(data, rows, lang))


def _matrix(data: RunData, lang: str) -> str:
    """The bot matrix (``lab matrix``): heat map with intervals, ratings, transitivity, skill."""
    block = data.metrics.get("matrix")
    if not block:
        return ""
    levels, fair = block["levels"], block["fair"]
    cells = {(c["a"], c["b"]): (c["value"], c.get("low"), c.get("high")) for c in block["cells"]}
    title = label("matrix_title", lang, others=block["players"] - 1)
    svg = plots.matrix_heatmap(levels, cells, fair, label("matrix_column", lang), label("matrix_row", lang), title)
    body = '<div class="matrix-heat">' + figure(svg, label("matrix_caption", lang, fair=num(fair),
                                                           blocks=block["blocks"])) + "</div>"
    bars = {label("rating", lang): [(r["level"], r["value"], r.get("low"), r.get("high")) for r in block["ratings"]]}
    body += figure(plots.bars(bars, 0.0, block["anchor"], metric_label("rating", lang), metric_label("rating", lang)),
                   label("ratings_caption", lang, model=block["rating_model"], anchor=block["anchor"]))
    spread = block["rating_spread"]
    body += "<p>" + esc(label("rating_spread_line", lang, value=num(spread["value"], 0),
                              interval=interval(spread.get("low"), spread.get("high")))) + "</p>"
    t = block["transitivity"]
    cycles = "; ".join(" > ".join(v["cycle"]) + (f" ({label('cycle_confirmed', lang)})" if v["confirmed"] else "")
                       for v in t["violations"]) or label("no_cycles", lang)
    body += "<p>" + esc(label("transitivity_line", lang, cycles=len(t["violations"]), triples=t["triples"],
                              found=cycles, ordered=block["ordered_cells"], cells=block["cells_played"],
                              pairs_ordered=block["ordered_pairs"], pairs=block["pairs"])) + "</p>"
    order = " < ".join(block["order_by_rating"])
    body += "<p>" + esc(label("order_listed" if block["order_as_listed"] else "order_not_listed", lang,
                              order=order)) + "</p>"
    s = block.get("skill_expression")
    if s:
        body += "<p>" + esc(label("skill_line", lang, top=s["top"], bottom=s["bottom"], value=num(s["value"]),
                                  interval=interval(s.get("low"), s.get("high")))) + "</p>"
    return body


def _luck(data: RunData, lang: str) -> str:
    """How much the deal decides (``lab luck``): seed ICC, winner entropy, decided-by-seed."""
    blocks = data.metrics.get("luck") or []
    body = ""
    for block in blocks:
        head = label("luck_head", lang, n=block["players"], seeds=block["seeds"], reps=block["replicates"],
                     varied=block["varied_seeds"], dropped=block["dropped_seeds"])
        body += f"<h3>{esc(label('n_players', lang, n=block['players']))}</h3><p>{esc(head)}</p>"
        if block["status"] == "identical":
            body += f'<p class="caveat">{esc(label("luck_identical", lang))}</p>'
            continue
        rows = [e for m in ("seed_icc", "seed_entropy", "decided_by_seed")
                for e in estimates(data, m, block["players"])]
        body += _estimate_table(data, rows, lang)
        body += f'<p class="note">{esc(label("luck_note", lang, pct=num(100 * block["decided_at"])))}</p>'
    return section("luck", label("sec_luck", lang), body) if body else ""


def _estimate_table(data: RunData, rows: list[dict[str, Any]], lang: str, quantiles: bool = False) -> str:
    out = []
    for e in rows:
        ex = e.get("extra") or {}
        row = [esc(metric_label(e["metric"], lang)), esc(e["arm"]), esc(e.get("players", "")),
               esc(key_label(e["metric"], e.get("key"), lang)), num(e["value"]), interval(e.get("low"), e.get("high")),
               esc(e.get("method", ""))]
        if quantiles:
            qs = [ex.get(q) for q in ("p10", "p50", "p90")]
            row.append(" / ".join(num(q) for q in qs) if any(q is not None for q in qs) else "–")
        out.append(row)
    headers = [label("metric", lang), label("arm", lang), label("players", lang), label("key", lang),
               label("value", lang), _interval_head(data, lang), label("method_col", lang)]
    if quantiles:
        headers.append(label("p10_p50_p90", lang))
    return table(headers, out, numeric=(4, 5))


# -- differences to the control -----------------------------------------------------------------

def _deltas(data: RunData, lang: str) -> str:
    deltas = data.metrics.get("deltas") or []
    if not deltas:
        return ""
    rows = []
    for d in deltas:
        ex = d.get("extra") or {}
        p_adj = d.get("p_adj")
        rows.append([esc(metric_label(d["metric"], lang)), esc(key_label(d["metric"], d.get("key"), lang)),
                     esc(f"{d['arm']} − {d.get('control', '')}"), esc(d.get("players", "")), num(d["value"]),
                     interval(d.get("low"), d.get("high")), num(d.get("p")), num(p_adj),
                     num(ex.get("vrf")), esc(d.get("method", ""))])
    return section("deltas", label("sec_deltas", lang),
                   table([label("metric", lang), label("key", lang), label("arm", lang), label("players", lang),
                          label("delta", lang), _interval_head(data, lang), "p", label("p_adj", lang),
                          label("vrf", lang), label("method_col", lang)], rows, numeric=(4, 5, 6, 7, 8)))


# -- 4. length and tension ----------------------------------------------------------------------

def _length(data: RunData, lang: str) -> str:
    body = ""
    for n in player_counts(data):
        samples = {arm: cols["actions"][np.isfinite(cols["actions"])] for (arm, p), cols in data.games.items()
                   if p == n and np.isfinite(cols["actions"]).any()}
        if samples:
            name = f"{metric_label('actions', lang)} — {label('n_players', lang, n=n)}"
            svg = plots.length_distribution(samples, metric_label("actions", lang), label("length_hist", lang),
                                            label("length_ecdf", lang), label("share_of_games", lang), name)
            body += f"<h3>{esc(label('n_players', lang, n=n))}</h3>" + figure(svg, name)
        decided = {arm: cols["decided_at"][np.isfinite(cols["decided_at"])] for (arm, p), cols in data.games.items()
                   if p == n and np.isfinite(cols["decided_at"]).any()}
        if decided:
            svg = plots.ecdf(decided, metric_label("decided_at", lang), label("share_of_games", lang),
                             label("decided_ecdf", lang))
            body += figure(svg, label("decided_ecdf", lang))
        runaway = _runaway(data, n, lang)
        if runaway:
            body += runaway
    rows = [e for m in LENGTH_METRICS for e in estimates(data, m)]
    if rows:
        body += _estimate_table(data, rows, lang, quantiles=True)
    return section("length", label("sec_length", lang), body) if body else ""


def _runaway(data: RunData, n: int, lang: str) -> str:
    rows = estimates(data, "leader_wins", n)
    by_arm: dict[str, dict[float, dict[str, Any]]] = {}
    for e in rows:
        try:
            by_arm.setdefault(e["arm"], {})[float(e["key"])] = e
        except (TypeError, ValueError):
            continue
    if not by_arm:
        return ""
    xs = sorted({f for pts in by_arm.values() for f in pts})
    series = {}
    for arm, pts in by_arm.items():
        if sorted(pts) != xs:
            continue
        vals = [pts[f]["value"] for f in xs]
        lows = [v if pts[f].get("low") is None else pts[f]["low"] for f, v in zip(xs, vals, strict=True)]
        highs = [v if pts[f].get("high") is None else pts[f]["high"] for f, v in zip(xs, vals, strict=True)]
        series[arm] = (vals, lows, highs)
    if not series:
        return ""
    svg = plots.curves(xs, series, label("share_of_game", lang), metric_label("leader_wins", lang),
                       label("runaway", lang), 1 / n, label("fair_line", lang, n=n))
    return figure(svg, label("runaway", lang))


# -- 5. content ---------------------------------------------------------------------------------

def _content(data: RunData, lang: str) -> str:
    body = ""
    usage = estimates(data, "usage")
    if usage:
        body += _pivot(data, usage, lang)
        dead = _dead_content(data)
        body += f"<h3>{esc(label('dead_content', lang))}</h3><p>" + (
            ", ".join(f"<code>{esc(k)}</code>" for k in dead) if dead else esc(label("none", lang))) + "</p>"
    wwu = estimates(data, "win_when_used")
    if wwu:
        body += f"<h3>{esc(metric_label('win_when_used', lang))}</h3>"
        body += f'<p class="note">{esc(label("correlation_flag", lang))}</p>' + _pivot(data, wwu, lang)
    restr = [e for m in RESTRICT_METRICS for e in estimates(data, m)]
    if restr:
        body += f"<h3>{esc(label('restriction', lang))}</h3>" + _estimate_table(data, restr, lang)
    return section("content", label("sec_content", lang), body) if body else ""


def _dead_content(data: RunData) -> list[str]:
    """Keys used 0 times in every arm, plus keys the runner itself listed as dead."""
    listed = [str(e.get("key")) for e in estimates(data, "dead_content") if e.get("key")]
    used: dict[str, float] = {}
    for e in estimates(data, "usage"):
        used[e["key"]] = used.get(e["key"], 0.0) + abs(float(e["value"]))
    return sorted(set(listed) | {k for k, v in used.items() if v == 0})


def _pivot(data: RunData, rows: list[dict[str, Any]], lang: str) -> str:
    """Content keys down, arms (and player counts) across: value and interval in each cell."""
    cols = list(dict.fromkeys((e["arm"], e["players"]) for e in rows))
    keys = sorted({e["key"] for e in rows if e.get("key") is not None})
    cell = {(e["key"], e["arm"], e["players"]): e for e in rows}
    multi = len({p for _, p in cols}) > 1
    heads = [label("content_key", lang)] + [esc(f"{a} · {label('n_players', lang, n=p)}" if multi else a)
                                            for a, p in cols]
    out = []
    for k in keys:
        line = [f"<code>{esc(k)}</code>"]
        for a, p in cols:
            e = cell.get((k, a, p))
            line.append("–" if e is None else f"{num(e['value'])} {interval(e.get('low'), e.get('high'))}")
        out.append(line)
    return table(heads, out, numeric=tuple(range(1, len(heads))))


# -- 6. sweeps ----------------------------------------------------------------------------------

def _sweep(data: RunData, lang: str) -> str:
    sweep = data.experiment.get("sweep")
    if not sweep or not sweep.get("knobs"):
        return ""
    values: dict[str, dict[str, float]] = sweep.get("values") or {}
    targets = list((data.experiment.get("targets") or {}).keys())
    metrics = list(dict.fromkeys([*targets, "seat_gap", "actions"]))
    body, slopes = "", []
    for knob in sweep["knobs"]:
        arm_x = {a: float(v[knob]) for a, v in values.items() if knob in v and isinstance(v[knob], int | float)}
        if len(arm_x) < 2:
            continue
        for n in player_counts(data):
            for m in metrics:
                rows = [e for e in estimates(data, m, n) if e.get("key") is None and e["arm"] in arm_x]
                if len(rows) < 2:
                    continue
                rows.sort(key=lambda e: arm_x[e["arm"]])
                xs = [arm_x[e["arm"]] for e in rows]
                vals = [e["value"] for e in rows]
                lows = [e["low"] if e.get("low") is not None else e["value"] for e in rows]
                highs = [e["high"] if e.get("high") is not None else e["value"] for e in rows]
                caption = label("sweep_caption", lang, metric=metric_label(m, lang), knob=knob)
                name = metric_label(m, lang)
                svg = plots.curves(xs, {name: (vals, lows, highs)}, knob, name, caption)
                body += figure(svg, f"{caption} {label('n_players', lang, n=n)}")
                slopes.append(_elasticity(data, knob, m, n, rows, xs, lang))
    given = estimates(data, "elasticity")
    if given:
        body += _estimate_table(data, given, lang)
    elif slopes:
        body += f"<h3>{esc(label('elasticity', lang))}</h3>" + table(
            [label("knob", lang), label("metric", lang), label("players", lang), label("slope", lang),
             _interval_head(data, lang)], [s for s in slopes if s], numeric=(3, 4))
    return section("sweep", label("sec_sweep", lang), body) if body else ""


def _elasticity(data: RunData, knob: str, metric: str, n: int, rows: list[dict[str, Any]], xs: list[float],
                lang: str) -> list[str]:
    """Slope of the arm estimates on the knob (OLS across arms) when the runner gave none."""
    if len(set(xs)) < 2:
        return []
    est = stats.ols_slope(xs, [e["value"] for e in rows], data.metrics.get("method", {}).get("confidence", 0.95))
    return [f"<code>{esc(knob)}</code>", esc(metric_label(metric, lang)), esc(n), num(est.value),
            interval(est.low, est.high)]


def _sensitivity(data: RunData, lang: str) -> str:
    """The screen (LAB.md §4 sensitivity): per metric a tornado chart and the knob table."""
    from ludoteca.lab.sensitivity import tornado_rows

    result = data.metrics.get("sensitivity")
    if not result or not result.get("rows"):
        return ""
    blocks = data.metrics.get("method", {}).get("blocks", "?")
    body = f"<p>{esc(label('sens_intro', lang, delta=result.get('delta'), blocks=blocks, q=result.get('q')))}</p>"
    notes = [(k["knob"], note) for k in result.get("knobs", []) for note in k.get("notes", [])]
    if notes:
        body += f"<h3>{esc(label('sens_notes', lang))}</h3><ul>" + "".join(
            f"<li><code>{esc(knob)}</code>: {esc(note)}</li>" for knob, note in notes) + "</ul>"
    for n in player_counts(data):
        for metric in result.get("metrics", []):
            rows = tornado_rows(result, metric, n)
            if not rows:
                continue
            name = metric_label(metric, lang)
            caption = label("sens_caption", lang, metric=name, players=n)
            svg = plots.tornado([(r["knob"], _side(r["minus"]), _side(r["plus"])) for r in rows],
                                label("sens_minus", lang), label("sens_plus", lang),
                                label("sens_axis", lang, metric=name), caption)
            body += f"<h3>{esc(name)} — {esc(label('n_players', lang, n=n))}</h3>" + figure(svg, caption)
            body += table([label("knob", lang), label("sens_control", lang), label("sens_value_minus", lang),
                           label("sens_delta_minus", lang), label("sens_value_plus", lang),
                           label("sens_delta_plus", lang), label("slope", lang), label("p_adj", lang),
                           label("verdict", lang)],
                          [[f"<code>{esc(r['knob'])}</code>", num(r["value"]), num(r["minus_value"]),
                            _effect(r["minus"]), num(r["plus_value"]), _effect(r["plus"]), _effect(r["elasticity"]),
                            num(r["p_adj"]), esc(label("verdict_" + r["verdict"], lang))] for r in rows],
                          numeric=(1, 2, 3, 4, 5, 6, 7))
    return section("sensitivity", label("sec_sensitivity", lang), body)


def _side(est: dict[str, Any] | None) -> tuple[float, float | None, float | None] | None:
    return None if est is None else (est["value"], est.get("low"), est.get("high"))


def _effect(est: dict[str, Any] | None) -> str:
    return "–" if est is None else f"{num(est['value'])} {interval(est.get('low'), est.get('high'))}"


def _tune(data: RunData, lang: str) -> str:
    """The search behind a tune run's confirmation: its method and best candidates."""
    tune = data.metrics.get("tune")
    if not tune:
        return ""
    body = "<p>" + esc(label("tune_intro", lang, knobs=", ".join(tune.get("knobs", [])),
                             evaluated=tune.get("evaluated", 0), blocks=tune.get("batch_blocks", "?"))) + "</p>"
    rows = []
    for rank, c in enumerate(tune.get("best", []), start=1):
        changes = ", ".join(f"{k} = {num(v)}" for k, v in c.get("changes", {}).items()) or label("tune_none", lang)
        rows.append([esc(rank), esc(changes), num(c.get("distance")), esc(c.get("generation", ""))])
    body += table([label("tune_rank", lang), label("tune_changes", lang), label("tune_distance", lang),
                   label("tune_generation", lang)], rows, numeric=(2,))
    return section("tune", label("sec_tune", lang), body)


# -- 7. time series -----------------------------------------------------------------------------

def _series(data: RunData, lang: str) -> str:
    """Fan charts per telemetry quantity (and the score), arms overlaid, per player count."""
    series = read_series(data.path)
    body = ""
    for n in sorted({p for _, p in series}):
        per_arm = {arm: qs for (arm, p), qs in series.items() if p == n}
        quantities = list(dict.fromkeys(q for qs in per_arm.values() for q in qs))
        for q in quantities:
            lines = {}
            for arm, qs in per_arm.items():
                if q not in qs:
                    continue
                xs = sorted(qs[q])
                bands = np.array([np.quantile(qs[q][t], [0.1, 0.5, 0.9]) for t in xs])
                lines[arm] = (xs, bands[:, 0], bands[:, 1], bands[:, 2])
            name = label("score_word", lang) if q == "score" else q  # telemetry keys are the game's own names
            caption = f"{label('series_caption', lang, q=name)} {label('n_players', lang, n=n)}"
            body += figure(plots.fan(lines, label("checkpoint", lang), name, caption), caption)
    return section("series", label("sec_series", lang), body) if body else ""


# -- 8. games to look at ------------------------------------------------------------------------

def _games(data: RunData, lang: str) -> str:
    notable = data.metrics.get("notable") or []
    if not notable:
        return ""
    base = _display_path(data.path)
    rows = [[esc(label("reason_" + g.get("reason", "random"), lang)), esc(g.get("arm", "")),
             esc(g.get("players", "")),
             esc(label("game_at", lang, block=g.get("block", "?"), rotation=g.get("rotation", "?"))),
             f"<code>ludoteca replay {esc(os.path.join(base, g['record']))}</code>"]
            for g in notable if g.get("record")]
    return section("games", label("sec_games", lang),
                   table([label("reason", lang), label("arm", lang), label("players", lang), label("what", lang),
                          label("command", lang)], rows))


def _display_path(path: Path) -> str:
    """The run folder as the user typed it relative to here when possible (shorter commands)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path.resolve()) if rel.startswith("..") else rel


# -- 9. method, 10. reproduce -------------------------------------------------------------------

def _method(data: RunData, lang: str) -> str:
    m = data.metrics.get("method") or {}
    body = "<ul>"
    if m.get("blocks") is not None:
        rot = label("m_rotations", lang) if m.get("rotations") else ""
        body += f"<li>{esc(label('m_blocks', lang, blocks=m['blocks'], rot=rot))}</li>"
    if m.get("pairing_factor"):
        body += f"<li>{esc(label('m_pairing', lang, f=num(m['pairing_factor'], 2)))}</li>"
    methods = sorted({e.get("method", "") for e in data.metrics.get("estimates", [])} |
                     {d.get("method", "") for d in data.metrics.get("deltas") or []} - {""})
    if methods:
        body += f"<li>{esc(label('m_methods', lang, methods=', '.join(methods)))}</li>"
    fams = m.get("families") or {}
    if fams:
        body += f"<li>{esc(label('m_families', lang, families=', '.join(f'{k}: {v}' for k, v in fams.items())))}</li>"
    if m.get("bots"):
        body += f"<li>{esc(label('m_bots', lang, bots=', '.join(m['bots'])))}</li>"
    if m.get("stop"):
        body += f"<li>{esc(label('m_stop', lang, stop=label('stop_' + m['stop'], lang)))}</li>"
    body += "</ul>"
    sprt = data.metrics.get("sprt")
    if sprt and sprt.get("trace"):
        title = label("sprt_title", lang, metric=metric_label(sprt.get("metric", ""), lang), arm=sprt.get("arm", ""))
        svg = plots.sprt_trace(sprt["trace"], sprt["lower"], sprt["upper"], label("sprt_bounds", lang),
                               label("blocks", lang), title)
        body += figure(svg, f"{title} — {label('stop_' + sprt.get('state', 'cap'), lang)}")
        if sprt.get("state") in ("H0", "H1"):
            body += f'<p class="note">{esc(label("sprt_biased", lang))}</p>'
    body += f'<p class="caveat">{esc(label("caveat", lang))}</p>'
    return section("method", label("sec_method", lang), body)


def _reproduce(data: RunData, lang: str) -> str:
    man = data.manifest or {}
    if not man.get("command") and not man.get("fingerprint"):
        return ""
    body = f"<p>{esc(label('reproduce_text', lang))}</p>"
    if man.get("command"):
        body += f"<pre><code>{esc(man['command'])}</code></pre>"
    if man.get("fingerprint"):
        body += f"<p>{esc(label('fingerprint', lang))}: <code>{esc(man['fingerprint'])}</code></p>"
    return section("reproduce", label("sec_reproduce", lang), body)
