// Dschunke: the deck seen from above, drawn as stacked crates at a constant size (44 CSS px a cell
// at zoom 1, so every spot is a 44-px target on a phone) inside a box the player pans and zooms
// (wheel, drag, pinch, the buttons, "fit"); the zoom and the view survive every redraw, so the
// cells keep their size from turn to turn.  Each cell shows its stack (one offset edge per level
// and the height in a solid badge) and its top crate: the good as a shape, the owner by the crate
// colour AND the owner's seat mark (a shape per seat), so owners read in greyscale too.  Strips
// are outlined as they show from above, the last two in thick orange ("last" on the newest), the
// start strip's middle crate carries its "S".  The drawn strips; legal spots for the strip in
// hand with a preview (mouse: point or focus, click places; touch: tap previews, "Place here"
// confirms); rotation; live group scores per colour; a legend.
//
// Columns are lettered and rows numbered as in the terminal and the log (grid.py: three empty
// cells around the deck), so "from C5 to E5" names the same cells everywhere; the rulers stay on
// the box's edges whatever the view.  Every crate and strip carries data-card = its catalogue id
// (catalogue.py).  It reads the documented view keys (docs/games/dschunke.md, "View keys").
import { flip, from } from "../motion.js";
import { COLOURS, card, fallback, h, highlightChanges, moves, s, seatBadge, seatMark, seatName, tag } from "./svg.js";

const CELL = 44; // CSS px a cell at zoom 1
const MARGIN = 3; // empty cells drawn around the deck: grid.py's MARGIN
const RULER_W = 30, RULER_H = 24; // the rulers along the box's left and top edges (CSS px)
const ZOOM_MIN = 0.3, ZOOM_MAX = 2.5, ZOOM_STEP = 1.25;
const DIRS = ["E", "S", "W", "N"];
const INK = "#1d1b16", PAPER = "#fffdf7", HOT = "#a34100", FOCUS = "#1f5fa8", EDGE = "#4a3320";
const FACE = "#f1dfb8", EMPTY_FACE = "#f6ead0", LEVELS = [FACE, "#c99a5b", "#a8793f", "#87602f"];
const LAST = "#e06a00"; // the last two strips' outline (a shape cue, the "last" pill has the words)
const MARK_R = 18 / 2.9; // seatBadge(seat, 18)'s mark

let rotation = 0; // kept across redraws: the player's chosen direction
// The view: which deck point (in cells; cell (x, y) spans x..x+1) is at the box's centre, and the
// zoom.  Kept across redraws; reset when another table (or seat) is drawn.
const camera = { key: null, zoom: 1, cx: 0, cy: 0, laid: 0, w: 0, h: 0 }; // w, h: the box's size when last seen
let pending = null; // the spot a touch player tapped (its action as JSON), waiting for "Place here"

// ---- crates ---------------------------------------------------------------------------------------
const GOODS = {
  rice: (c) => s("g", {}, s("circle", { r: 8, fill: c, stroke: INK, "stroke-width": 1.2 }),
    s("ellipse", { cx: -3, cy: -1, rx: 1.6, ry: 2.6, fill: PAPER }), s("ellipse", { cx: 2.5, cy: -2.5, rx: 1.6, ry: 2.6, fill: PAPER }),
    s("ellipse", { cx: 0.5, cy: 3, rx: 1.6, ry: 2.6, fill: PAPER })),
  vegetables: (c) => s("path", { d: "M0,-9 L9,7 L-9,7 Z", fill: c, stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }),
  spice: (c) => s("path", { d: "M0,-9 L9,0 L0,9 L-9,0 Z", fill: c, stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }),
  fish: (c) => s("g", {}, s("path", { d: "M-10,0 Q-2,-8 6,0 Q-2,8 -10,0 Z M5,0 L11,-6 L11,6 Z", fill: c, stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }),
    s("circle", { cx: -5, cy: -1, r: 1.3, fill: PAPER })),
  rat: (c) => s("g", {}, s("circle", { r: 8, fill: PAPER, stroke: c, "stroke-width": 3 }),
    s("path", { d: "M-4.5,-4.5 L4.5,4.5 M4.5,-4.5 L-4.5,4.5", stroke: c, "stroke-width": 3, "stroke-linecap": "round" }),
    s("circle", { r: 8, fill: "none", stroke: INK, "stroke-width": 0.8 })),
};

function goodIcon(good, colour, x, y, scale) {
  const make = GOODS[good];
  if (!make) return null;
  return s("g", { class: `good ${good}`, transform: `translate(${x},${y}) scale(${scale})` }, make(COLOURS[colour] ?? "#777"));
}

/** The seat that owns a colour's crates (view.seats[i].colour), or -1 (an empty crate). */
function ownerOf(view, colour) {
  return view.seats.findIndex((seat) => seat.colour === colour);
}

/** One crate seen from above at (x, y), ``size`` square: the stack's levels as offset edges
 *  under the top crate (one per level, up to four), the good's shape in the owner's colour, the
 *  owner's seat mark in the top-right corner and the height in a solid badge top-left.  The
 *  first rect is the whole cell (the tests read the cell size from it). */
function crateTile(x, y, size, height, name, view, { badge = true } = {}) {
  const k = size / CELL;
  const levels = Math.max(1, Math.min(height, 4));
  const step = (levels >= 4 ? 3 : 4) * k, face = size - 2 * k - step * (levels - 1);
  const parts = [s("rect", { class: "base", x, y, width: size, height: size, rx: 5 * k, fill: EDGE })];
  for (let i = levels - 1; i >= 1; i--) {
    parts.push(s("rect", { class: "level", x: x + k + step * i, y: y + k + step * i, width: face, height: face, rx: 4 * k,
      fill: LEVELS[i], stroke: EDGE, "stroke-width": 0.8 }));
  }
  const fx = x + k, fy = y + k;
  const empty = !name || name === "empty";
  parts.push(s("rect", { class: "face", x: fx, y: fy, width: face, height: face, rx: 4 * k, fill: empty ? EMPTY_FACE : FACE,
    stroke: EDGE, "stroke-width": 1 }));
  // Two planks of the crate's lid.
  parts.push(s("path", { class: "planks", d: `M${fx + 3 * k},${fy + face / 3} H${fx + face - 3 * k} M${fx + 3 * k},${fy + (2 * face) / 3} H${fx + face - 3 * k}`,
    stroke: "#d8c195", "stroke-width": 1, fill: "none" }));
  // The good, then the height badge, then the owner's mark: nothing ever covers the mark.
  const [colour, good] = empty ? [] : name.split(" ");
  if (!empty) parts.push(goodIcon(good, colour, fx + face / 2, fy + face * 0.64, (face / 42) * 1.1));
  if (badge) {
    parts.push(s("circle", { class: "badge", cx: fx + 8.5 * k, cy: fy + 8.5 * k, r: 7.5 * k, fill: INK }),
      s("text", { class: "height", x: fx + 8.5 * k, y: fy + 8.5 * k, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": 11 * k, "font-weight": 700, fill: PAPER }, String(height)));
  }
  const seat = empty ? -1 : ownerOf(view, colour);
  // The owner's mark at one size everywhere (as seatBadge(seat, 18) draws it in the page).
  if (seat >= 0) parts.push(seatMark(seat, MARK_R, { transform: `translate(${fx + face - 10.5},${fy + 10.5})` }));
  return parts;
}

function crateWord(name, t) {
  if (!name || name === "empty") return t("dj_empty");
  const [colour, good] = name.split(" ");
  return t("dj_crate", { good: t(`dj_${good}`), colour: t(`colour_${colour}`) });
}

/** grid.py's column_name: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index) {
  let name = "";
  for (let i = index + 1; i > 0; i = Math.floor((i - 1) / 26)) name = String.fromCharCode(65 + ((i - 1) % 26)) + name;
  return name;
}

/** The catalogue id of a crate (catalogue.py): "crate:rice", "crate:rat", "crate:empty". */
export function crateCard(name) {
  return `crate:${!name || name === "empty" ? "empty" : name.split(" ")[1]}`;
}

/** The catalogue id of a strip of the pile: its crates, read the way that sorts first. */
export function stripCard(crates) {
  const code = (list) => list.map((c) => c.replace(" ", "-")).join(".");
  const forward = code(crates), backward = code([...crates].reverse());
  return `strip:${forward < backward ? forward : backward}`;
}

function footprint(x, y, dir) {
  return dir === "E" || dir === "W" ? [[x, y], [x + 1, y], [x + 2, y]] : [[x, y], [x, y + 1], [x, y + 2]];
}

function inOrder(crates, dir) { return dir === "W" || dir === "N" ? [...crates].reverse() : crates; }

/** Whether this device points with a finger (the help and the tap-then-confirm flow say so). */
function coarse() {
  return window.matchMedia?.("(pointer: coarse)").matches ?? false;
}

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

// A small icon for the view buttons (SVG, no font needed).
const ICONS = {
  in: "M9 4h2v5h5v2h-5v5H9v-5H4V9h5z",
  out: "M4 9h12v2H4z",
  fit: "M2 2h6v2H4v4H2zM12 2h6v6h-2V4h-4zM2 12h2v4h4v2H2zM16 12h2v6h-6v-2h4z",
  centre: "M9 1h2v4H9zM9 15h2v4H9zM1 9h4v2H1zM15 9h4v2h-4zM10 6.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 0 1 0-7z",
  rotate: "M10 3a7 7 0 1 0 7 7h-2a5 5 0 1 1-1.5-3.6L11 9h6V3l-2.1 2.1A7 7 0 0 0 10 3z",
  check: "M7.5 13.5 3.8 9.8 2.4 11.2l5.1 5.1L17.6 6.2l-1.4-1.4z",
};

function icon(name) {
  return s("svg", { class: "dj-icon", viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true", focusable: "false" },
    s("path", { d: ICONS[name], fill: "currentColor" }));
}

/** The players' colours are the game's own (red and green crates): the page's seat plates, log
 *  marks and owner marks take them (the shell calls this before drawing). */
export function seatColours(view) {
  return view.seats.map(({ colour }) => COLOURS[colour]);
}

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const places = m.actions((a) => a.type === "place");
  const tile = places.length ? places[0].tile : null;
  const strip = view.drawn.find((x) => x.tile === tile);
  let dir = DIRS[rotation % 4];
  if (places.length && !places.some((a) => a.dir === dir)) {
    // A strip that reads the same both ways is offered in one direction per axis.
    const axisDirs = dir === "E" || dir === "W" ? ["E", "W"] : ["S", "N"];
    dir = places.find((a) => axisDirs.includes(a.dir))?.dir ?? places[0].dir;
  }
  const spots = places.filter((a) => a.dir === dir);
  const redraw = (focusSelector) => {
    container.replaceChildren();
    render(container, view, legal, send, i18n, context);
    if (focusSelector) container.querySelector(focusSelector)?.focus({ preventScroll: true });
  };

  // ---- the deck, framed and lettered as grid.py frames it ---------------------------------------
  const xs = view.cells.map((c) => c.x), ys = view.cells.map((c) => c.y);
  const deck = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  const frame = { minX: deck.minX - MARGIN, maxX: deck.maxX + MARGIN, minY: deck.minY - MARGIN, maxY: deck.maxY + MARGIN };
  frame.w = frame.maxX - frame.minX + 1;
  frame.h = frame.maxY - frame.minY + 1;
  const px = (x) => (x - frame.minX) * CELL, py = (y) => (y - frame.minY) * CELL;
  const ref = (x, y) => `${columnName(x - frame.minX)}${y - frame.minY + 1}`;
  const key = `${location.hash}|${context.seat ?? ""}`;
  if (camera.key !== key) { // a table drawn for the first time: zoom 1, the deck in the middle
    Object.assign(camera, { key, zoom: 1, cx: (deck.minX + deck.maxX + 1) / 2, cy: (deck.minY + deck.maxY + 1) / 2, laid: view.placed.length });
    pending = null;
  } else if (camera.laid !== view.placed.length) { // a strip laid out of sight: the view follows it (same zoom)
    camera.laid = view.placed.length;
    const last = view.placed[view.placed.length - 1];
    if (last && camera.w > 0 && camera.h > 0) {
      const u = CELL * camera.zoom, cells = footprint(last.x, last.y, last.dir);
      const halfW = (camera.w - RULER_W) / 2 / u, halfH = (camera.h - RULER_H) / 2 / u;
      const lo = (a, b) => Math.min(a, b), hi = (a, b) => Math.max(a, b);
      const [x0, x1] = [cells[0][0], cells[2][0] + 1], [y0, y1] = [cells[0][1], cells[2][1] + 1];
      if (x1 - x0 <= 2 * halfW) camera.cx = hi(lo(camera.cx, x0 + halfW), x1 - halfW);
      if (y1 - y0 <= 2 * halfH) camera.cy = hi(lo(camera.cy, y0 + halfH), y1 - halfH);
    }
  }

  const W = frame.w * CELL, H = frame.h * CELL;
  const svg = s("svg", { class: "deck", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": t("dj_deck") });
  const grid = [];
  for (let i = 1; i < frame.w; i++) grid.push(`M${i * CELL},0 V${H}`);
  for (let i = 1; i < frame.h; i++) grid.push(`M0,${i * CELL} H${W}`);
  svg.append(s("rect", { class: "water", x: 0, y: 0, width: W, height: H, fill: "#a7cfe3" }),
    s("path", { class: "grid-lines", d: grid.join(" "), stroke: "#86b6cf", "stroke-width": 1, fill: "none" }));

  // Which placed strip shows on each cell (later strips cover earlier ones), as terminal.py tells it.
  const onTop = new Map();
  view.placed.forEach(({ x, y, dir: d }, index) => { for (const [cx, cy] of footprint(x, y, d)) onTop.set(`${cx},${cy}`, index); });
  const topCrate = new Map(view.cells.map((c) => [`${c.x},${c.y}`, c.crate]));
  const heightAt = new Map(view.cells.map((c) => [`${c.x},${c.y}`, c.height]));
  const newest = view.placed.length - 1;
  const arriving = view.placed[newest]?.tile;
  for (const { x, y, height, crate: top } of view.cells) {
    // Out of the Tab order (tabindex -1: the spots come first for keyboard play); the tooltip
    // and the tap panel still tell what the crate does.
    const cell = card(tag(s("g", { class: "cell", "data-x": x, "data-y": y, "data-height": height, "data-ref": ref(x, y), tabindex: "-1" },
      s("title", {}, `${ref(x, y)}, ${t("dj_height", { n: height })}: ${crateWord(top, t)}`),
      crateTile(px(x), py(y), CELL, height, top, view)), `c${x},${y}`, [height, top]), crateCard(top));
    // The strip laid last slides in from where it lay among the drawn strips.
    if (newest > 0 && onTop.get(`${x},${y}`) === newest && arriving >= 0) from(cell, `strip:${arriving}`);
    svg.append(cell);
  }

  // Strip outlines: each strip as it shows from above (thin), the last two thick and orange.
  const edges = new Map(); // strip index -> path segments around its visible cells
  for (const [cellKey, index] of onTop) {
    const [x, y] = cellKey.split(",").map(Number);
    const segs = edges.get(index) ?? [];
    const other = (nx, ny) => onTop.get(`${nx},${ny}`) !== index;
    if (other(x, y - 1)) segs.push(`M${px(x)},${py(y)} H${px(x) + CELL}`);
    if (other(x, y + 1)) segs.push(`M${px(x)},${py(y) + CELL} H${px(x) + CELL}`);
    if (other(x - 1, y)) segs.push(`M${px(x)},${py(y)} V${py(y) + CELL}`);
    if (other(x + 1, y)) segs.push(`M${px(x) + CELL},${py(y)} V${py(y) + CELL}`);
    edges.set(index, segs);
  }
  // The strips laid last (never the start strip): thick orange, the newest solid with "last".
  const lastTwo = [newest - 1, newest].filter((i) => i > 0);
  const lines = s("g", { class: "strip-edges", "pointer-events": "none" });
  for (const [index, segs] of edges) {
    if (!lastTwo.includes(index)) lines.append(s("path", { d: segs.join(" "), stroke: INK, "stroke-width": 2, fill: "none", "stroke-linecap": "round" }));
  }
  svg.append(lines);
  for (const index of lastTwo) {
    const { x, y, dir: d, tile: id } = view.placed[index];
    const cells = footprint(x, y, d);
    const [x0, y0] = cells[0], [x2, y2] = cells[2];
    const visible = edges.get(index);
    if (visible) {
      svg.append(s("path", { class: "last-edge", d: visible.join(" "), stroke: LAST, "stroke-width": index === newest ? 4 : 3,
        "stroke-dasharray": index === newest ? null : "7 4", fill: "none", "stroke-linecap": "round", "pointer-events": "none" }));
    }
    if (cells.every(([cx, cy]) => onTop.get(`${cx},${cy}`) === index)) { // still whole on top: it says what it is
      svg.append(card(s("rect", { class: "last-placed", x: px(x0), y: py(y0), width: px(x2) - px(x0) + CELL, height: py(y2) - py(y0) + CELL,
        fill: "none", stroke: "transparent", "stroke-width": 4, "data-tile": id }), stripCard(cells.map(([cx, cy]) => topCrate.get(`${cx},${cy}`)))));
    }
    if (index === newest) { // the "last" pill, just right of the strip, low enough to spare marks and badges
      const word = t("dj_last");
      const width = 12 + word.length * 6.4;
      const left = px(x2) + CELL - 3, top = py(d === "E" || d === "W" ? y2 : y0 + 1) + 22;
      svg.append(s("g", { class: "last-pill" },
        s("rect", { x: left, y: top, width, height: 16, rx: 8, fill: HOT, stroke: PAPER, "stroke-width": 1.5 }),
        s("text", { x: left + width / 2, y: top + 8, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11,
          "font-weight": 700, fill: PAPER }, word)));
    }
  }

  // The start strip's "S" while its middle crate still shows (the first placement is the start strip).
  if (onTop.get("0,0") === 0) {
    const cx = px(0) + CELL / 2 + 3, cy = py(0) + CELL / 2 + 4;
    svg.append(card(s("g", { class: "start-mark" }, s("title", {}, t("dj_legend_start")),
      s("rect", { x: px(0), y: py(0), width: CELL, height: CELL, fill: "transparent" }),
      s("circle", { cx, cy, r: 11, fill: PAPER, stroke: INK, "stroke-width": 2 }),
      s("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16, "font-weight": 700,
        fill: INK, "font-family": "Georgia, serif" }, "S")), "strip:start-strip"));
  }

  // Legal spots, the preview of the strip in hand, and (on touch) the confirm bar.
  const looks = s("g", { class: "spot-looks", "pointer-events": "none" });
  const preview = s("g", { class: "preview", "pointer-events": "none" });
  const confirm = h("div", { class: "dj-confirm", hidden: true, role: "group" });
  const showPreview = (action) => {
    preview.replaceChildren();
    if (!action || !strip) return;
    const crates = inOrder(strip.crates, action.dir);
    const cells = footprint(action.x, action.y, action.dir);
    const level = (heightAt.get(`${action.x},${action.y}`) ?? 0) + 1;
    cells.forEach(([cx, cy], i) => preview.append(...crateTile(px(cx), py(cy), CELL, level, crates[i], view)));
    const [x0, y0] = cells[0], [x2, y2] = cells[2];
    preview.append(s("rect", { x: px(x0) - 1, y: py(y0) - 1, width: px(x2) - px(x0) + CELL + 2, height: py(y2) - py(y0) + CELL + 2,
      rx: 6, fill: "none", stroke: FOCUS, "stroke-width": 4 }));
  };
  const pendingAction = () => spots.find((a) => JSON.stringify(a) === pending) ?? null;
  const showPending = () => {
    const action = pendingAction();
    showPreview(action);
    confirm.hidden = !action;
    confirm.replaceChildren();
    if (!action) return;
    const label = legal.find((x) => x.action === action)?.label ?? "";
    const yes = h("button", { type: "button", class: "dj-yes" }, icon("check"), t("dj_confirm"));
    yes.addEventListener("click", () => { pending = null; m.play(action); });
    const no = h("button", { type: "button", class: "dj-no" }, t("dj_cancel"));
    no.addEventListener("click", () => { pending = null; showPending(); });
    confirm.append(h("p", {}, label), h("div", { class: "dj-confirm-buttons" }, yes, no));
  };
  if (strip) {
    for (const action of spots) {
      looks.append(s("rect", { class: "spot-look", x: px(action.x) + 1.25, y: py(action.y) + 1.25, width: CELL - 2.5, height: CELL - 2.5, rx: 6,
        fill: "none", stroke: HOT, "stroke-width": 2, "stroke-dasharray": "6 3" }));
    }
  }
  svg.append(looks, preview);
  if (strip) {
    for (const action of spots) {
      const hot = s("rect", { x: px(action.x), y: py(action.y), width: CELL, height: CELL, rx: 6,
        class: "spot", fill: "transparent", "data-x": action.x, "data-y": action.y });
      // A spot covers its cell: it also says what the crate under it is (hover, long press).
      const under = topCrate.get(`${action.x},${action.y}`);
      if (under) card(hot, crateCard(under));
      // A finger's first tap previews and asks; a second tap on the same spot, "Place here", a
      // click or Enter place (m.bind's own listener, added after this one).
      hot.addEventListener("click", (e) => {
        if (e.pointerType !== "touch" || pending === JSON.stringify(action)) return;
        e.stopImmediatePropagation();
        pending = JSON.stringify(action);
        showPending();
      });
      m.bind(hot, (a) => a === action);
      hot.addEventListener("pointerenter", (e) => { if (e.pointerType !== "touch") showPreview(action); });
      hot.addEventListener("focus", () => showPreview(action));
      const back = () => showPreview(pendingAction());
      hot.addEventListener("pointerleave", back);
      hot.addEventListener("blur", back);
      svg.append(hot);
    }
  }

  // ---- the box: pan and zoom --------------------------------------------------------------------
  const cols = h("div", { class: "ruler cols", "aria-hidden": "true" }), colTrack = h("div", { class: "track" });
  const rows = h("div", { class: "ruler rows", "aria-hidden": "true" }), rowTrack = h("div", { class: "track" });
  cols.append(colTrack);
  rows.append(rowTrack);
  for (let x = frame.minX; x <= frame.maxX; x++) colTrack.append(h("span", {}, columnName(x - frame.minX)));
  for (let y = frame.minY; y <= frame.maxY; y++) rowTrack.append(h("span", {}, String(y - frame.minY + 1)));
  const box = h("div", { class: "deck-view", id: "dj-view", tabindex: "0", role: "group", "aria-label": t("dj_view") },
    svg, cols, rows, h("div", { class: "ruler corner", "aria-hidden": "true" }), confirm);

  const apply = () => {
    camera.zoom = clamp(camera.zoom, ZOOM_MIN, ZOOM_MAX);
    camera.cx = clamp(camera.cx, frame.minX, frame.maxX + 1);
    camera.cy = clamp(camera.cy, frame.minY, frame.maxY + 1);
    const u = CELL * camera.zoom;
    const ox = -(camera.cx - frame.minX) * u, oy = -(camera.cy - frame.minY) * u;
    svg.setAttribute("width", W * camera.zoom);
    svg.setAttribute("height", H * camera.zoom);
    svg.style.width = `${W * camera.zoom}px`;
    svg.style.height = `${H * camera.zoom}px`;
    svg.style.transform = `translate(${ox}px, ${oy}px)`;
    const every = u >= 22 ? 1 : u >= 11 ? 2 : 4;
    colTrack.style.transform = `translateX(${ox}px)`;
    rowTrack.style.transform = `translateY(${oy}px)`;
    [...colTrack.children].forEach((span, i) => { span.style.left = `${(i + 0.5) * u}px`; span.hidden = i % every !== 0; });
    [...rowTrack.children].forEach((span, i) => { span.style.top = `${(i + 0.5) * u}px`; span.hidden = i % every !== 0; });
    box.dataset.zoom = camera.zoom.toFixed(2);
  };
  // Where the deck's anchor (the box's centre, right of and below the rulers) is on the screen.
  const centreOf = () => {
    const r = box.getBoundingClientRect();
    return { x: r.left + box.clientLeft + (box.clientWidth + RULER_W) / 2, y: r.top + box.clientTop + (box.clientHeight + RULER_H) / 2 };
  };
  const zoomAt = (zoom, clientX, clientY) => {
    const c = centreOf();
    const ax = clientX ?? c.x, ay = clientY ?? c.y;
    const u = CELL * camera.zoom;
    const dx = (ax - c.x) / u, dy = (ay - c.y) / u;
    const next = clamp(zoom, ZOOM_MIN, ZOOM_MAX);
    const pointX = camera.cx + dx, pointY = camera.cy + dy;
    camera.zoom = next;
    camera.cx = pointX - (dx * u) / (CELL * next);
    camera.cy = pointY - (dy * u) / (CELL * next);
    apply();
  };
  const centre = () => { camera.cx = (deck.minX + deck.maxX + 1) / 2; camera.cy = (deck.minY + deck.maxY + 1) / 2; apply(); };
  // "Fit": the deck with a cell of room around it, and every spot the strip in hand could cover.
  const fit = () => {
    const area = { minX: deck.minX - 1, maxX: deck.maxX + 1, minY: deck.minY - 1, maxY: deck.maxY + 1 };
    for (const a of strip ? spots : []) {
      for (const [x, y] of footprint(a.x, a.y, a.dir)) {
        Object.assign(area, { minX: Math.min(area.minX, x), maxX: Math.max(area.maxX, x), minY: Math.min(area.minY, y), maxY: Math.max(area.maxY, y) });
      }
    }
    const wide = box.clientWidth - RULER_W, tall = box.clientHeight - RULER_H;
    const cellsW = area.maxX - area.minX + 1, cellsH = area.maxY - area.minY + 1;
    if (wide > 0 && tall > 0) camera.zoom = clamp(Math.min(wide / (cellsW * CELL), tall / (cellsH * CELL)), ZOOM_MIN, ZOOM_MAX);
    camera.cx = (area.minX + area.maxX + 1) / 2;
    camera.cy = (area.minY + area.maxY + 1) / 2;
    apply();
  };

  // Mouse: drag to pan, the wheel zooms.  Touch: one finger pans, two pinch.  A drag never clicks.
  const pointers = new Map();
  let drag = null, pinch = null, dragged = false;
  box.addEventListener("pointerdown", (e) => {
    if (e.target.closest?.(".dj-confirm")) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    dragged = false;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) drag = { id: e.pointerId, x: e.clientX, y: e.clientY, cx: camera.cx, cy: camera.cy, moved: false };
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const c = centreOf(), u = CELL * camera.zoom;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: camera.zoom,
        px: camera.cx + (mid.x - c.x) / u, py: camera.cy + (mid.y - c.y) / u };
      for (const id of pointers.keys()) { try { box.setPointerCapture(id); } catch { /* already gone */ } }
      dragged = true;
    }
  });
  box.addEventListener("pointermove", (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pinch && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const c = centreOf();
      camera.zoom = clamp(pinch.zoom * (Math.hypot(a.x - b.x, a.y - b.y) / pinch.dist), ZOOM_MIN, ZOOM_MAX);
      const u = CELL * camera.zoom;
      camera.cx = pinch.px - ((a.x + b.x) / 2 - c.x) / u;
      camera.cy = pinch.py - ((a.y + b.y) / 2 - c.y) / u;
      apply();
      return;
    }
    if (!drag || drag.id !== e.pointerId) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) > (e.pointerType === "mouse" ? 4 : 8)) {
      drag.moved = dragged = true;
      try { box.setPointerCapture(e.pointerId); } catch { /* already gone */ }
      box.classList.add("dragging");
    }
    if (drag.moved) {
      const u = CELL * camera.zoom;
      camera.cx = drag.cx - dx / u;
      camera.cy = drag.cy - dy / u;
      apply();
    }
  });
  const release = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 1) { // a pinch goes on as a pan with the finger left
      const [[id, p]] = [...pointers.entries()];
      drag = { id, x: p.x, y: p.y, cx: camera.cx, cy: camera.cy, moved: true };
    } else if (!pointers.size) {
      drag = null;
      box.classList.remove("dragging");
    }
  };
  box.addEventListener("pointerup", release);
  box.addEventListener("pointercancel", release);
  box.addEventListener("pointerleave", (e) => { if (!box.hasPointerCapture?.(e.pointerId)) release(e); });
  box.addEventListener("click", (e) => { // the click that ends a drag is not a move nor a card
    if (!dragged) return;
    dragged = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);
  box.addEventListener("wheel", (e) => {
    e.preventDefault();
    if (Math.abs(e.deltaX) > Math.abs(e.deltaY) && !e.ctrlKey) { // a trackpad's sideways swipe pans
      camera.cx += e.deltaX / (CELL * camera.zoom);
      apply();
      return;
    }
    const lines = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
    zoomAt(camera.zoom * Math.exp((-e.deltaY * lines) / 500), e.clientX, e.clientY);
  }, { passive: false });
  box.addEventListener("keydown", (e) => {
    if (e.target.closest?.(".dj-confirm")) return;
    if (e.key === "Escape" && pending) { pending = null; showPending(); return; }
    const pan = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (pan && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      camera.cx += pan[0];
      camera.cy += pan[1];
      apply();
    } else if (e.key === "+" || e.key === "=") { e.preventDefault(); zoomAt(camera.zoom * ZOOM_STEP); }
    else if (e.key === "-" || e.key === "_") { e.preventDefault(); zoomAt(camera.zoom / ZOOM_STEP); }
    else if (e.key === "0") { e.preventDefault(); fit(); }
  });
  // A focused spot or crate outside the view brings the view to it; the browser's own scrolling
  // of the box (focus, find in page) becomes a pan, so the box itself never stays scrolled.
  box.addEventListener("focusin", (e) => {
    if (!svg.contains(e.target)) return;
    const r = e.target.getBoundingClientRect(), b = box.getBoundingClientRect();
    const inside = r.left >= b.left + RULER_W && r.right <= b.right && r.top >= b.top + RULER_H && r.bottom <= b.bottom;
    if (inside) return;
    const c = centreOf(), u = CELL * camera.zoom;
    camera.cx += (r.left + r.width / 2 - c.x) / u;
    camera.cy += (r.top + r.height / 2 - c.y) / u;
    apply();
  });
  box.addEventListener("scroll", () => {
    if (!box.scrollLeft && !box.scrollTop) return;
    const u = CELL * camera.zoom;
    camera.cx += box.scrollLeft / u;
    camera.cy += box.scrollTop / u;
    box.scrollLeft = 0;
    box.scrollTop = 0;
    apply();
  });
  apply();
  showPending();
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (box.isConnected) { camera.w = box.clientWidth; camera.h = box.clientHeight; } }).observe(box);
  }

  const tool = (zoom, label, name, action) => {
    const button = h("button", { type: "button", class: "dj-tool", "data-zoom": zoom, "aria-label": label, title: label }, icon(name));
    button.addEventListener("click", action);
    return button;
  };
  const tools = h("div", { class: "dj-tools" },
    strip ? h("button", { type: "button", class: "rotate", id: "rotate" },
      icon("rotate"), `${t("dj_rotate")} (${t(`dj_dir_${dir}`)})`) : null,
    h("span", { class: "dj-zoom" },
      tool("out", t("dj_zoom_out"), "out", () => zoomAt(camera.zoom / ZOOM_STEP)),
      tool("in", t("dj_zoom_in"), "in", () => zoomAt(camera.zoom * ZOOM_STEP)),
      tool("fit", t("dj_zoom_fit"), "fit", fit),
      tool("centre", t("dj_zoom_centre"), "centre", centre)));
  tools.querySelector("#rotate")?.addEventListener("click", () => {
    rotation = (DIRS.indexOf(dir) + 1) % 4;
    pending = null;
    redraw("#rotate");
  });

  // ---- drawn strips -------------------------------------------------------------------------------
  const hand = h("section", { class: "dj-hand" }, h("h4", {}, t("dj_drawn")));
  const row = h("div", { class: "strips" });
  const MINI = 36;
  for (const item of view.drawn) {
    const chosen = item.tile === tile;
    const shown = chosen ? inOrder(item.crates, dir) : item.crates;
    const vertical = chosen && (dir === "S" || dir === "N");
    const [w, hgt] = vertical ? [MINI, MINI * 3] : [MINI * 3, MINI];
    const mini = s("svg", { viewBox: `0 0 ${w} ${hgt}`, class: `strip${chosen ? " selected" : ""}`, width: w, height: hgt,
      "data-tile": item.tile, "aria-hidden": "true" });
    shown.forEach((c, i) => mini.append(...crateTile(vertical ? 0 : i * MINI, vertical ? i * MINI : 0, MINI, 1, c, view, { badge: false })));
    const words = shown.map((c) => crateWord(c, t)).join(" · ");
    const box2 = flip(card(h("figure", { class: `strip-box${chosen ? " chosen" : ""}` }, mini,
      h("figcaption", {}, chosen ? h("strong", {}, `${t("dj_in_hand")}: `) : null, words)), stripCard(item.crates)), `strip:${item.tile}`);
    m.bind(box2, (a) => a.type === "pick" && a.tile === item.tile);
    row.append(box2);
  }
  hand.append(row);
  if (!view.drawn.length) hand.append(h("p", { class: "muted" }, t("dj_pile", { n: view.pile_size })));

  // ---- scores: one line per seat, by mark, colour swatch and words ---------------------------------
  const scoreList = h("ul", { class: "dj-seats" });
  view.seats.forEach(({ colour, rats }, seat) => {
    const groups = view.groups.filter((g) => g.seat === seat).map((g) => `${t(`dj_${g.good}`)} ${g.cells.length}→${g.points}`).join(", ");
    scoreList.append(h("li", { class: view.to_move.includes(seat) ? "to-move" : "", "data-seat": seat },
      h("p", { class: "who" }, seatBadge(seat, 18), h("span", { class: `swatch ${colour}`, "aria-hidden": "true" }),
        h("span", { class: "name" }, `${t(`colour_${colour}`)} (${seatName(context, seat, t)})`),
        tag(h("span", { class: "score", "aria-label": t("dj_score") }, String(view.scores[seat])), `score${seat}`, view.scores[seat])),
      h("p", { class: "detail" }, `${t("dj_groups")}: ${groups || "—"} · ${t("dj_rats")}: ${rats}`)));
  });
  const scoreBox = h("section", { class: "dj-scores" }, h("h4", {}, t("dj_live_scores")), scoreList,
    h("p", { class: "muted" }, t("dj_pile", { n: view.pile_size })));

  // ---- legend ---------------------------------------------------------------------------------------
  const sample = (nodes, w = 44, hh = 44) => s("svg", { class: "dj-sample", width: w, height: hh, viewBox: `0 0 ${w} ${hh}`, "aria-hidden": "true" }, nodes);
  const goods = ["rice", "vegetables", "spice", "fish", "rat"].map((good) =>
    h("li", {}, sample(s("g", {}, s("rect", { x: 4, y: 4, width: 36, height: 36, rx: 4, fill: FACE, stroke: EDGE }), goodIcon(good, "grey", 22, 22, 1))), t(`dj_${good}`)));
  goods.push(h("li", {}, sample(s("rect", { x: 4, y: 4, width: 36, height: 36, rx: 4, fill: EMPTY_FACE, stroke: EDGE })), t("dj_empty")));
  const owners = view.seats.map(({ colour }, seat) => h("li", {},
    sample(s("g", {}, s("rect", { x: 4, y: 4, width: 36, height: 36, rx: 4, fill: COLOURS[colour] ?? "#777", stroke: INK }),
      seatMark(seat, MARK_R, { transform: "translate(22,22)" }))),
    t("dj_legend_owner", { colour: t(`colour_${colour}`), seat: seatName(context, seat, t) })));
  const legend = h("details", { class: "dj-legend", open: !coarse() || undefined },
    h("summary", {}, t("dj_legend")),
    h("h5", {}, t("dj_legend_goods")), h("ul", { class: "dj-keys" }, goods),
    h("h5", {}, t("dj_legend_owners")), h("ul", { class: "dj-keys" }, owners),
    h("ul", { class: "dj-keys wide" },
      h("li", {}, sample(crateTile(0, 0, 44, 3, "empty", view)), t("dj_legend_height")),
      h("li", {}, sample([s("rect", { x: 0, y: 0, width: 44, height: 44, rx: 5, fill: EDGE }),
        s("rect", { x: 1, y: 1, width: 42, height: 42, rx: 4, fill: EMPTY_FACE }),
        s("circle", { cx: 22, cy: 22, r: 11, fill: PAPER, stroke: INK, "stroke-width": 2 }),
        s("text", { x: 22, y: 22, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16, "font-weight": 700, fill: INK,
          "font-family": "Georgia, serif" }, "S")]), t("dj_legend_start")),
      h("li", {}, sample([s("rect", { x: 2, y: 12, width: 92, height: 22, rx: 3, fill: FACE, stroke: LAST, "stroke-width": 4 })], 96, 44), t("dj_legend_last")),
      h("li", {}, sample([s("rect", { x: 0, y: 0, width: 44, height: 44, fill: "#a7cfe3" }),
        s("rect", { x: 1.5, y: 1.5, width: 41, height: 41, rx: 6, fill: "none", stroke: HOT, "stroke-width": 2.5, "stroke-dasharray": "6 3" })]),
      t("dj_legend_spot"))));

  // The page's order: scores, legend and strips (always in sight, never panned away) before the
  // tools and the deck; the grid places them (phone: strips, tools, deck, scores, legend).
  container.append(h("div", { class: "board-grid dschunke" },
    scoreBox, legend, hand, tools, h("div", { class: "deck-box" }, box,
      strip ? h("p", { class: "help" }, t(coarse() ? "dj_place_help_touch" : "dj_place_help")) : null)));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
