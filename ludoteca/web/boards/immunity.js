// Immunity: a table with the life line, the decks and this turn's dice; my hand as cards; my body
// as a full player mat (meters for health, defence and oxygen, organs with damage tracks and
// tumours, Environments 1 and 2, infections with their extension counters, immune cells, memory);
// every other player as a compact body folded under a summary (open on wide screens, folded on a
// phone, opened by itself when it holds a move).  Every card (hand, environment, infection,
// memory) is drawn with one template: a header with the name and the icon of its group or kind,
// the kind in words, its numbers as labelled badges and what it does, all from the catalogue entry
// (catalogue.py: "cell:neutrophil", "pathogen:measles", ...), and each marked data-card so the page
// shows the whole entry on hover or tap.  Reads the view keys documented in docs/games/immunity.md.
//
// Motion (motion.js): hand cards, environment cards (by their running "placed" number, so a card
// slides from Environment 1 to 2), infections and cell tokens keep stable ids; a card placed by
// another player arrives from that player's mark, a card I placed from my hand, a drawn card from
// its deck, an infection from the environment card that caused it, a bought cell from its price.
import { card, cardEntry, chip, fallback, h, highlightChanges, moves, nameOf, s, seatBadge, seatColour, seatName, tag } from "./svg.js";
import { flip, from } from "../motion.js";

const GAME = "immunity";
const ORGANS = ["respiratory", "digestive", "circulatory", "nervous", "skin", "liver"];
const TRACK = 8; // the shipped damage track; the catalogue's organ entry gives this table's own
const CAP = 3;
const MARK = 22; // every owner mark of this board at one size, so that one seat's marks look alike // the shipped most cells of a type; the catalogue's cell entry gives this table's own
const MEDICAL_ICON = { surgery: "scalpel", transfusion: "drop", interferon: "shield", corticosteroid: "shield",
  growth_factor: "cell", shared_syringe: "syringe", antipyretic: "cross" };

// ---- icons: simple paths in a 24×24 box, drawn in currentColor ------------------------------------
const DOTS = (r1, r2, n) => Array.from({ length: n }, (_, i) => {
  const a = (i * 2 * Math.PI) / n;
  return [12 + r1 * Math.cos(a), 12 + r1 * Math.sin(a), 12 + r2 * Math.cos(a), 12 + r2 * Math.sin(a)];
});
const ICONS = {
  virus: () => [s("circle", { cx: 12, cy: 12, r: 5.5, fill: "currentColor" }),
    ...DOTS(5, 9, 8).flatMap(([x1, y1, x2, y2]) => [s("line", { x1, y1, x2, y2, stroke: "currentColor", "stroke-width": 2 }),
      s("circle", { cx: x2, cy: y2, r: 1.8, fill: "currentColor" })])],
  bacterium: () => [s("rect", { x: 3, y: 8.5, width: 15, height: 7.5, rx: 3.75, transform: "rotate(-30 10.5 12.25)", fill: "currentColor" }),
    s("path", { d: "M16.5 7.5 C18 5.5 19.5 8 21 6 S 22.5 3.5 23 3", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" })],
  fungus: () => [s("path", { d: "M2.5 13 A9.5 8.5 0 0 1 21.5 13 Z", fill: "currentColor" }),
    s("rect", { x: 9.5, y: 12, width: 5, height: 9, rx: 1.8, fill: "currentColor" })],
  parasite: () => [s("path", { d: "M3 17 C5.5 8 9 8 11 13.5 S 16.5 19 19 9", fill: "none", stroke: "currentColor", "stroke-width": 3.4, "stroke-linecap": "round" }),
    s("circle", { cx: 19.2, cy: 8.2, r: 2.6, fill: "currentColor" })],
  pathogen: () => [s("circle", { cx: 12, cy: 12, r: 7, fill: "none", stroke: "currentColor", "stroke-width": 2.5, "stroke-dasharray": "3 2" }),
    s("circle", { cx: 12, cy: 12, r: 3, fill: "currentColor" })],
  pill: () => [s("g", { transform: "rotate(-45 12 12)" },
    s("rect", { x: 3, y: 8, width: 18, height: 8, rx: 4, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    s("path", { d: "M7 8 H12 V16 H7 A4 4 0 0 1 7 8 Z", fill: "currentColor" }))],
  syringe: () => [s("g", { transform: "rotate(-45 12 12)", stroke: "currentColor", "stroke-width": 2, fill: "none", "stroke-linecap": "round" },
    s("rect", { x: 7, y: 9, width: 10, height: 6, rx: 1 }), s("path", { d: "M17 12 H23 M3 12 H7 M3 8.5 V15.5 M10 9 V11.5 M13 9 V11.5" }))],
  cross: () => [s("path", { d: "M9 3h6v6h6v6h-6v6h-6v-6h-6v-6h6z", fill: "currentColor" })],
  shield: () => [s("path", { d: "M12 2 L20 5 V11 C20 16 16.5 20 12 22 C7.5 20 4 16 4 11 V5 Z", fill: "currentColor" })],
  drop: () => [s("path", { d: "M12 2 C12 2 5 10 5 15 A7 7 0 0 0 19 15 C19 10 12 2 12 2 Z", fill: "currentColor" })],
  scalpel: () => [s("path", { d: "M3 21 L10 14", stroke: "currentColor", "stroke-width": 3.2, "stroke-linecap": "round" }),
    s("path", { d: "M10.5 13.5 L19.5 3.5 C22 6 19.5 12 13 16 Z", fill: "currentColor" })],
  cell: () => [s("circle", { cx: 12, cy: 12, r: 9, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }),
    s("circle", { cx: 13.5, cy: 10.5, r: 3.6, fill: "currentColor" })],
  house: () => [s("path", { d: "M3 11 L12 3 L21 11 V21 H3 Z", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linejoin": "round" }),
    s("rect", { x: 9.5, y: 14, width: 5, height: 7, fill: "currentColor" })],
  heart: () => [s("path", { d: "M12 21 C5 15 2 11.5 2 8 C2 5 4.5 3 7 3 C9 3 11 4.5 12 6 C13 4.5 15 3 17 3 C19.5 3 22 5 22 8 C22 11.5 19 15 12 21 Z", fill: "currentColor" })],
  oxygen: () => [s("circle", { cx: 8.5, cy: 14.5, r: 5.5, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }),
    s("circle", { cx: 16.5, cy: 7.5, r: 3.8, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }),
    s("circle", { cx: 18, cy: 17.5, r: 2.4, fill: "currentColor" })],
  cards: () => [s("rect", { x: 3, y: 5, width: 11, height: 15, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 2, transform: "rotate(-10 8.5 12.5)" }),
    s("rect", { x: 10, y: 4, width: 11, height: 15, rx: 2, fill: "currentColor" })],
  counter: () => [s("path", { d: "M12 2 L22 12 L12 22 L2 12 Z", fill: "currentColor" })],
  turn: () => [s("path", { d: "M6 3 L20 12 L6 21 Z", fill: "currentColor" })],
  token: () => [s("circle", { cx: 12, cy: 12, r: 9, fill: "none", stroke: "currentColor", "stroke-width": 2.5 }),
    s("circle", { cx: 12, cy: 12, r: 4, fill: "currentColor" })],
  tumour: () => [s("path", { d: "M12 3 C15 3 15.5 6 18 6.5 C21 7 21 10.5 19.5 12.5 C21 15 19.5 18.5 16.5 18.5 C15 21 10.5 21.5 9 19 C6 19.5 3.5 17 4.5 14 C2.5 12 3.5 8 6.5 7.5 C7.5 4.5 10 3 12 3 Z", fill: "currentColor" })],
  // organs
  respiratory: () => [s("path", { d: "M12 2 V11 M12 9 L9.5 11 M12 9 L14.5 11", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }),
    s("path", { d: "M9.5 6 C5.5 6 2.5 12.5 2.5 17.5 C2.5 20.5 5 21.5 7 20.5 L10.5 18.5 V8 Z", fill: "currentColor" }),
    s("path", { d: "M14.5 6 C18.5 6 21.5 12.5 21.5 17.5 C21.5 20.5 19 21.5 17 20.5 L13.5 18.5 V8 Z", fill: "currentColor" })],
  digestive: () => [s("path", { d: "M9 2 V7 C4.5 8.5 3.5 14 6 18 C8.5 22 15.5 22.5 18.5 18.5 C21 15 18.5 11.5 15.5 12 C13.2 12.3 12.8 9.5 12.8 7 V2", fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" })],
  circulatory: () => [s("path", { d: "M12 21 C5 15 2 11.5 2 8 C2 5 4.5 3 7 3 C9 3 11 4.5 12 6 C13 4.5 15 3 17 3 C19.5 3 22 5 22 8 C22 11.5 19 15 12 21 Z", fill: "currentColor" }),
    s("path", { d: "M4 11 H8.5 L10 8 L12.5 14 L14 11 H20", fill: "none", stroke: "#fff", "stroke-width": 1.6, "stroke-linejoin": "round" })],
  nervous: () => [s("circle", { cx: 12, cy: 12, r: 4, fill: "currentColor" }),
    s("path", { d: "M12 8 V2 M12 16 V22 M8.5 10 L3 6 M15.5 10 L21 6 M8.5 14 L3 18 M15.5 14 L21 18 M5.5 7.8 L5 4 M18.5 7.8 L19 4", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" })],
  skin: () => [s("path", { d: "M2 9 Q5 6 8 9 T14 9 T20 9 T23 8", fill: "none", stroke: "currentColor", "stroke-width": 2.4 }),
    s("rect", { x: 2, y: 12, width: 20, height: 4, rx: 1, fill: "currentColor" }), s("rect", { x: 2, y: 18, width: 20, height: 3, rx: 1, fill: "currentColor" }),
    s("path", { d: "M6 9 L5 3 M13 9 L14 3 M19 9 L18.5 4", fill: "none", stroke: "currentColor", "stroke-width": 1.5 })],
  liver: () => [s("path", { d: "M2.5 9 C2.5 6 5.5 5 10 5 L21.5 6 C22.5 8.5 19.5 12.5 15 15.5 C11 18 6 19 4 17 C2.8 15 2.5 12 2.5 9 Z", fill: "currentColor" })],
};

/** An icon as a small inline SVG (decorative: the words beside it say what it is).  Each kind
 *  is built once and copied: a board shows hundreds, and copying is several times cheaper. */
const madeIcons = new Map();
function icon(name, size = 18, cls = "") {
  const key = `${name} ${size} ${cls}`;
  if (!madeIcons.has(key)) {
    madeIcons.set(key, s("svg", { class: `im-icon ${cls}`.trim(), width: size, height: size, viewBox: "0 0 24 24",
      "aria-hidden": "true", focusable: "false" }, ...(ICONS[name] ?? ICONS.cross)()));
  }
  return madeIcons.get(key).cloneNode(true);
}

// ---- words and numbers from the catalogue ---------------------------------------------------------
const facts = (context, id) => cardEntry(context, id)?.facts ?? [];
const fact = (context, id, i) => facts(context, id)[i]?.[1];
function numberOf(text, fallbackValue) {
  const n = Number(String(text ?? "").match(/-?\d+/)?.[0]);
  return Number.isFinite(n) ? n : fallbackValue;
}
function boxesOf(context, organ) {
  const n = numberOf(fact(context, `organ:${organ}`, 0), TRACK);
  return Number.isInteger(n) && n > 0 && n <= 30 ? n : TRACK;
}
function capOf(context, cell) {
  const last = facts(context, `cell:${cell}`).at(-1);
  const n = numberOf(last?.[1], CAP);
  return n > 0 && n <= 9 ? n : CAP;
}
const firstSentence = (text) => String(text ?? "").split(/(?<=[.!?])\s/)[0];
// A pathogen's group (virus, bacterium...) for its icon and colour: the catalogue entry's "look".
const groupOf = (context, pathogen) => cardEntry(context, `pathogen:${pathogen}`)?.look ?? "pathogen";
const medicalIcon = (id) => (id.endsWith("vaccine") ? "syringe" : id.startsWith("anti") && id !== "antipyretic" ? "pill" : MEDICAL_ICON[id] ?? "cross");
const stageOf = (view, turn) => view.life_line?.[turn - 1] ?? view.stage;

/** A small labelled badge: an icon, a word and a number ("Infectivity 4"), never colour alone. */
function badge(kind, iconName, text) {
  return h("span", { class: `im-badge b-${kind}` }, iconName ? icon(iconName, 13) : null, text);
}

// ---- the card template ------------------------------------------------------------------------------
/** One card face: kind "pathogen" | "medical" | "environment" | "cell"; ``mini`` for the small ones
 *  on a body (environments, infections, memory).  Returns the card element (data-card set). */
function cardFace(kind, id, t, context, view, { mini = false, extra = null, counters = null, text = !mini } = {}) {
  const entry = cardEntry(context, `${kind}:${id}`);
  const f = entry?.facts ?? [];
  const group = kind === "pathogen" ? groupOf(context, id) : kind;
  const iconName = kind === "pathogen" ? group : kind === "medical" ? medicalIcon(id) : kind === "environment" ? "house" : "cell";
  const name = nameOf(t, GAME, id);
  const badges = [];
  const lines = [];
  if (kind === "pathogen") {
    if (f[1]) badges.push(badge("inf", "virus", `${t("im_b_infectivity")} ${f[1][1]}`));
    if (f[2] && !mini) badges.push(badge("ext", "counter", `${t("im_b_extension")} ${f[2][1]}`));
    if (text) {
      for (const [k, v] of f.slice(3)) if (k !== f.at(-1)?.[0]) lines.push(`${k}: ${v}`);
    }
  } else if (kind === "medical") {
    if (text) lines.push(firstSentence(entry?.text));
  } else if (kind === "environment") {
    const index = ["childhood", "adult", "old"].indexOf(view.stage);
    const stageFact = f[index >= 0 ? index : 0];
    if (stageFact && text) lines.push(`${stageFact[0]}: ${stageFact[1]}`);
  } else if (kind === "cell") {
    if (f[0]) badges.push(badge("cost", "oxygen", f[0][1]));
    if (f[1]) badges.push(badge("def", "shield", `${f[1][0]} ${f[1][1]}`));
  }
  const kindWords = kind === "pathogen" && f[0] ? f[0][1] : entry?.kind ?? t(`im_${kind}`);
  const node = h("div", { class: `im-card k-${kind} g-${group}${mini ? " mini" : ""}` },
    h("div", { class: "im-card-head" }, icon(iconName, mini ? 16 : 20), h("span", { class: "im-card-name" }, name)),
    mini ? null : h("div", { class: "im-card-kind" }, kindWords),
    badges.length || counters ? h("div", { class: "im-badges" }, ...badges, counters) : null,
    lines.length ? h("p", { class: "im-card-text" }, lines.join(" · ")) : null,
    extra);
  return card(node, `${kind}:${id}`);
}

/** A face-down card: a card back with the words "face down" (and who placed it, when known). */
function cardBack(t, context, placedBy) {
  return h("div", { class: "im-card back mini", role: "img", "aria-label": t("im_face_down") },
    h("span", { class: "im-back-words" }, t("im_face_down")),
    placedBy !== null && placedBy !== undefined ? placer(t, context, placedBy) : null);
}

function placer(t, context, seat) {
  const who = seatName(context, seat, t);
  return h("span", { class: "im-placer", role: "img", "aria-label": t("im_placed_by", { name: who }), title: t("im_placed_by", { name: who }) },
    seatBadge(seat, MARK));
}

/** Extension counters as small discs and in words. */
function counterRow(n, t) {
  const svg = s("svg", { class: "im-counters", width: Math.min(n, 6) * 11 + 2, height: 12, viewBox: `0 0 ${Math.min(n, 6) * 11 + 2} 12`, "aria-hidden": "true" });
  for (let k = 0; k < Math.min(n, 6); k++) svg.append(s("path", { d: `M${k * 11 + 6} 1 L${k * 11 + 11} 6 L${k * 11 + 6} 11 L${k * 11 + 1} 6 Z`, fill: "#922b21" }));
  return h("span", { class: "im-badge b-counters" }, svg, t("im_counters_v", { n }));
}

// ---- the table: life line, phase, decks, dice -------------------------------------------------------
function lifeLine(view, t) {
  const turns = Math.max(1, view.turns || view.life_line?.length || 1);
  const step = 340 / turns;
  const svg = s("svg", { viewBox: "0 0 360 78", class: "im-life", role: "img",
    "aria-label": `${t("im_life_line")}: ${view.turn || 0}/${turns}${view.stage ? `, ${t(`im_stage_${view.stage}`)}` : ""}` });
  const xs = (turn) => 10 + step * (turn - 0.5);
  // stage bands with their names below
  let start = 1;
  for (let turn = 1; turn <= turns; turn++) {
    const stage = stageOf(view, turn);
    if (turn === turns || stageOf(view, turn + 1) !== stage) {
      const x0 = xs(start) - step / 2 + 2, x1 = xs(turn) + step / 2 - 2;
      svg.append(s("rect", { x: x0, y: 8, width: x1 - x0, height: 34, rx: 17, class: `im-band st-${stage}` }),
        s("text", { x: (x0 + x1) / 2, y: 62, "text-anchor": "middle", class: "im-stage-name" }, t(`im_stage_${stage}`)));
      start = turn + 1;
    }
  }
  for (let turn = 1; turn <= turns; turn++) {
    const past = turn < view.turn;
    svg.append(s("circle", { cx: xs(turn), cy: 25, r: 12, class: `im-turn${past ? " past" : ""}` }),
      s("text", { x: xs(turn), y: 30, "text-anchor": "middle", class: "im-turn-n" }, String(turn)));
  }
  if (view.turn >= 1) {
    svg.append(flip(s("g", { class: "im-life-marker", transform: `translate(${xs(view.turn)} 25)` },
      s("circle", { r: 16, fill: "none", stroke: "#a34100", "stroke-width": 3.5 }),
      s("path", { d: "M-5 -26 L5 -26 L0 -19 Z", fill: "#a34100" })), "im-life-marker"));
  }
  return svg;
}

const PHASES = 5;
function phaseTrack(view, t) {
  const n = view.phase_number;
  const pills = [];
  for (let k = 1; k <= PHASES; k++) {
    const pill = h("span", { class: `im-phase-pill${k === n ? " now" : k < n ? " past" : ""}` }, String(k));
    if (k === n) flip(pill, "im-phase-marker");
    pills.push(pill);
  }
  const label = n >= 1 && n <= PHASES ? `${t("im_phase", { n })}: ${t(`im_phase_name_${n}`)}` : "";
  return h("div", { class: "im-phases", role: "img", "aria-label": label || t("im_life_line") },
    h("span", { class: "im-phase-pills", "aria-hidden": "true" }, pills), label ? h("span", { class: "im-phase-name" }, label) : null);
}

function deck(kind, count, t) {
  const iconName = kind === "pathogen" ? "pathogen" : kind === "medical" ? "cross" : "house";
  const layers = Math.max(1, Math.min(3, Math.ceil(count / 8)));
  const svg = s("svg", { class: `im-deck-art d-${kind}`, width: 40, height: 48, viewBox: "0 0 40 48", "aria-hidden": "true" });
  for (let k = layers - 1; k >= 0; k--) {
    svg.append(s("rect", { x: 3 + k * 2.5, y: 3 + k * 2.5, width: 28, height: 38, rx: 4, class: count ? "im-deck-card" : "im-deck-empty" }));
  }
  if (count) {
    const g = s("g", { transform: "translate(8 13) scale(0.75)", class: "im-deck-icon" }, ...ICONS[iconName]());
    svg.append(g);
  }
  return flip(h("div", { class: "im-deck" }, svg,
    h("span", { class: "im-deck-words" }, h("span", {}, t(`im_deck_${kind}`)), h("b", {}, String(count)))), `im-deck:${kind}`);
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
/** A die in the seat's colour with white pips. */
function dieFace(value, seat, size = 30) {
  const svg = s("svg", { class: "im-die", width: size, height: size, viewBox: "-12 -12 24 24", "aria-hidden": "true" },
    s("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4.5, fill: seatColour(seat), stroke: "#1d1b16", "stroke-width": 1 }));
  for (const [px, py] of PIPS[value] ?? []) svg.append(s("circle", { cx: px * 5.5, cy: py * 5.5, r: 2.2, fill: "#fff" }));
  return svg;
}

function dice(view, t, context) {
  if (!view.turn || !(view.order ?? []).length) return null;
  return h("div", { class: "im-dice" }, h("span", { class: "im-dice-title" }, t("im_order")),
    h("ol", { class: "im-dice-list" }, view.order.map((seat) => {
      const roll = view.rolls?.[seat];
      const words = `${seatName(context, seat, t)}: ${t("im_die", { n: roll })}`;
      return h("li", { class: "im-dice-item", title: words },
        h("span", { class: "im-dice-pair", role: "img", "aria-label": words }, seatBadge(seat, MARK), roll ? flip(dieFace(roll, seat), `im-die:${seat}`) : null));
    })));
}

function table(view, t, context) {
  return h("section", { class: "im-table im-mat" },
    h("div", { class: "im-life-box" }, lifeLine(view, t), phaseTrack(view, t)),
    h("div", { class: "im-table-row" },
      h("div", { class: "im-decks" }, deck("pathogen", view.decks.pathogen, t), deck("medical", view.decks.medical, t),
        deck("environment", view.decks.environment, t)),
      dice(view, t, context)));
}

// ---- a body ------------------------------------------------------------------------------------------
function meter(kind, iconName, label, value, bar, extra = null) {
  return h("div", { class: `im-meter m-${kind}` }, icon(iconName, 20, "im-meter-icon"),
    h("span", { class: "im-meter-label" }, label), h("b", { class: "im-meter-value" }, value), extra, h("span", { class: "im-meter-bar" }, bar));
}

/** A row of pips: ``full`` filled, then ``hollow`` outlined, at most ``max`` drawn. */
function pips(full, hollow, kind, max = 12) {
  const n = Math.min(max, Math.max(0, full) + Math.max(0, hollow));
  const svg = s("svg", { class: `im-pips p-${kind}`, width: Math.max(1, n) * 9, height: 10, viewBox: `0 0 ${Math.max(1, n) * 9} 10`, "aria-hidden": "true" });
  for (let k = 0; k < n; k++) {
    svg.append(s("circle", { cx: k * 9 + 4.5, cy: 5, r: 3.6, class: k < full ? "pip-full" : "pip-hollow" }));
  }
  return svg;
}

function healthBar(damage, total) {
  const frac = total ? Math.max(0, Math.min(1, 1 - damage / total)) : 1;
  return s("svg", { class: "im-bar", width: 60, height: 10, viewBox: "0 0 60 10", "aria-hidden": "true" },
    s("rect", { x: 0.5, y: 0.5, width: 59, height: 9, rx: 4.5, class: "bar-back" }),
    s("rect", { x: 0.5, y: 0.5, width: Math.max(0, 59 * frac), height: 9, rx: 4.5, class: "bar-full" }));
}

function meters(board, t, context) {
  const damage = ORGANS.reduce((sum, o) => sum + (board.damage[o] ?? 0), 0);
  const total = ORGANS.reduce((sum, o) => sum + boxesOf(context, o), 0);
  const health = board.health < 0 ? `−${-board.health}` : String(board.health);
  const stored = board.stored_oxygen ? h("span", { class: "im-meter-extra" }, `${t("im_reserve")} ${board.stored_oxygen}`) : null;
  return h("div", { class: "im-meters" },
    tag(meter("health", "heart", t("im_m_health"), health, healthBar(damage, total)), `health${board.__seat}`, board.health),
    tag(meter("defence", "shield", t("im_m_defence"), String(board.defence), pips(board.defence, 0, "def")), `def${board.__seat}`, board.defence),
    tag(meter("oxygen", "oxygen", t("im_oxygen"), String(board.oxygen), pips(board.oxygen, board.stored_oxygen, "oxy"), stored), `oxy${board.__seat}`,
      [board.oxygen, board.stored_oxygen]));
}

function organTile(board, seat, organ, mine, m, t, context) {
  const damage = board.damage[organ] ?? 0, tumours = board.tumours[organ] ?? 0;
  const boxes = boxesOf(context, organ);
  const failed = damage >= boxes;
  const track = s("svg", { class: "im-track", viewBox: `0 0 ${boxes * 10} 12`, width: boxes * 10, height: 12, "aria-hidden": "true" });
  for (let k = 0; k < boxes; k++) {
    track.append(s("rect", { x: k * 10 + 0.75, y: 0.75, width: 8.5, height: 10.5, rx: 1.5, class: k < damage ? "box-hit" : "box-free" }));
    if (k < damage) track.append(s("path", { d: `M${k * 10 + 2.5} 2.5 L${k * 10 + 7.5} 9.5`, class: "box-slash" }));
  }
  const name = nameOf(t, GAME, organ);
  const tile = h("div", { class: `im-organ o-${organ}${failed ? " failed" : ""}`, "data-organ": organ, "data-damage": damage,
    "aria-label": `${name}: ${t("im_damage")} ${damage}/${boxes}${tumours ? `, ${t("im_tumours")} ${tumours}` : ""}` },
  h("span", { class: "im-organ-icon" }, icon(organ, 20)),
  h("span", { class: "im-organ-name" }, name),
  h("span", { class: "im-organ-val" }, failed ? t("im_failed") : `${damage}/${boxes}`),
  track,
  tumours ? h("span", { class: "im-tumours" }, icon("tumour", 13), `${t("im_tumours")} ${tumours}`) : null);
  card(tile, `organ:${organ}`);
  tag(tile, `organ${seat}-${organ}`, [damage, tumours]);
  if (mine) m.bind(tile, (a) => a.type === "clear_tumour" && a.organ === organ);
  return tile;
}

/** One environment: its cards in the order placed (the earliest lies on top and wins ties). */
function zone(view, seat, which, t, context, me, last) {
  const board = view.seats[seat];
  const entries = board[`environment_${which}`];
  const crowded = which === 1 && (view.crowded ?? []).includes(seat) && view.seats.length > 1 && entries.length;
  const list = h("div", { class: "im-zone-cards" });
  for (const e of entries) {
    let node;
    if (e.vector_token) {
      node = e.pathogen ? cardFace("pathogen", e.pathogen, t, context, view, { mini: true, extra: h("span", { class: "im-token-tag" }, icon("token", 13), t("im_token")) })
        : h("div", { class: "im-card mini token" }, h("span", {}, t("im_token")));
      node.classList.add("token");
    } else if (e.pathogen && e.face_up) {
      node = cardFace("pathogen", e.pathogen, t, context, view, { mini: true });
    } else if (e.pathogen) { // face down, but I placed it: I know what it is
      node = cardFace("pathogen", e.pathogen, t, context, view, { mini: true,
        extra: h("span", { class: "im-down-tag" }, t("im_face_down")) });
      node.classList.add("known-down");
    } else {
      node = cardBack(t, context, e.placed_by);
    }
    if (e.placed_by !== null && e.placed_by !== undefined && !node.classList.contains("back")) node.append(placer(t, context, e.placed_by));
    flip(node, `im-env:${e.placed}`);
    // Where it came from, the first time it is drawn: my hand, a player, or the pathogen deck.
    if (e.placed_by === null || e.placed_by === undefined) from(node, "im-deck:pathogen");
    else if (e.placed_by === me && e.pathogen) from(node, `im-hand:pathogen:${e.pathogen}:0`);
    else from(node, `im-player:${e.placed_by}`);
    last.push({ seat, placed: e.placed, pathogen: e.pathogen });
    list.append(node);
  }
  if (!entries.length) list.append(h("span", { class: "im-empty" }, t("im_no_cards")));
  return tag(h("div", { class: `im-zone z-${which}` },
    flip(h("span", { class: "im-zone-label" }, t(`im_env${which}`)), `im-zone:${seat}:${which}`),
    crowded ? h("span", { class: "im-crowded" }, t("im_crowded")) : null, list), `env${which}-${seat}`, entries);
}

function infectionCard(view, seat, inf, i, k, mine, m, t, context, before) {
  const node = cardFace("pathogen", inf.pathogen, t, context, view, { mini: true, counters: counterRow(inf.counters, t),
    extra: inf.vector_token ? h("span", { class: "im-token-tag" }, icon("token", 13), t("im_token")) : null });
  node.classList.add("infection");
  node.dataset.infection = i;
  flip(node, `im-inf:${seat}:${inf.pathogen}:${k}`);
  const source = before.find((e) => e.seat === seat && e.pathogen === inf.pathogen);
  from(node, source ? `im-env:${source.placed}` : `im-zone:${seat}:1`);
  tag(node, `inf${seat}-${i}`, inf);
  if (mine) m.bind(node, (a) => (a.type === "clear" || a.type === "spread") && a.infection === i);
  return node;
}

// Cells on each board at the last drawing ("seat:cell" -> count): only the new ones move in.
let cellsBefore = new Map();
let cellsNow = new Map();

function cellTile(board, seat, cell, mine, m, t, context) {
  const n = board.cells[cell] ?? 0, used = board.cells_used?.[cell] ?? 0;
  cellsNow.set(`${seat}:${cell}`, n);
  const cap = Math.max(capOf(context, cell), n);
  const slots = h("span", { class: "im-slots", "aria-hidden": "true" });
  for (let k = 0; k < cap; k++) {
    const state = k < n - used ? "own" : k < n ? "used" : "free";
    const disc = s("svg", { class: `im-slot s-${state}`, width: 20, height: 20, viewBox: "0 0 24 24" },
      s("circle", { cx: 12, cy: 12, r: 10, class: "slot-ring" }),
      state !== "free" ? s("circle", { cx: 13.5, cy: 10.5, r: 3.6, class: "slot-nucleus" }) : null,
      state === "used" ? s("path", { d: "M5 19 L19 5", class: "slot-used" }) : null);
    if (k < n && k >= (cellsBefore.get(`${seat}:${cell}`) ?? n)) { // bought (or gained) since the last drawing
      flip(disc, `im-cell:${seat}:${cell}:${k}`);
      from(disc, `im-market:${seat}:${cell}`);
    }
    slots.append(disc);
  }
  const entry = facts(context, `cell:${cell}`);
  const price = entry[0] ? flip(badge("cost", "oxygen", entry[0][1]), `im-market:${seat}:${cell}`) : null;
  const defence = entry[1] ? badge("def", "shield", `${entry[1][0]} ${entry[1][1]}`) : null;
  const tile = !mine ? h("div", { class: "im-cell chip", "data-cell": cell },
    h("span", { class: "im-chip-line" }, icon("cell", 18), h("span", { class: "im-cell-name" }, nameOf(t, GAME, cell))),
    h("span", { class: "im-chip-line" }, slots, h("span", { class: "im-cell-count" }, `${n}/${cap}`,
      used ? h("span", { class: "im-used" }, ` · ${t("im_used")} ${used}`) : null)))
    : h("div", { class: `im-cell${n ? "" : " none"}`, "data-cell": cell },
    h("div", { class: "im-card-head" }, icon("cell", 18), h("span", { class: "im-card-name" }, nameOf(t, GAME, cell))),
    h("div", { class: "im-cell-row" }, slots, h("span", { class: "im-cell-count" }, `${n}/${cap}`,
      used ? h("span", { class: "im-used" }, ` · ${t("im_used")} ${used}`) : null)),
    h("div", { class: "im-badges" }, price, defence));
  card(tile, `cell:${cell}`);
  tag(tile, `cell${seat}-${cell}`, [n, used]);
  if (mine) m.bind(tile, (a) => a.type === "buy" && a.cell === cell);
  return tile;
}

function section(cls, title, ...children) {
  return h("div", { class: `im-part ${cls}` }, h("h5", { class: "im-part-title" }, title), ...children);
}

/** The parts of a body (everything but its header): full for mine, compact for the others. */
function bodyParts(view, seat, mine, m, t, context, before, last) {
  const board = { ...view.seats[seat], __seat: seat };
  const me = context.seat ?? null;
  const organs = h("div", { class: "im-organs" }, ORGANS.map((o) => organTile(board, seat, o, mine, m, t, context)));
  const counts = new Map();
  const infections = h("div", { class: "im-cards-row" }, board.infections.map((inf, i) => {
    const k = counts.get(inf.pathogen) ?? 0;
    counts.set(inf.pathogen, k + 1);
    return infectionCard(view, seat, inf, i, k, mine, m, t, context, before);
  }));
  if (!board.infections.length) infections.append(h("span", { class: "im-empty" }, t("im_no_infection")));
  const cellIds = Object.keys(board.cells).filter((c) => mine || board.cells[c]);
  const cells = h("div", { class: "im-cells" }, cellIds.map((c) => cellTile(board, seat, c, mine, m, t, context)));
  const played = (board.environment_played ?? []).map((e, k) =>
    from(flip(cardFace("environment", e, t, context, view, { mini: true, text: mine }), `im-played:${seat}:${e}:${k}:${view.turn}`), "im-deck:environment"));
  const memory = board.memory.map((p) => cardFace("pathogen", p, t, context, view, { mini: true }));
  return [
    mine ? meters(board, t, context) : null,
    section("p-organs", t("im_organs"), organs),
    h("div", { class: "im-zones" }, zone(view, seat, 1, t, context, me, last), zone(view, seat, 2, t, context, me, last),
      played.length ? h("div", { class: "im-zone z-played" }, h("span", { class: "im-zone-label" }, t("im_env_card")), h("div", { class: "im-zone-cards" }, played)) : null),
    section("p-infections", t("im_infections"), infections),
    section("p-cells", t("im_cells"), cells.childElementCount ? cells : h("span", { class: "im-empty" }, "—")),
    memory.length ? section("p-memory", t("im_memory"), h("div", { class: "im-cards-row" }, memory)) : null,
  ];
}

function handCount(board, t) {
  return t("im_hand_counts", { medical: board.hand_counts.medical, pathogen: board.hand_counts.pathogen });
}

function deciding(view, seat, t) {
  return view.to_move.includes(seat) ? h("span", { class: "im-deciding" }, icon("turn", 12), t("im_deciding")) : null;
}

function myBody(view, seat, m, t, context, before, last) {
  const roll = view.rolls?.[seat];
  return h("section", { class: `im-body im-mat mine${view.to_move.includes(seat) ? " active" : ""}`, "data-seat": seat },
    h("header", { class: "im-body-head" }, flip(h("span", { class: "im-seat" }, seatBadge(seat, MARK)), `im-player:${seat}`),
      h("h4", { class: "im-body-name" }, seatName(context, seat, t)), deciding(view, seat, t),
      h("span", { class: "im-head-facts" }, roll && view.turn ? h("span", { class: "im-head-die", role: "img", "aria-label": t("im_die", { n: roll }), title: t("im_die", { n: roll }) }, dieFace(roll, seat, 22)) : null,
        h("span", { class: "im-hand-count" }, icon("cards", 16), handCount(view.seats[seat], t)))),
    ...bodyParts(view, seat, true, m, t, context, before, last));
}

// Whether each other player's body is open: the reader's own choice (a click on its summary), else
// open on a wide screen and folded on a phone; always open when it holds a move.
const chosen = new Map();

function otherBody(view, seat, m, t, context, before, last, wide) {
  const board = view.seats[seat];
  const key = `${context.game?.id ?? GAME}:${location.hash}:${seat}`;
  const health = board.health < 0 ? `−${-board.health}` : String(board.health);
  const summary = h("summary", { class: "im-opp-sum" },
    flip(h("span", { class: "im-seat" }, seatBadge(seat, MARK)), `im-player:${seat}`),
    h("span", { class: "im-opp-name" }, seatName(context, seat, t)), deciding(view, seat, t),
    h("span", { class: "im-stats" },
      h("span", { class: "im-stat s-health" }, icon("heart", 14), `${t("im_m_health")} ${health}`),
      h("span", { class: "im-stat s-def" }, icon("shield", 14), `${t("im_m_defence")} ${board.defence}`),
      h("span", { class: "im-stat s-inf" }, icon("virus", 14), `${t("im_infections")} ${board.infections.length}`),
      h("span", { class: "im-stat s-cards" }, icon("cards", 14), `${t("im_m_cards")} ${board.hand_counts.medical + board.hand_counts.pathogen}`),
      h("span", { class: "im-stat s-env" }, icon("house", 14), `${t("im_env1")} ${board.environment_1.length}`),
      view.turn && view.rolls?.[seat] ? h("span", { class: "im-stat s-die", role: "img", "aria-label": t("im_die", { n: view.rolls[seat] }),
        title: t("im_die", { n: view.rolls[seat] }) }, dieFace(view.rolls[seat], seat, 18)) : null));
  tag(summary, `sum${seat}`, [board.health, board.defence, board.infections.length, board.hand_counts]);
  const details = h("details", { class: `im-opp im-mat${view.to_move.includes(seat) ? " active" : ""}`, "data-seat": seat }, summary,
    h("div", { class: "im-body compact" }, h("p", { class: "im-hand-line" }, icon("cards", 16), handCount(board, t), " · ",
      icon("oxygen", 16), `${t("im_oxygen")} ${board.oxygen}`, board.stored_oxygen ? ` · ${t("im_reserve")} ${board.stored_oxygen}` : ""),
      ...bodyParts(view, seat, false, m, t, context, before, last)));
  const hot = details.querySelector(".hot");
  details.open = hot ? true : chosen.has(key) ? chosen.get(key) : wide;
  summary.addEventListener("click", () => chosen.set(key, !details.open));
  return details;
}

// ---- the hand -------------------------------------------------------------------------------------------
function hand(view, m, t, context, done) {
  const cards = [];
  for (const kind of ["medical", "pathogen"]) {
    const counts = new Map();
    for (const id of view.hand[kind]) {
      const k = counts.get(id) ?? 0;
      counts.set(id, k + 1);
      const node = cardFace(kind, id, t, context, view);
      node.classList.add("in-hand");
      flip(node, `im-hand:${kind}:${id}:${k}`);
      from(node, `im-deck:${kind}`);
      m.bind(node, (a) => a.card === id && ["medical", "discard", "spread_card", "expose"].includes(a.type));
      cards.push(node);
    }
  }
  return h("section", { class: "im-hand im-mat" },
    h("div", { class: "im-hand-head" }, h("h4", {}, t("im_your_hand"), " ", h("span", { class: "im-hand-total" }, `(${cards.length})`)), done),
    h("div", { class: "im-hand-cards" }, cards.length ? cards : h("span", { class: "im-empty" }, t("im_no_cards"))));
}

// The environment cards drawn last time (seat, running number, pathogen): a new infection slides
// from the card that caused it.
let lastEnv = { key: null, cards: [], cells: new Map() };

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const me = context.seat ?? null;
  const mine = me !== null && view.seats[me] ? me : null;
  const key = `${context.game?.id ?? GAME}:${location.hash}:${me}`;
  const before = lastEnv.key === key ? lastEnv.cards : [];
  cellsBefore = lastEnv.key === key ? lastEnv.cells : new Map();
  cellsNow = new Map();
  const last = [];
  const others = view.seats.map((_, i) => i).filter((i) => i !== mine);
  // Open on a wide screen when the others fit in one row of bodies (two, three on a very wide one).
  const columns = window.matchMedia?.("(min-width: 1500px)").matches ? 3 : window.matchMedia?.("(min-width: 900px)").matches ? 2 : 0;
  const wide = others.length <= (mine === null ? 2 * columns : columns);
  const done = chip(m, (a) => a.type === "done", t("im_done"), "chip im-done");
  const grid = h("div", { class: "board-grid immunity" }, table(view, t, context),
    done && !view.hand ? h("div", { class: "controls im-controls" }, done) : null,
    view.hand ? hand(view, m, t, context, done) : null,
    mine !== null ? myBody(view, mine, m, t, context, before, last) : null,
    others.length ? h("div", { class: "im-others" },
      others.map((seat) => otherBody(view, seat, m, t, context, before, last, wide))) : null);
  lastEnv = { key, cards: last, cells: cellsNow };
  container.append(grid);
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
