// Dschunke: the deck seen from above. Each cell shows its height (shade and number) and the crate
// on top in its owner's colour; the drawn strips; legal spots for the strip in hand, a preview on
// hover, rotation; live group scores per colour. It reads the documented view keys
// (docs/games/dschunke.md, "View keys").
import { COLOURS, fallback, h, highlightChanges, moves, s, seatName, tag } from "./svg.js";

const CELL = 30;
const DIRS = ["E", "S", "W", "N"];
let rotation = 0; // kept across redraws: the player's chosen direction

const SHAPES = {
  rice: (c) => s("circle", { r: 7, fill: c, stroke: "#222" }),
  vegetables: (c) => s("path", { d: "M0,-8 L8,7 L-8,7 Z", fill: c, stroke: "#222" }),
  spice: (c) => s("path", { d: "M0,-8 L8,0 L0,8 L-8,0 Z", fill: c, stroke: "#222" }),
  fish: (c) => s("ellipse", { rx: 9, ry: 5, fill: c, stroke: "#222" }),
  rat: (c) => s("g", {}, s("circle", { r: 7, fill: "#fff", stroke: c, "stroke-width": 3 }),
    s("path", { d: "M-4,-4 L4,4 M4,-4 L-4,4", stroke: c, "stroke-width": 2.5 })),
};

function crate(name, x, y) {
  if (!name || name === "empty") return null;
  const [colour, good] = name.split(" ");
  return s("g", { transform: `translate(${x},${y})`, class: `crate ${colour}` }, SHAPES[good]?.(COLOURS[colour]) ?? null);
}

function crateWord(name, t) {
  if (!name || name === "empty") return t("dj_empty");
  const [colour, good] = name.split(" ");
  return t("dj_crate", { good: t(`dj_${good}`), colour: t(`colour_${colour}`) });
}

function footprint(x, y, dir) {
  return dir === "E" || dir === "W" ? [[x, y], [x + 1, y], [x + 2, y]] : [[x, y], [x, y + 1], [x, y + 2]];
}

function inOrder(crates, dir) { return dir === "W" || dir === "N" ? [...crates].reverse() : crates; }

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

  // ---- the deck ---------------------------------------------------------------------------------
  const xs = view.cells.map((c) => c.x).concat(spots.flatMap((a) => footprint(a.x, a.y, a.dir).map((c) => c[0])));
  const ys = view.cells.map((c) => c.y).concat(spots.flatMap((a) => footprint(a.x, a.y, a.dir).map((c) => c[1])));
  const minX = Math.min(...xs) - 1, maxX = Math.max(...xs) + 1, minY = Math.min(...ys) - 1, maxY = Math.max(...ys) + 1;
  const W = (maxX - minX + 1) * CELL, H = (maxY - minY + 1) * CELL;
  const px = (x) => (x - minX) * CELL, py = (y) => (y - minY) * CELL;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "deck", role: "img", "aria-label": t("dj_deck") });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "#cfe3ef" }));
  const maxH = Math.max(1, ...view.cells.map((c) => c.height));
  for (const { x, y, height, crate: top } of view.cells) {
    const shade = 225 - Math.round((height / Math.max(3, maxH)) * 120);
    svg.append(tag(s("g", { class: "cell", "data-x": x, "data-y": y, "data-height": height },
      s("title", {}, `(${x}, ${y}) ${t("dj_height", { n: height })}: ${crateWord(top, t)}`),
      s("rect", { x: px(x) + 1, y: py(y) + 1, width: CELL - 2, height: CELL - 2, rx: 3,
        fill: `rgb(${shade + 20},${shade},${shade - 40})`, stroke: "#6b4f2a" }),
      s("text", { x: px(x) + 3, y: py(y) + 10, class: "height", "font-size": 9 }, String(height)),
      crate(top, px(x) + CELL / 2, py(y) + CELL / 2 + 2)), `c${x},${y}`, [height, top]));
  }
  // Outline every placed strip so the joints show.
  for (const { x, y, dir: d } of view.placed.slice(-2)) {
    const cells = footprint(x, y, d);
    const [x0, y0] = cells[0], [x2, y2] = cells[2];
    svg.append(s("rect", { x: px(x0) + 2, y: py(y0) + 2, width: px(x2) - px(x0) + CELL - 4, height: py(y2) - py(y0) + CELL - 4,
      fill: "none", stroke: "#e67e22", "stroke-width": 2.5, rx: 4, class: "last-placed" }));
  }
  const preview = s("g", { class: "preview", "pointer-events": "none" });
  if (strip) {
    for (const action of spots) {
      const hot = s("rect", { x: px(action.x) + 4, y: py(action.y) + 4, width: CELL - 8, height: CELL - 8, rx: 4,
        class: "spot", fill: "rgba(255,255,255,.35)", stroke: "#2a6f97", "stroke-dasharray": "3 2", "data-x": action.x, "data-y": action.y });
      m.bind(hot, (a) => a === action);
      const show = () => {
        preview.replaceChildren();
        const crates = inOrder(strip.crates, action.dir);
        footprint(action.x, action.y, action.dir).forEach(([cx, cy], i) => {
          preview.append(s("rect", { x: px(cx) + 1, y: py(cy) + 1, width: CELL - 2, height: CELL - 2, rx: 3,
            fill: "rgba(255,250,220,.9)", stroke: "#2a6f97", "stroke-width": 2 }), crate(crates[i], px(cx) + CELL / 2, py(cy) + CELL / 2 + 2));
        });
      };
      hot.addEventListener("mouseenter", show);
      hot.addEventListener("focus", show);
      hot.addEventListener("mouseleave", () => preview.replaceChildren());
      svg.append(hot);
    }
  }
  svg.append(preview);

  // ---- drawn strips, rotation, scores -------------------------------------------------------------
  const hand = h("div", { class: "strips" }, h("h4", {}, t("dj_drawn")));
  for (const item of view.drawn) {
    const shown = item.tile === tile ? inOrder(item.crates, dir) : item.crates;
    const vertical = item.tile === tile && (dir === "S" || dir === "N");
    const mini = s("svg", { viewBox: vertical ? "0 0 30 90" : "0 0 90 30", class: `strip${item.tile === tile ? " selected" : ""}`,
      width: vertical ? 30 : 90, height: vertical ? 90 : 30, "data-tile": item.tile });
    shown.forEach((c, i) => {
      const [cx, cy] = vertical ? [0, i * 30] : [i * 30, 0];
      mini.append(s("rect", { x: cx + 1, y: cy + 1, width: 28, height: 28, rx: 3, fill: "#e8d3a9", stroke: "#6b4f2a" }), crate(c, cx + 15, cy + 17));
    });
    const box = h("figure", { class: "strip-box" }, mini, h("figcaption", {}, shown.map((c) => crateWord(c, t)).join(" · ")));
    m.bind(box, (a) => a.type === "pick" && a.tile === item.tile);
    hand.append(box);
  }
  if (!view.drawn.length) hand.append(h("p", { class: "muted" }, t("dj_pile", { n: view.pile_size })));
  if (strip) {
    const turn = h("button", { type: "button", class: "chip rotate", id: "rotate" }, `⟳ ${t("dj_rotate")} (${t(`dj_dir_${dir}`)})`);
    turn.addEventListener("click", () => { rotation = (DIRS.indexOf(dir) + 1) % 4; container.replaceChildren(); render(container, view, legal, send, i18n, context); });
    hand.append(turn, h("p", { class: "muted" }, t("dj_place_help")));
  }
  const scores = h("table", { class: "scores" }, h("tr", {}, h("th", {}, ""), h("th", {}, t("dj_groups")), h("th", {}, t("dj_rats")), h("th", {}, t("dj_score"))));
  view.seats.forEach(({ colour, rats }, seat) => {
    const groups = view.groups.filter((g) => g.seat === seat).map((g) => `${g.cells.length}→${g.points}`).join(", ");
    scores.append(h("tr", { class: view.to_move.includes(seat) ? "to-move" : "" },
      h("th", { style: `color:${COLOURS[colour]}` }, `${t(`colour_${colour}`)} (${seatName(context, seat, t)})`),
      h("td", {}, groups || "—"), h("td", {}, String(rats)), tag(h("td", { class: "score" }, String(view.scores[seat])), `score${seat}`, view.scores[seat])));
  });
  container.append(h("div", { class: "board-grid dschunke" },
    h("div", { class: "deck-box" }, svg),
    h("div", { class: "side" }, hand, h("section", { class: "card" }, h("h4", {}, t("dj_live_scores")), scores,
      h("p", { class: "muted" }, t("dj_pile", { n: view.pile_size }))))));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
