// The Ludoteca shell: lobby, table pages, my tables, history and replays.
// Game boards are separate modules (/static/boards/<game>.js) sharing one interface (see
// boards/generic.js); a game without its own module is drawn by the generic board.

import { closePanel, entryOf, installCards, prepareCards, referencePanel, setCatalogue } from "./cards.js";
import { h, s as svg } from "./dom.js";
import { drawLog, newLog, takeEvents } from "./log.js";
import { play as playMotion, remember as rememberMotion } from "./motion.js";
import { seatBadge, seatColour, useSeatColours } from "./seats.js";

const main = document.getElementById("main");
const banner = document.getElementById("banner");
const app = { lang: "en", catalogue: {}, games: new Map(), levels: [], name: "", account: null };
const boards = new Map();

// ---- words ------------------------------------------------------------------------------------
function t(key, vars = {}) {
  const template = app.catalogue[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

async function setLanguage(lang) {
  app.lang = ["en", "es", "fr"].includes(lang) ? lang : "en";
  localStorage.setItem("ludoteca-lang", app.lang);
  document.documentElement.lang = app.lang;
  document.getElementById("lang").value = app.lang;
  app.catalogue = await (await fetch(`/static/i18n/${app.lang}.json`)).json();
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}

// A language switch at a table: the server resends the catalogue and the whole table (log
// "all") in the new language.  A server that does not answer "lang" within 2 s gets a re-join.
function switchTableLanguage() {
  const tableId = page.id;
  page.langPending = app.lang;
  socket.raw({ type: "lang", lang: app.lang });
  clearTimeout(page.langTimer);
  page.langTimer = setTimeout(() => {
    if (page?.kind === "table" && page.id === tableId && page.langPending) socket.join(tableId, page.invite);
  }, 2000);
}

// ---- helpers ----------------------------------------------------------------------------------
// Every request that changes something echoes the CSRF token the server keeps in a cookie this
// page can read (a page on another origin cannot), in a header a plain form cannot send.
function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)ludoteca_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function api(path, options = {}, retried = false) {
  const init = { credentials: "same-origin", ...options };
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers = { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() };
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    if (data.code === "csrf" && init.method && !retried) {
      // The page outlived its guest cookie: a new guest (and token) comes with /api/me; try once more.
      await fetch("/api/me", { credentials: "same-origin" });
      return api(path, options, true);
    }
    throw new Error(data.detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

let bannerTimer = null;
function notify(text, isError = false, sticky = false) {
  banner.textContent = text;
  banner.className = isError ? "error" : "";
  banner.hidden = false;
  clearTimeout(bannerTimer);
  if (!sticky) bannerTimer = setTimeout(() => { banner.hidden = true; }, 6000);
}
function clearBanner() { banner.hidden = true; }

function gameTitle(id) { return app.games.get(id)?.title ?? id; }

function seatName(seat) {
  if (seat.kind === "bot" && seat.absent) return t(`absent_${seat.absent}`, { name: seat.name, level: seat.level });
  if (seat.kind === "bot") return t("bot", { level: seat.level });
  if (seat.kind === "open") return t("open_seat");
  return seat.name;
}

// "?board=generic" in the address shows every game on the generic board (plain panels and
// buttons: handy for accessibility, debugging and a game whose board is still being drawn).
const FORCED_BOARD = new URLSearchParams(location.search).get("board") === "generic";

async function boardFor(gameId) {
  const key = app.games.get(gameId)?.board && !FORCED_BOARD ? gameId : "generic";
  if (!boards.has(key)) {
    if (key !== "generic") { // the board's own stylesheet, beside its module
      document.head.append(h("link", { rel: "stylesheet", href: `/static/boards/${key}.css`, "data-board": key }));
    }
    boards.set(key, await import(`/static/boards/${key}.js`));
  }
  return boards.get(key);
}

// ---- the live connection ------------------------------------------------------------------------
const socket = {
  ws: null, joined: null, handlers: [], queue: [], retry: 0,
  connect() {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    this.ws = new WebSocket(url);
    this.ws.onopen = () => {
      this.retry = 0;
      clearBanner();
      if (document.hidden) this.raw({ type: "presence", away: true });
      if (this.joined) this.raw({ type: "join", table: this.joined, lang: app.lang, invite: this.invite });
      for (const message of this.queue.splice(0)) this.raw(message);
    };
    this.ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      for (const handler of this.handlers) handler(message);
    };
    this.ws.onclose = () => {
      if (this.joined) notify(t("reconnecting"), true, true);
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  },
  raw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    else this.queue.push(message);
  },
  // invite: the token of a private table's invite link (undefined at a public table).
  join(tableId, invite) {
    if (this.joined && this.joined !== tableId) this.raw({ type: "leave", table: this.joined });
    this.joined = tableId;
    this.invite = invite || undefined;
    this.raw({ type: "join", table: tableId, lang: app.lang, invite: this.invite });
  },
  leave() {
    if (this.joined) this.raw({ type: "leave", table: this.joined });
    this.joined = null;
  },
  // After a log-in or log-out the cookie names someone else: a new socket carries it.
  reconnect() {
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
    this.connect();
  },
};

// ---- the account box ------------------------------------------------------------------------------
function drawAccount() {
  const box = document.getElementById("account");
  const nameInput = document.getElementById("name");
  nameInput.value = app.name;
  box.dataset.account = app.account ?? "";
  if (app.account) {
    box.replaceChildren(h("a", { id: "signed-in", href: `#/player/${encodeURIComponent(app.account)}` },
      t("signed_in_as", { name: app.account })), " ",
      h("button", { type: "button", id: "log-out", onclick: () => changeAccount("/api/account/logout", {}) }, t("log_out")));
    return;
  }
  const user = h("input", { id: "account-user", name: "username", autocomplete: "username", maxlength: 32, size: 12, required: true });
  const password = h("input", { id: "account-password", name: "password", type: "password", autocomplete: "current-password",
    minlength: 8, maxlength: 128, size: 12, required: true });
  const form = h("form", { id: "account-form" },
    h("label", {}, `${t("username")} `, user), " ",
    h("label", {}, `${t("password")} `, password), " ",
    h("button", { type: "submit", id: "log-in", value: "login" }, t("log_in")), " ",
    h("button", { type: "submit", id: "register", value: "register" }, t("register")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const path = event.submitter?.value === "register" ? "/api/account/register" : "/api/account/login";
    changeAccount(path, { username: user.value, password: password.value });
  });
  box.replaceChildren(h("details", {}, h("summary", {}, t("account")), h("p", { class: "muted" }, t("account_help")), form));
}

async function changeAccount(path, body) {
  try {
    const me = await api(path, { body });
    app.name = me.name;
    app.account = me.account;
    drawAccount();
    socket.reconnect();
    await route();
  } catch (error) {
    notify(error.message, true);
  }
}

// ---- routing ------------------------------------------------------------------------------------
let page = null; // the current page's state; null when not on a table or replay
let refreshTimer = null;

async function route() {
  clearInterval(refreshTimer);
  const [, name, id] = location.hash.replace(/^#/, "").split("/");
  if (name !== "table") socket.leave();
  if (page?.timer) clearInterval(page.timer);
  page = null;
  closePanel(); // an inspect panel belongs to the page it was opened on
  document.title = "Ludoteca";
  main.replaceChildren();
  delete main.dataset.status;
  delete main.dataset.version;
  try {
    if (name === "table" && id) {
      const [tableId, query] = id.split("?");
      return showTable(tableId, new URLSearchParams(query || "").get("invite"));
    }
    if (name === "replay" && id) return await showReplay(id);
    if (name === "mine") return await showMine();
    if (name === "history") return await showHistory();
    if (name === "leaderboard") return await showLeaderboard(id ? decodeURIComponent(id) : null);
    if (name === "player" && id) return await showPlayer(decodeURIComponent(id));
    return await showLobby();
  } catch (error) {
    notify(error.message, true);
  }
}

// ---- lobby ----------------------------------------------------------------------------------------
async function showLobby() {
  const grid = h("div", { class: "games" });
  for (const game of app.games.values()) grid.append(gameCard(game));
  const open = h("section", { class: "card", id: "open-tables" }, h("h2", {}, t("open_tables")));
  main.append(h("h2", {}, t("games")), grid, open);
  const tables = await api("/api/open-tables");
  open.append(tables.length ? tableList(tables, false) : h("p", { class: "muted" }, t("no_open_tables")));
}

// The counts a table may have: the usual ones first, the experimental ones last (marked).
function playerCounts(game) {
  const experimental = game.experimental_players || [];
  let counts = Array.isArray(game.players) ? game.players.slice() : [];
  if (!counts.length) for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  for (const n of experimental) if (!counts.includes(n)) counts.push(n);
  const usual = counts.filter((n) => !experimental.includes(n)).sort((a, b) => a - b);
  return [...usual, ...counts.filter((n) => experimental.includes(n)).sort((a, b) => a - b)];
}

function gameFacts(game) {
  const experimental = game.experimental_players || [];
  const usual = playerCounts(game).filter((n) => !experimental.includes(n));
  const [fewest, most] = [Math.min(...usual), Math.max(...usual)];
  const facts = [!usual.length ? null : fewest === most ? t("players_one", { n: most }) : t("players_range", { min: fewest, max: most })];
  if (experimental.length) facts[0] += ` (+${experimental.join(", ")} ${t("experimental")})`;
  const [low, high] = Array.isArray(game.minutes) ? game.minutes : [0, 0];
  if (high) facts.push(low === high ? t("minutes_one", { n: high }) : t("minutes_range", { min: low, max: high }));
  if (game.complexity) facts.push(t("complexity_n", { n: game.complexity }));
  return facts.filter(Boolean).join(" · ");
}

function rulesLink(game, id) {
  const href = game?.rules ?? `/rules/${encodeURIComponent(game?.id ?? "")}?lang=${app.lang}`;
  return h("a", { class: "rules-link", id, href, target: "_blank", rel: "noopener" }, t("rules"));
}

function gameCard(game) {
  const players = h("select", { name: "players" });
  const counts = playerCounts(game);
  const experimental = game.experimental_players || [];
  for (const n of counts) {
    const label = experimental.includes(n) ? `${n} (${t("experimental")})` : String(n);
    players.append(h("option", { value: n }, label));
  }
  players.value = String(counts.find((n) => !experimental.includes(n)) ?? counts[0]);
  // A list of ticked items has no order people can see: compare it as a set.
  const norm = (v) => (Array.isArray(v) ? v.map((x) => JSON.stringify(x)).sort() : v);
  const same = (a, b) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));
  const optionInputs = game.options.map((spec) => optionInput(spec));
  const plain = optionInputs.filter((o) => !o.designers);
  const designers = optionInputs.filter((o) => o.designers);
  // The rule book's own rules come first, named, so a fresh form never reads "Custom".
  const standard = { id: "standard", name: t("preset_standard"), description: "", options: {} };
  const given = Array.isArray(game.presets) ? game.presets : [];
  const presets = given.some((p) => Object.keys(p.options || {}).every((k) => same(p.options[k],
    game.options.find((o) => o.name === k)?.default))) ? given : [standard, ...given];
  const optionsBox = plain.length ? h("details", { class: "options" }, h("summary", {}, t("options")), plain.map((o) => o.node)) : null;
  const presetHelp = h("p", { class: "muted preset-help", "aria-live": "polite" });
  const preset = h("select", { name: "preset" }, h("option", { value: "" }, t("preset_custom")),
    presets.map((p) => h("option", { value: p.id }, p.name)));
  // A preset only fills the form: every option it names takes its value, the rest their default;
  // the options box opens so the change is seen.  Changing an option afterwards shows which
  // preset (if any) the form still equals.
  const formValues = () => Object.fromEntries(optionInputs.map((o) => [o.spec.name, o.peek()]));
  const matching = () => {
    const values = formValues();
    return presets.find((p) => optionInputs.every((o) => same(values[o.spec.name],
      o.spec.name in (p.options || {}) ? p.options[o.spec.name] : o.spec.default)));
  };
  const showPreset = () => {
    const found = matching();
    preset.value = found ? found.id : "";
    presetHelp.textContent = found ? (found.description ?? "") : "";
  };
  preset.addEventListener("change", () => {
    const chosen = presets.find((p) => p.id === preset.value);
    if (!chosen) { presetHelp.textContent = ""; return; }
    for (const o of optionInputs) o.write(o.spec.name in (chosen.options || {}) ? chosen.options[o.spec.name] : o.spec.default);
    if (optionsBox) optionsBox.open = true;
    showPreset();
  });
  for (const o of optionInputs) o.input.addEventListener("change", showPreset);
  const seatsBox = h("div", { class: "seats-form" });
  const clockChoice = h("select", { class: "clock-choice" }, Object.keys(CLOCKS).map((name) =>
    h("option", { value: name }, t(`clock_${name}`))));
  const timeoutChoice = h("select", { class: "timeout-choice" }, ["bot", "skip", "expel"].map((name) =>
    h("option", { value: name }, t(`timeout_${name}`))));
  const drawSeats = () => {
    seatsBox.replaceChildren();
    const preferred = app.levels.includes("normal") ? "normal" : app.levels[0];
    for (let s = 0; s < Number(players.value); s++) {
      const select = h("select", { name: `seat-${s}` },
        h("option", { value: "me" }, t("seat_me")),
        h("option", { value: "open" }, t("seat_open")),
        app.levels.map((level) => h("option", { value: `bot:${level}` }, t("seat_bot", { level }))));
      select.value = s === 0 ? "me" : `bot:${preferred}`;
      seatsBox.append(h("label", {}, `${t("seat_n", { n: s + 1 })} `, select));
    }
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const ranked = h("input", { type: "checkbox", name: "ranked" });
  const privateBox = h("input", { type: "checkbox", name: "private" });
  const form = h("form", { class: "create", "data-game": game.id },
    h("label", {}, `${t("players")} `, players),
    presets.length ? h("div", { class: "presets" }, h("label", {}, `${t("preset")} `, preset), presetHelp) : null,
    optionsBox,
    designers.length ? h("details", { class: "designers" }, h("summary", {}, t("for_designers")),
      h("p", { class: "muted" }, t("for_designers_help")), designers.map((o) => o.node)) : null,
    h("fieldset", {}, h("legend", {}, t("seats")), seatsBox),
    app.account ? h("label", {}, ranked, ` ${t("ranked")}`) : null,
    h("label", { title: t("private_help") }, privateBox, ` ${t("private")}`),
    h("label", {}, `${t("clock")} `, clockChoice), " ",
    h("label", {}, `${t("on_timeout")} `, timeoutChoice),
    h("button", { type: "submit", class: "create-table" }, t("create")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      // The options exactly as the form shows them (a preset only filled the form).
      const options = {};
      for (const input of optionInputs) {
        const value = input.read();
        if (!same(value, input.spec.default)) options[input.spec.name] = value;
      }
      const seats = [...seatsBox.querySelectorAll("select")].map((s) =>
        s.value.startsWith("bot:") ? { kind: "bot", level: s.value.slice(4) } : { kind: s.value });
      const table = await api("/api/tables", {
        body: { game: game.id, players: Number(players.value), variant: null, options, seats,
          ranked: Boolean(app.account && ranked.checked), private: privateBox.checked, clock: clockSpec(clockChoice.value, timeoutChoice.value) },
      });
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      notify(error.message, true);
    }
  });
  showPreset();
  const pitch = game.pitch || game.description?.[app.lang] || game.description?.en || "";
  return h("article", { class: "card game", "data-game": game.id },
    h("h3", {}, game.title),
    h("p", { class: "pitch" }, pitch),
    h("p", { class: "muted game-facts" }, gameFacts(game)),
    h("p", {}, rulesLink(game)),
    h("h4", {}, t("create_table")), form);
}

// One option as a labelled control in the page's language: its label and help from the server
// (the code name only if the server sent no words), a choice by its words.
function optionInput(spec) {
  let input;
  let read;
  let write;
  const label = spec.label || spec.name;
  const help = spec.help || "";
  if (spec.kind === "choice") {
    const choices = (spec.choices || []).map((c) => (c && typeof c === "object" && "value" in c ? c : { value: c, label: String(c) }));
    input = h("select", { name: spec.name }, choices.map((c) => h("option", { value: JSON.stringify(c.value) }, c.label)));
    write = (v) => { input.value = JSON.stringify(v); };
    read = () => JSON.parse(input.value);
  } else if (spec.kind === "bool") {
    input = h("input", { type: "checkbox", name: spec.name });
    write = (v) => { input.checked = Boolean(v); };
    read = () => input.checked;
  } else if (spec.kind === "int" || spec.kind === "float") {
    input = h("input", { type: "number", name: spec.name, min: spec.minimum, max: spec.maximum,
      step: spec.kind === "int" ? 1 : "any" });
    write = (v) => { input.value = String(v); };
    read = () => Number(input.value);
  } else if (spec.kind === "list" && Array.isArray(spec.items)) {
    // Named items (Herbalism's action cards): a box to tick per item, in the game's order.
    const boxes = spec.items.map((item) => ({ item, box: h("input", { type: "checkbox", value: JSON.stringify(item.value) }) }));
    input = h("span", { class: "option-items", role: "group" }, boxes.map(({ item, box }) =>
      h("label", { class: "option-item" }, box, ` ${item.label}`)));
    write = (v) => { for (const { item, box } of boxes) box.checked = Array.isArray(v) && v.some((x) => JSON.stringify(x) === JSON.stringify(item.value)); };
    read = () => boxes.filter(({ box }) => box.checked).map(({ item }) => item.value);
  } else if (spec.kind === "str") {
    input = h("input", { name: spec.name });
    write = (v) => { input.value = String(v ?? ""); };
    read = () => input.value;
  } else {
    input = h("textarea", { name: spec.name, rows: 3, cols: 30, spellcheck: "false" });
    write = (v) => { input.value = v && typeof v === "object" && !Object.keys(v).length ? "" : JSON.stringify(v); };
    read = () => {
      try { return input.value.trim() ? JSON.parse(input.value) : spec.default; } catch (error) {
        throw new Error(t("bad_options", { error: `${label}: ${error.message}` }));
      }
    };
  }
  write(spec.default);
  const peek = () => { try { return read(); } catch { return input.value; } };
  const node = h("label", { class: "option", "data-option": spec.name }, h("span", { class: "option-label" }, label), " ", input,
    help ? h("small", { class: "muted option-help" }, ` ${help}`) : null);
  return { spec, node, input, read, write, peek, designers: Boolean(spec.designers) || spec.name === "params" };
}

function tableList(tables, showTurn, finished = false) {
  const rows = tables.map((table) => h("tr", { "data-table": table.id },
    h("td", {}, h("a", { href: `#/table/${table.id}` }, `${gameTitle(table.game)} · ${table.id}`)),
    h("td", {}, t(`status_${table.status}`),
      showTurn && table.your_turn ? h("span", { class: "badge turn" }, ` ${t("turn_mark")} `) : null),
    h("td", {}, table.seats.map((s) => seatName(s)).join(", ")),
    h("td", {}, finished && table.scores ? `${t("scores")}: ${table.scores.join(" / ")}` : ""),
    h("td", {}, finished ? h("a", { href: `#/replay/${table.id}` }, t("replay")) : "")));
  return h("table", { class: "list" }, rows);
}

async function showMine() {
  const box = h("section", { class: "card", id: "my-tables" }, h("h2", {}, t("nav_mine")));
  main.append(box);
  const draw = async () => {
    const tables = await api("/api/my-tables");
    box.replaceChildren(h("h2", {}, t("nav_mine")),
      tables.length ? tableList(tables, true) : h("p", { class: "muted" }, t("no_tables")));
  };
  await draw();
  refreshTimer = setInterval(() => draw().catch(() => {}), 5000);
}

async function showHistory() {
  const tables = await api("/api/history");
  main.append(h("section", { class: "card", id: "history" }, h("h2", {}, t("nav_history")),
    tables.length ? tableList(tables, false, true) : h("p", { class: "muted" }, t("no_tables"))));
}

// ---- ratings ------------------------------------------------------------------------------------
async function showLeaderboard(gameId) {
  const first = gameId && app.games.has(gameId) ? gameId : app.games.keys().next().value;
  const select = h("select", { id: "leaderboard-game", onchange: (e) => { location.hash = `#/leaderboard/${e.target.value}`; } },
    [...app.games.values()].map((g) => h("option", { value: g.id }, g.title)));
  select.value = first;
  const data = await api(`/api/leaderboard/${encodeURIComponent(first)}`);
  const rows = data.players.map((p, i) => h("tr", {},
    h("td", {}, String(i + 1)),
    h("td", {}, p.bot ? t("bot", { level: p.bot }) : h("a", { href: `#/player/${encodeURIComponent(p.account)}` }, p.name)),
    h("td", { class: "rating" }, String(p.rating)), h("td", {}, String(p.games))));
  main.append(h("section", { class: "card", id: "leaderboard" }, h("h2", {}, t("nav_leaderboard")),
    h("label", {}, `${t("games")} `, select),
    rows.length ? h("table", { class: "list" }, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")),
      h("th", {}, t("rating")), h("th", {}, t("games_played"))), rows) : h("p", { class: "muted" }, t("no_ratings"))));
}

// The rating after each ranked game as a small line chart drawn here (no chart library).
function ratingChart(history) {
  const width = 320, height = 120, pad = 8;
  const values = history.map((e) => e.rating);
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const x = (i) => pad + (history.length < 2 ? 0 : (i * (width - 2 * pad)) / (history.length - 1));
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low || 1);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg("svg", { id: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": t("rating_chart") },
    svg("title", {}, t("rating_chart")),
    svg("polyline", { points, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    values.map((v, i) => svg("circle", { cx: x(i), cy: y(v), r: 3 }, svg("title", {}, String(v)))));
}

async function showPlayer(username) {
  const data = await api(`/api/players/${encodeURIComponent(username)}`);
  const current = Object.entries(data.ratings).map(([game, r]) =>
    h("li", {}, `${gameTitle(game)}: ${t("rating")} ${r.rating} · ${t("games_played")} ${r.games}`));
  const byGame = new Map();
  for (const entry of data.history) byGame.set(entry.game, [...(byGame.get(entry.game) || []), entry]);
  main.append(h("section", { class: "card", id: "player" }, h("h2", {}, `${data.name} `, h("small", { class: "muted" }, data.account)),
    current.length ? h("ul", {}, current) : h("p", { class: "muted" }, t("no_tables")),
    [...byGame.entries()].map(([game, entries]) => h("figure", {}, h("figcaption", {}, `${gameTitle(game)} — ${t("rating_chart")}`),
      ratingChart(entries))),
    data.history.length ? h("table", { class: "list", id: "rated-tables" }, data.history.slice().reverse().map((e) => h("tr", {},
      h("td", {}, h("a", { href: `#/replay/${e.table}` }, `${gameTitle(e.game)} · ${e.table}`)),
      h("td", {}, `${t("rank")} ${e.rank}`), h("td", {}, String(e.rating))))) : null));
}

// ---- a live table -------------------------------------------------------------------------------
// ---- clocks: the server owns them; the page counts down from the last state it got -------------
const CLOCKS = { untimed: null, realtime: { mode: "realtime", bank: 600, per_move: 20 },
  turn: { mode: "turn", bank: 3 * 86400, per_move: 86400 } };

function clockSpec(name, onTimeout) {
  return CLOCKS[name] ? { ...CLOCKS[name], on_timeout: onTimeout } : null;
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("clock_days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("clock_hours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tickClocks() {
  for (const el of document.querySelectorAll(".clock[data-left]")) {
    const left = Number(el.dataset.left) - (el.dataset.running === "true" ? (performance.now() - Number(el.dataset.at)) / 1000 : 0);
    el.textContent = clockText(left); // the clock chip's look says "clock" (no ⏱: a box without emoji fonts)
    el.classList.toggle("low", el.dataset.running === "true" && left < 30);
  }
}
setInterval(tickClocks, 250);

function seatClock(message, seat) {
  const c = message.clock?.seats?.[seat];
  if (!c) return null;
  return h("span", { class: "clock", "data-seat": seat, "data-left": c.left, "data-running": String(c.running),
    "data-at": message.receivedAt }, "");
}

// ---- presence, the favicon and notifications ------------------------------------------------------
document.addEventListener("visibilitychange", () => socket.raw({ type: "presence", away: document.hidden }));

function presenceDot(message, seat) {
  const state = message.presence?.[seat];
  if (!state) return null;
  return h("span", { class: "presence", "data-seat": seat, "data-state": state, title: t(`presence_${state}`),
    "aria-label": t(`presence_${state}`) }, PRESENCE_MARK[state] ?? "●");
}

// Here, away or gone told by shape as well as colour: a full, half or empty dot.
const PRESENCE_MARK = { connected: "●", away: "◐", gone: "○" };

function updateDots(presence) {
  for (const m of page.bySeat.values()) m.presence = presence;
  for (const el of document.querySelectorAll(".presence[data-seat]")) {
    const state = presence[Number(el.dataset.seat)];
    if (!state) continue;
    el.dataset.state = state;
    el.textContent = PRESENCE_MARK[state] ?? "●";
    el.title = t(`presence_${state}`);
    el.setAttribute("aria-label", t(`presence_${state}`));
  }
}

// The favicon: the page's own SVG, with a red dot while it is your turn.
function setFavicon(turn) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) { link = h("link", { rel: "icon", type: "image/svg+xml" }); document.head.append(link); }
  const dot = turn ? "<circle cx='24' cy='8' r='7' fill='%23d22'/>" : "";
  const href = "data:image/svg+xml," + "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    "<rect x='3' y='7' width='22' height='22' rx='4' fill='%23336'/><circle cx='10' cy='14' r='2' fill='white'/>" +
    `<circle cx='18' cy='22' r='2' fill='white'/>${dot}</svg>`;
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.documentElement.dataset.turn = turn ? "1" : "0";
}

// Browser notifications: asked once, on a click; then "your turn" shows while the tab is hidden.
function notificationButton() {
  if (!("Notification" in window) || Notification.permission !== "default" || localStorage.getItem("ludoteca-notify-asked")) return null;
  return h("button", { id: "notify", type: "button", onclick: async (e) => {
    localStorage.setItem("ludoteca-notify-asked", "1");
    e.target.remove();
    try { await Notification.requestPermission(); } catch { /* the browser said no */ }
  } }, t("notify_ask"));
}

// A turn sound, off until the player turns it on (remembered in this browser): two short tones
// made with Web Audio, so no sound file is fetched.
function soundToggle() {
  if (!(window.AudioContext || window.webkitAudioContext)) return null;
  const box = h("input", { type: "checkbox", id: "turn-sound", onchange: (e) => {
    localStorage.setItem("ludoteca-sound", e.target.checked ? "1" : "0");
    if (e.target.checked) playTurnSound();
  } });
  box.checked = localStorage.getItem("ludoteca-sound") === "1";
  return h("label", { class: "sound-toggle", for: "turn-sound" }, box, " ", t("sound_turn"));
}

function playTurnSound() {
  try {
    const Audio = window.AudioContext || window.webkitAudioContext;
    page.audio = page.audio || new Audio();
    const now = page.audio.currentTime;
    for (const [offset, pitch] of [[0, 660], [0.16, 880]]) {
      const tone = page.audio.createOscillator();
      const gain = page.audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.12, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, now + offset + 0.14);
      tone.connect(gain).connect(page.audio.destination);
      tone.start(now + offset);
      tone.stop(now + offset + 0.15);
    }
    document.documentElement.dataset.turnSounds = String(Number(document.documentElement.dataset.turnSounds || 0) + 1);
  } catch { /* no audio output: the title and favicon still say it */ }
}

function announceTurn(message, turn) {
  if (turn && !page.turnShown && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification(t("title_turn"), { body: gameTitle(message.game), tag: message.table }); } catch { /* unsupported */ }
  }
  if (turn && !page.turnShown && localStorage.getItem("ludoteca-sound") === "1") playTurnSound();
  page.turnShown = turn;
}

// ---- chat: lines are DOM text nodes (h() appends strings as text), never parsed as HTML ---------
function chatBox(tableId) {
  const list = h("ol", { id: "chat-lines", "aria-live": "polite" });
  const input = h("input", { id: "chat-input", maxlength: 500, autocomplete: "off", "aria-label": t("chat_say"),
    placeholder: t("chat_say") });
  const form = h("form", { id: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    socket.raw({ type: "chat", table: tableId, text });
    input.value = "";
  } }, input, " ", h("button", { type: "submit", id: "chat-send" }, t("chat_send")));
  const box = h("input", { type: "checkbox", id: "chat-spectators-box", onchange: async (e) => {
    try { await api(`/api/tables/${tableId}/chat-settings`, { body: { spectators: e.target.checked } }); }
    catch (error) { notify(error.message, true); e.target.checked = !e.target.checked; }
  } });
  const toggle = h("label", { id: "chat-spectators", hidden: true }, box, " ", t("chat_spectators"));
  const section = h("section", { class: "card chat", id: "chat" }, h("h3", {}, t("chat")), list, form, toggle);
  return { section, list, toggle, box };
}

function chatLine(line) {
  const who = line.seat === null ? t("chat_spectator", { name: line.name }) : line.name;
  return h("li", { class: line.seat === null ? "spectator" : "" }, h("strong", {}, `${who}: `), line.text);
}

function onChat(message) {
  const chat = page.chat;
  if (message.type === "chat_history") {
    chat.list.replaceChildren(...message.lines.map(chatLine));
    chat.toggle.hidden = !message.creator;
    chat.box.checked = message.spectators;
  } else {
    chat.list.append(chatLine(message.line));
  }
  chat.list.scrollTop = chat.list.scrollHeight;
}

function showTable(tableId, invite) {
  page = { kind: "table", id: tableId, bySeat: new Map(), shown: undefined, log: newLog(), thinking: [],
    reference: [], chat: chatBox(tableId), invite: invite || undefined, link: undefined };
  setCatalogue([]);
  main.append(h("p", { class: "muted" }, t("connecting")));
  socket.join(tableId, page.invite);
  loadInviteLink(tableId);
}

// The link to send friends: a public table's address, or a private table's invite link (which
// only its creator is told; the others see no link).
async function loadInviteLink(tableId) {
  try {
    const info = await api(`/api/tables/${tableId}${page?.invite ? `?invite=${encodeURIComponent(page.invite)}` : ""}`);
    if (page?.kind !== "table" || page.id !== tableId) return;
    page.private = info.private;
    page.link = info.private ? (info.invite ? `${location.origin}/${info.invite}` : null) : `${location.origin}/#/table/${tableId}`;
    if (page.bySeat.size) drawTable();
  } catch (error) { /* the socket's own refusal is shown */ }
}

// Copy the link for real: the Clipboard API where the page may use it (https or localhost);
// otherwise select the text and ask the person to copy it. "Copied!" only when it was.
async function copyLink(input, button) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(input.value);
    button.textContent = t("copied");
  } catch (error) {
    input.focus();
    input.select();
    button.textContent = t("select_and_copy");
  }
}

function inviteBox(message) {
  if (page.link === undefined) return null; // not known yet
  if (page.link === null) return page.private ? h("p", { class: "muted", id: "private-note" }, t("private_table")) : null;
  const input = h("input", { id: "invite", readonly: true, value: page.link, size: 30 });
  const copy = h("button", { id: "copy-invite", type: "button", onclick: (e) => copyLink(input, e.target) }, t("copy"));
  const rotate = page.private ? h("button", { id: "rotate-invite", type: "button", title: t("rotate_invite_help"),
    onclick: async () => {
      try {
        const info = await api(`/api/tables/${message.table}/invite`, { body: {} });
        page.link = `${location.origin}/${info.invite}`;
        drawTable();
      } catch (error) { notify(error.message, true); }
    } }, t("rotate_invite")) : null;
  return h("div", { class: "invite" }, page.private ? h("p", { class: "muted" }, t("private_table")) : null,
    h("label", {}, `${page.private ? t("invite_private") : t("invite")} `, input), copy, " ", rotate);
}

function onMessage(message) {
  if (message.type === "error") {
    // A server that does not know "lang" yet: the re-join a moment later does the switch.
    if (page?.langPending && message.code === "bad_message" && /\blang\b/.test(message.message || "")) return;
    notify(`${t("error")}: ${message.message}`, true);
    const seated = [...(page?.bySeat?.values() || [])].some((m) => m.mine.length);
    if (page?.kind === "table" && ["unknown_table", "damaged_table"].includes(message.code) && !seated) {
      socket.joined = null;
      main.replaceChildren(h("p", { class: "error", id: "table-error" }, message.message));
      return;
    }
    if (page?.kind === "table") drawTable();
    return;
  }
  if (page?.kind !== "table" || message.table !== page.id) return;
  if (message.type === "presence") {
    updateDots(message.presence);
    return;
  }
  if (message.type === "chat" || message.type === "chat_history") {
    onChat(message);
    return;
  }
  if (message.type === "catalogue") {
    setCatalogue(message.entries);
    page.reference = Array.isArray(message.reference) ? message.reference : [];
    if (page.bySeat.size) drawTable();
    return;
  }
  if (message.type === "thinking") {
    page.thinking = Array.isArray(message.seats) ? message.seats : [];
    const shown = page.bySeat.get(page.shown);
    if (shown) drawStatus(shown, document.getElementById("status"), document.getElementById("prompt"));
    return;
  }
  if (message.type !== "state") return;
  message.receivedAt = performance.now();
  if (Array.isArray(message.thinking)) page.thinking = message.thinking;
  const primary = message.mine.length ? message.mine[0] : null;
  page.bySeat.set(message.seat, message);
  for (const seat of [...page.bySeat.keys()]) {
    if (seat === null ? message.mine.length : !message.mine.includes(seat)) page.bySeat.delete(seat);
  }
  if (message.seat === primary) {
    takeEvents(page.log, message);
    if (message.log === "all") page.langPending = null;
  }
  scheduleDraw();
}

// States are drawn at most once a frame, the newest one: bots answering in a burst, or a slow
// phone behind on its messages, would otherwise draw every position in between, each a whole
// board, before the one that matters. (The log takes every message's events on arrival, so no
// line is skipped.) A hidden tab has no frames: it draws on a timer, so its title still says
// whose turn it is.
let drawPending = false;
function scheduleDraw() {
  if (drawPending) return;
  drawPending = true;
  const run = () => {
    drawPending = false;
    if (page?.kind === "table" && page.bySeat.size) drawTable();
  };
  if (document.hidden) setTimeout(run, 0);
  else requestAnimationFrame(run);
}

function chooseSeat() {
  const messages = [...page.bySeat.values()];
  const acting = messages.find((m) => m.legal.length);
  if (acting) return acting.seat;
  if (page.bySeat.has(page.shown)) return page.shown;
  return messages[0]?.seat;
}

// A seat as the table names it: the server's names (bots numbered and in words), else the seat.
function tableName(message, seat) {
  const entry = message.seats[seat];
  if (entry?.absent) return seatName(entry); // "Ana (conceded: bot normal)"
  return message.names?.[seat] || seatName(entry);
}

function seatWithName(message, seat) {
  return t("seat_label", { n: seat + 1, name: tableName(message, seat) });
}

// The status line says whose decision it is; the prompt line below says, in the game's words,
// what that decision is ("Choose an ambulance — ambulance 1 is barred to the first player").
function drawStatus(message, status, prompt) {
  if (!status) return;
  status.className = "status";
  const thinking = message.to_move.filter((s) => page.thinking.includes(s));
  if (message.status === "waiting") status.textContent = t("waiting_players");
  else if (message.status === "finished") status.textContent = t("game_over");
  else if (message.legal.length) { status.textContent = t("your_turn"); status.classList.add("turn"); }
  else if (thinking.length) {
    status.textContent = t("is_thinking", { who: thinking.map((s) => tableName(message, s)).join(", ") });
    status.classList.add("thinking");
  } else {
    const names = message.to_move.map((s) => tableName(message, s)).join(", ");
    status.textContent = message.mine.length ? t("waiting_for", { who: names }) : `${t("spectating")} ${t("waiting_for", { who: names })}`;
  }
  if (prompt) {
    prompt.textContent = message.status === "playing" && message.legal.length ? (message.prompt || "") : "";
    prompt.hidden = !prompt.textContent;
  }
}

// The end: each seat's score line by line (the game's own breakdown, which sums to the score)
// and the winners named by seat number and name.
function gameOver(message) {
  const mine = message.mine;
  const winners = (message.winners || []).map((w) => seatWithName(message, w)).join(", ");
  const breakdown = Array.isArray(message.breakdown) && message.breakdown.length ? message.breakdown : null;
  const scores = breakdown
    ? h("div", { class: "breakdowns" }, breakdown.map((b) => h("table", { class: "list breakdown", "data-seat": b.seat },
      h("caption", {}, t("seat_label", { n: b.seat + 1, name: b.name || tableName(message, b.seat) })),
      h("tbody", {}, (b.lines || []).map(([words, points]) => h("tr", {}, h("td", {}, String(words)),
        h("td", { class: "points" }, String(points))))),
      h("tfoot", {}, h("tr", { class: "total" }, h("th", { scope: "row" }, t("total")), h("td", { class: "points" }, String(b.total)))))))
    : h("p", {}, `${t("scores")}: ${message.seats.map((s) => `${seatWithName(message, s.seat)} ${message.scores[s.seat]}`).join(" · ")}`);
  return h("section", { class: "card over", id: "game-over" },
    h("h3", {}, t("game_over")),
    h("p", { class: "winners" }, t("winners", { who: winners })),
    scores,
    message.next ? h("a", { href: `#/table/${message.next}`, id: "next-game" }, t("next_game")) : null, " ",
    mine.length && !message.next ? h("button", { id: "play-again", onclick: async () => {
      try { location.hash = `#/table/${(await api(`/api/tables/${message.table}/again`, { body: {} })).id}`; }
      catch (error) { notify(error.message, true); }
    } }, t("play_again")) : null,
    " ", h("a", { href: `#/replay/${message.table}` }, t("replay")));
}

// ---- keeping what the reader was doing across a redraw -------------------------------------------
// Every message redraws the table; an open choice menu, the focused control and scrolled boxes
// must survive another seat's move.  An element is found again by what it is (id, data-key,
// data-card, aria-label...) and its rank among its likes.
function identify(node) {
  if (!node || node === document.body || !main.contains(node)) return null;
  if (node.id) return { selector: `#${CSS.escape(node.id)}`, index: 0 };
  const attrs = ["data-key", "data-card", "data-act", "data-index", "data-seat", "aria-label", "name"];
  let selector = node.tagName.toLowerCase();
  for (const a of attrs) {
    const v = node.getAttribute(a);
    if (v !== null && v !== "") selector += `[${a}="${CSS.escape(v)}"]`;
  }
  // Classes change between drawings ("changed", "busy"): only the first one, and only when
  // nothing else tells the element apart.
  if (selector === node.tagName.toLowerCase() && node.classList.length) selector += `.${CSS.escape(node.classList[0])}`;
  return { selector, index: [...main.querySelectorAll(selector)].indexOf(node) };
}

function findAgain(mark) {
  if (!mark) return null;
  try { return main.querySelectorAll(mark.selector)[mark.index] ?? null; } catch { return null; }
}

// The boxes the reader has scrolled, noted as they scroll (scroll events do not bubble, so the
// document catches them on the way down).  Walking the page to ask every element its scroll
// position cost a third of a whole table drawing (measured on Immunity's 2,400-element board).
const scrolledSoFar = new Set();
document.addEventListener("scroll", (e) => { if (e.target instanceof Element) scrolledSoFar.add(e.target); },
  { capture: true, passive: true });

/** The boxes in the page that are scrolled now. */
function scrolledBoxes() {
  const found = [];
  for (const n of scrolledSoFar) {
    if (!n.isConnected) scrolledSoFar.delete(n);
    else if (main.contains(n) && (n.scrollTop > 0 || n.scrollLeft > 0)) found.push(n);
  }
  return found;
}

function keepReading() {
  const menu = main.querySelector(".choice-menu");
  const focus = identify(document.activeElement);
  const inMenu = menu && menu.contains(document.activeElement) ? [...menu.querySelectorAll("button")].indexOf(document.activeElement) : -1;
  const scrolled = scrolledBoxes().map((n) => ({ mark: identify(n), top: n.scrollTop, left: n.scrollLeft })).filter((x) => x.mark);
  const logBox = document.getElementById("log");
  const logAtEnd = !logBox || logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 4;
  const opened = [...main.querySelectorAll("details[open]")].map(identify).filter(Boolean);
  const x = window.scrollX, y = window.scrollY;
  return (legalSame) => {
    for (const mark of opened) { const d = findAgain(mark); if (d) d.open = true; }
    for (const s of scrolled) {
      const n = findAgain(s.mark);
      if (n) { n.scrollTop = s.top; n.scrollLeft = s.left; }
    }
    const log = document.getElementById("log");
    if (log && logAtEnd) log.scrollTop = log.scrollHeight;
    if (menu && legalSame) {
      (main.querySelector("#board") ?? main).prepend(menu);
      if (inMenu >= 0) menu.querySelectorAll("button")[inMenu]?.focus({ preventScroll: true });
    }
    if (inMenu < 0) findAgain(focus)?.focus({ preventScroll: true });
    window.scrollTo(x, y);
  };
}

// The players seated around the board: a plate each, in the seat's colour and shape, the one
// whose decision it is marked by an arrow and bold type as well (never by colour alone).
function seatPlates(message) {
  return h("ul", { class: "seat-plates", "aria-label": t("seats") }, message.seats.map((s) => {
    const plate = h("li", { class: `seat-plate${message.to_move.includes(s.seat) ? " to-move" : ""}`, "data-seat": s.seat },
      seatBadge(s.seat, 22), h("span", {}, `${tableName(message, s.seat)}${message.mine.includes(s.seat) ? ` (${t("you")})` : ""}`),
      page.thinking.includes(s.seat) ? h("span", { class: "thinking-mark" }, t("thinking")) : null);
    plate.style.borderLeftColor = seatColour(s.seat);
    return plate;
  }));
}

// On a phone the log and the chat open as drawers over the page, from buttons above the board,
// so nobody scrolls past the board to read what happened.  (On a wide screen they sit beside it.)
function drawerButton(which) {
  return h("button", { type: "button", id: `open-${which}`, "aria-expanded": String(page.drawer === which),
    "aria-controls": which === "log" ? "log-card" : "chat",
    onclick: () => { page.drawer = page.drawer === which ? null : which; showDrawer(); } }, t(which));
}

function drawerClose() {
  return h("button", { type: "button", class: "drawer-close", "aria-label": t("close"),
    onclick: () => { page.drawer = null; showDrawer(); } }, "✕");
}

function showDrawer() {
  document.getElementById("log-card")?.classList.toggle("open", page.drawer === "log");
  page.chat.section.classList.toggle("open", page.drawer === "chat");
  for (const which of ["log", "chat"]) document.getElementById(`open-${which}`)?.setAttribute("aria-expanded", String(page.drawer === which));
  const open = page.drawer === "log" ? document.getElementById("log") : null;
  if (open) open.scrollTop = open.scrollHeight;
}

async function drawTable() {
  const seat = chooseSeat();
  const message = page.bySeat.get(seat);
  if (!message) return;
  const board = await boardFor(message.game);
  if (page?.bySeat.get(seat) !== message) return; // a newer message arrived while loading
  performance.mark("ludoteca-draw"); // benchmarks/board_draw.py reads the "ludoteca-draw" measures
  const legalSame = page.shown === seat && page.drawnLegal === JSON.stringify(message.legal);
  page.shown = seat;
  page.drawnLegal = JSON.stringify(message.legal);
  const restore = keepReading();
  const mine = message.mine;
  const seats = h("ul", { class: "seats" }, message.seats.map((s) =>
    h("li", { class: message.to_move.includes(s.seat) ? "to-move" : "", "data-seat": s.seat },
      seatBadge(s.seat), presenceDot(message, s.seat), " ",
      `${seatWithName(message, s.seat)}${mine.includes(s.seat) ? ` (${t("you")})` : ""} `,
      page.thinking.includes(s.seat) ? h("span", { class: "thinking-mark" }, `${t("thinking")} `) : null,
      s.kind === "open" ? h("button", { class: "take-seat", "data-seat": s.seat,
        onclick: () => socket.raw({ type: "sit", table: message.table, seat: s.seat, invite: page.invite }) }, t("take_seat")) : null,
      seatClock(message, s.seat), " ",
      (message.reclaim || []).includes(s.seat) ? h("button", { class: "reclaim", "data-seat": s.seat,
        onclick: () => socket.raw({ type: "reclaim", table: message.table, seat: s.seat }) }, t("reclaim")) : null,
      mine.includes(s.seat) && message.status === "playing" ? h("button", { class: "concede", "data-seat": s.seat,
        onclick: () => { if (confirm(t("concede_confirm"))) socket.raw({ type: "concede", table: message.table, seat: s.seat }); },
      }, t("concede")) : null)));
  const status = h("p", { class: "status", id: "status" });
  const prompt = h("p", { class: "prompt", id: "prompt", "aria-live": "polite" });
  drawStatus(message, status, prompt);
  // "Your turn" in the tab title, so a player in another tab sees it.
  const turn = message.status === "playing" && message.legal.length > 0;
  document.title = turn ? `● ${t("title_turn")} · Ludoteca` : "Ludoteca";
  setFavicon(turn);
  announceTurn(message, turn);
  const over = message.status === "finished" ? gameOver(message) : null;
  const tabs = mine.length > 1 ? h("p", { class: "tabs" }, mine.map((s) => h("button", {
    "aria-pressed": String(s === seat), onclick: () => { page.shown = s; page.pinned = true; drawTable(); },
  }, seatWithName(message, s)))) : null;
  const boardBox = h("div", { class: "board", id: "board" });
  // The version is read when the move is sent: a choice menu kept open across another seat's
  // move (same legal moves) sends the table's current version, not the one it was drawn at.
  const send = (action) => socket.raw({ type: "act", table: message.table, seat,
    version: page.bySeat.get(seat)?.version ?? message.version, action });
  const motionKey = `${message.table}:${seat}`;
  rememberMotion(document.getElementById("board"), motionKey, page.drawnVersion);
  useSeatColours(board.seatColours?.(message.view) ?? null);
  page.drawnVersion = message.version;
  board.render(boardBox, message.view, message.legal, send, { t, lang: app.lang },
    { seat, seats: message.seats, names: message.names || null, game: app.games.get(message.game), version: message.version,
      replay: false, card: entryOf });
  prepareCards(boardBox);
  const log = drawLog(page.log, message.version);
  const undo = message.undo > 0 ? h("button", { id: "undo", type: "button", title: t("undo_help"),
    onclick: (e) => { e.target.disabled = true; socket.raw({ type: "undo", table: message.table, seat, version: message.version }); },
  }, t("undo")) : null;
  const game = app.games.get(message.game);
  const playing = message.status !== "finished";
  const logCard = h("section", { class: `card drawer${page.drawer === "log" ? " open" : ""}`, id: "log-card" },
    drawerClose(), h("h3", {}, t("log")), log);
  page.chat.section.classList.add("drawer");
  page.chat.section.classList.toggle("open", page.drawer === "chat");
  if (!page.chat.section.querySelector(".drawer-close")) page.chat.section.prepend(drawerClose());
  main.replaceChildren(h("div", { class: "table-page" },
    h("div", {},
      h("h2", { class: "table-title" }, `${gameTitle(message.game)} `, h("small", { class: "muted" }, `${message.table} · ${t("version", { n: message.version })}`),
        " ", rulesLink(game ?? { id: message.game }, "table-rules")),
      h("div", { class: "status-area" }, status, prompt),
      seatPlates(message),
      h("div", { class: "table-tools" }, undo, drawerButton("log"), drawerButton("chat"),
        playing && mine.length ? notificationButton() : null, playing && mine.length ? soundToggle() : null),
      over, tabs, boardBox),
    h("aside", {},
      h("section", { class: "card" }, h("h3", {}, t("seats")), seats,
        inviteBox(message)),
      referencePanel(page.reference, t),
      logCard, page.chat.section)));
  main.dataset.status = message.status;
  main.dataset.version = String(message.version);
  main.dataset.seat = seat === null ? "" : String(seat);
  restore(legalSame);
  playMotion(boardBox, motionKey, message.version);
  tickClocks();
  performance.measure("ludoteca-draw", "ludoteca-draw");
  performance.clearMarks("ludoteca-draw");
}

// ---- replays ------------------------------------------------------------------------------------
// The replay buttons' symbols drawn as SVG: the ⏮/⏭ characters show as empty boxes where no
// emoji font is installed.  The button's words carry the meaning; the icon is decoration.
const ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z", prev: "M12 3v10L5 8z", next: "M4 3v10l7-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z", play: "M4 3v10l8-5z", pause: "M4 3h3v10H4zM9 3h3v10H9z",
};
function icon(name) {
  return svg("svg", { class: "icon", viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true", focusable: "false" },
    svg("path", { d: ICONS[name], fill: "currentColor" }));
}
async function showReplay(tableId) {
  page = { kind: "replay", id: tableId, step: 0, timer: null };
  await drawReplay(0);
}

async function drawReplay(step) {
  const data = await api(`/api/tables/${page.id}/replay?step=${step}&lang=${app.lang}`);
  if (page?.kind !== "replay") return;
  page.step = data.step;
  const board = await boardFor(data.game);
  const go = (n) => () => drawReplay(Math.max(0, Math.min(data.total, n))).catch((e) => notify(e.message, true));
  const play = h("button", { id: "replay-play", onclick: () => {
    if (page.timer) { clearInterval(page.timer); page.timer = null; play.replaceChildren(icon("play"), t("play")); return; }
    play.replaceChildren(icon("pause"), t("pause"));
    page.timer = setInterval(() => {
      if (page?.kind !== "replay" || page.step >= data.total) { clearInterval(page?.timer); return; }
      drawReplay(page.step + 1).catch(() => {});
    }, 700);
  } }, icon(page.timer ? "pause" : "play"), page.timer ? t("pause") : t("play"));
  const boardBox = h("div", { class: "board" });
  useSeatColours(board.seatColours?.(data.view) ?? null);
  board.render(boardBox, data.view, [], () => {}, { t, lang: app.lang },
    { seat: null, seats: data.seats, game: app.games.get(data.game), version: data.step, replay: true });
  const what = data.step === 0 ? t("replay_start") : t("seat_acts", { n: data.actor + 1, label: data.action });
  main.replaceChildren(
    h("h2", {}, `${t("replay")}: ${gameTitle(data.game)} `, h("small", { class: "muted" }, data.table)),
    h("p", { class: "replay-controls" },
      h("button", { id: "replay-first", onclick: go(0) }, icon("first"), t("first")),
      h("button", { id: "replay-prev", onclick: go(data.step - 1) }, icon("prev"), t("prev")),
      h("button", { id: "replay-next", onclick: go(data.step + 1) }, t("next"), icon("next")),
      h("button", { id: "replay-last", onclick: go(data.total) }, t("last"), icon("last")), play,
      h("span", { id: "replay-step" }, t("step", { n: data.step, total: data.total }))),
    h("p", { id: "replay-action" }, what),
    h("ul", {}, data.events.map((e) => h("li", {}, e))),
    ...(data.step === data.total && data.scores ? [h("p", { id: "replay-scores" }, `${t("scores")}: ${data.scores.join(" / ")}`)] : []),
    boardBox);
  main.dataset.version = String(data.step);
}

// The games with their words (pitch, option labels and help, presets) in this language.
async function gamesIn(lang) {
  const games = await api(`/api/games?lang=${encodeURIComponent(lang)}`);
  return new Map(games.map((game) => [game.id, game]));
}

// ---- start --------------------------------------------------------------------------------------
async function start() {
  await setLanguage(localStorage.getItem("ludoteca-lang") || navigator.language.slice(0, 2));
  const [me, games, bots] = await Promise.all([api("/api/me"), gamesIn(app.lang), api("/api/bots")]);
  app.name = me.name;
  app.account = me.account;
  app.games = games;
  installCards(t);
  app.levels = bots.levels;
  const nameInput = document.getElementById("name");
  drawAccount();
  document.getElementById("name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try { app.name = (await api("/api/me", { body: { name: nameInput.value } })).name; nameInput.value = app.name; }
    catch (error) { notify(error.message, true); }
  });
  document.getElementById("lang").addEventListener("change", async (event) => {
    await setLanguage(event.target.value);
    drawAccount();
    if (page?.kind === "table") {
      switchTableLanguage();
      if (page.bySeat.size) drawTable(); // the shell's own words at once; the server's follow
      app.games = await gamesIn(app.lang);
    } else {
      app.games = await gamesIn(app.lang);
      route();
    }
  });
  socket.handlers.push(onMessage);
  socket.connect();
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "1";
}

start();
