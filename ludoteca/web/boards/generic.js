// The generic board: works for every game through the contract alone.
// The view becomes readable panels; the legal actions become labelled buttons.
//
// Board module interface (every file in /static/boards/<game-id>.js exports the same):
//   render(container, view, legalActions, send, i18n, context)
//     container     an empty element to draw into (redrawn on every update)
//     view          the seat's view (state.view(seat)), or a spectator's view
//     legalActions  [{action, label}] in the game's order; [] when this seat has nothing to do
//     send(action)  submit one of legalActions[i].action for this seat
//     i18n          {t(key, vars), lang}
//     context       {seat, seats, game, version, replay}

import { h } from "../dom.js";

const HEADER = new Set(["game", "players", "seat", "version", "to_move", "is_over", "winners"]);
const MAX_ROWS = 60;

export function render(container, view, legalActions, send, i18n, context = {}) {
  const { t } = i18n;
  const panels = h("div", { class: "panels" });
  for (const [key, value] of Object.entries(view)) {
    if (HEADER.has(key)) continue;
    const panel = h("section", { class: isWide(value) ? "panel wide" : "panel" });
    panel.dataset.key = key;
    panel.append(h("h4", {}, humanize(key)), renderValue(value, t));
    panels.append(panel);
  }
  container.append(panels);
  if (context.replay) return;
  const box = h("section", { class: "actions" });
  box.append(h("h3", {}, t("your_move")));
  if (!legalActions.length) {
    box.append(h("p", { class: "muted" }, t("no_moves")));
    container.append(box);
    return;
  }
  const buttons = h("div", { class: "buttons" });
  legalActions.forEach(({ action, label }, index) => {
    const button = h("button", { class: "action" }, label);
    button.type = "button";
    button.dataset.index = String(index);
    button.dataset.action = JSON.stringify(action);  // for tests and tools; people read the label
    button.addEventListener("click", () => {
      for (const b of buttons.querySelectorAll("button")) b.disabled = true;
      send(action);
    });
    buttons.append(button);
  });
  if (legalActions.length > 12) {
    const filter = h("input");
    filter.type = "search";
    filter.placeholder = t("filter");
    filter.className = "filter";
    filter.addEventListener("input", () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const b of buttons.children) {
        const text = b.textContent.toLowerCase();
        b.hidden = !words.every((w) => text.includes(w));
      }
    });
    box.append(filter);
  }
  box.append(buttons);
  container.append(box);
}

function renderValue(value, t) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return h("span", {}, value ? t("yes") : t("no"));
  if (typeof value !== "object") return h("span", {}, String(value));
  if (Array.isArray(value)) return renderList(value, t);
  const dl = h("dl");
  for (const [k, v] of Object.entries(value)) {
    dl.append(h("dt", {}, humanize(k)));
    const dd = h("dd");
    dd.append(renderValue(v, t));
    dl.append(dd);
  }
  return dl;
}

function renderList(list, t) {
  if (!list.length) return h("span", { class: "muted" }, "—");
  if (list.every((x) => x === null || typeof x !== "object")) {
    return h("span", {}, list.map((x) => (x === null ? "—" : String(x))).join(", "));
  }
  const table = h("table");
  const rows = list.slice(0, MAX_ROWS);
  if (rows.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
    const keys = [...new Set(rows.flatMap((x) => Object.keys(x)))];
    const head = h("tr");
    for (const k of keys) head.append(h("th", {}, humanize(k)));
    table.append(head);
    for (const row of rows) {
      const tr = h("tr");
      for (const k of keys) {
        const td = h("td");
        td.append(renderValue(row[k], t));
        tr.append(td);
      }
      table.append(tr);
    }
  } else {
    for (const row of rows) {
      const tr = h("tr");
      for (const cell of Array.isArray(row) ? row : [row]) {
        const td = h("td");
        td.append(renderValue(cell, t));
        tr.append(td);
      }
      table.append(tr);
    }
  }
  const box = h("div");
  box.append(table);
  if (list.length > MAX_ROWS) box.append(h("p", { class: "muted" }, t("more_rows", { n: list.length - MAX_ROWS })));
  return box;
}

// Tables of records and nested structures get the full width; scalars share a row.
function isWide(value) {
  if (Array.isArray(value)) return value.some((x) => x !== null && typeof x === "object");
  return value !== null && typeof value === "object" && Object.values(value).some((x) => x !== null && typeof x === "object");
}

function humanize(key) {
  const words = String(key).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
