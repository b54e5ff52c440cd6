// Shared helpers for the game boards: the DOM builders (re-exported from ../dom.js), dice,
// content names, and the one way a board turns a click into a move: it binds a board element to
// the legal actions the server sent (never an invented one), and the generic action list stays
// below as the fallback.

import { SVG_NS, h, s } from "../dom.js";
import { render as genericRender } from "./generic.js";

export { h, s };

export const COLOURS = {
  red: "#d64541", yellow: "#f2c230", green: "#3f9b4f", blue: "#3a6fc4", white: "#fafafa",
};

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A die centred at (x, y), ``size`` wide, in its colour with its pips. */
export function die(x, y, size, colour, value, extra = {}) {
  const half = size / 2;
  const ink = colour === "yellow" ? "#333" : "#fff";
  const g = s("g", { class: "die", transform: `translate(${x},${y})`, ...extra },
    s("rect", { x: -half, y: -half, width: size, height: size, rx: size / 6, fill: COLOURS[colour] ?? "#999", stroke: "#222", "stroke-width": 1 }));
  for (const [px, py] of PIPS[value] ?? []) {
    g.append(s("circle", { cx: px * size * 0.27, cy: py * size * 0.27, r: size * 0.09, fill: ink }));
  }
  return g;
}

/** A content name from the catalogues (``name.<game>.<id>``); the id, readable, if missing. */
export function nameOf(t, game, id) {
  if (id === null || id === undefined) return "—";
  const key = `name.${game}.${id}`;
  const text = t(key);
  return text === key ? String(id).replace(/[_-]/g, " ") : text;
}

/** The legal actions and how board elements become moves.  ``bind(node, pred, label)`` makes
 *  ``node`` play the first legal action matching ``pred`` (keyboard too); it returns whether one
 *  matched.  ``actions(pred)`` lists the matching ones. */
export function moves(legal, send, replay) {
  const list = replay ? [] : legal.map((x) => x.action);
  const labels = replay ? [] : legal.map((x) => x.label);
  let sent = false;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  function play(action) {
    if (sent) return;
    if (!list.some((a) => same(a, action))) return; // never send what the server did not offer
    sent = true;
    document.querySelectorAll(".hot").forEach((n) => n.classList.add("busy"));
    send(action);
  }
  return {
    list,
    actions: (pred) => list.filter(pred),
    has: (pred) => list.some(pred),
    play,
    bind(node, pred, label) {
      const indices = list.map((a, i) => (pred(a) ? i : -1)).filter((i) => i >= 0);
      if (!indices.length) return false;
      const index = indices[0];
      const action = list[index];
      node.dataset.acts = [...new Set(indices.map((i) => list[i].type))].join(" ");
      if (indices.length > 1) { // several moves start here: a small menu of them, on the board
        node.classList.add("hot", "many");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-haspopup", "menu");
        node.setAttribute("aria-label", label ?? labels[index]);
        node.dataset.act = action.type;
        const open = (e) => {
          e.stopPropagation();
          document.querySelectorAll(".choice-menu").forEach((x) => x.remove());
          const menu = document.createElement("div");
          menu.className = "choice-menu";
          menu.setAttribute("role", "menu");
          for (const i of indices) {
            const b = document.createElement("button");
            b.type = "button";
            b.className = "chip";
            b.dataset.act = list[i].type;
            b.textContent = labels[i];
            b.addEventListener("click", () => { menu.remove(); play(list[i]); });
            menu.append(b);
          }
          const close = document.createElement("button");
          close.type = "button";
          close.className = "chip close";
          close.textContent = "✕";
          close.addEventListener("click", () => menu.remove());
          menu.append(close);
          const board = node.closest(".board") ?? document.body;
          board.prepend(menu);
          menu.querySelector("button")?.focus();
        };
        node.addEventListener("click", open);
        node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(e); } });
        return true;
      }
      node.classList.add("hot");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", label ?? labels[index]);
      node.dataset.act = action.type;
      const title = node.namespaceURI === SVG_NS ? s("title", {}, labels[index]) : null;
      if (title) node.prepend(title); else node.title = labels[index];
      node.addEventListener("click", (e) => { e.stopPropagation(); play(action); });
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(action); }
      });
      return true;
    },
  };
}

/** A labelled chip (an HTML button on the board) for a legal action, e.g. "End my activation". */
export function chip(m, pred, text, cls = "chip") {
  const button = h("button", { type: "button", class: cls }, text ?? "");
  if (!m.bind(button, pred, text)) return null;
  if (!text) button.textContent = button.title;
  return button;
}

/** The generic list of every legal move, folded under the board: the fallback and the accessible
 *  way to play (keyboard, screen readers). */
export function fallback(container, legal, send, i18n, context) {
  if (context.replay) return;
  const details = h("details", { class: "all-moves" }, h("summary", {}, i18n.t("all_moves", { n: legal.length })));
  genericRender(details, {}, legal, send, i18n, context);
  details.querySelector(".panels")?.remove();
  container.append(details);
}

/** A seat as players read it: numbered from 1, with the table's name for it (the server's
 *  ``names``: bots numbered and in words), "(you)" for the viewer's own seat. */
export function seatName(context, seat, t) {
  const entry = context.seats?.[seat];
  if (!entry) return t("seat_n", { n: seat + 1 });
  const who = context.names?.[seat]
    || (entry.kind === "bot" ? t("bot", { level: entry.level }) : entry.kind === "open" ? t("open_seat") : entry.name);
  return `${seat + 1}: ${who}${seat === context.seat ? ` (${t("you")})` : ""}`;
}

/** A component's catalogue entry (name, kind, text, facts) by its id, or undefined: boards mark
 *  the element with ``data-card`` = that id and the shell shows the entry on hover or tap. */
export function cardEntry(context, id) {
  return typeof context.card === "function" ? context.card(id) : undefined;
}

/** Mark ``node`` as showing the catalogue entry ``id`` (tooltip, inspect panel); returns it. */
export function card(node, id) {
  if (id !== null && id !== undefined) node.dataset.card = String(id);
  return node;
}

// ---- recent changes ------------------------------------------------------------------------------
// Boards tag the parts that can change with data-key (what it is) and data-sig (what it shows);
// after drawing, parts whose signature differs from the previous drawing of the same table get
// the class "changed" (a short flash and a lasting outline until the next update).
const previous = new Map();

export function tag(node, key, signature) {
  node.dataset.key = key;
  node.dataset.sig = typeof signature === "string" ? signature : JSON.stringify(signature);
  return node;
}

export function highlightChanges(container, context) {
  const id = `${context.game?.id}:${context.seat}:${location.hash}`;
  const before = previous.get(id);
  const now = new Map();
  for (const node of container.querySelectorAll("[data-key]")) {
    now.set(node.dataset.key, node.dataset.sig);
    if (before && context.version !== before.version && before.sigs.get(node.dataset.key) !== node.dataset.sig) {
      node.classList.add("changed");
    } else if (before && context.version === before.version && before.changed.has(node.dataset.key)) {
      node.classList.add("changed"); // a redraw without a new move keeps the marks
    }
  }
  const changed = new Set([...container.querySelectorAll(".changed")].map((n) => n.dataset.key));
  previous.set(id, { version: context.version, sigs: now, changed });
}

// ---- players: one colour and one shape per seat (the shell's seats.js, shared with the plates) --
export { SEAT_COLOURS, seatBadge, seatColour, seatMark } from "../seats.js";
