// Dschunke: the deck seen from above. Each cell shows its height (shade and number) and the crate
// on top in its owner's colour; the drawn strips; legal spots for the strip in hand, a preview on
// hover, rotation; live group scores per colour. Columns are lettered and rows numbered as in the
// terminal and the log (grid.py: three empty cells around the deck), so "from C5 to E5" names
// the same cells everywhere. Every crate and strip carries data-card = its catalogue id
// (catalogue.py), so the page shows what it does. It reads the documented view keys
// (docs/games/dschunke.md, "View keys").
import { COLOURS, card, fallback, h, highlightChanges, moves, s, seatName, tag } from "./svg.js";

const CELL = 30;
const MARGIN = 3; // empty cells drawn around the deck: grid.py's MARGIN
const RULER = 18; // room for the column letters and row numbers
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

  // ---- the deck, framed and lettered as grid.py frames it -------------------------------------------
  const xs = view.cells.map((c) => c.x), ys = view.cells.map((c) => c.y);
  const minX = Math.min(...xs) - MARGIN, maxX = Math.max(...xs) + MARGIN;
  const minY = Math.min(...ys) - MARGIN, maxY = Math.max(...ys) + MARGIN;
  const W = RULER + (maxX - minX + 1) * CELL, H = RULER + (maxY - minY + 1) * CELL;
  const px = (x) => RULER + (x - minX) * CELL, py = (y) => RULER + (y - minY) * CELL;
  const ref = (x, y) => `${columnName(x - minX)}${y - minY + 1}`;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "deck", role: "img", "aria-label": t("dj_deck") });
  svg.append(s("rect", { x: RULER, y: RULER, width: W - RULER, height: H - RULER, fill: "#cfe3ef" }));
  for (let x = minX; x <= maxX; x++) {
    svg.append(s("text", { x: px(x) + CELL / 2, y: RULER - 5, "text-anchor": "middle", "font-size": 10, class: "ruler" }, columnName(x - minX)));
  }
  for (let y = minY; y <= maxY; y++) {
    svg.append(s("text", { x: RULER - 3, y: py(y) + CELL / 2 + 3, "text-anchor": "end", "font-size": 10, class: "ruler" }, String(y - minY + 1)));
  }
  // Which placed strip shows on each cell (later strips cover earlier ones), as terminal.py tells it.
  const onTop = new Map();
  view.placed.forEach(({ x, y, dir: d }, index) => { for (const [cx, cy] of footprint(x, y, d)) onTop.set(`${cx},${cy}`, index); });
  const topCrate = new Map(view.cells.map((c) => [`${c.x},${c.y}`, c.crate]));
  const maxH = Math.max(1, ...view.cells.map((c) => c.height));
  for (const { x, y, height, crate: top } of view.cells) {
    const shade = 225 - Math.round((height / Math.max(3, maxH)) * 120);
    svg.append(card(tag(s("g", { class: "cell", "data-x": x, "data-y": y, "data-height": height, "data-ref": ref(x, y) },
      s("title", {}, `${ref(x, y)}, ${t("dj_height", { n: height })}: ${crateWord(top, t)}`),
      s("rect", { x: px(x) + 1, y: py(y) + 1, width: CELL - 2, height: CELL - 2, rx: 3,
        fill: `rgb(${shade + 20},${shade},${shade - 40})`, stroke: "#6b4f2a" }),
      s("text", { x: px(x) + 3, y: py(y) + 10, class: "height", "font-size": 9 }, String(height)),
      crate(top, px(x) + CELL / 2, py(y) + CELL / 2 + 2)), `c${x},${y}`, [height, top]), crateCard(top)));
  }
  // The start strip's "S" while its middle crate still shows (the first placement is the start strip).
  if (onTop.get("0,0") === 0) {
    svg.append(card(s("text", { x: px(0) + CELL / 2, y: py(0) + CELL / 2 + 5, "text-anchor": "middle", "font-size": 14,
      "font-weight": "bold", class: "start-mark", fill: "#6b4f2a" }, "S"), "strip:start-strip"));
  }
  // Outline the strips laid last so the joints show; one still whole on top says what it is.
  view.placed.slice(-2).forEach(({ x, y, dir: d }, i) => {
    const index = view.placed.length - 2 + i + (view.placed.length < 2 ? 1 : 0);
    const cells = footprint(x, y, d);
    const [x0, y0] = cells[0], [x2, y2] = cells[2];
    const whole = cells.every(([cx, cy]) => onTop.get(`${cx},${cy}`) === index);
    const outline = s("rect", { x: px(x0) + 2, y: py(y0) + 2, width: px(x2) - px(x0) + CELL - 4, height: py(y2) - py(y0) + CELL - 4,
      fill: "none", stroke: "#e67e22", "stroke-width": 2.5, rx: 4, class: "last-placed" });
    svg.append(whole && index > 0 ? card(outline, stripCard(cells.map(([cx, cy]) => topCrate.get(`${cx},${cy}`)))) : outline);
  });
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
    const box = card(h("figure", { class: "strip-box" }, mini, h("figcaption", {}, shown.map((c) => crateWord(c, t)).join(" · "))),
      stripCard(item.crates));
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
