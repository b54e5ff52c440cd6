// The lab page (/lab): the runs in the lab's folder, a form for a small experiment, the run's
// progress over /lab/ws, and two runs compared.  Only the server's owner reaches this page (the
// server checks the owner cookie on every request); everything shown is words, in en/es/fr.

import { h } from "./dom.js";

const lab = { lang: "en", catalogue: {}, form: null, runs: [], job: null, chosen: [], socket: null, retry: 0 };
const $ = (id) => document.getElementById(id);
const FIELDS = ["game", "type", "players", "bots", "blocks", "seed", "change", "knob", "values"];

// ---- words ------------------------------------------------------------------------------------
function t(key, vars = {}) {
  const template = lab.catalogue[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem("ludoteca-lang");
  const browser = (navigator.language || "en").slice(0, 2);
  return [asked, stored, browser].find((l) => ["en", "es", "fr"].includes(l)) || "en";
}

async function setLanguage(lang) {
  lab.lang = lang;
  localStorage.setItem("ludoteca-lang", lang);
  document.documentElement.lang = lang;
  $("lang").value = lang;
  lab.catalogue = await (await fetch(`/static/i18n/${lang}.json`)).json();
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  document.title = `${t("lab_title")} · Ludoteca`;
  if (lab.form) fillForm(true);
  drawRuns();
  drawJob();
}

const number = (n) => new Intl.NumberFormat(lab.lang).format(n);
function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat(lab.lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
const kindWords = (type) => t(lab.catalogue[`lab_kind_${type}`] ? `lab_kind_${type}` : "lab_kind_other");
const stopWords = (stop) => t(lab.catalogue[`lab_stop_${stop}`] ? `lab_stop_${stop}` : "lab_stop_other");
const levelWords = (id) => lab.form?.levels.find((l) => l.id === id)?.words?.[lab.lang] || id;

// ---- talking to the server -------------------------------------------------------------------
function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)ludoteca_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function post(path, body, retried = false) {
  if (!csrfToken()) await fetch("/api/me", { credentials: "same-origin" });
  const response = await fetch(path, {
    method: "POST", credentials: "same-origin", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
  });
  const data = await response.json().catch(() => ({}));
  if (data.code === "csrf" && !retried) {
    await fetch("/api/me", { credentials: "same-origin" });
    return post(path, body, true);
  }
  return { ok: response.ok, status: response.status, data };
}

async function load() {
  const response = await fetch("/lab/api/state", { credentials: "same-origin" });
  if (response.status === 403) { location.reload(); return; }
  const data = await response.json();
  const first = !lab.form;
  lab.form = data.form;
  lab.runs = data.runs;
  lab.job = data.job;
  lab.chosen = lab.chosen.filter((name) => lab.runs.some((r) => r.name === name && r.status === "run"));
  if (first) fillForm(false);
  drawRuns();
  drawJob();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/lab/ws`);
  lab.socket = socket;
  socket.onopen = () => { lab.retry = 0; hideBanner(); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "lab_job") return;
    const before = lab.job?.state;
    lab.job = message.job;
    drawJob();
    if (lab.job && lab.job.state !== before && ["running", "done", "stopped", "failed"].includes(lab.job.state)) load();
  };
  socket.onclose = () => {
    showBanner(t("lab_connection_lost"), true);
    lab.retry = Math.min(lab.retry + 1, 5);
    setTimeout(connect, 1000 * lab.retry);
  };
}

function showBanner(text, isError = false) {
  const banner = $("banner");
  banner.textContent = text;
  banner.className = isError ? "error" : "";
  banner.hidden = false;
}
function hideBanner() { $("banner").hidden = true; }

// ---- the form ---------------------------------------------------------------------------------
function fillForm(keep) {
  const form = lab.form;
  const chosen = keep ? { game: $("f-game").value, type: $("f-type").value, bots: $("f-bots").value } : {};
  $("f-game").replaceChildren(...form.games.map((g) => h("option", { value: g.id }, g.title)));
  $("f-type").replaceChildren(...form.types.map((type) => h("option", { value: type }, t(`lab_type_${type}`))));
  $("f-bots").replaceChildren(...form.levels.map((l) => h("option", { value: l.id }, l.words?.[lab.lang] || l.id)));
  if (keep) {
    for (const [field, value] of Object.entries(chosen)) if (value) $(`f-${field}`).value = value;
  } else {
    $("f-bots").value = form.levels.some((l) => l.id === "random") ? "random" : form.levels[0]?.id;
    $("f-seed").placeholder = String(form.seed);
    $("f-blocks").max = String(form.max_games);
    gameChanged();
  }
  typeChanged();
}

function gameChanged() {
  const game = lab.form.games.find((g) => g.id === $("f-game").value);
  if (!game) return;
  const players = $("f-players");
  players.min = String(game.min);
  players.max = String(game.max);
  const now = Number(players.value);
  // A lab question is about players facing each other: two where the game allows it, even in a
  // game that also plays solo.
  if (!Number.isInteger(now) || now < game.min || now > game.max) players.value = String(Math.max(game.min, Math.min(2, game.max)));
  estimate();
}

function typeChanged() {
  const type = $("f-type").value;
  for (const node of document.querySelectorAll("[data-only]")) node.hidden = node.dataset.only !== type;
  estimate();
}

// Games a block plays: one version for "seats", two for "compare", the shipped rules plus one per
// value for "sweep" (every seat holds the same bot, so seats are not rotated).
function perBlock() {
  const type = $("f-type").value;
  if (type === "compare") return 2;
  if (type === "sweep") return 1 + $("f-values").value.split(",").filter((v) => v.trim()).length;
  return 1;
}

function estimate() {
  if (!lab.form) return;
  const blocks = Number($("f-blocks").value);
  const node = $("estimate");
  if (!Number.isInteger(blocks) || blocks < 1) { node.textContent = ""; return; }
  const per = Math.max(1, perBlock());
  const games = blocks * per;
  const cap = lab.form.max_games;
  node.textContent = t(games > cap ? "lab_estimate_over" : "lab_estimate", { games: number(games), per_block: per, cap: number(cap) });
}

function clearErrors() {
  for (const field of [...FIELDS, "form"]) {
    const node = $(`e-${field}`);
    node.hidden = true;
    node.textContent = "";
    $(`f-${field}`)?.removeAttribute("aria-invalid");
  }
}

function showErrors(errors) {
  let first = null;
  for (const error of errors) {
    const field = FIELDS.includes(error.field) ? error.field : "form";
    const node = $(`e-${field}`);
    const vars = { ...error.vars };
    for (const key of ["games", "cap", "max"]) if (typeof vars[key] === "number") vars[key] = number(vars[key]);
    const words = lab.catalogue[error.code] ? t(error.code, vars) : error.message;
    node.textContent = node.textContent ? `${node.textContent} ${words}` : words;
    node.hidden = false;
    const input = $(`f-${field}`);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      first = first || input;
    }
  }
  $("e-form").textContent = t("lab_form_refused");
  $("e-form").hidden = false;
  (first || $("e-form")).focus?.();
}

async function submit(event) {
  event.preventDefault();
  clearErrors();
  const type = $("f-type").value;
  const body = {
    game: $("f-game").value, type, players: $("f-players").value, bots: $("f-bots").value,
    blocks: $("f-blocks").value, seed: $("f-seed").value, lang: lab.lang,
  };
  if (type === "compare") body.change = $("f-change").value;
  if (type === "sweep") Object.assign(body, { knob: $("f-knob").value, values: $("f-values").value });
  $("run-button").disabled = true;
  try {
    const { ok, status, data } = await post("/lab/api/runs", body);
    if (ok) {
      lab.job = data.job;
      showBanner(t("lab_started"));
      drawJob();
      $("job").scrollIntoView({ block: "nearest" });
    } else if (status === 422 && data.errors) {
      showErrors(data.errors);
    } else if (data.code === "lab_busy") {
      showErrors([{ field: "form", code: "lab_busy", vars: {}, message: data.detail }]);
    } else {
      showErrors([{ field: "form", code: "lab_err_server", vars: { detail: data.detail || status }, message: data.detail }]);
    }
  } finally {
    $("run-button").disabled = false;
  }
}

// ---- the run going on -------------------------------------------------------------------------
function drawJob() {
  const job = lab.job;
  const box = $("job");
  if (!job) { box.hidden = true; return; }
  box.hidden = false;
  const active = ["starting", "running", "stopping", "writing"].includes(job.state);
  $("job-title").textContent = t(active ? "lab_job_title" : "lab_job_last");
  const vars = {
    game: job.game_title, kind: kindWords(job.type), games: number(job.games), planned: number(job.planned_games),
    stop: stopWords(job.stop), detail: job.detail || "",
  };
  $("job-text").textContent = t(`lab_job_${job.state}`, vars);
  const bar = $("job-bar");
  bar.max = Math.max(1, job.planned_games);
  bar.value = job.state === "done" ? bar.max : Math.min(job.games, bar.max);
  bar.hidden = job.state === "failed";
  $("job-stop").hidden = !["starting", "running"].includes(job.state);
  const report = $("job-report");
  report.hidden = job.state !== "done" || !job.run;
  if (job.run) report.href = reportLink(job.run);
}

async function stopRun() {
  $("job-stop").disabled = true;
  try {
    await post("/lab/api/stop", {});
  } finally {
    $("job-stop").disabled = false;
  }
}

// ---- the runs ---------------------------------------------------------------------------------
const reportLink = (name) => `/lab/runs/${encodeURIComponent(name)}/report.html?lang=${lab.lang}`;

function drawRuns() {
  const body = $("runs").querySelector("tbody");
  $("runs-empty").hidden = lab.runs.length > 0;
  $("runs").hidden = lab.runs.length === 0;
  body.replaceChildren(...lab.runs.map(runRow));
  drawChosen();
}

function runRow(run) {
  if (run.status === "other") {
    return h("tr", { class: "not-run" }, h("td"), h("td", { colspan: 6 }, t("lab_status_other", { name: run.name })));
  }
  // The game's name first; the experiment's own name only when someone gave it one (a file's
  // name), not the "<game> <kind>" the command line and this page make up.
  const title = run.game_title || run.title || "";
  const named = run.title && run.title !== `${run.game} ${run.type}` ? run.title : null;
  const who = run.players && run.bots
    ? t("lab_players_bots", { players: run.players.join(", "), bots: run.bots.map(levelWords).join(", ") }) : "";
  const finished = run.status === "run";
  const choose = finished
    ? h("label", { class: "choose" }, h("input", {
      type: "checkbox", checked: lab.chosen.includes(run.name), "aria-label": t("lab_choose", { name: title, date: when(run.date) }),
      onchange: (event) => choose(run.name, event.target.checked),
    }))
    : "";
  const end = finished ? stopWords(run.stop) : t(run.status === "running" ? "lab_status_running" : "lab_status_unfinished");
  return h("tr", { class: finished ? "" : "not-run" },
    h("td", {}, choose),
    h("td", {}, h("span", { class: "title" }, title), named ? [h("br"), named] : null, who ? [h("br"), who] : null),
    h("td", {}, run.type ? kindWords(run.type) : ""),
    h("td", {}, when(run.date)),
    h("td", { class: "num" }, run.games == null ? "" : number(run.games)),
    h("td", {}, end),
    h("td", {}, finished ? h("a", { href: reportLink(run.name), target: "_blank", rel: "noopener" }, t("lab_open_report")) : ""));
}

function choose(name, on) {
  lab.chosen = lab.chosen.filter((n) => n !== name);
  if (on) lab.chosen.push(name);
  if (lab.chosen.length > 2) lab.chosen.shift();
  drawRuns();
}

function drawChosen() {
  $("diff").disabled = lab.chosen.length !== 2;
  $("diff-count").textContent = t("lab_diff_chosen", { n: lab.chosen.length });
}

function openDiff() {
  if (lab.chosen.length !== 2) return;
  const dated = lab.chosen.map((name) => lab.runs.find((r) => r.name === name)).filter(Boolean);
  dated.sort((x, y) => String(x.date).localeCompare(String(y.date)));
  const [a, b] = dated.map((r) => r.name);
  const url = `/lab/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}&lang=${lab.lang}`;
  window.open(url, "_blank", "noopener");
}

// ---- start ------------------------------------------------------------------------------------
async function start() {
  $("lang").addEventListener("change", (event) => setLanguage(event.target.value));
  $("f-game").addEventListener("change", gameChanged);
  $("f-type").addEventListener("change", typeChanged);
  for (const id of ["f-blocks", "f-values"]) $(id).addEventListener("input", estimate);
  $("run-form").addEventListener("submit", submit);
  $("job-stop").addEventListener("click", stopRun);
  $("refresh").addEventListener("click", load);
  $("diff").addEventListener("click", openDiff);
  await setLanguage(pickLanguage());
  await load();
  connect();
  document.body.dataset.ready = "1";
}

start();
