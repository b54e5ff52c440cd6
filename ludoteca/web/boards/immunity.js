// Immunity: each player's body (organs with damage and tumours, immune cells, oxygen, Environments
// 1 and 2, infections with their extension counters, memory, the environment card of the turn), my
// hand and the life line. Every cell, pathogen, medical and environment card and organ carries
// data-card = its catalogue id (catalogue.py: "cell:neutrophil", "pathogen:measles", ...), so the
// page shows what it does and its numbers on hover or tap. Reads the view keys documented in
// docs/games/immunity.md ("View keys").
import { card, cardEntry, chip, fallback, h, highlightChanges, moves, nameOf, s, seatName, tag } from "./svg.js";

const GAME = "immunity";
const ORGANS = ["respiratory", "digestive", "circulatory", "nervous", "skin", "liver"];
const ORGAN_COLOURS = { respiratory: "#7fb3d5", digestive: "#f0b27a", circulatory: "#e74c3c", nervous: "#bb8fce", skin: "#f5cba7", liver: "#a04000" };
const TRACK = 8; // the shipped damage track; the catalogue's organ entry gives this table's own

/** An organ's damage boxes: the first fact of its catalogue entry (catalogue.py, _organ). */
function boxesOf(context, organ) {
  const n = Number(cardEntry(context, `organ:${organ}`)?.facts?.[0]?.[1]);
  return Number.isInteger(n) && n > 0 && n <= 30 ? n : TRACK;
}

function lifeLine(view, t) {
  const svg = s("svg", { viewBox: "0 0 330 40", class: "life-line", role: "img", "aria-label": t("im_life_line") });
  for (let turn = 1; turn <= view.turns; turn++) {
    const x = 20 + (turn - 1) * 40;
    const stage = turn <= 2 ? "#aed6f1" : turn <= 6 ? "#abebc6" : "#f9e79f";
    svg.append(s("rect", { x: x - 16, y: 6, width: 34, height: 20, rx: 4, fill: stage, stroke: turn === view.turn ? "#c0392b" : "#888", "stroke-width": turn === view.turn ? 3 : 1 }),
      s("text", { x, y: 21, "text-anchor": "middle", "font-size": 12 }, String(turn)));
  }
  svg.append(s("text", { x: 2, y: 38, "font-size": 9 }, `${view.stage ? `${t(`im_stage_${view.stage}`)} · ` : ""}${view.phase_number >= 1 && view.phase_number <= 5 ? t("im_phase", { n: view.phase_number }) : ""}`));
  return svg;
}

function organs(board, seat, m, t, context) {
  const svg = s("svg", { viewBox: "0 0 300 132", class: "organs", role: "img", "aria-label": t("im_organs") });
  ORGANS.forEach((organ, i) => {
    const y = 4 + i * 21;
    const damage = board.damage[organ] ?? 0, tumours = board.tumours[organ] ?? 0;
    const boxes = boxesOf(context, organ);
    const width = Math.min(15, 150 / boxes);
    const g = card(s("g", { class: "organ", "data-organ": organ, "data-damage": damage },
      s("title", {}, `${nameOf(t, GAME, organ)}: ${t("im_damage")} ${damage}/${boxes}, ${t("im_tumours")} ${tumours}`),
      s("rect", { x: 0, y, width: 100, height: 18, rx: 3, fill: ORGAN_COLOURS[organ] ?? "#ccc" }),
      s("text", { x: 4, y: y + 13, "font-size": 10 }, nameOf(t, GAME, organ).slice(0, 18))), `organ:${organ}`);
    for (let k = 0; k < boxes; k++) {
      g.append(s("rect", { x: 104 + k * width, y: y + 2, width: width - 2, height: 14, rx: 2, fill: k < damage ? "#922b21" : "#f4f6f6", stroke: "#aaa" }));
    }
    for (let k = 0; k < tumours; k++) g.append(s("circle", { cx: 262 + k * 12, cy: y + 9, r: 5, fill: "#6c3483", class: "tumour" }));
    tag(g, `organ${seat}-${organ}`, [damage, tumours]);
    m.bind(g, (a) => a.type === "clear_tumour" && a.organ === organ && seat === "me");
    svg.append(g);
  });
  return svg;
}

function pile(entries, t, label) {
  return h("div", { class: "env" }, h("b", {}, label), " ",
    entries.length ? entries.map((e) => card(h("span", { class: `env-card ${e.face_up ? "up" : "down"}` },
      e.pathogen ? nameOf(t, GAME, e.pathogen) : t("im_face_down"), e.vector_token ? ` (${t("im_token")})` : ""),
    e.pathogen ? `pathogen:${e.pathogen}` : null)) : h("span", { class: "muted" }, "—"));
}

function body(view, seat, mine, m, t, context) {
  const board = view.seats[seat];
  const acting = view.to_move.includes(seat);
  const cells = h("table", { class: "cells" }, h("tr", {}, h("th", {}, t("im_cells")), h("th", {}, t("im_owned")), h("th", {}, t("im_used"))));
  for (const [cell, n] of Object.entries(board.cells)) {
    const row = tag(h("tr", { "data-cell": cell }, card(h("td", {}, nameOf(t, GAME, cell)), `cell:${cell}`),
      h("td", { "aria-label": String(n) }, "●".repeat(n) || "·"),
      h("td", {}, String(board.cells_used[cell] ?? 0))), `cell${seat}-${cell}`, [n, board.cells_used[cell]]);
    if (mine) m.bind(row, (a) => a.type === "buy" && a.cell === cell);
    cells.append(row);
  }
  const infections = h("ul", { class: "infections" });
  board.infections.forEach((inf, i) => {
    const item = h("li", { class: "infection", "data-infection": i }, card(h("b", {}, nameOf(t, GAME, inf.pathogen)), `pathogen:${inf.pathogen}`), " ",
      h("span", { class: "counters", title: t("im_counters") }, "◆".repeat(inf.counters)), ` ${t("im_counters_n", { n: inf.counters })}`);
    tag(item, `inf${seat}-${i}`, inf);
    if (mine) m.bind(item, (a) => (a.type === "clear" || a.type === "spread") && a.infection === i);
    infections.append(item);
  });
  if (!board.infections.length) infections.append(h("li", { class: "muted" }, t("im_no_infection")));
  const roll = view.rolls?.[seat];
  const played = (board.environment_played ?? []).map((e) => card(h("span", { class: "env-played" }, nameOf(t, GAME, e)), `environment:${e}`));
  return h("section", { class: `body${acting ? " active" : ""}${mine ? " mine" : ""}`, "data-seat": seat },
    h("h4", {}, seatName(context, seat, t), ` · ${t("im_health")}: ${board.health} · ${t("im_defence")}: ${board.defence}`,
      roll ? ` · ${t("im_die", { n: roll })}` : ""),
    organs(board, mine ? "me" : seat, m, t, context),
    h("p", {}, `${t("im_oxygen")}: ${board.oxygen} · ${t("im_reserve")}: ${board.stored_oxygen}` +
      ` · ${t("im_hand")}: ${board.hand_counts.medical} + ${board.hand_counts.pathogen}`),
    played.length ? h("p", { class: "env-turn" }, h("b", {}, t("im_env_card")), " ", ...played) : null,
    tag(pile(board.environment_1, t, t("im_env1")), `env1-${seat}`, board.environment_1),
    tag(pile(board.environment_2, t, t("im_env2")), `env2-${seat}`, board.environment_2),
    h("div", {}, h("b", {}, t("im_infections")), infections),
    cells,
    board.memory.length ? h("p", { class: "muted" }, `${t("im_memory")}: `,
      ...board.memory.flatMap((p, k) => [k ? ", " : "", card(h("span", {}, nameOf(t, GAME, p)), `pathogen:${p}`)])) : null);
}

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const me = context.seat ?? null;
  const bodies = h("div", { class: "bodies" });
  const order = view.seats.map((_, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  for (const seat of order) bodies.append(body(view, seat, seat === me, m, t, context));
  let hand = null;
  if (view.hand) {
    hand = h("div", { class: "hand" }, h("h4", {}, t("im_your_hand")));
    for (const [kind, cards] of [["medical", view.hand.medical], ["pathogen", view.hand.pathogen]]) {
      cards.forEach((id) => {
        const node = card(h("div", { class: `hand-card ${kind}` }, h("small", {}, t(`im_${kind}`)), h("br"), nameOf(t, GAME, id)), `${kind}:${id}`);
        m.bind(node, (a) => a.card === id && ["medical", "discard", "spread_card", "expose"].includes(a.type));
        hand.append(node);
      });
    }
  }
  const decks = h("p", { class: "muted" }, t("im_decks", { pathogen: view.decks.pathogen, medical: view.decks.medical, environment: view.decks.environment }));
  container.append(h("div", { class: "board-grid immunity" }, lifeLine(view, t), decks,
    h("div", { class: "controls" }, chip(m, (a) => a.type === "done", t("im_done"))), hand, bodies));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
