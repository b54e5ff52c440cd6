// What a card does, in the page: any element a board marks with data-card="<catalogue id>" shows
// that catalogue entry (name, kind, text, facts) as a tooltip on mouse hover and keyboard focus,
// and as an inspect panel (with a close button) on a tap, on a click of a card that is not a
// move, or on a long press.  The entries come from the server's "catalogue" message, built from
// the table's own options, so a designer's content or params change shows with no build step.
// The reference tables (discharge table, deck make-up...) are drawn by referencePanel().

import { h } from "./dom.js";

const entries = new Map();
let tip = null;
let panel = null;
let words = (key) => key;
// Where a mouse pointer rests (null for touch or once it left the page): a board redrawn under a
// resting pointer (another seat's move, a catalogue in a new language) keeps the tooltip of the
// card now under it, since the browser sends no new "pointerover" until the mouse moves.
let pointer = null;

/** Keep the table's catalogue (replaces the previous one: a language switch resends it). */
export function setCatalogue(list) {
  entries.clear();
  for (const entry of list || []) if (entry && entry.id) entries.set(entry.id, entry);
  hideTip();
  tipUnderPointer();
  if (panel && entries.has(panel.dataset.entry)) inspect(panel.dataset.entry); // now in the new language
}

export function entryOf(id) {
  return entries.get(id);
}

/** The entry's words as a block: name, kind, what it does, its numbers. */
export function describeEntry(entry) {
  const facts = (entry.facts || []).filter((f) => Array.isArray(f) && f.length >= 2);
  return [
    h("p", { class: "card-name" }, h("strong", {}, entry.name ?? ""), entry.kind && entry.kind !== entry.name ? h("span", { class: "card-kind" }, ` · ${entry.kind}`) : null),
    entry.text ? h("p", { class: "card-text" }, entry.text) : null,
    facts.length ? h("dl", { class: "card-facts" }, facts.map(([k, v]) => [h("dt", {}, String(k)), h("dd", {}, String(v))])) : null,
  ];
}

function cardOf(target) {
  const node = target?.closest?.("[data-card]");
  return node && entries.has(node.dataset.card) ? node : null;
}

function showTip(node) {
  const entry = entries.get(node.dataset.card);
  if (!entry) return;
  if (!tip) {
    tip = h("div", { id: "card-tip", role: "tooltip", class: "card-tip" });
    document.body.append(tip);
  }
  tip.replaceChildren(...describeEntry(entry).filter(Boolean));
  tip.dataset.entry = entry.id;
  tip.hidden = false;
  node.setAttribute("aria-describedby", "card-tip");
  const box = node.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
  tip.style.left = `${left + window.scrollX}px`;
  const below = box.bottom + 6;
  const height = tip.offsetHeight;
  const top = below + height > window.innerHeight && box.top - height - 6 > 0 ? box.top - height - 6 : below;
  tip.style.top = `${top + window.scrollY}px`;
}

function hideTip() {
  if (tip) tip.hidden = true;
}

/** After a redraw: the tooltip of the card under a resting mouse pointer, if any (a focused
 * card keeps its own). */
function tipUnderPointer() {
  if (!pointer || cardOf(document.activeElement)) return;
  const node = cardOf(document.elementFromPoint(pointer.x, pointer.y));
  if (node) showTip(node);
  else hideTip();
}

/** The inspect panel: a dialog-like box with the entry and a 44-px close button. */
export function inspect(id) {
  const entry = entries.get(id);
  if (!entry) return;
  hideTip();
  closePanel();
  const close = h("button", { type: "button", class: "card-close", id: "card-close", "aria-label": words("close") }, "✕");
  panel = h("div", { id: "card-panel", class: "card-panel", role: "dialog", "aria-modal": "false", "aria-label": entry.name ?? "",
    "data-entry": entry.id }, close, ...describeEntry(entry).filter(Boolean));
  const opener = document.activeElement;
  close.addEventListener("click", () => { closePanel(); opener?.focus?.(); });
  panel.addEventListener("keydown", (e) => { if (e.key === "Escape") { closePanel(); opener?.focus?.(); } });
  document.body.append(panel);
  close.focus();
}

export function closePanel() {
  panel?.remove();
  panel = null;
}

/** Make a freshly drawn board's cards reachable by keyboard (a move already is). */
export function prepareCards(root) {
  for (const node of root.querySelectorAll("[data-card]")) {
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  }
}

// A card that is also a move (class "hot", or inside one) plays on a tap; its panel opens with a
// long press (the browser's "contextmenu" on touch) so a tap never does two things.
function isMove(node) {
  return Boolean(node.closest(".hot"));
}

/** Listen once, on the whole document (boards are redrawn on every update). */
export function installCards(t) {
  words = t;
  let touched = 0;
  document.addEventListener("pointermove", (e) => {
    pointer = e.pointerType === "touch" ? null : { x: e.clientX, y: e.clientY };
  }, { passive: true });
  document.documentElement.addEventListener("pointerleave", () => { pointer = null; });
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType === "touch") return;
    pointer = { x: e.clientX, y: e.clientY };
    const node = cardOf(e.target);
    if (node) showTip(node);
    else if (!cardOf(document.activeElement)) hideTip(); // also after a redraw took the card away
  });
  document.addEventListener("pointerout", (e) => {
    const node = cardOf(e.target);
    if (node && !node.contains(e.relatedTarget) && document.activeElement !== node) hideTip();
  });
  document.addEventListener("focusin", (e) => {
    const node = cardOf(e.target);
    if (node) showTip(node); else hideTip();
  });
  document.addEventListener("focusout", () => hideTip());
  document.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") touched = Date.now(); });
  document.addEventListener("click", (e) => {
    const node = cardOf(e.target);
    if (!node || isMove(node)) return;
    // A control inside a card (a board's "Rotate" button) does its own job, not the card's.
    const control = e.target.closest?.("button, a, input, select, textarea, summary, [role='button']");
    if (control && node.contains(control) && control !== node) return;
    e.preventDefault();
    inspect(node.dataset.card);
  });
  document.addEventListener("contextmenu", (e) => {
    const node = cardOf(e.target);
    if (!node || Date.now() - touched > 2000) return;
    e.preventDefault();
    inspect(node.dataset.card);
  });
  // A card drawn later (a board's own redraw, a menu) becomes focusable as it appears, and the
  // card under a resting pointer shows its tooltip again.
  // (The tooltip's own changes are left out: showing it must not wake the observer again.)
  new MutationObserver((records) => {
    if (records.every((r) => tip?.contains(r.target))) return;
    prepareCards(document.body);
    tipUnderPointer();
  })
    .observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-card"] });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { hideTip(); pointer = null; } // dismissed until the mouse moves again
    // Enter or Space on a card that is not a move opens its panel, as a tap does.
    if ((e.key === "Enter" || e.key === " ") && e.target.matches?.("[data-card]") && !isMove(e.target) && entries.has(e.target.dataset.card)) {
      e.preventDefault();
      inspect(e.target.dataset.card);
      return;
    }
    // "i" on a focused card opens its panel (for a card that is also a move, where Enter plays).
    if ((e.key === "i" || e.key === "I") && !e.ctrlKey && !e.metaKey) {
      const node = cardOf(document.activeElement);
      if (node && !["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) inspect(node.dataset.card);
    }
  });
}

/** The reference tables (all cells already words) as one folded "Reference" card. */
export function referencePanel(tables, t) {
  if (!tables || !tables.length) return null;
  return h("details", { class: "card reference", id: "reference" },
    h("summary", {}, t("reference")),
    tables.map((table) => h("div", { class: "reference-table" },
      h("table", { class: "list" },
        h("caption", {}, table.title ?? ""),
        h("thead", {}, h("tr", {}, (table.columns || []).map((c) => h("th", { scope: "col" }, String(c))))),
        h("tbody", {}, (table.rows || []).map((row) => h("tr", {}, row.map((cell) => h("td", {}, String(cell))))))),
      table.note ? h("p", { class: "muted" }, table.note) : null)));
}
