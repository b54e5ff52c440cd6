// Players' colours and marks, shared by the shell (the seat plates around the board) and every
// board (owner marks).  Seats count from 0 here, as in the view.
import { s } from "./dom.js";

// The same five pairs colour the seat plates around the board, the log and every board's owner
// marks.  Each colour has at least 4.5:1 contrast with white (text on it stays readable) and the
// shapes differ in outline, so a greyscale print or a colour-blind reader still tells them apart.
export const SEAT_COLOURS = ["#1f5fa8", "#b03a2e", "#1d7042", "#7a3b94", "#8a5300"];
const SEAT_SHAPES = [
  (r) => s("circle", { r }),
  (r) => s("path", { d: `M0,${-r * 1.15} L${r * 1.1},${r * 0.8} L${-r * 1.1},${r * 0.8} Z` }),
  (r) => s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8 }),
  (r) => s("path", { d: `M0,${-r * 1.2} L${r * 1.1},0 L0,${r * 1.2} L${-r * 1.1},0 Z` }),
  (r) => s("path", { d: starPath(r * 1.2, r * 0.5) }),
];

function starPath(outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? inner : outer, angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join(" L")} Z`;
}

// A game whose players have colours of their own (Dschunke's red and green crates) lends them
// to the page: the board module's optional ``seatColours(view)``, set by the shell per drawing.
let lent = null;

/** Use these colours for the seats (a list, by seat), or the site's own again (null). */
export function useSeatColours(colours) {
  lent = Array.isArray(colours) && colours.length ? colours : null;
}

/** The colour of a seat (seats count from 0 here, as in the view). */
export function seatColour(seat) {
  return lent?.[seat] ?? SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A seat's owner mark as an SVG group centred on (0, 0), ``r`` its radius: the seat's shape in
 *  its colour on a small white tile of its own, so that what lies under the mark never changes
 *  how it looks.  It carries ``data-owner-mark`` (the greyscale test compares these).
 *  Translate it where it belongs (``attrs.transform``). */
export function seatMark(seat, r = 7, attrs = {}) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length](r);
  shape.setAttribute("fill", seatColour(seat));
  const side = r * 2.9;
  return s("g", { class: "seat-mark", "data-owner-mark": seat, "aria-hidden": "true", ...attrs },
    s("rect", { x: -side / 2, y: -side / 2, width: side, height: side, rx: r * 0.5, fill: "#fff", stroke: "#5a5346", "stroke-width": Math.max(0.75, r / 8) }),
    shape);
}

/** The same mark as a small inline SVG for HTML text (a plate, a log line, a score row). */
export function seatBadge(seat, size = 18) {
  const r = size / 2.9;
  return s("svg", { class: "seat-badge", width: size, height: size, viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`,
    "aria-hidden": "true", focusable: "false" }, seatMark(seat, r));
}
