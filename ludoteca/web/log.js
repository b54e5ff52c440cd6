// The table's log as a player reads it: the server's sentences (names, past tense, in the
// connection's language), grouped under the lines that start a round or turn ("section").
// A state message with log "all" carries the whole history and replaces the page's log (after
// a join, a reload or a language switch); "new" appends.  An undo forgets the lines of the moves
// taken back.

import { h } from "./dom.js";
import { seatBadge } from "./seats.js";

export function newLog() {
  return { entries: [], logged: -1 };
}

/** Fold one state message's events into the log. */
export function takeEvents(log, message) {
  const events = Array.isArray(message.events) ? message.events : [];
  if (message.log === "all") {
    log.entries = events.slice();
    log.logged = Math.max(-1, ...events.map((e) => e.version));
    return;
  }
  if (message.version < log.logged) { // moves were taken back (undo): forget their events
    log.entries = log.entries.filter((e) => e.version <= message.version);
    log.logged = message.version;
  }
  for (const entry of events) if (entry.version > log.logged) log.entries.push(entry);
  if (events.length) log.logged = Math.max(log.logged, ...events.map((e) => e.version));
}

/** The log as groups: a section line heads its group; lines before any section form the first. */
export function drawLog(log, version) {
  const latest = log.entries.length ? log.entries[log.entries.length - 1].version : -1;
  const mark = (e) => (e.version === latest ? "recent" : e.version >= version - 2 ? "fresh" : "");
  const groups = [];
  for (const entry of log.entries) {
    if (entry.section || !groups.length) groups.push({ head: entry.section ? entry : null, lines: [] });
    if (!entry.section) groups[groups.length - 1].lines.push(entry);
  }
  return h("div", { id: "log", "aria-live": "polite" }, groups.map((g) => h("section", { class: "log-group" },
    g.head ? h("h4", { class: `log-section ${mark(g.head)}`.trim(), "data-version": g.head.version }, g.head.label) : null,
    h("ol", {}, g.lines.map((e) => h("li", { class: mark(e), "data-version": e.version, "data-by": e.by ?? null },
      Number.isInteger(e.by) ? seatBadge(e.by, 16) : null, e.label))))));
}
