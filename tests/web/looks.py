"""Measuring what a person sees on a page, without trusting the page's own code: the contrast of
every piece of text against what is really drawn under it, the size of every target, sideways
scrolling, running animations, and owner marks under a greyscale filter.

The contrast check follows WCAG 2.2 (1.4.3): the relative luminance of the text colour (its
opacity and its ancestors' folded in) against the colour under the text's centre, found with
``document.elementsFromPoint`` and blended layer by layer (HTML backgrounds, SVG shapes' fills)
down to the canvas.  A background image under text cannot be measured and counts as a failure.
Large text (24 px, or 18.66 px bold) needs 3:1, other text 4.5:1; text of disabled controls
is exempt, as WCAG exempts inactive components."""

from __future__ import annotations

import io
from dataclasses import dataclass

from playwright.sync_api import Page

#: Everything a person can click or tap.
CLICKABLE = ("button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], "
             "[role=menuitem], [tabindex]:not([tabindex='-1']), .hot")

#: How the findings name an element: tag, id, classes and the start of its text.
NAME_JS = r"""
const nameOf = (el, text) => {
  const classes = (el.className?.baseVal ?? el.className ?? "").toString().trim().replace(/\s+/g, ".");
  const words = (text ?? el.textContent).trim().slice(0, 40);
  return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${classes} "${words}"`;
};
"""

CONTRAST_JS = r"""
() => {
""" + NAME_JS + r"""
  const parse = (text) => {
    const m = text && text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, [r, g, b]) => [0, 1, 2].map((i) => top[i] * top[3] + [r, g, b][i] * (1 - top[3]));
  const opacity = (el) => {
    let o = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    return o;
  };
  const isShape = (el) => el instanceof SVGGeometryElement || el.tagName === "image";
  const disabled = (el) => !!el.closest(":disabled, [aria-disabled='true'], .busy");
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || seen.has(el) || el.closest("script, style, title, desc, option, [hidden]")) continue;
    seen.add(el);
    texts.push(el);
  }
  const bad = [];
  let checked = 0;
  for (const el of texts) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || disabled(el)) continue;
    let r = el.getBoundingClientRect();
    if (r.width * r.height <= 4) continue; // nothing, or a screen reader's 1-px label
    if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
      el.scrollIntoView({ block: "center", inline: "center" });
      r = el.getBoundingClientRect();
    }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    // Clipped away by a box it sits in (a panned deck, a scrolled list): not seen, not measured.
    let clipped = x < 0 || y < 0 || x > innerWidth || y > innerHeight;
    for (let n = el.parentElement; n && !clipped && n !== document.body; n = n.parentElement) {
      const st = getComputedStyle(n);
      if (st.overflowX !== "visible" || st.overflowY !== "visible" || n.tagName === "svg") {
        // A box clips to the inside of its border: text whose middle is under the border is cut.
        const b = n.getBoundingClientRect();
        const left = b.left + n.clientLeft, top = b.top + n.clientTop;
        const right = n.tagName === "svg" ? b.right : left + n.clientWidth;
        const bottom = n.tagName === "svg" ? b.bottom : top + n.clientHeight;
        if (x < left || x > right || y < top || y > bottom) clipped = true;
      }
    }
    if (clipped) continue;
    const style = getComputedStyle(el);
    const svgText = el instanceof SVGElement;
    let ink = parse(svgText ? style.fill : style.color);
    if (!ink) continue; // fill "none" or a pattern: no text ink to measure
    ink[3] *= opacity(el) * (svgText ? Number(style.fillOpacity) : 1);
    // What lies under the text, from the top: the element itself (its own background) and
    // everything below it.  Layers above it (a tooltip) are not its background.
    const stack = document.elementsFromPoint(x, y);
    let start = stack.indexOf(el);
    const layers = start >= 0 ? stack.slice(start) : stack.filter((n) => !el.contains(n) || n === el);
    const under = [];
    let image = null;
    for (const n of layers) {
      const st = getComputedStyle(n);
      if (n instanceof SVGElement && n.tagName !== "svg") {
        if (!isShape(n) || n.closest("text") || st.fill === "none" || st.visibility !== "visible") continue;
        const c = parse(st.fill);
        if (!c) { image = `${n.tagName} filled with a pattern`; break; }
        c[3] *= opacity(n) * Number(st.fillOpacity);
        under.push(c);
      } else {
        if (st.backgroundImage && st.backgroundImage !== "none") {
          image = `${nameOf(n, "")} has a background image`;
          break;
        }
        const c = parse(st.backgroundColor);
        if (c && c[3] > 0) { c[3] *= opacity(n); under.push(c); }
      }
      if (under.length && under[under.length - 1][3] >= 0.999) break;
    }
    const label = nameOf(el);
    if (image) { bad.push(`${label}: ${image}`); continue; }
    let base = [255, 255, 255];
    for (const c of under.reverse()) base = over(c, base);
    const fg = over(ink, base);
    const [l1, l2] = [lum(fg), lum(base)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    let size = parseFloat(style.fontSize);
    if (svgText) size *= Math.abs(el.getScreenCTM()?.d || 1);
    const bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    checked++;
    if (ratio < need - 0.005) {
      const [ink, paper] = [fg, base].map((c) => `rgb(${c.map(Math.round)})`);
      bad.push(`${label}: ${ratio.toFixed(2)}:1 < ${need}:1 (ink ${ink} on ${paper}, ${size.toFixed(1)} px)`);
    }
  }
  window.scrollTo(0, 0);
  return { checked, bad };
}
"""

TARGETS_JS = r"""
(selector) => {
""" + NAME_JS + r"""
  const bad = [];
  let checked = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    checked++;
    if (r.width >= 43.5 && r.height >= 43.5) continue;
    // A box or field inside a label that is itself big enough: the label is the target.
    const label = el.closest("label");
    if (label && el.matches("input, select, textarea")) {
      const l = label.getBoundingClientRect();
      if (l.width >= 43.5 && l.height >= 43.5) continue;
    }
    const name = (el.getAttribute("aria-label") || el.textContent || el.id || "").trim().slice(0, 30);
    bad.push(`${nameOf(el, name)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return { checked, bad };
}
"""


@dataclass
class Findings:
    checked: int
    bad: list[str]


def contrast(page: Page) -> Findings:
    """Every piece of text on the page whose contrast is under AA."""
    page.mouse.move(0, 0)  # no tooltip over the board
    found = page.evaluate(CONTRAST_JS)
    return Findings(found["checked"], found["bad"])


def small_targets(page: Page) -> Findings:
    """Every visible clickable thing smaller than 44×44 CSS px."""
    found = page.evaluate(TARGETS_JS, CLICKABLE)
    return Findings(found["checked"], found["bad"])


def sideways_scroll(page: Page) -> int:
    """How many pixels the page scrolls sideways (0 when it fits its window)."""
    return page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth")


def running_animations(page: Page) -> list[str]:
    """The animations (CSS and script) running on the page now."""
    return page.evaluate("""() => {""" + NAME_JS + """
        return document.getAnimations().map((a) => {
            const target = a.effect && a.effect.target;
            return `${a.animationName || a.id || 'animation'} on ${target ? nameOf(target, '') : '?'}`;
        });
    }""")


def motion_count(page: Page) -> int:
    """How many animations of a move the page has started (the shell's motion module counts)."""
    return int(page.get_attribute("body", "data-motion") or 0)


#: Notes, in the page itself, how many animations the drawing that first makes ``selector``
#: appear started.  The shell draws a table and starts its animations in one task, and a
#: mutation observer's callback runs when that task ends, so the note is taken before any
#: later message (a bot's move) is drawn, however slow the machine.
WATCH_FIRST_DRAWING_JS = r"""
(selector) => {
  const before = Number(document.body.dataset.motion || 0);
  window.__firstDrawingMotion = null;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    window.__firstDrawingMotion = Number(document.body.dataset.motion || 0) - before;
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-motion"] });
}
"""


def watch_first_drawing(page: Page, selector: str) -> None:
    """Start noting the animations of the drawing that first shows ``selector`` (read them with
    ``first_drawing_motion``): call it before the page opens the table."""
    page.evaluate(WATCH_FIRST_DRAWING_JS, selector)


def first_drawing_motion(page: Page) -> int:
    """How many animations the drawing ``watch_first_drawing`` waited for started."""
    page.wait_for_function("() => window.__firstDrawingMotion !== null")
    return int(page.evaluate("() => window.__firstDrawingMotion"))


#: Draws the page's owner mark number ``index`` afresh, alone, 64 px wide at the top left of
#: the page (``#mark-probe``): an SVG mark is cloned with the colours the page computed for it
#: inlined, so only its shape and colours count, not its size or sub-pixel place on the page.
PROBE_JS = r"""
(index) => {
  document.getElementById("mark-probe")?.remove();
  const mark = document.querySelectorAll("[data-owner-mark]")[index];
  const NS = "http://www.w3.org/2000/svg";
  const probe = document.createElementNS(NS, "svg");
  probe.id = "mark-probe";
  probe.setAttribute("width", "64");
  probe.setAttribute("height", "64");
  probe.style.cssText = "position:fixed;left:0;top:0;z-index:2147483647;background:#fff";
  const root = mark.tagName === "svg" ? mark : null;
  const box = root ? root.viewBox.baseVal : mark.getBBox();
  probe.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  const clone = mark.cloneNode(true);
  const from = [mark, ...mark.querySelectorAll("*")], to = [clone, ...clone.querySelectorAll("*")];
  from.forEach((node, i) => {
    const style = getComputedStyle(node);
    for (const name of ["fill", "stroke", "stroke-width", "opacity", "fill-opacity", "stroke-opacity"]) {
      to[i].style.setProperty(name, style.getPropertyValue(name));
    }
  });
  if (root) probe.append(...clone.childNodes); else { clone.removeAttribute("transform"); probe.append(clone); }
  document.body.append(probe);
}
"""


def _grey(png: bytes, size: int = 16):
    """A probe's picture in grey, boxed down to ``size``×``size``."""
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("L").resize((size, size), Image.Resampling.BOX)


def _difference(a, b) -> float:
    """Mean absolute difference of two grey pictures of one size, in grey levels (0-255)."""
    pa, pb = a.tobytes(), b.tobytes()
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True)) / len(pa)


def owner_marks_in_greyscale(page: Page, within: str = "#board", per_seat: int = 3) -> dict:
    """The owner marks (``[data-owner-mark]``) inside ``within``, each drawn afresh at one size
    (``PROBE_JS``) with the page in greyscale, compared in grey levels: the least difference
    between marks of different seats and the most between marks of one seat."""
    page.mouse.move(0, 0)
    # Through the CSSOM: the page's Content Security Policy refuses a <style> tag, rightly.
    page.evaluate("() => { document.documentElement.style.filter = 'grayscale(1)'; }")
    inside = page.evaluate("""(within) => [...document.querySelectorAll('[data-owner-mark]')].map((m) => (
        {seat: m.dataset.ownerMark, inside: !!m.closest(within) && m.checkVisibility()}))""", within)
    seats: dict[str, list] = {}
    for index, mark in enumerate(inside):
        if mark["inside"] and len(seats.get(mark["seat"], [])) < per_seat:
            page.evaluate(PROBE_JS, index)
            picture = page.locator("#mark-probe").screenshot(animations="disabled")
            seats.setdefault(mark["seat"], []).append(_grey(picture))
    page.evaluate("() => { document.querySelector('#mark-probe')?.remove(); }")
    page.evaluate("() => { document.documentElement.style.filter = ''; }")
    keys = sorted(seats)
    across = [_difference(a, b) for i, x in enumerate(keys) for y in keys[i + 1:] for a in seats[x] for b in seats[y]]
    within_seat = [_difference(a, b) for x in keys for j, a in enumerate(seats[x]) for b in seats[x][j + 1:]]
    return {"seats": keys, "least_across": min(across, default=0.0), "most_within": max(within_seat, default=0.0)}
