"""Small HTML building blocks shared by the report and the diff: escaping, numbers, tables,
verdict badges and the page shell with its stylesheet (no script, no URL, WCAG AA colours).
"""

from __future__ import annotations

import contextlib
import contextvars
import html
import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ludoteca.lab.report_labels import label

#: Verdict -> (symbol, css class): a word and a symbol, never colour alone.
BADGES = {"met": ("✔", "ok"), "better": ("▲", "ok"), "missed": ("✘", "bad"), "worse": ("▼", "bad"),
          "unclear": ("?", "warn"), "no_change": ("=", "warn")}

# Colours: text/background pairs all above 4.5:1 (WCAG AA for normal text).
CSS = """
:root{color-scheme:light}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff;
max-width:72rem;margin:0 auto;padding:1rem 1.5rem;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;border-bottom:2px solid #d0d7de;padding-bottom:.2rem;
margin-top:2rem}h3{font-size:1.05rem}
.muted{color:#57606a}.question{font-size:1.15rem;font-style:italic}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f3f6}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.badge{display:inline-block;padding:.05rem .45rem;border-radius:.6rem;font-weight:600;white-space:nowrap}
.badge.ok{background:#dafbe1;color:#116329}.badge.bad{background:#ffebe9;color:#a40e26}
.badge.warn{background:#fff8c5;color:#6b4400}
.caveat{border-left:4px solid #6b4400;background:#fff8c5;color:#3b2300;padding:.5rem .8rem}
.note{border-left:4px solid #0969da;background:#ddf4ff;color:#0a3069;padding:.4rem .8rem}
figure{margin:.5rem 0 1rem}figcaption{color:#57606a;font-size:.85rem}
svg{max-width:100%;height:auto}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85rem;background:#f6f8fa;color:#1b1f24}
pre{padding:.5rem;overflow-x:auto}
"""


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


#: How each language writes numbers: (decimal mark, thousands separator, list separator).
#: Spanish and French write 0,335 and [0,315; 0,356] (a comma is their decimal mark).
NUMBER_STYLE = {"en": (".", ",", ", "), "es": (",", ".", "; "), "fr": (",", "\u202f", " ; ")}
_STYLE: contextvars.ContextVar[tuple[str, str, str]] = contextvars.ContextVar("number_style",
                                                                              default=NUMBER_STYLE["en"])


@contextlib.contextmanager
def numbers_in(lang: str) -> Iterator[None]:
    """Numbers written by :func:`num` and :func:`interval` inside follow ``lang``'s style."""
    token = _STYLE.set(NUMBER_STYLE.get(lang, NUMBER_STYLE["en"]))
    try:
        yield
    finally:
        _STYLE.reset(token)


def num(x: Any, digits: int = 3) -> str:
    """A number for people: up to ``digits`` significant decimals, no float noise, "–" when
    absent, in the decimal style of the language being written (:func:`numbers_in`)."""
    text = _num(x, digits)
    decimal, thousands, _ = _STYLE.get()
    if decimal == ".":
        return text
    return text.translate({ord("."): decimal, ord(","): thousands})


def _num(x: Any, digits: int) -> str:
    if x is None:
        return "–"
    x = float(x)
    if not math.isfinite(x):
        return "–"
    if abs(x) < 1e-12:  # float noise of a difference that is zero (1/3 - 1/3 = 3.7e-17)
        return "0"
    if x.is_integer() and abs(x) < 1e15:
        return f"{int(x):,}" if abs(x) >= 10000 else str(int(x))
    if abs(x) >= 100:
        return f"{x:,.0f}" if abs(x) >= 10000 else f"{x:.1f}"
    return f"{x:.{digits}g}" if abs(x) < 0.001 else f"{round(x, digits):g}"


def interval(low: Any, high: Any) -> str:
    return "–" if low is None or high is None else f"[{num(low)}{_STYLE.get()[2]}{num(high)}]"


def badge(verdict: str, lang: str) -> str:
    symbol, cls = BADGES.get(verdict, ("?", "warn"))
    return f'<span class="badge {cls}">{symbol} {esc(label("verdict_" + verdict, lang))}</span>'


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], numeric: Sequence[int] = ()) -> str:
    """A table; cells are HTML already (escape text with esc()); ``numeric`` columns align right."""
    head = "".join(f"<th scope=\"col\">{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f'<td class="num">{c}</td>' if i in numeric else f"<td>{c}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>"


def section(anchor: str, title: str, body: str) -> str:
    return f'<section id="{anchor}"><h2>{esc(title)}</h2>{body}</section>'


def page(lang: str, title: str, body: str) -> str:
    """The whole document: one file, inline CSS, no script, nothing to fetch."""
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title><style>{CSS}</style></head><body><main>{body}</main></body></html>\n")


def rule_text(rule: dict[str, Any], lang: str) -> str:
    """A target rule in words: {"max": 0.05} -> "at most 0.05"."""
    if "max" in rule:
        return label("rule_max", lang, a=num(rule["max"]))
    if "min" in rule:
        return label("rule_min", lang, a=num(rule["min"]))
    if "between" in rule:
        a, b = rule["between"]
        return label("rule_between", lang, a=num(a), b=num(b))
    return esc(rule)
