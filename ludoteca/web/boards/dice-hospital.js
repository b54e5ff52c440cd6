// Dice Hospital as a table: a felt with the round dial, the intake (the line of dice being
// sorted, then the ambulances as cards with their patients on them, which stay on the table while
// the patients are admitted), the offer (department hex tiles, specialist cards), and per player a
// hospital plate: the header in the player's colour with the owner mark, the tokens (blood bags,
// fatalities, discharged, score), four wards of three beds with an untreated (top) and a treated
// (bottom) row and the patients as dice, the departments as hex tiles (icon, name, effect line, a
// spot for the meeple that works it), and the nurses' station with the nurses and specialists.
//
// Every element that shows a component carries data-card="<catalogue id>" (department:ent,
// specialist:surgeon, administrator:lawyer, event:flu-season, report:busy-day, die:red,
// ambulance:ambulance, piece:blood-bag, piece:nurse, piece:fatality), so the page explains it.
// Beds are numbered from 1 as people count; the score shown is the view's scores.
//
// Motion (motion.js): only what the last move changed moves.  Every place a thing can be (a bed's
// row, a department's spot, a place at the nurses' station, a die in an ambulance, an offer tile)
// carries an invisible anchor marked with flip(), so the shell knows where each place was drawn;
// the board remembers where each thing (a patient by bed, a nurse, a specialist, a tile) was in
// its previous drawing and marks a thing whose place changed with from(<its old place>): a
// treatment slides the die to the treated row, an admitted patient slides from its ambulance, a
// nurse walks from the station onto the department.  A thing new to the table pops in.  So a
// panel that grows above the hospitals shifts the page without making every die slide.  Who works
// which department is the view's (departments[i].worker): the meeple stands on it until phase 6.
import { card, cardEntry, chip, COLOURS, die, fallback, h, highlightChanges, moves, nameOf, s, seatBadge, seatColour, seatName, tag } from "./svg.js";
import { flip, from } from "../motion.js";

const GAME = "dice-hospital";
const INK = "#1d1b16", INK_SOFT = "#5a5346", PAPER = "#fffdf7", EDGE = "#c9bfa8";
const MEEPLE_FILL = { red: COLOURS.red, yellow: COLOURS.yellow, green: COLOURS.green, blue: COLOURS.blue };
const MEEPLE_PATH = "M12 2.2c2.3 0 3.9 1.6 3.9 3.7 0 1.3-.6 2.3-1.5 3l5.8 2.1c1.7.6 2.4 2.1 1.5 3.3l-.9 1.2-4.4-.9 "
  + "2.6 7.2H14L12 17.6 10 21.8H5l2.6-7.2-4.4.9-.9-1.2c-.9-1.2-.2-2.7 1.5-3.3l5.8-2.1c-.9-.7-1.5-1.7-1.5-3 0-2.1 1.6-3.7 3.9-3.7z";

// ---- what moved since the previous drawing ------------------------------------------------------------
// key "<page>|<seat shown>" -> {version, before, now}: each a Map(thing -> anchor id of its place).
const drawings = new Map();

function planner(context) {
  const key = `${location.hash}|${context.seat}`;
  const last = drawings.get(key);
  // A redraw of the same version compares with the same drawing as the first one did.
  const before = last ? (last.version === context.version ? last.before : last.now) : null;
  const now = new Map();
  drawings.set(key, { version: context.version, before, now });
  return {
    /** ``thing`` is at the place ``anchor`` now: mark ``node`` to slide from its previous place,
     *  or, new, from ``source`` (if that was drawn) or else pop in (``pop``; never for things
     *  with words on them, whose fading in would be read as faint text). */
    put(node, thing, anchor, source = null, pop = true) {
      now.set(thing, anchor);
      if (!before) return node;
      const was = before.get(thing);
      if (was === undefined) {
        if (pop) flip(node, `new:${thing}`);
        if (source) from(node, source);
      } else if (was !== anchor) {
        from(node, was);
      }
      return node;
    },
  };
}

/** An invisible mark of a place (HTML: fills its positioned parent). */
function anchor(id) {
  return flip(h("span", { class: "dh-anchor", "aria-hidden": "true" }), id);
}

function anchorRect(x, y, width, height, id) {
  return flip(s("rect", { x, y, width, height, fill: "none", visibility: "hidden", class: "dh-anchor" }), id);
}

// ---- who works where: the view's departments[i].worker ------------------------------------------------
// When each department got its meeple, as this page saw it (key "<page>|<seat>|<round>" -> Map(dept ->
// sequence)): only to give the nurse who left the station last the station's last name, so that she
// is the one who walks; who works where is the view's.
const seenAt = new Map();
let sequence = 0;

function arrivals(seat, round) {
  const key = `${location.hash}|${seat}|${round}`;
  if (!seenAt.has(key)) {
    for (const k of seenAt.keys()) if (k.startsWith(`${location.hash}|${seat}|`)) seenAt.delete(k);
    seenAt.set(key, new Map());
  }
  return seenAt.get(key);
}

/** Where each meeple of a hospital is: {onDept: Map(dept -> worker), nurses: [{id}] at the station,
 *  specialistAt: Map(k -> dept), pending: dept waiting for a meeple or null}.  A worker is
 *  {kind: "nurse", id} or {kind: "specialist", k, id}. */
function staffing(p, seat, round) {
  const act = p.activation ?? {};
  const pending = act.department !== null && act.department !== undefined && (act.meeple === null || act.meeple === undefined)
    ? act.department : null;
  const seen = arrivals(seat, round);
  const onDept = new Map(), specialistAt = new Map(), nurseDepts = [];
  p.departments.forEach((d, i) => {
    if (!d.worker) return;
    if (!seen.has(i)) seen.set(i, ++sequence);
    if (d.worker.kind === "nurse") nurseDepts.push(i);
    else {
      onDept.set(i, { kind: "specialist", k: d.worker.index, id: `meeple:${seat}:${d.worker.index}` });
      specialistAt.set(d.worker.index, i);
    }
  });
  // Nurse names: the ones at the station first, then the ones at work, latest first; so the nurse
  // who leaves the station keeps her name and walks to her department.
  const free = p.nurses;
  const nurses = [];
  for (let i = 0; i < free; i++) nurses.push({ id: `meeple:${seat}:nurse${i}` });
  nurseDepts.sort((a, b) => seen.get(b) - seen.get(a) || a - b)
    .forEach((d, j) => onDept.set(d, { kind: "nurse", id: `meeple:${seat}:nurse${free + j}` }));
  return { onDept, nurses, specialistAt, pending };
}

// ---- drawing helpers ---------------------------------------------------------------------------------
/** The meeple figure as SVG children of a 24×24 box. */
function meepleShape(fill, nurse, extra = {}) {
  const g = s("g", extra, s("path", { d: MEEPLE_PATH, fill, stroke: INK, "stroke-width": 1.3, "stroke-linejoin": "round" }));
  if (nurse) g.append(s("path", { d: "M10.3 12.2h3.4M12 10.5v3.4", stroke: "#b03a2e", "stroke-width": 1.8, "stroke-linecap": "round" }));
  return g;
}

function checkBadge(cx, cy, r) {
  return s("g", { class: "dh-check", "aria-hidden": "true" },
    s("circle", { cx, cy, r, fill: INK_SOFT, stroke: PAPER, "stroke-width": 1.2 }),
    s("path", { d: `M${cx - r * 0.45} ${cy}l${r * 0.32} ${r * 0.35} ${r * 0.6}-${r * 0.7}`, fill: "none", stroke: PAPER, "stroke-width": r * 0.32, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

/** A meeple as its own small inline SVG (``size`` CSS px). */
function meepleSvg(fill, nurse, { size = 30, title = null, cls = "" } = {}) {
  const svg = s("svg", { class: `dh-meeple ${cls}`.trim(), viewBox: "0 0 24 24", width: size, height: size, "aria-hidden": title ? null : "true" });
  if (title) svg.append(s("title", {}, title));
  svg.append(meepleShape(fill, nurse));
  return svg;
}

/** A die as its own small inline SVG, ``box`` CSS px square (the die a little smaller). */
function dieBox(colour, value, box = 44, attrs = {}, place = null) {
  return s("svg", { class: "dh-die", viewBox: "0 0 44 44", width: box, height: box, ...attrs },
    die(22, 22, 34, colour, value), place ? anchorRect(0, 0, 44, 44, place) : null);
}

/** A flat token: a rimmed disc with an icon, a count and a word (min 44 px high). */
function token(kind, count, word, dataCard, extraClass = "") {
  const disc = s("svg", { class: "dh-disc", viewBox: "0 0 36 36", width: 36, height: 36, "aria-hidden": "true" },
    s("circle", { cx: 18, cy: 18, r: 16.5, fill: TOKEN[kind].fill, stroke: TOKEN[kind].rim, "stroke-width": 2 }),
    ...TOKEN[kind].icon());
  const node = h("span", { class: `dh-token ${kind} ${extraClass}`.trim() }, disc,
    h("span", { class: "dh-token-text" }, h("b", { class: "dh-count" }, String(count)), " ", h("span", { class: "dh-word" }, word)));
  return card(node, dataCard);
}

const TOKEN = {
  blood: { fill: "#fbe9e7", rim: "#8e2a21", icon: () => [
    s("path", { d: "M18 7c-3 4.6-6 7.7-6 11.4a6 6 0 0 0 12 0C24 14.7 21 11.6 18 7z", fill: "#b03a2e", stroke: "#6e1f18", "stroke-width": 1 }),
    s("path", { d: "M15.2 19.5a3 3 0 0 0 2.4 2.6", fill: "none", stroke: "#fbe9e7", "stroke-width": 1.4, "stroke-linecap": "round" })] },
  fatality: { fill: "#ece9e2", rim: "#3d3a33", icon: () => [
    s("path", { d: "M11.5 27V16a6.5 6.5 0 0 1 13 0v11z", fill: "#6b665c", stroke: "#2b2924", "stroke-width": 1 }),
    s("path", { d: "M18 15.2v6.4M15.4 17.6h5.2", stroke: "#fffdf7", "stroke-width": 1.6, "stroke-linecap": "round" }),
    s("path", { d: "M9 27.5h18", stroke: "#2b2924", "stroke-width": 1.4, "stroke-linecap": "round" })] },
  discharged: { fill: "#e3f1e8", rim: "#1d6b36", icon: () => [
    s("path", { d: "M11 9h10v18H11z", fill: "#fffdf7", stroke: "#1d6b36", "stroke-width": 1.4 }),
    s("path", { d: "M16 18h11M23.5 14.5 27 18l-3.5 3.5", fill: "none", stroke: "#1d6b36", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round" })] },
  score: { fill: "#fff4d6", rim: "#8a5300", icon: () => [
    s("path", { d: "M18 8.5l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L18 23l-5.6 2.9 1.1-6.3-4.6-4.4 6.3-.9z", fill: "#e0a526", stroke: "#7a4a00", "stroke-width": 1.1, "stroke-linejoin": "round" })] },
};

// ---- department icons: one small drawing per department, in a 24×24 box --------------------------
const P = (d, fill = "none", extra = {}) => s("path", { d, fill, stroke: INK, "stroke-width": 1.5, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });
const C = (cx, cy, r, fill = "none", extra = {}) => s("circle", { cx, cy, r, fill, stroke: INK, "stroke-width": 1.5, ...extra });
const pips = (n) => {
  const at = { 2: [[8.5, 8.5], [15.5, 15.5]], 4: [[8.5, 8.5], [15.5, 8.5], [8.5, 15.5], [15.5, 15.5]],
    6: [[8.5, 7.5], [15.5, 7.5], [8.5, 12], [15.5, 12], [8.5, 16.5], [15.5, 16.5]] }[n];
  return [s("rect", { x: 4, y: 4, width: 16, height: 16, rx: 3, fill: "#fff", stroke: INK, "stroke-width": 1.5 }),
    ...at.map(([x, y]) => s("circle", { cx: x, cy: y, r: 1.6, fill: INK }))];
};
const triage = (colour) => [C(12, 12, 9, COLOURS[colour]), P("M12 7.5v9M7.5 12h9", "none", { stroke: colour === "yellow" ? INK : "#fff", "stroke-width": 2.6 })];
const helix = () => [P("M8 3c0 6 8 6 8 9s-8 3-8 9"), P("M16 3c0 6-8 6-8 9s8 3 8 9"), P("M9 6h6M10 12h4M9 18h6", "none", { "stroke-width": 1.2 })];
const ICONS = {
  "red-ward": () => triage("red"), "yellow-ward": () => triage("yellow"), "green-ward": () => triage("green"),
  "value-1-2": () => pips(2), "value-3-4": () => pips(4), "value-5-6": () => pips(6),
  radiology: () => [s("rect", { x: 3, y: 4, width: 18, height: 15, rx: 2, fill: "#2a3b47", stroke: INK, "stroke-width": 1.5 }),
    P("M9 8.5a1.3 1.3 0 1 0-1.5 2L15 14a1.3 1.3 0 1 0 1.5-2", "none", { stroke: "#fff", "stroke-width": 1.4 }), P("M9 21h6")],
  cardiology: () => [P("M12 20C4.5 14.5 2.5 10.5 4.7 7.1 7 3.8 10.6 4.7 12 7.2c1.4-2.5 5-3.4 7.3-.1 2.2 3.4.2 7.4-7.3 12.9z", COLOURS.red)],
  "intensive-care": () => [s("rect", { x: 2.5, y: 4, width: 19, height: 16, rx: 2.5, fill: "#eaf4f1", stroke: INK, "stroke-width": 1.5 }),
    P("M4 13h4l1.8-4.5 2.7 8.5 2-6 1.4 2H20", "none", { stroke: "#b03a2e" })],
  emergency: () => [P("M7 18v-5.5a5 5 0 0 1 10 0V18z", COLOURS.red), P("M5 18h14v3H5z", "#9aa3ab"), P("M12 2.5v2.5M4.5 6l1.8 1.6M19.5 6l-1.8 1.6")],
  ent: () => [P("M8 9.5a5 5 0 1 1 9.3 2.5c-1.1 1.7-2.7 2.4-2.7 4.6A3.3 3.3 0 0 1 11.3 20", "#f6d7c3"), P("M10.8 9.6a1.9 1.9 0 1 1 3.2 1.4")],
  anaesthetics: () => [P("M5 19l3.2-3.2", "none"), P("M7.2 16.8l8.6-8.6 2.1 2.1-8.6 8.6z", "#dbe9f4"), P("M14.4 6.8l4.8 4.8M17 4.2l2.8 2.8M18.4 5.6l-2 2")],
  oncology: () => [P("M12 3.5c2.6 0 3.9 1.9 3.9 3.8 0 2-1.8 4.6-3.9 7.3-2.1-2.7-3.9-5.3-3.9-7.3 0-1.9 1.3-3.8 3.9-3.8z", COLOURS.yellow),
    P("M10 12.2 6.2 20.5l3-.8 1.5 2.5 3.4-7.2M14 12.2l3.8 8.3-3-.8-1.5 2.5-3.4-7.2", COLOURS.yellow)],
  dermatology: () => [P("M3 8c3-2 6 2 9 0s6-2 9 0", "none", { stroke: COLOURS.green, "stroke-width": 2.2 }), P("M3 13c3-2 6 2 9 0s6-2 9 0"),
    P("M3 18c3-2 6 2 9 0s6-2 9 0", "none", { stroke: "#8a5300" })],
  haematology: () => [P("M12 3c-3 4.7-6 7.8-6 11.6a6 6 0 0 0 12 0C18 10.8 15 7.7 12 3z", COLOURS.red)],
  neurology: () => [P("M12 5.2C10 3 6 4 6 7c-3 .8-3.2 5.2-.3 6.2-.9 3 2 5 4.3 4 .9 1.8 2 1.8 2 1.8zM12 5.2c2-2.2 6-1.2 6 1.8 3 .8 3.2 5.2.3 6.2.9 3-2 5-4.3 4-.9 1.8-2 1.8-2 1.8", "#f3c6d0"),
    P("M9 9.5c1 .3 1.5 1 1.4 2M15 9.5c-1 .3-1.5 1-1.4 2", "none", { "stroke-width": 1.1 })],
  orthopaedics: () => [P("M8.6 6.9l8.5 8.5", "none", { "stroke-width": 4.2, stroke: INK }), P("M8.6 6.9l8.5 8.5", "none", { "stroke-width": 2.4, stroke: "#fffdf7" }),
    C(6.2, 7.9, 2.2, "#fffdf7"), C(7.9, 4.8, 2.2, "#fffdf7"), C(16.1, 19.2, 2.2, "#fffdf7"), C(19.2, 16.1, 2.2, "#fffdf7")],
  gastroenterology: () => [P("M9.5 3v4.2c0 2-4.5 3.3-4.5 8.3a6.2 6.2 0 0 0 11.4 3.3c1.8-2.2 3.6-2.2 3.6-5.3 0-3.1-3-4.3-5.2-3.1-1.9 1-2.8-.1-2.8-2V3", "#f2c7a8")],
  genetics: helix,
  "gene-therapy": () => [...helix(), C(18.5, 18.5, 4, "#fff"), P("M18.5 16.5v4M16.5 18.5h4", "none", { stroke: "#1d6b36", "stroke-width": 1.6 })],
  "nuclear-medicine": () => [C(12, 12, 9.5, COLOURS.yellow), C(12, 12, 1.8, INK),
    ...[0, 120, 240].map((a) => P("M12 12 9.2 4.3a8 8 0 0 1 5.6 0z", INK, { transform: `rotate(${a + 180} 12 12) translate(0 1)` }))],
  "robotic-surgery": () => [P("M4 21h9", "none", { "stroke-width": 2.2 }), P("M8.5 21v-5l5-6 5 3", "none", { "stroke-width": 2 }),
    C(8.5, 16, 1.8, "#dbe9f4"), C(13.5, 10, 1.8, "#dbe9f4"), P("M18.5 13l1.5 2.6M18.5 13l2.6-1")],
  telemedicine: () => [s("rect", { x: 3, y: 4, width: 18, height: 12.5, rx: 1.8, fill: "#dbe9f4", stroke: INK, "stroke-width": 1.5 }),
    P("M12 7.2v6.2M8.9 10.3h6.2", "none", { stroke: "#b03a2e", "stroke-width": 2 }), P("M9 20.5h6M12 16.5v4")],
  immunology: () => [P("M12 3 19 5.8v5.6c0 4.5-3 7.7-7 9.6-4-1.9-7-5.1-7-9.6V5.8z", "#cfe8d6"), P("M12 8.5v7M8.5 12h7", "none", { stroke: "#1d6b36", "stroke-width": 2 })],
  toxicology: () => [P("M9.5 3h5M10.5 3v6L5 19.5A1.5 1.5 0 0 0 6.3 21.6h11.4a1.5 1.5 0 0 0 1.3-2.1L13.5 9V3", "#fffdf7"),
    P("M7.2 15.5h9.6L19 19.5a1.5 1.5 0 0 1-1.3 2.1H6.3A1.5 1.5 0 0 1 5 19.5z", COLOURS.yellow)],
  "sleep-clinic": () => [P("M15.5 4.2a8 8 0 1 0 4.3 12.6A6.5 6.5 0 0 1 15.5 4.2z", "#c9d6ef"), P("M15 7h3.5L15 11h3.5", "none", { "stroke-width": 1.3 })],
};
const HOSPITAL_ICON = () => [s("rect", { x: 3.5, y: 3.5, width: 17, height: 17, rx: 3, fill: "#dbe9f4", stroke: INK, "stroke-width": 1.5 }),
  P("M8.5 7.5v9M15.5 7.5v9M8.5 12h7", "none", { stroke: "#1f5fa8", "stroke-width": 2.2 })];

function deptIcon(id) {
  return s("svg", { class: "dh-icon", viewBox: "0 0 24 24", width: 26, height: 26, "aria-hidden": "true" }, ...(ICONS[id] ?? HOSPITAL_ICON)());
}

/** The first sentence of a catalogue text: what the component does, without the general rule. */
function firstSentence(text) {
  if (!text) return null;
  const m = text.match(/^.*?[.!?](?=\s|$)/);
  return (m ? m[0] : text).trim();
}

/** A specialist's short effect: "trigger → effect" from its facts, else the first sentence. */
function specialistLine(entry) {
  const facts = entry?.facts ?? [];
  if (facts.length >= 3) return `${facts[1][1]} → ${facts[2][1]}`;
  return firstSentence(entry?.text);
}

function stamp(t) {
  return h("span", { class: "dh-stamp" }, t("dh_used"));
}

/** A department as a hex tile: icon, name, effect line, the spot for its meeple.  ``worker`` is
 *  an SVG meeple drawn on the spot (or null); ``used`` strikes the name and stamps the tile. */
function deptTile(context, t, id, { used = false, working = false, worker = null, spot = null, place = null } = {}) {
  const entry = cardEntry(context, `department:${id}`);
  const name = entry?.name ?? nameOf(t, GAME, id);
  const effect = firstSentence(entry?.text);
  const hex = s("svg", { class: "dh-hex", viewBox: "0 0 100 100", preserveAspectRatio: "none", "aria-hidden": "true" },
    // Two shapes, so the points stay about 20 px deep: a wide tile (one a row, on a phone) and a
    // narrow one (several a row); the stylesheet shows the one that fits.
    s("polygon", { class: "dh-hex-face wide", points: "6,1 94,1 99.5,50 94,99 6,99 0.5,50", "vector-effect": "non-scaling-stroke" }),
    s("polygon", { class: "dh-hex-face narrow", points: "11,1 89,1 99,50 89,99 11,99 1,50", "vector-effect": "non-scaling-stroke" }));
  const tile = h("div", { class: `dh-dept${used ? " used" : ""}${working ? " working" : ""}${spot ? " has-spot" : ""}`, "data-card": `department:${id}` },
    hex, h("span", { class: "dh-dept-icon" }, deptIcon(id)),
    h("span", { class: "dh-dept-text" }, h("b", { class: "dh-dept-name" }, name), effect ? h("span", { class: "dh-dept-effect" }, effect) : null),
    place ? anchor(place) : null);
  if (spot) {
    const where = h("span", { class: "dh-spot" });
    if (worker) where.append(anchor(spot), worker);
    else if (used && !working) where.append(s("svg", { viewBox: "0 0 24 24", width: 30, height: 30, "aria-hidden": "true" }, checkBadge(12, 12, 9)));
    else where.append(s("svg", { viewBox: "0 0 24 24", width: 30, height: 30, "aria-hidden": "true" },
      s("path", { d: MEEPLE_PATH, fill: "none", stroke: "#8c8372", "stroke-width": 1.2, "stroke-dasharray": "2 1.6" })));
    tile.append(where);
  }
  if (used) tile.append(stamp(t));
  return tile;
}

/** A specialist as a card: its meeple (or the empty place it left), name and effect line. */
function specialistCard(context, t, sp, { used = false, meepleNode = null, spot = null, place = null } = {}) {
  const entry = cardEntry(context, `specialist:${sp.id}`);
  const name = entry?.name ?? nameOf(t, GAME, sp.id);
  const line = specialistLine(entry);
  const fill = MEEPLE_FILL[sp.meeple] ?? "#9aa3ab";
  const where = h("span", { class: "dh-card-meeple" }, spot ? anchor(spot) : null, meepleNode ?? meepleSvg(fill, false, { size: 34 }));
  // (``spot`` is given only while the meeple stands on the card.)
  return h("div", { class: `dh-spec${used ? " used" : ""}`, "data-card": `specialist:${sp.id}` }, where,
    h("span", { class: "dh-spec-text" }, h("b", { class: "dh-spec-name" }, name), line ? h("span", { class: "dh-spec-effect" }, line) : null),
    used ? stamp(t) : null, place ? anchor(place) : null);
}

function roundDial(view, t) {
  const n = Math.max(1, view.rounds);
  const svg = s("svg", { viewBox: "0 0 100 100", class: "dh-dial", width: 76, height: 76, role: "img", "aria-label": t("dh_round", { n: view.round, of: view.rounds }) });
  svg.append(s("circle", { cx: 50, cy: 50, r: 48, fill: "#3b2a1a" }), s("circle", { cx: 50, cy: 50, r: 45, fill: PAPER, stroke: EDGE, "stroke-width": 1.5 }));
  const gap = 0.07;
  for (let r = 1; r <= n; r++) {
    const a0 = ((r - 1) / n) * 2 * Math.PI - Math.PI / 2 + gap, a1 = (r / n) * 2 * Math.PI - Math.PI / 2 - gap;
    const R = 42, r0 = 28;
    const pt = (rad, a) => `${(50 + rad * Math.cos(a)).toFixed(2)} ${(50 + rad * Math.sin(a)).toFixed(2)}`;
    const large = a1 - a0 > Math.PI ? 1 : 0;
    const d = `M${pt(R, a0)} A${R} ${R} 0 ${large} 1 ${pt(R, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 ${large} 0 ${pt(r0, a0)} Z`;
    const now = r === view.round, past = r < view.round;
    svg.append(s("path", { d, fill: now ? "#a34100" : past ? "#8c8372" : "#efe8d8", stroke: now ? "#5c2500" : "#8c8372", "stroke-width": 1 }));
    if (past) {
      const mid = (a0 + a1) / 2, cx = 50 + 35 * Math.cos(mid), cy = 50 + 35 * Math.sin(mid);
      svg.append(s("path", { d: `M${cx - 3} ${cy}l2 2.2 4-4.4`, fill: "none", stroke: PAPER, "stroke-width": 1.8, "stroke-linecap": "round" }));
    }
  }
  // The pointer: a wedge on the ring at the current round.
  const a = ((view.round - 0.5) / n) * 2 * Math.PI - Math.PI / 2;
  svg.append(s("path", { d: "M0 -47 L5 -38 L-5 -38 Z", fill: INK, transform: `translate(50 50) rotate(${(a * 180) / Math.PI + 90})` }));
  svg.append(s("circle", { cx: 50, cy: 50, r: 24, fill: PAPER, stroke: EDGE, "stroke-width": 1.5 }),
    s("text", { x: 50, y: 59, "text-anchor": "middle", "font-size": 26, "font-weight": 700, fill: INK, class: "dh-dial-n" }, String(view.round)));
  return svg;
}

const AMBULANCE_ICON = () => s("svg", { class: "dh-amb-icon", viewBox: "0 0 32 20", width: 38, height: 24, "aria-hidden": "true" },
  s("path", { d: "M2 4h17v12H2z", fill: PAPER, stroke: INK, "stroke-width": 1.4 }),
  s("path", { d: "M19 7h6l4 5v4H19z", fill: "#dbe9f4", stroke: INK, "stroke-width": 1.4, "stroke-linejoin": "round" }),
  s("path", { d: "M2 11h17", stroke: "#b03a2e", "stroke-width": 1.6 }),
  s("path", { d: "M10.5 6v5M8 8.5h5", stroke: "#b03a2e", "stroke-width": 2 }),
  s("circle", { cx: 8, cy: 16.5, r: 2.6, fill: INK }), s("circle", { cx: 24, cy: 16.5, r: 2.6, fill: INK }),
  s("rect", { x: 14, y: 1.5, width: 4, height: 2.5, rx: 1, fill: "#1f5fa8" }));

/** A seat's owner mark on its own white chip (so that every mark of a seat looks the same). */
function ownerChip(seat, size = 22) {
  return h("span", { class: "dh-mark" }, seatBadge(seat, size));
}

/** Flip ids for dice shown in a row: by colour and value, counted, so a die keeps its id while
 *  the ones before it leave. */
function diceIds(prefix, dice) {
  const seen = {};
  return dice.map(([c, v]) => {
    const key = `${c}${v}`;
    seen[key] = (seen[key] ?? -1) + 1;
    return `${prefix}:${key}:${seen[key]}`;
  });
}

function ambulanceCard(context, t, number, dice, owner, m, mv, sources = []) {
  const ids = diceIds(`amb:${number}`, dice);
  const row = h("span", { class: "dh-amb-dice" },
    ...dice.map(([c, v], i) => mv.put(dieBox(c, v, 40, {}, ids[i]), ids[i], ids[i], sources[i] ?? null)));
  const who = owner >= 0 ? h("span", { class: "dh-amb-owner" }, ownerChip(owner, 26), h("span", {}, seatName(context, owner, t))) : null;
  const box = h("div", { class: `dh-amb${owner >= 0 ? " claimed" : ""}`, "data-number": number, "data-card": "ambulance:ambulance" },
    h("span", { class: "dh-amb-head" }, AMBULANCE_ICON(), h("b", {}, t("dh_ambulance", { n: number }))), who, row);
  box.append(anchor(`ambulance:${number}`));
  mv.put(box, `ambulance:${number}`, `ambulance:${number}`, null, false);
  if (m) m.bind(box, (a) => a.type === "ambulance" && a.number === number);
  return box;
}

// ---- the wards ---------------------------------------------------------------------------------------
const BED_W = 56, PAD = 5, HEAD = 20, SLOT = 52, GAP = 16;
const WARD_H = HEAD + SLOT + GAP + SLOT + PAD + 2;

function ward(p, w, perWard, seat, mine, m, t, chosen, mv) {
  const width = perWard * BED_W + 2 * PAD;
  const svg = s("svg", { viewBox: `0 0 ${width} ${WARD_H}`, class: "dh-ward", role: "group", "aria-label": t("dh_ward_n", { n: w + 1 }) });
  svg.append(s("rect", { x: 0.75, y: 0.75, width: width - 1.5, height: WARD_H - 1.5, rx: 7, fill: PAPER, stroke: "#5f8f82", "stroke-width": 1.5 }),
    s("path", { d: `M0.75 ${HEAD} V7.75 a7 7 0 0 1 7 -7 H${width - 7.75} a7 7 0 0 1 7 7 V${HEAD} Z`, fill: "#2f5d50" }),
    s("text", { x: width / 2, y: HEAD - 6, "text-anchor": "middle", "font-size": 11.5, "font-weight": 700, fill: PAPER, class: "dh-ward-label" }, t("dh_ward_n", { n: w + 1 })));
  for (let j = 0; j < perWard; j++) {
    const bed = w * perWard + j;
    if (bed >= p.beds.length) break;
    const patient = p.beds[bed];
    const x0 = PAD + j * BED_W;
    const g = card(tag(s("g", { class: "bed", "data-bed": bed }), `bed${seat}-${bed}`, patient), patient ? `die:${patient.colour}` : null);
    const yU = HEAD + 2, yT = HEAD + 2 + SLOT + GAP - 4;
    g.append(s("rect", { x: x0 + 1, y: HEAD + 1, width: BED_W - 2, height: WARD_H - HEAD - PAD, rx: 5, fill: "#f2f7f4", stroke: "#b9cfc6", "stroke-width": 1, class: "bed-frame" }),
      s("rect", { x: x0 + 4, y: yU + 2, width: BED_W - 8, height: SLOT - 4, rx: 4, fill: PAPER, stroke: "#8fb0a5", class: "untreated" }),
      s("rect", { x: x0 + 4, y: yT + 2, width: BED_W - 8, height: SLOT - 4, rx: 4, fill: "#d8ede2", stroke: "#8fb0a5", class: "treated" }),
      s("path", { d: `M${x0 + BED_W / 2} ${yT + SLOT / 2 - 7}v14M${x0 + BED_W / 2 - 7} ${yT + SLOT / 2}h14`, stroke: "#a9cdb9", "stroke-width": 3, "stroke-linecap": "round" }),
      s("rect", { x: x0 + BED_W / 2 - 11, y: yU + SLOT - 1, width: 22, height: 14, rx: 3, fill: PAPER, stroke: "#b9cfc6" }),
      s("text", { x: x0 + BED_W / 2, y: yU + SLOT + 9.8, "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: INK_SOFT, class: "dh-bed-n" }, String(bed + 1)));
    if (patient) {
      const cy = (patient.treated ? yT : yU) + SLOT / 2;
      // Only an occupied place needs its anchor: a thing moves from where it was.
      g.append(anchorRect(x0 + BED_W / 2 - 19, cy - 19, 38, 38, `slot:${seat}:${bed}:${patient.treated ? "t" : "u"}`));
      const dieNode = die(x0 + BED_W / 2, cy, 38, patient.tint ?? patient.colour, patient.value, { class: "die dh-patient" });
      mv.put(dieNode, `patient:${seat}:${bed}`, `slot:${seat}:${bed}:${patient.treated ? "t" : "u"}`,
        p.ambulance ? `amb:${p.ambulance}:${patient.colour}${patient.value}:0` : null);
      g.append(dieNode);
      if (patient.tint) { // counts as another colour by a blood bag: a drop on the die
        g.append(s("path", { d: `M${x0 + BED_W - 11} ${cy - 19}c-2.4 3.6-4.4 5.6-4.4 8a4.4 4.4 0 0 0 8.8 0c0-2.4-2-4.4-4.4-8z`, fill: "#b03a2e", stroke: PAPER, "stroke-width": 1.2 }));
      }
      if (chosen.has(bed)) g.append(checkBadge(x0 + 12, cy - 15, 6.5));
      g.append(s("title", {}, t("dh_patient", { bed: bed + 1, colour: t(`colour_${patient.colour}`), value: patient.value, row: t(patient.treated ? "dh_treated" : "dh_untreated") })));
    }
    if (mine) m.bind(g, (a) => ["bed", "morgue", "patient", "blood"].includes(a.type) && a.bed === bed);
    svg.append(g);
  }
  return svg;
}

function rowsLegend(t) {
  const swatch = (treated) => s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 14, height: 14, rx: 3, fill: treated ? "#d8ede2" : PAPER, stroke: "#5f8f82" }),
    treated ? s("path", { d: "M8 4.5v7M4.5 8h7", stroke: "#5f8f82", "stroke-width": 2, "stroke-linecap": "round" }) : null);
  return h("p", { class: "dh-legend" }, swatch(false), " ", t("dh_row_top", { row: t("dh_untreated") }), " ", swatch(true), " ", t("dh_row_bottom", { row: t("dh_treated") }));
}

/** A medical report's name: what it asks, from the table's catalogue (solo reports have no name key). */
function reportName(context, id, t) {
  return cardEntry(context, `report:${id}`)?.name ?? t("dh_report");
}

function hospital(view, seat, mine, m, t, context, mv) {
  const p = view.seats[seat];
  const score = view.scores?.[seat] ?? p.score;
  const staff = staffing(p, seat, view.round);
  const act = p.activation ?? {};
  const chosen = new Set(view.phase === "activate" ? act.chosen ?? [] : []);

  // Header: colour band, owner mark, name, first player, score.
  const first = view.first_player === seat
    ? h("span", { class: "dh-first" }, t("dh_first_player")) : null;
  const head = h("header", { class: "dh-hosp-head", style: `--seat: ${seatColour(seat)}` },
    ownerChip(seat, 26), h("h4", { class: "dh-hosp-name" }, seatName(context, seat, t)), first,
    tag(token("score", score, t(view.is_over ? "dh_final_score" : "dh_score"), null, "score"), `score${seat}`, score));

  // Tokens and the administrator.
  const admin = p.administrator
    ? h("div", { class: "dh-admin", "data-card": `administrator:${p.administrator}` },
      h("small", {}, t("dh_admin")), h("b", { class: "administrator" }, nameOf(t, GAME, p.administrator)))
    : h("div", { class: "dh-admin back" }, h("small", {}, t("dh_admin")), h("b", {}, p.administrator_chosen ? "✓" : "?"));
  const tokens = tag(h("div", { class: "dh-tokens" },
    token("blood", p.blood_bags, t("dh_blood"), "piece:blood-bag", "blood"),
    token("fatality", p.fatalities, t("dh_fatalities"), "piece:fatality", "fatalities"),
    p.discharged?.length ? token("discharged", p.discharged.length, t("dh_discharged"), null) : null, admin),
  `stats${seat}`, [score, p.blood_bags, p.fatalities, p.discharged?.length ?? 0]);

  const reports = p.reports?.length ? h("p", { class: "dh-line" }, `${t("dh_reports_done")}: `,
    ...p.reports.map((id) => h("span", { class: "dh-report", "data-card": `report:${id}` }, reportName(context, id, t)))) : null;

  // Wards: four of three beds; two a row on a phone.
  const perWard = view.beds_per_ward ?? 3;
  const wards = h("div", { class: "dh-wards", role: "group", "aria-label": t("dh_wards") });
  for (let w = 0; w < Math.ceil(p.beds.length / perWard); w++) wards.append(ward(p, w, perWard, seat, mine, m, t, chosen, mv));

  // Departments: hex tiles; a meeple at work stands on its spot.
  const departments = h("div", { class: "dh-depts" });
  const deptSeen = {};
  p.departments.forEach((d, i) => {
    const worker = staff.onDept.get(i);
    const spot = `spot:${seat}:dept:${i}`;
    let node = null;
    if (worker?.kind === "nurse") node = mv.put(meepleSvg(PAPER, true, { size: 30, title: t("dh_nurse") }), worker.id, spot);
    else if (worker?.kind === "specialist") {
      const sp = p.specialists[worker.k];
      node = mv.put(meepleSvg(MEEPLE_FILL[sp.meeple] ?? "#9aa3ab", false, { size: 30, title: nameOf(t, GAME, sp.id) }), worker.id, spot);
    }
    const working = view.phase === "activate" && act.department === i;
    const place = `tile:${seat}:${i}`;
    const tile = tag(deptTile(context, t, d.id, { used: d.used, working, worker: node, spot }), `dept${seat}-${i}`, d);
    tile.dataset.dept = i;
    deptSeen[d.id] = (deptSeen[d.id] ?? -1) + 1;
    mv.put(tile, `dept:${seat}:${d.id}:${deptSeen[d.id]}`, place, `offer:department:${d.id}:0`, false);
    if (mine) m.bind(tile, (a) => (a.type === "department" && a.dept === i) || (a.type === "return" && a.kind === "department" && a.index === i));
    departments.append(tile);
  });

  // The nurses' station: the nurses free to work, then the specialists' cards (a specialist at work
  // leaves an empty place on its card).
  const nurses = h("div", { class: "dh-nurses" });
  staff.nurses.forEach((nurse, n) => {
    const fig = mv.put(meepleSvg(PAPER, true, { size: 34 }), nurse.id, `spot:${seat}:nurse:${n}`);
    const box = h("span", { class: "dh-nurse", "data-meeple": -1, "data-card": "piece:nurse", title: t("dh_nurse") },
      anchor(`spot:${seat}:nurse:${n}`), fig);
    if (mine && n === 0) m.bind(box, (a) => a.type === "meeple" && a.meeple === -1);
    nurses.append(box);
  });
  if (!staff.nurses.length) nurses.append(h("span", { class: "dh-none" }, "—"));
  const specialists = h("div", { class: "dh-specs" });
  const specSeen = {};
  p.specialists.forEach((sp, k) => {
    const fill = MEEPLE_FILL[sp.meeple] ?? "#9aa3ab";
    const spot = `spot:${seat}:spec:${k}`;
    let meepleNode;
    const atWork = staff.specialistAt.has(k);
    if (atWork) { // at work on a department: an empty place here
      meepleNode = s("svg", { viewBox: "0 0 24 24", width: 34, height: 34, "aria-hidden": "true" },
        s("path", { d: MEEPLE_PATH, fill: "none", stroke: "#8c8372", "stroke-width": 1.2, "stroke-dasharray": "2 1.6" }));
    } else {
      meepleNode = mv.put(meepleSvg(fill, false, { size: 34 }), `meeple:${seat}:${k}`, spot);
    }
    const place = `card:${seat}:${k}`;
    const onCard = !atWork;
    const spCard = specialistCard(context, t, sp, { used: sp.used, meepleNode, spot: onCard ? spot : null });
    spCard.dataset.meeple = k;
    specSeen[sp.id] = (specSeen[sp.id] ?? -1) + 1;
    mv.put(spCard, `spec:${seat}:${sp.id}:${specSeen[sp.id]}`, place, `offer:specialist:${sp.id}:0`, false);
    if (mine) m.bind(spCard, (a) => (a.type === "meeple" && a.meeple === k) || (a.type === "return" && a.kind === "specialist" && a.index === k));
    specialists.append(spCard);
  });
  const station = h("div", { class: "dh-station" },
    h("h5", {}, t("dh_station").replace(/\s*:\s*$/, "")), nurses, p.specialists.length ? specialists : null);

  const extras = [];
  if (mine) {
    if (p.starting_dice?.length && m.has((a) => a.type === "start")) {
      const starts = h("div", { class: "dh-starts" });
      for (const action of m.actions((a) => a.type === "start")) {
        const option = h("div", { class: "dh-start-option" }, ...action.values.map((v, i) => dieBox(p.starting_dice[i], v, 40)));
        m.bind(option, (a) => a === action);
        starts.append(option);
      }
      extras.push(h("div", { class: "dh-panel-inset" }, h("h5", {}, t("dh_starting").replace(/\s*:\s*$/, "")), starts));
    }
    if (p.hand?.length) {
      const admins = h("div", { class: "dh-admin-hand" });
      for (const id of p.hand) {
        const entry = cardEntry(context, `administrator:${id}`);
        const adminCard = h("div", { class: "dh-admin-card", "data-card": `administrator:${id}` },
          h("b", {}, entry?.name ?? nameOf(t, GAME, id)), entry?.text ? h("span", {}, firstSentence(entry.text)) : null);
        m.bind(adminCard, (a) => a.type === "admin" && a.admin === id);
        admins.append(adminCard);
      }
      extras.push(h("div", { class: "dh-panel-inset" }, h("h5", {}, t("dh_admins").replace(/\s*:\s*$/, "")), admins));
    }
  }
  const controls = mine ? h("div", { class: "dh-controls" },
    ...["end", "skip", "bonus", "keep"].map((type) => chip(m, (a) => a.type === type, null)),
    ...m.actions((a) => a.type === "blood_use").map((action) => chip(m, (a) => a === action, null))) : null;

  const active = view.to_move.includes(seat);
  return h("section", { class: `dh-hospital${active ? " active" : ""}${mine ? " mine" : ""}`, "data-seat": seat, style: `--seat: ${seatColour(seat)}` },
    head, tokens, reports, ...extras, rowsLegend(t), wards, controls,
    h("h5", { class: "dh-sub" }, t("dh_departments")), departments, station);
}

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const mv = planner(context);
  const me = context.seat ?? null;

  // The status panel: round dial, phase, event, bag, supply, medical reports.
  const status = h("section", { class: "dh-panel dh-status" }, roundDial(view, t),
    h("div", { class: "dh-status-text" },
      h("p", { class: "dh-round" }, t("dh_round", { n: view.round, of: view.rounds })),
      h("p", { class: "dh-phase" }, h("b", {}, t(`dh_phase_${view.phase}`))),
      h("p", { class: "dh-bag" }, t("dh_bag", { red: view.bag.red, yellow: view.bag.yellow, green: view.bag.green }))),
    token("blood", view.blood_supply, t("dh_supply_word"), "piece:blood-bag", "supply"),
    view.event ? h("div", { class: "dh-event", "data-card": `event:${view.event}` }, h("small", {}, t("dh_event")),
      h("b", { class: "event" }, nameOf(t, GAME, view.event)),
      cardEntry(context, `event:${view.event}`)?.text ? h("span", {}, firstSentence(cardEntry(context, `event:${view.event}`).text)) : null) : null,
    view.medical_reports?.length ? h("div", { class: "dh-reports" }, h("small", {}, t("dh_reports")),
      ...view.medical_reports.map((id) => h("span", { class: "dh-report", "data-card": `report:${id}` }, reportName(context, id, t)))) : null);

  // The intake: the line being sorted, then the ambulances (claimed ones stay while their
  // patients are admitted).
  const intake = h("section", { class: "dh-panel dh-intake" });
  if (view.intake_line.length) {
    const ids = diceIds("line", view.intake_line);
    intake.append(h("h5", {}, t("dh_line").replace(/\s*:\s*$/, "")),
      h("div", { class: "dh-line-dice" }, ...view.intake_line.map(([c, v], i) =>
        mv.put(dieBox(c, v, 44, { "data-card": `die:${c}`, class: `dh-die${i === view.sort_position ? " next" : ""}` }, ids[i]), ids[i], ids[i]))));
    const sorts = m.actions((a) => a.type === "sort");
    if (sorts.length) {
      const pick = h("div", { class: "dh-sort" });
      for (const action of sorts) {
        // The tied value in each colour that may go next.
        const tied = view.intake_line[view.sort_position ?? -1]?.[1] ?? 6;
        const pickDie = dieBox(action.colour, tied, 44, { class: "dh-die sort-colour", "data-card": `die:${action.colour}` });
        m.bind(pickDie, (a) => a === action);
        pick.append(pickDie);
      }
      intake.append(pick);
    }
  }
  const ambulances = h("div", { class: "dh-ambs" });
  if (view.ambulances.length) {
    // The dice come from the sorted line, in order: the k-th die of a colour and value overall.
    const line = diceIds("line", view.ambulances.flatMap((amb) => amb.patients));
    let at = 0;
    for (const amb of view.ambulances) {
      ambulances.append(ambulanceCard(context, t, amb.number, amb.patients, amb.owner, m, mv, line.slice(at, at + amb.patients.length)));
      at += amb.patients.length;
    }
  } else if (view.phase === "place") { // the claimed ambulances stay while their patients are admitted
    const claimed = view.seats.map((p, seat) => ({ seat, p })).filter(({ p }) => p.ambulance).sort((a, b) => a.p.ambulance - b.p.ambulance);
    for (const { seat, p } of claimed) ambulances.append(ambulanceCard(context, t, p.ambulance, p.arriving, seat, null, mv));
  }
  if (ambulances.childElementCount) intake.append(ambulances);

  // The offer: department hex tiles and specialist cards.
  const offer = h("section", { class: "dh-panel dh-offer" });
  const offerItems = h("div", { class: "dh-offer-items" });
  const seenOffer = {};
  for (const [kind, ids] of [["department", view.offers.departments], ["specialist", view.offers.specialists]]) {
    ids.forEach((id, index) => {
      const key = `${kind}:${id}`;
      seenOffer[key] = (seenOffer[key] ?? -1) + 1;
      const place = `offer:${key}:${seenOffer[key]}`;
      const tile = kind === "department" ? deptTile(context, t, id, { place })
        : specialistCard(context, t, { id, meeple: cardMeeple(context, id, t) }, { place });
      tile.classList.add("dh-offer-tile");
      mv.put(tile, place, place, null, false);
      m.bind(tile, (a) => a.type === "take" && a.kind === kind && a.index === index);
      offerItems.append(tile);
    });
  }
  const offerChips = m.actions((a) => a.type === "reveal" || a.type === "pass").map((action) => chip(m, (a) => a === action, null));
  if (offerItems.childElementCount || offerChips.length) {
    offer.append(h("h5", {}, t("dh_offer").replace(/\s*:\s*$/, "")), offerItems);
    if (offerChips.length) offer.append(h("div", { class: "dh-controls" }, ...offerChips));
  }

  const hospitals = h("div", { class: "dh-hospitals" });
  const order = view.seats.map((_, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  for (const seat of order) hospitals.append(hospital(view, seat, seat === me, m, t, context, mv));
  container.append(h("div", { class: "board-grid dice-hospital" }, status,
    intake.childElementCount ? intake : null, offer.childElementCount ? offer : null, hospitals));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}

/** A specialist's meeple colour from its catalogue facts (the offer lists ids only): the fact's
 *  word compared with the client's own colour words. */
function cardMeeple(context, id, t) {
  const word = cardEntry(context, `specialist:${id}`)?.facts?.[0]?.[1];
  return ["red", "yellow", "green", "blue"].find((c) => t(`colour_${c}`) === word) ?? SPECIALIST_MEEPLE[id] ?? null;
}

/** The meeple colours of the printed content, should a catalogue word not match. */
const SPECIALIST_MEEPLE = Object.fromEntries(Object.entries({
  red: "cardiologist haematologist emergency-physician trauma-surgeon vascular-surgeon transfusion-specialist",
  yellow: "oncologist anaesthetist pharmacist endocrinologist nutritionist clinical-pharmacologist",
  green: "paediatrician dermatologist physiotherapist pulmonologist infectiologist rheumatologist",
  blue: "surgeon psychiatrist geriatrician geneticist nurse-practitioner palliative-care",
}).flatMap(([colour, ids]) => ids.split(" ").map((id) => [id, colour])));
