// Herbalism: an apothecary's table.  The seven medicine cards (a flask holding the card's two
// ingredients, shown again as drops, each colour with its own symbol so that colour is never
// alone) with the pharmacists and cure markers standing on them as round tokens (the owner's
// seat mark, and a symbol for the kind: a person, ✚ answer, → follow); the action cards in play,
// each with its icon; the players as plates around the table (seat badge, name, points, hand
// size, the pieces still in their supply); my hand as ingredient cards (a herb, the colour's
// name, how many); the deck make-up and the knowledge sheet as a readable table.
//
// Every component carries data-card = its catalogue id ("medicine:red-blue", "action:curing",
// "ingredient:red", "marker:pharmacist"...), so the page explains it on hover or tap; every
// element with one is at least 44×44 px (the page makes them focusable).  Motion: pharmacists
// and cure markers are the same thing across drawings (flip "pharmacist:<seat>",
// "marker:<seat>:0"), they slide from a player's supply to a card and between cards; cards
// handed over fly from the giver's plate ("player:<seat>") to the receiver.
import { COLOURS, chip, fallback, h, highlightChanges, moves, nameOf, s, seatBadge, seatColour, seatMark, seatName, tag } from "./svg.js";
import { flip, from } from "../motion.js";

const GAME = "herbalism";
const COLOUR_ORDER = ["red", "yellow", "green", "blue"];
const INK = "#1d1b16", INK_SOFT = "#5a5346", PAPER = "#fffdf7", EDGE = "#c9bfa8", HOT = "#a34100";
/** The ink a symbol takes on each ingredient's colour (dark on yellow, white on the others). */
const ON_COLOUR = { red: "#fff", yellow: INK, green: "#fff", blue: "#fff" };

/** A player's name as the table shows it, else "Player 2" (seats counted from 1). */
function playerName(context, seat, t) {
  return context.names?.[seat] || t("hb_player_n", { n: seat + 1 });
}

function medicineName(card, t) {
  if (card === "identical-pair") return t("hb_identical");
  return card.split("-").map((c) => nameOf(t, GAME, c)).join(" + ");
}

// ---- small drawings ------------------------------------------------------------------------------

/** Each ingredient's own symbol, centred on (0, 0) within about ``r`` * 0.6: a berry ring (red), a
 *  sun (yellow), a leaf (green), a wave (blue). */
function ingredientSymbol(colour, r, ink) {
  const w = Math.max(0.8, r * 0.22);
  const line = { fill: "none", stroke: ink, "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (colour) {
    case "red": return s("circle", { r: r * 0.4, ...line });
    case "yellow": {
      const a = r * 0.55, b = a * 0.866, c = a * 0.5;
      return s("path", { d: `M0,${-a} V${a} M${-b},${-c} L${b},${c} M${-b},${c} L${b},${-c}`, ...line });
    }
    case "green": {
      const a = r * 0.6;
      return s("path", { d: `M0,${a} C${a},${a * 0.3} ${a * 0.7},${-a * 0.6} 0,${-a} C${-a * 0.7},${-a * 0.6} ${-a},${a * 0.3} 0,${a} Z M0,${a * 0.9} V${-a * 0.4}`, ...line });
    }
    default: {
      const a = r * 0.6;
      return s("path", { d: `M${-a},${-a * 0.25} q${a / 2},${-a * 0.45} ${a},0 t${a},0 M${-a},${a * 0.45} q${a / 2},${-a * 0.45} ${a},0 t${a},0`, ...line });
    }
  }
}

/** A drop of an ingredient, its round part centred on (0, 0) with radius ``r`` (the tip points up
 *  to -1.6r), with the colour's symbol on it.  ``colour`` null: an empty outlined drop. */
function drop(colour, r, attrs = {}) {
  const d = `M0,${-1.6 * r} C${0.35 * r},${-1.1 * r} ${r},${-0.55 * r} ${r},0 A${r},${r} 0 1 1 ${-r},0 C${-r},${-0.55 * r} ${-0.35 * r},${-1.1 * r} 0,${-1.6 * r} Z`;
  const g = s("g", { class: "drop", ...attrs },
    s("path", { d, fill: colour ? COLOURS[colour] : PAPER, stroke: INK, "stroke-width": Math.max(0.6, r * 0.14) }));
  if (colour) g.append(ingredientSymbol(colour, r, ON_COLOUR[colour]));
  return g;
}

/** A drop as a small inline SVG for HTML (chips, plates, the deck row). */
function dropIcon(colour, size = 18) {
  const r = size * 0.3;
  return s("svg", { class: "drop-icon", width: size, height: size, viewBox: `${-size / 2} ${-size * 0.58} ${size} ${size}`, "aria-hidden": "true", focusable: "false" },
    drop(colour, r));
}

/** The symbol of a token's kind, centred on (0, 0) within ±6.5, in ``ink``: a person (a
 *  pharmacist), ✚ (a cure marker answer side up), → (follow side up). */
function kindSymbol(kind, ink = INK) {
  const line = { fill: "none", stroke: ink, "stroke-linecap": "round", "stroke-linejoin": "round" };
  if (kind === "answer") return s("path", { d: "M0,-6 V6 M-6,0 H6", "stroke-width": 3.2, ...line });
  if (kind === "follow") return s("path", { d: "M-6,0 H5 M0.5,-5 L6,0 L0.5,5", "stroke-width": 2.8, ...line });
  return s("g", {}, s("circle", { cx: 0, cy: -3.4, r: 3.3, fill: ink }), s("path", { d: "M-5.6,6.6 C-5.6,0.6 5.6,0.6 5.6,6.6 Z", fill: ink }));
}

/** A round token (radius 16) centred on (0, 0): a pharmacist or a cure marker.  The owner's seat
 *  mark fills its middle (on the token's own paper, inside the rim in the seat's colour), and a
 *  dark badge at its lower right shows the kind (a person, ✚ answer, → follow), clear of the
 *  mark.  Without a seat (the legend): an empty middle. */
function token(kind, seat) {
  const owned = seat !== null && seat !== undefined;
  const g = s("g", { class: `token ${kind}` },
    s("circle", { r: 16, fill: PAPER, stroke: owned ? seatColour(seat) : INK_SOFT, "stroke-width": 2.5 }));
  if (owned) g.append(seatMark(seat, 8, { transform: "scale(0.75)" }));
  else g.append(s("circle", { r: 6, fill: "none", stroke: EDGE, "stroke-width": 2, "stroke-dasharray": "2.5 2" }));
  const symbol = kindSymbol(kind, "#fff");
  symbol.setAttribute("transform", "scale(0.68)");
  g.append(s("g", { class: "kind", transform: "translate(12,12)" }, s("circle", { r: 7, fill: INK, stroke: PAPER, "stroke-width": 1 }), symbol));
  return g;
}

/** A token as a small inline SVG (the plates' supply, the legend). */
function tokenIcon(kind, seat, size = 48) {
  return s("svg", { class: "token-icon", width: size, height: size, viewBox: "-19 -19 38 38", "aria-hidden": "true", focusable: "false" },
    token(kind, seat));
}

const ACTION_ICONS = {
  // a magnifying glass
  inquiring: () => [s("circle", { cx: 13.5, cy: 13.5, r: 8 }), s("path", { d: "M19.5,19.5 L27,27" }), s("path", { d: "M10,11 A4,4 0 0 1 14,8.5", "stroke-width": 1.6 })],
  // a spoon held out
  feeding: () => [s("ellipse", { cx: 12, cy: 11, rx: 5.5, ry: 7, transform: "rotate(-35 12 11)", fill: "#e8e1cf" }), s("path", { d: "M15.5,16 L26,28" })],
  // a cauldron with bubbles
  brewing: () => [s("path", { d: "M5,14 H27 L24.5,25 Q16,30.5 7.5,25 Z", fill: "#cfe3d3" }), s("path", { d: "M9,27 L7,30 M23,27 L25,30" }),
    s("circle", { cx: 13, cy: 8, r: 2 }), s("circle", { cx: 19, cy: 5, r: 1.6 }), s("circle", { cx: 18, cy: 10, r: 1.2 })],
  // a speech bubble asking
  appealing: () => [s("path", { d: "M5,7 H27 V21 H14 L8,27 V21 H5 Z", fill: "#f3e6c9" }), s("path", { d: "M11,14 H11.1 M16,14 H16.1 M21,14 H21.1", "stroke-width": 3 })],
  // a medical cross in a ring
  curing: () => [s("circle", { cx: 16, cy: 16, r: 12, fill: "#f6dcd3" }), s("path", { d: "M16,9 V23 M9,16 H23", "stroke-width": 3.4, stroke: HOT })],
};

function actionIcon(card) {
  const draw = ACTION_ICONS[card] ?? (() => [s("rect", { x: 6, y: 6, width: 20, height: 20, rx: 3 })]);
  return s("svg", { class: "action-icon", width: 32, height: 32, viewBox: "0 0 32 32", "aria-hidden": "true", focusable: "false" },
    s("g", { fill: "none", stroke: INK, "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }, draw()));
}

/** A herb sprig with leaves of the ingredient's colour and its drop, for an ingredient card. */
function herbIcon(colour) {
  const fill = COLOURS[colour];
  const leaf = (d) => s("path", { d, fill, stroke: INK, "stroke-width": 1.1, "stroke-linejoin": "round" });
  return s("svg", { class: "herb", width: 44, height: 44, viewBox: "0 0 44 44", "aria-hidden": "true", focusable: "false" },
    s("path", { d: "M19,42 C19,31 18,20 21,5", fill: "none", stroke: INK, "stroke-width": 1.6, "stroke-linecap": "round" }),
    leaf("M19,31 C11,31 7,25 6,21 C13,21 18,25 19,31 Z"),
    leaf("M19.5,21 C27,21 31,15 32,11 C25,11 20.5,15 19.5,21 Z"),
    leaf("M20.5,10 C15,9 13,4 13,1.5 C18,2 20.5,5.5 20.5,10 Z"),
    drop(colour, 5.2, { transform: "translate(35,36)" }));
}

/** An empty spot on a player's mat, where a token rests while off the medicine cards. */
function emptySpot(size = 48) {
  return s("svg", { class: "token-icon", width: size, height: size, viewBox: "-19 -19 38 38", "aria-hidden": "true", focusable: "false" },
    s("circle", { r: 15, fill: "#f3ede0", stroke: EDGE, "stroke-width": 1.5, "stroke-dasharray": "3 2.5" }));
}

/** A card back, for a player's hand size and a card passing between players. */
function cardBack(size = 20) {
  return s("svg", { class: "card-back", width: size * 0.75, height: size, viewBox: "0 0 15 20", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 0.75, y: 0.75, width: 13.5, height: 18.5, rx: 2, fill: "#3d6b5e", stroke: INK, "stroke-width": 1 }),
    s("path", { d: "M7.5,4 C11,7 11,12 7.5,16 C4,12 4,7 7.5,4 Z M7.5,5.5 V15", fill: "none", stroke: "#e9f1ec", "stroke-width": 1 }));
}

function starIcon(size = 16) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 3.2 : 7, a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return s("svg", { class: "star", width: size, height: size, viewBox: "-8 -8 16 16", "aria-hidden": "true", focusable: "false" },
    s("path", { d: `M${points.join(" L")} Z`, fill: "#e0a526", stroke: INK, "stroke-width": 1, "stroke-linejoin": "round" }));
}

// ---- the medicine cards --------------------------------------------------------------------------

const CARD_H = 150;

/** Where the i-th of ``count`` tokens stands: one or two large ones in a row, else three to a
 *  row at the normal size.  Returns [x, row, scale]. */
function slot(i, count) {
  if (count <= 2) return [count === 1 ? 50 : [28, 72][i], 0, 1.25];
  const row = Math.floor(i / 3), inRow = Math.min(3, count - row * 3), col = i % 3;
  const xs = inRow === 1 ? [48] : inRow === 2 ? [32, 66] : [16.5, 49, 81];
  return [xs[col], row, 1];
}

function medicineArt(card, view, t, context, wrong) {
  const [a, b] = card === "identical-pair" ? [null, null] : card.split("-");
  const svg = s("svg", { viewBox: `0 0 100 ${CARD_H}`, class: "medicine-art", "aria-hidden": "true", focusable: "false" });
  // The flask: a lip, a neck and a conical body, two layers of liquid (the card's colours).
  const flask = s("g", { transform: "translate(0,8)" },
    s("path", { d: "M43,39 V56 L21,89 Q19.5,93 24,93 H76 Q80.5,93 79,89 L57,56 V39 Z", fill: "#eef4f1" }),
    s("path", { d: "M35,68 H65 L73,80 H27 Z", fill: a ? COLOURS[a] : "#d9d0bb" }),
    s("path", { d: "M27,80 H73 L79,89 Q80.5,93 76,93 H24 Q19.5,93 21,89 Z", fill: b ? COLOURS[b] : "#d9d0bb" }),
    s("path", { d: "M35,68 H65", stroke: INK_SOFT, "stroke-width": 1 }),
    s("circle", { cx: 47, cy: 62, r: 1.8, fill: "none", stroke: INK_SOFT, "stroke-width": 1 }),
    s("circle", { cx: 53, cy: 58, r: 1.3, fill: "none", stroke: INK_SOFT, "stroke-width": 1 }),
    s("path", { d: "M29,86 L38,72", stroke: "#fff", "stroke-width": 2, "stroke-linecap": "round" }),
    s("path", { d: "M43,39 V56 L21,89 Q19.5,93 24,93 H76 Q80.5,93 79,89 L57,56 V39", fill: "none", stroke: INK, "stroke-width": 2.2, "stroke-linejoin": "round" }),
    s("rect", { x: 39, y: 34, width: 22, height: 6, rx: 2, fill: EDGE, stroke: INK, "stroke-width": 1.6 }));
  svg.append(flask);
  // The ingredients as drops beside the flask, each with its symbol; the identical pair: two
  // empty drops, and an equals sign on the flask.
  svg.append(drop(a, 7.5, { transform: "translate(11.5,93)" }), drop(b, 7.5, { transform: "translate(88.5,93)" }));
  if (!a) svg.append(s("path", { d: "M44,86 H56 M44,91.5 H56", stroke: INK, "stroke-width": 2, "stroke-linecap": "round" }));
  // Checked wrong this round: a stamp across the flask.
  if (wrong) {
    svg.append(s("g", { class: "stamp", transform: "translate(50,74) rotate(-12)" },
      s("rect", { x: -34, y: -9, width: 68, height: 18, rx: 3, fill: "#fbeae6", stroke: "#9b2316", "stroke-width": 1.8 }),
      s("path", { d: "M-28,-4 L-20,4 M-20,-4 L-28,4", stroke: "#9b2316", "stroke-width": 2.2, "stroke-linecap": "round" }),
      s("text", { x: 4, y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#8c1d12" }, t("hb_wrong"))));
  }
  // The pieces on the card: pharmacists along the top, cure markers along the bottom.
  const pharmacists = view.seats.map((p, seat) => (p.pharmacist === card ? seat : null)).filter((x) => x !== null);
  pharmacists.forEach((seat, i) => {
    const [x, row, k] = slot(i, pharmacists.length);
    const g = flip(s("g", { class: "piece", "data-seat": seat, transform: `translate(${x},${18 * k + row * 33}) scale(${k})` },
      s("title", {}, t("hb_pharmacist_of", { name: playerName(context, seat, t) })), token("pharmacist", seat)), `pharmacist:${seat}`);
    svg.append(g);
  });
  const markers = view.seats.map((p, seat) => (p.cure_marker?.card === card ? seat : null)).filter((x) => x !== null);
  markers.forEach((seat, i) => {
    const [x, row, k] = slot(i, markers.length);
    const side = view.seats[seat].cure_marker.side;
    const g = flip(s("g", { class: "piece", "data-seat": seat, transform: `translate(${x},${CARD_H - 18 * k - row * 33}) scale(${k})` },
      s("title", {}, t(side === "answer" ? "hb_marker_answer" : "hb_marker_follow", { name: playerName(context, seat, t) })),
      token(side === "answer" ? "answer" : "follow", seat)), `marker:${seat}:0`);
    svg.append(g);
  });
  return svg;
}

// ---- the knowledge sheet -------------------------------------------------------------------------

function cardsText(counts, t) {
  if (!counts) return "";
  return counts.map((n, i) => (n ? `${n} ${nameOf(t, GAME, COLOUR_ORDER[i])}` : null)).filter(Boolean).join(", ") || "0";
}

function knowledgeRow(entry, t, context) {
  const who = (n) => (n === undefined || n === null ? "—" : h("span", { class: "who" }, seatBadge(n, 18), playerName(context, n, t)));
  const colour = (c) => (c ? nameOf(t, GAME, c) : t("hb_unseen"));
  let by = who(entry.by ?? entry.seat);
  const what = t(`hb_k_${entry.k}`), target = who(entry.target), med = entry.medicine ?? entry.card;
  let result = "";
  switch (entry.k) {
    case "deal": by = "—"; result = t("hb_sizes", { sizes: entry.sizes.join(" / ") }) + (entry.hand ? ` · ${t("hb_my_hand")}: ${cardsText(entry.hand, t)}` : ""); break;
    case "inquiring": result = t("hb_r_inquiring", { n: entry.count, colour: colour(entry.colour), counted: colour(entry.counted) }); break;
    case "feeding": result = t("hb_r_feeding", { n: entry.count, colour: colour(entry.colour), returned: colour(entry.returned) }); break;
    case "brewing": result = t("hb_r_brewing", { n: entry.count }) + (entry.cards ? `: ${cardsText(entry.cards, t)}` : ""); break;
    case "appealing": result = t("hb_r_appealing", { n: entry.count, colour: "colour" in entry ? (entry.colour ? nameOf(t, GAME, entry.colour) : t("hb_nothing")) : t("hb_unseen") }); break;
    case "prediction": result = nameOf(t, GAME, entry.colour); break;
    case "check": result = (entry.correct ? t("hb_right") : t("hb_wrong")) + (entry.cure ? ` · ${t("hb_cure")}: ${cardsText(entry.cure, t)}` : ""); break;
    case "reveal": by = "—"; result = `${t("hb_cure")}: ${cardsText(entry.cure, t)}`; break;
    default: break;
  }
  return h("tr", { class: `k-${entry.k}` }, h("td", {}, what), h("td", {}, by), h("td", {}, target), h("td", {}, med ? medicineName(med, t) : "—"), h("td", {}, result));
}

// ---- cards passing between players ---------------------------------------------------------------
// The sheet says who gave what to whom; the entries new since the last drawing of this table are
// the last move's, and those cards fly from the giver's plate to the receiver.
const seenSheets = new Map();

function transfersOf(e) {
  switch (e.k) {
    case "inquiring": return [{ from: e.by, to: e.target, n: 1, colours: e.colour ? [e.colour] : [] }];
    case "feeding": return [{ from: e.by, to: e.target, n: 1, colours: e.colour ? [e.colour] : [] },
      { from: e.target, to: e.by, n: e.count, colours: e.returned ? [e.returned] : [] }];
    case "brewing": return [{ from: e.target, to: e.by, n: e.count, colours: (e.cards ?? []).map((n, i) => (n ? COLOUR_ORDER[i] : null)).filter(Boolean) }];
    case "appealing": return [{ from: e.target, to: e.by, n: e.count, colours: e.colour ? [e.colour] : [] }];
    default: return [];
  }
}

function freshTransfers(view, context) {
  const key = `${context.game?.id}:${context.seat}:${location.hash}`;
  const was = seenSheets.get(key);
  const sheet = view.knowledge ?? [];
  seenSheets.set(key, { round: view.round, length: sheet.length, version: context.version });
  if (!was || was.version === context.version || was.round !== view.round || context.replay) return [];
  return sheet.slice(was.length).flatMap(transfersOf).filter((x) => x.n > 0 && x.from !== undefined && x.to !== undefined && x.from !== null && x.to !== null);
}

// ---- the board -----------------------------------------------------------------------------------

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const me = context.seat;
  const mine = me !== null && me !== undefined && Array.isArray(view.hand);
  const passed = freshTransfers(view, context);

  // The round and the points that end the game, on a paper strip (the step is the prompt's; a
  // strip of constant height keeps the table below in place from move to move).
  const status = h("div", { class: "hb-status panel" },
    h("span", { class: "round" }, t("hb_round", { round: view.round, target: view.target })));

  // The medicine cards: the middle of the table.
  const wrongCards = new Set((view.knowledge ?? []).filter((e) => e.k === "check" && e.correct === false).map((e) => e.card));
  const medicines = h("div", { class: "medicines" });
  for (const card of view.medicines) {
    const wrong = wrongCards.has(card);
    const box = h("figure", { class: `medicine-card${wrong ? " wrong" : ""}`, "data-card": `medicine:${card}`, "data-medicine": card },
      medicineArt(card, view, t, context, wrong), h("figcaption", {}, medicineName(card, t)));
    tag(box, `med-${card}`, [view.seats.map((p) => p.pharmacist === card), view.seats.map((p) => p.cure_marker?.card === card && p.cure_marker.side)]);
    // What stands on the card, in words (the drawing is hidden from screen readers).
    const pieces = [...box.querySelectorAll("g.piece > title")].map((x) => x.textContent);
    if (wrong) pieces.push(t("hb_wrong"));
    if (m.bind(box, (a) => a.card === card && ["move", "answer", "follow"].includes(a.type))) {
      if (pieces.length) box.setAttribute("aria-label", `${box.getAttribute("aria-label")}. ${pieces.join("; ")}`);
    } else if (pieces.length) {
      box.append(h("span", { class: "hb-sr" }, pieces.join("; ")));
    }
    medicines.append(box);
  }

  // The action cards in play; the one being carried out carries the active player's badge.
  const actionCards = h("div", { class: "action-cards" });
  for (const card of view.action_cards) {
    const chosen = view.pending?.action === card;
    const box = h("div", { class: `action-card${chosen ? " selected" : ""}`, "data-card": `action:${card}` },
      actionIcon(card), h("span", { class: "name" }, nameOf(t, GAME, card)),
      chosen ? h("span", { class: "taker" }, seatBadge(view.active, 20)) : null);
    m.bind(box, (a) => a.type === "action" && a.card === card);
    actionCards.append(box);
  }

  // The players, as plates around the table.
  const players = h("div", { class: `players n${view.seats.length}` });
  view.seats.forEach((pub, seat) => {
    const classes = ["plate"];
    if (view.active === seat && view.phase !== "over") classes.push("active");
    if (view.pending?.target === seat) classes.push("targeted");
    if (seat === me) classes.push("me");
    // The hand size; the cards this player just received fly in from the giver's plate.
    const incoming = passed.filter((x) => x.to === seat).at(-1);
    const handSize = h("span", { class: "hand-size" }, flip(cardBack(20), `player:${seat}`), h("span", {}, `${t("hb_cards")}: ${pub.hand_size}`),
      incoming ? from(h("span", { class: "incoming" }, `+${incoming.n}`), `player:${incoming.from}`) : null);
    // The player's mat: a spot for the pharmacist and one for the cure marker, each holding its
    // token while it is off the medicine cards (an empty ring when it stands on one).
    const spot = (kind, here, id, said) => h("span", { class: `spot ${here ? "full" : "empty"}`, role: "img", "aria-label": said, title: said },
      here ? flip(tokenIcon(kind, seat), id) : emptySpot());
    const supply = h("div", { class: "supply" },
      spot("pharmacist", !pub.pharmacist, `pharmacist:${seat}`, pub.pharmacist
        ? `${t("hb_pharmacist")}: ${medicineName(pub.pharmacist, t)}` : t("hb_pharmacist_of", { name: playerName(context, seat, t) })),
      spot("answer", !pub.cure_marker, `marker:${seat}:0`, `${t("hb_marker")}: ${pub.cure_marker ? medicineName(pub.cure_marker.card, t) : t("hb_in_hand")}`));
    // "Give colour" chips, while I give: drawn over the player's figures (the same room), so the
    // table below never moves when they come and go.
    const gifts = h("div", { class: "layer gifts" });
    for (const colour of COLOUR_ORDER) {
      const give = chip(m, (a) => a.type === "give" && a.target === seat && a.colour === colour,
        t("hb_give", { colour: nameOf(t, GAME, colour) }), `give colour-${colour}`);
      if (give) {
        give.prepend(dropIcon(colour, 20));
        gifts.append(give);
      }
    }
    const giving = gifts.childNodes.length > 0;
    const box = h("section", { class: classes.join(" "), "data-seat": seat },
      h("header", {}, seatBadge(seat, 22), h("span", { class: "name" }, seatName(context, seat, t))),
      h("div", { class: `body${giving ? " giving" : ""}` },
        h("div", { class: "layer figures" },
          h("div", { class: "stats" },
            h("span", { class: "score" }, starIcon(16), h("span", {}, `${t("hb_points")}: ${pub.score}`)),
            handSize),
          supply),
        giving ? gifts : null),
      view.predictions ? h("div", { class: "preds", "data-card": "marker:prediction-marker" },
        h("span", {}, `${t("hb_predictions")}:`), pub.predictions.length
          ? pub.predictions.map((c) => h("span", { class: "pred" }, dropIcon(c, 20), nameOf(t, GAME, c))) : "—") : null);
    tag(box, `player${seat}`, [pub.score, pub.hand_size, pub.pharmacist, pub.cure_marker, pub.predictions]);
    m.bind(box, (a) => a.type === "target" && a.target === seat);
    players.append(box);
  });

  // My hand: one ingredient card per colour, with how many I hold.
  let tray = null;
  const controls = h("div", { class: "controls" },
    chip(m, (a) => a.type === "pass", t("hb_pass")),
    chip(m, (a) => a.type === "skip_prediction", null),
    chip(m, (a) => a.type === "hand_over" && a.colour === null, null));
  if (mine) {
    const hand = h("div", { class: "hand" });
    view.hand.forEach((n, i) => {
      const colour = view.colours[i];
      const card = h("div", { class: `ingredient colour-${colour}${n ? "" : " none"}${n > 1 ? " stack" : ""}`, "data-colour": colour, "data-card": `ingredient:${colour}` },
        herbIcon(colour), h("span", { class: "count" }, `×${n}`), h("span", { class: "name" }, nameOf(t, GAME, colour)));
      const arrived = passed.filter((x) => x.to === me && x.colours.includes(colour)).at(-1);
      if (arrived) from(card, `player:${arrived.from}`);
      tag(card, `hand-${colour}`, n);
      m.bind(card, (a) => (a.type === "hand_over" || a.type === "predict") && a.colour === colour);
      hand.append(card);
    });
    tray = h("section", { class: "tray panel" }, h("h4", {}, t("hb_your_hand")), hand, controls.childNodes.length ? controls : null);
  } else if (controls.childNodes.length) {
    tray = h("section", { class: "tray panel" }, controls);
  }

  // What is in the game: a key to the pieces, the deck make-up, the prediction markers left.
  const key = (kind, word, id) => h("span", { class: "key", "data-card": id }, tokenIcon(kind, null, 30), h("span", {}, word));
  const legend = h("div", { class: "legend" },
    key("pharmacist", t("hb_pharmacist"), "marker:pharmacist"),
    key("answer", t("hb_k_answer"), "marker:cure-marker"),
    key("follow", t("hb_k_follow"), "marker:cure-marker"));
  const deck = h("div", { class: "deck" }, h("span", { class: "label" }, `${t("hb_deck")}:`),
    view.colours.map((colour, i) => h("span", { class: `mini colour-${colour}`, "data-card": `ingredient:${colour}` },
      dropIcon(colour, 20), h("span", {}, `${view.ingredients[i]} ${nameOf(t, GAME, colour)}`))));
  const pool = view.predictions
    ? h("div", { class: "pool", "data-card": "marker:prediction-marker" }, h("span", { class: "label" }, `${t("hb_pool")}:`),
      view.colours.map((colour, i) => h("span", { class: "pred" }, dropIcon(colour, 20), `${view.prediction_pool?.[i] ?? 0}`))) : null;
  const info = h("section", { class: "info panel" }, legend, deck, pool);

  const last = view.last_round ? h("section", { class: "last-round panel" },
    view.last_round.card ? h("span", { class: "cure-drops" }, (view.last_round.cure ?? []).flatMap((n, i) => Array.from({ length: n }, () => dropIcon(COLOUR_ORDER[i], 22)))) : null,
    h("span", {}, t(view.last_round.winner === null ? "hb_last_round_none" : "hb_last_round", {
      round: view.last_round.round, card: view.last_round.card ? medicineName(view.last_round.card, t) : "—",
      cure: cardsText(view.last_round.cure, t),
      winner: view.last_round.winner === null ? "" : playerName(context, view.last_round.winner, t) }))) : null;

  const sheet = h("table", { class: "knowledge" },
    h("caption", {}, t("hb_knowledge", { round: view.round })),
    h("thead", {}, h("tr", {}, ["hb_what", "hb_by", "hb_target", "hb_medicine", "hb_result"].map((k) => h("th", { scope: "col" }, t(k))))),
    h("tbody", {}, (view.knowledge ?? []).map((entry) => knowledgeRow(entry, t, context))));

  container.append(h("div", { class: "board-grid herbalism" },
    status,
    players,
    h("section", { class: "zone" }, h("h4", {}, t("hb_medicines")), medicines),
    h("section", { class: "zone" }, h("h4", {}, t("hb_actions")), actionCards),
    tray,
    info,
    last,
    h("div", { class: "sheet-box panel" }, sheet)));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
