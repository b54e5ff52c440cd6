"""The report's charts: matplotlib Figures rendered to inline SVG strings, deterministic.

Why Figure objects and not pyplot: no GUI backend, no global state between reports, and the
same input always gives the same bytes (fixed ``svg.hashsalt``, no date, no metadata block), so
two reports of the same run are identical files. Namespace URLs are stripped: inline SVG in
HTML needs none, and the report then contains no URL at all.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence

import matplotlib
import numpy as np
from matplotlib.figure import Figure

#: Okabe–Ito: distinguishable with every common colour-vision deficiency, dark enough on white.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
RC = {"svg.hashsalt": "ludoteca-lab", "svg.fonttype": "none", "font.size": 9, "axes.spines.top": False,
      "axes.spines.right": False, "svg.image_inline": True}
_XML_HEAD = re.compile(r"<\?xml[^>]*\?>\s*|<!DOCTYPE[^>]*>\s*", re.S)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.S)
_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')

Series = Mapping[str, tuple[Sequence[float], Sequence[float], Sequence[float]]]


def _figure(width: float = 6.4, height: float = 3.0, cols: int = 1) -> tuple[Figure, list]:
    # Fixed margins rather than constrained layout: as readable here, and several times faster.
    fig = Figure(figsize=(width, height))
    axes = fig.subplots(1, cols, squeeze=False)[0]
    # The legend sits right of the last axes, where it can never hide a bar or a line.
    fig.subplots_adjust(left=0.1 if cols == 1 else 0.08, right=0.78 if cols == 1 else 0.84, bottom=0.17, top=0.9,
                        wspace=0.25)
    return fig, list(axes)


def _legend(ax) -> None:
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def to_svg(fig: Figure, label: str) -> str:
    """The figure as an inline ``<svg>`` element with an accessible name (``label``)."""
    buf = io.StringIO()
    with matplotlib.rc_context(RC):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    svg = _XMLNS.sub("", _METADATA.sub("", _XML_HEAD.sub("", buf.getvalue())))
    safe = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{safe}" ', 1)


def bars(groups: Mapping[str, Sequence[tuple[str, float, float | None, float | None]]], reference: float | None,
         reference_label: str, ylabel: str, label: str) -> str:
    """Grouped bars (one colour per arm, hatched differently) with interval whiskers and a dashed
    reference line (the fair share 1/n)."""
    with matplotlib.rc_context(RC):
        fig, (ax,) = _figure()
        names = list(groups)
        cats = list(dict.fromkeys(c for rows in groups.values() for c, *_ in rows))
        width = 0.8 / max(1, len(names))
        hatches = ("", "//", "..", "xx", "\\\\", "++", "oo")
        for i, arm in enumerate(names):
            rows = {c: (v, lo, hi) for c, v, lo, hi in groups[arm]}
            xs = [j + (i - (len(names) - 1) / 2) * width for j, c in enumerate(cats) if c in rows]
            vals = [rows[c][0] for c in cats if c in rows]
            # A percentile interval on few blocks need not contain its estimate: the whisker then
            # stops at the bar instead of pointing the wrong way (matplotlib refuses negatives).
            err = np.array([[rows[c][0] - (rows[c][1] if rows[c][1] is not None else rows[c][0]),
                             (rows[c][2] if rows[c][2] is not None else rows[c][0]) - rows[c][0]]
                            for c in cats if c in rows]).T.clip(min=0.0)
            ax.bar(xs, vals, width * 0.95, color=PALETTE[i % len(PALETTE)], hatch=hatches[i % len(hatches)],
                   edgecolor="white", label=arm, yerr=err, capsize=3, error_kw={"ecolor": "#222222"})
        if reference is not None:
            ax.axhline(reference, color="#222222", linestyle="--", linewidth=1, label=reference_label)
        ax.set_xticks(range(len(cats)), cats)
        ax.set_ylabel(ylabel)
        _legend(ax)
        return to_svg(fig, label)


def length_distribution(samples: Mapping[str, np.ndarray], xlabel: str, hist_title: str, ecdf_title: str,
                        ylabel: str, label: str) -> str:
    """Histogram and ECDF side by side, arms overlaid; the ECDF is drawn on ≤ 200 quantile points
    so the SVG stays small for 100,000 games."""
    with matplotlib.rc_context(RC):
        fig, (h, e) = _figure(8.0, 3.0, cols=2)
        allv = np.concatenate([np.asarray(v, dtype=float) for v in samples.values()])
        edges = np.histogram_bin_edges(allv, bins=min(40, max(5, len(np.unique(allv)))))
        for i, (arm, v) in enumerate(samples.items()):
            colour = PALETTE[i % len(PALETTE)]
            counts, _ = np.histogram(v, bins=edges)
            h.stairs(counts / max(1, len(v)), edges, color=colour, label=arm, linewidth=1.5)
            qs = np.linspace(0, 1, min(200, len(v)))
            e.step(np.quantile(v, qs), qs, where="post", color=colour, label=arm, linewidth=1.5,
                   linestyle=("-", "--", ":", "-.")[i % 4])
        h.set_title(hist_title, fontsize=9)
        e.set_title(ecdf_title, fontsize=9)
        for ax in (h, e):
            ax.set_xlabel(xlabel)
        h.set_ylabel(ylabel)
        _legend(e)
        return to_svg(fig, label)


def ecdf(samples: Mapping[str, np.ndarray], xlabel: str, ylabel: str, label: str) -> str:
    """One ECDF per arm (decided-at), on ≤ 200 quantile points."""
    with matplotlib.rc_context(RC):
        fig, (ax,) = _figure(6.4, 2.8)
        for i, (arm, v) in enumerate(samples.items()):
            qs = np.linspace(0, 1, min(200, len(v)))
            ax.step(np.quantile(v, qs), qs, where="post", color=PALETTE[i % len(PALETTE)], label=arm,
                    linestyle=("-", "--", ":", "-.")[i % 4])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        _legend(ax)
        return to_svg(fig, label)


def curves(xs: Sequence[float], series: Series, xlabel: str, ylabel: str, label: str,
           reference: float | None = None, reference_label: str = "") -> str:
    """Lines with interval bands, one per arm or metric (runaway curve, sweep curves)."""
    with matplotlib.rc_context(RC):
        fig, (ax,) = _figure(6.4, 2.8)
        for i, (name, (value, low, high)) in enumerate(series.items()):
            colour = PALETTE[i % len(PALETTE)]
            ax.plot(xs, value, color=colour, marker=MARKERS[i % len(MARKERS)], label=name)
            ax.fill_between(xs, low, high, color=colour, alpha=0.2, linewidth=0)
        if reference is not None:
            ax.axhline(reference, color="#222222", linestyle="--", linewidth=1, label=reference_label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        _legend(ax)
        return to_svg(fig, label)


def sprt_trace(trace: Sequence[Sequence[float]], lower: float, upper: float, bounds_label: str, xlabel: str,
               label: str) -> str:
    """The LLR after each block against the two decision bounds."""
    with matplotlib.rc_context(RC):
        fig, (ax,) = _figure(6.4, 2.6)
        arr = np.asarray(trace, dtype=float).reshape(-1, 2)
        ax.plot(arr[:, 0], arr[:, 1], color=PALETTE[0], label="LLR")
        for y in (lower, upper):
            ax.axhline(y, color="#222222", linestyle="--", linewidth=1)
        ax.plot([], [], color="#222222", linestyle="--", label=bounds_label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("LLR")
        _legend(ax)
        return to_svg(fig, label)


def fan(series: Mapping[str, tuple[Sequence[float], Sequence[float], Sequence[float], Sequence[float]]],
        xlabel: str, ylabel: str, label: str) -> str:
    """Per-checkpoint median with its p10–p90 band, one per arm (the Machinations overlay)."""
    with matplotlib.rc_context(RC):
        fig, (ax,) = _figure(6.4, 2.8)
        for i, (arm, (xs, p10, p50, p90)) in enumerate(series.items()):
            colour = PALETTE[i % len(PALETTE)]
            ax.plot(xs, p50, color=colour, label=arm, linestyle=("-", "--", ":", "-.")[i % 4])
            ax.fill_between(xs, p10, p90, color=colour, alpha=0.18, linewidth=0)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        _legend(ax)
        return to_svg(fig, label)


def tornado_figure(rows: Sequence[tuple[str, tuple[float, float | None, float | None] | None,
                                        tuple[float, float | None, float | None] | None]],
                   minus_label: str, plus_label: str, xlabel: str) -> Figure:
    """A tornado chart: one row per knob, top to bottom in the given order (largest effect
    first), a bar for the −δ side and one for the +δ side, each with its interval whisker,
    around a zero line.  Returned as a Figure so docs can save it as PNG too."""
    height = 0.9 + 0.32 * max(1, len(rows))
    fig = Figure(figsize=(6.4, height))
    ax = fig.subplots()
    fig.subplots_adjust(left=0.34, right=0.8, bottom=0.55 / height + 0.05, top=1 - 0.2 / height)
    ys = np.arange(len(rows))[::-1]
    for offset, index, name, colour, hatch in ((0.18, 1, minus_label, PALETTE[0], ""),
                                               (-0.18, 2, plus_label, PALETTE[1], "//")):
        present = [(y, row[index]) for y, row in zip(ys, rows, strict=True) if row[index] is not None]
        if not present:
            continue
        values = [v for _, (v, _lo, _hi) in present]
        err = np.array([[v - (lo if lo is not None else v), (hi if hi is not None else v) - v]
                        for _, (v, lo, hi) in present]).T.clip(min=0.0)
        ax.barh([y + offset for y, _ in present], values, height=0.34, color=colour, hatch=hatch,
                edgecolor="white", label=name, xerr=err, capsize=2, error_kw={"ecolor": "#222222", "lw": 0.8})
    ax.axvline(0.0, color="#222222", linewidth=0.8)
    ax.set_yticks(ys, [row[0] for row in rows])
    ax.set_xlabel(xlabel)
    _legend(ax)
    return fig


def tornado(rows: Sequence[tuple[str, tuple[float, float | None, float | None] | None,
                                 tuple[float, float | None, float | None] | None]],
            minus_label: str, plus_label: str, xlabel: str, label: str) -> str:
    """:func:`tornado_figure` as inline SVG (the report's form)."""
    with matplotlib.rc_context(RC):
        return to_svg(tornado_figure(rows, minus_label, plus_label, xlabel), label)


def matrix_heatmap(levels: Sequence[str], cells: Mapping[tuple[str, str], tuple[float, float | None, float | None]],
                   fair: float, xlabel: str, ylabel: str, label: str) -> str:
    """The bot matrix: row level's win share alone against the column level, coloured around the
    fair share (blue above, orange below), each cell printing its value and its interval."""
    from matplotlib.colors import LinearSegmentedColormap, TwoSlopeNorm

    k = len(levels)
    grid = np.full((k, k), np.nan)
    for (a, b), (value, _low, _high) in cells.items():
        grid[levels.index(a), levels.index(b)] = value
    cmap = LinearSegmentedColormap.from_list("fair", [PALETTE[1], "#f7f7f7", PALETTE[0]]).with_extremes(bad="#dddddd")
    with matplotlib.rc_context(RC):
        size = 1.2 + 1.15 * k
        fig = Figure(figsize=(size + 1.0, size))
        ax = fig.subplots()
        fig.subplots_adjust(left=0.2, right=0.95, bottom=0.18, top=0.92)
        ax.imshow(grid, cmap=cmap, norm=TwoSlopeNorm(vcenter=fair, vmin=0.0, vmax=1.0), aspect="auto")
        for (a, b), (value, low, high) in cells.items():
            text = f"{value:.2f}" + ("" if low is None or high is None else f"\n[{low:.2f}, {high:.2f}]")
            ax.text(levels.index(b), levels.index(a), text, ha="center", va="center", fontsize=8, color="#111111")
        ax.set_xticks(range(k), levels)
        ax.set_yticks(range(k), levels)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.spines[:].set_visible(False)
        return to_svg(fig, label)
