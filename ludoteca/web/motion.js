// The last move, in motion.  Every update redraws the whole board, so nothing on the page moves
// by itself: a board says what a thing *is* and the shell animates the difference between two
// drawings.
//
//   flip(node, "die:5")        the same thing in every drawing (a die, a pharmacist, a card):
//                              drawn elsewhere before, it slides from there; new, it pops in.
//   from(node, "ambulance:2")  a thing that arrives now from where another thing was drawn
//                              before (a die from its ambulance, a card from a player's hand).
//
// The shell calls ``remember(container)`` before it redraws and ``play(container)`` after.  The
// first drawing of a table, a redraw without a new move, and a reader who asked for reduced
// motion (``prefers-reduced-motion: reduce``) get no animation at all.  ``body[data-motion]``
// counts the animations the page has started (the browser tests read it).

const DURATION = 420;
const EASING = "cubic-bezier(.2,.7,.2,1)";
let before = null; // {key, version, rects: Map(id -> DOMRect)}
let played = 0;

/** Whether the reader asked the system for reduced motion. */
export function reduced() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Mark ``node`` as the thing ``id``: the same id in the next drawing is the same thing. */
export function flip(node, id) {
  node.dataset.flip = String(id);
  return node;
}

/** Mark ``node`` as arriving from where the thing ``id`` was drawn before. */
export function from(node, id) {
  if (id !== null && id !== undefined) node.dataset.from = String(id);
  return node;
}

/** Where ``node`` is drawn, relative to the board's own box: a board that as a whole moves down
 *  the page (a longer prompt, an Undo button appearing) moves nothing on it. */
function place(node, origin) {
  const r = node.getBoundingClientRect();
  return { left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height };
}

function rects(container) {
  const found = new Map();
  const origin = container.getBoundingClientRect();
  for (const node of container.querySelectorAll("[data-flip]")) {
    const r = place(node, origin);
    if (r.width || r.height) found.set(node.dataset.flip, r);
  }
  return found;
}

/** Before a redraw: where every marked thing is now.  ``key`` names the table and seat shown,
 *  ``version`` the drawing's move number (nothing moves between two drawings of one version). */
export function remember(container, key, version) {
  // Nothing will move for a reader who asked for reduced motion: do not lay the old page out
  // once more just to measure it.
  before = container && !reduced() ? { key, version, rects: rects(container) } : null;
}

/** Screen pixels per CSS pixel of ``node``'s own coordinates: for an SVG element its parent's
 *  user units (the ``translate`` property composes with a ``transform`` attribute there). */
function scaleOf(node) {
  const ctm = node instanceof SVGElement ? node.parentNode?.getScreenCTM?.() : null;
  return [ctm?.a || 1, ctm?.d || 1];
}

function slide(node, from, to, [sx, sy]) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return false;
  node.animate([{ translate: `${dx / sx}px ${dy / sy}px` }, { translate: "0px 0px" }],
    { duration: DURATION, easing: EASING, id: "ludoteca-move" });
  return true;
}

function popIn(node) {
  node.animate([{ opacity: 0, scale: "0.6" }, { opacity: 1, scale: "1" }],
    { duration: DURATION, easing: EASING, id: "ludoteca-move" });
}

/** After a redraw: animate what moved since ``remember``, if anything did and motion is wanted.
 *  Returns how many animations started. */
export function play(container, key, version) {
  const last = before;
  before = null;
  let started = 0;
  if (last && last.key === key && last.version !== version && !reduced()) {
    // Every place is read first and every animation started after: an animation started
    // between two reads would make the browser lay the page out again for the next one.
    const origin = container.getBoundingClientRect();
    const nodes = [...container.querySelectorAll("[data-flip], [data-from]")];
    const places = nodes.map((node) => place(node, origin));
    const scales = nodes.map(scaleOf);
    nodes.forEach((node, i) => {
      const id = node.dataset.flip, now = places[i];
      const was = id !== undefined ? last.rects.get(id) : undefined;
      if (!now.width && !now.height) return;
      if (was) {
        if (slide(node, was, now, scales[i])) started++;
      } else if (node.dataset.from && last.rects.has(node.dataset.from)) {
        slide(node, last.rects.get(node.dataset.from), now, scales[i]);
        started++;
      } else if (id !== undefined && last.rects.size) {
        popIn(node);
        started++;
      }
    });
  }
  played += started;
  document.body.dataset.motion = String(played);
  return started;
}
