// Dice Hospital: each hospital's wards (untreated and treated beds with the patients as dice),
// departments, specialists and the nurses' station, blood bags, fatalities and the discharge
// area; the ambulances and the offer; scores and the round dial.  Every element that shows a
// component carries data-card="<catalogue id>" (department:ent, specialist:surgeon,
// administrator:lawyer, event:flu-season, report:busy-day, die:red, ambulance:ambulance,
// piece:blood-bag, piece:nurse, piece:fatality), so the page explains it on hover or tap.
// Beds are numbered from 1 as people count; the score shown is the view's scores (final at the end).
import { card, cardEntry, chip, die, fallback, h, highlightChanges, moves, nameOf, s, seatName, tag } from "./svg.js";

const GAME = "dice-hospital";
const MEEPLE = { blue: "#2e86c1", red: "#c0392b", yellow: "#d4ac0d", white: "#ecf0f1", nurse: "#fdfefe" };

function roundDial(view, t) {
  const svg = s("svg", { viewBox: "0 0 90 90", class: "dial", width: 72, height: 72, role: "img", "aria-label": t("dh_round", { n: view.round, of: view.rounds }) });
  for (let r = 1; r <= view.rounds; r++) {
    const angle = ((r - 1) / view.rounds) * 2 * Math.PI - Math.PI / 2;
    svg.append(s("circle", { cx: 45 + 34 * Math.cos(angle), cy: 45 + 34 * Math.sin(angle), r: 7, fill: r === view.round ? "#c0392b" : r < view.round ? "#999" : "#eee", stroke: "#333" }));
  }
  svg.append(s("text", { x: 45, y: 51, "text-anchor": "middle", "font-size": 18, "font-weight": 700 }, String(view.round)));
  return svg;
}

function wards(player, perWard, seat, mine, m, t) {
  // A ward is perWard beds side by side (3 in the box: 4 wards of 3 beds, 360 wide).
  const width = perWard * 28 + 6;
  const count = Math.ceil(player.beds.length / perWard);
  const svg = s("svg", { viewBox: `0 0 ${count * width} 104`, class: "wards", role: "img", "aria-label": t("dh_wards") });
  for (let ward = 0; ward < count; ward++) {
    svg.append(s("rect", { x: ward * width + 2, y: 2, width: width - 4, height: 100, rx: 6, fill: "#eef6f7", stroke: "#7fb3b8" }),
      s("text", { x: ward * width + width / 2, y: 100, "text-anchor": "middle", "font-size": 8, fill: "#557" }, t("dh_ward_n", { n: ward + 1 })));
  }
  player.beds.forEach((patient, bed) => {
    const x = Math.floor(bed / perWard) * width + 17 + (bed % perWard) * 28;
    const g = card(tag(s("g", { class: "bed", "data-bed": bed }), `bed${seat}-${bed}`, patient), patient ? `die:${patient.colour}` : null);
    g.append(s("rect", { x: x - 12, y: 8, width: 24, height: 34, rx: 3, fill: "#fff", stroke: "#bbb", class: "untreated" }),
      s("rect", { x: x - 12, y: 50, width: 24, height: 34, rx: 3, fill: "#e8f8f5", stroke: "#bbb", class: "treated" }),
      s("text", { x, y: 48, "text-anchor": "middle", "font-size": 7, fill: "#888" }, String(bed + 1)));
    if (patient) {
      g.append(die(x, patient.treated ? 67 : 25, 20, patient.tint ?? patient.colour, patient.value));
      g.append(s("title", {}, t("dh_patient", { bed: bed + 1, colour: t(`colour_${patient.colour}`), value: patient.value, row: t(patient.treated ? "dh_treated" : "dh_untreated") })));
    }
    if (mine) m.bind(g, (a) => ["bed", "morgue", "patient", "blood"].includes(a.type) && a.bed === bed);
    svg.append(g);
  });
  return svg;
}

/** A medical report's name: what it asks, from the table's catalogue (solo reports have no name key). */
function reportName(context, id, t) {
  return cardEntry(context, `report:${id}`)?.name ?? t("dh_report");
}

function hospital(view, seat, mine, m, t, context) {
  const p = view.seats[seat];
  // The score the panel shows: the view's scores, final once over (fatalities and blood bags counted).
  const score = view.scores?.[seat] ?? p.score;
  const departments = h("div", { class: "departments" });
  p.departments.forEach((d, i) => {
    const tile = card(tag(h("div", { class: `dept${d.used ? " used" : ""}`, "data-dept": i }, nameOf(t, GAME, d.id)), `dept${seat}-${i}`, d), `department:${d.id}`);
    if (mine) m.bind(tile, (a) => (a.type === "department" && a.dept === i) || (a.type === "return" && a.kind === "department" && a.index === i));
    departments.append(tile);
  });
  const station = h("div", { class: "station" }, h("b", {}, t("dh_station")), " ");
  for (let n = 0; n < p.nurses; n++) {
    const nurse = s("svg", { viewBox: "0 0 20 24", width: 20, height: 24, class: "meeple nurse", "data-meeple": -1, "data-card": "piece:nurse" },
      s("title", {}, t("dh_nurse")), s("circle", { cx: 10, cy: 6, r: 5, fill: MEEPLE.nurse, stroke: "#333" }),
      s("path", { d: "M2,23 L5,11 H15 L18,23 Z", fill: MEEPLE.nurse, stroke: "#333" }), s("path", { d: "M8,15 H12 M10,13 V17", stroke: "#c0392b", "stroke-width": 2 }));
    if (mine && n === 0) m.bind(nurse, (a) => a.type === "meeple" && a.meeple === -1);
    station.append(nurse);
  }
  if (!p.nurses && !p.specialists.length) station.append(h("span", { class: "muted" }, "—"));
  p.specialists.forEach((sp, k) => {
    const spCard = h("div", { class: `specialist${sp.used ? " used" : ""}`, "data-meeple": k, "data-card": `specialist:${sp.id}` },
      s("svg", { viewBox: "0 0 20 24", width: 16, height: 20 }, s("circle", { cx: 10, cy: 6, r: 5, fill: MEEPLE[sp.meeple] ?? "#888", stroke: "#333" }),
        s("path", { d: "M2,23 L5,11 H15 L18,23 Z", fill: MEEPLE[sp.meeple] ?? "#888", stroke: "#333" })), " ", nameOf(t, GAME, sp.id));
    if (mine) m.bind(spCard, (a) => (a.type === "meeple" && a.meeple === k) || (a.type === "return" && a.kind === "specialist" && a.index === k));
    station.append(spCard);
  });
  const arriving = p.arriving.length ? s("svg", { viewBox: `0 0 ${p.arriving.length * 26 + 4} 28`, height: 28, class: "arriving" },
    p.arriving.map(([c, v], i) => die(15 + i * 26, 14, 22, c, v, { "data-card": `die:${c}` }))) : null;
  const discharged = p.discharged?.length ? h("span", {}, ` · ${t("dh_discharged")}: ${p.discharged.length}`) : null;
  const bloodBags = h("span", { class: "blood", "data-card": "piece:blood-bag" }, `${t("dh_blood")}: ${p.blood_bags}`);
  const fatalities = h("span", { class: "fatalities", "data-card": "piece:fatality" }, `${t("dh_fatalities")}: ${p.fatalities}`);
  const admin = p.administrator
    ? h("span", { class: "administrator", "data-card": `administrator:${p.administrator}` }, nameOf(t, GAME, p.administrator)) : "?";
  const reports = p.reports?.length ? h("span", {}, ` · ${t("dh_reports_done")}: `,
    ...p.reports.map((id, i) => h("span", { class: "report", "data-card": `report:${id}` }, `${i ? ", " : ""}${reportName(context, id, t)}`))) : null;
  const extras = [];
  if (mine) {
    if (p.starting_dice?.length) {
      const starts = h("div", { class: "starts" }, h("b", {}, t("dh_starting")), " ");
      for (const action of m.actions((a) => a.type === "start")) {
        const svg = s("svg", { viewBox: `0 0 ${action.values.length * 26 + 4} 28`, height: 28, class: "start-option" },
          action.values.map((v, i) => die(15 + i * 26, 14, 22, p.starting_dice[i], v)));
        m.bind(svg, (a) => a === action);
        starts.append(svg);
      }
      extras.push(starts);
    }
    if (p.hand?.length) {
      const admins = h("div", { class: "admins" }, h("b", {}, t("dh_admins")), " ");
      for (const id of p.hand) {
        const adminCard = h("div", { class: "admin-card", "data-card": `administrator:${id}` }, nameOf(t, GAME, id));
        m.bind(adminCard, (a) => a.type === "admin" && a.admin === id);
        admins.append(adminCard);
      }
      extras.push(admins);
    }
    extras.push(h("div", { class: "controls" },
      ...["end", "skip", "bonus", "keep"].map((type) => chip(m, (a) => a.type === type, null)),
      ...m.actions((a) => a.type === "blood_use").map((action) => chip(m, (a) => a === action, null))));
  }
  return h("section", { class: `hospital${view.to_move.includes(seat) ? " active" : ""}${mine ? " mine" : ""}`, "data-seat": seat },
    h("h4", {}, seatName(context, seat, t), ` · ${t(view.is_over ? "dh_final_score" : "dh_score")}: `,
      h("span", { class: "score" }, String(score))),
    tag(h("p", { class: "stats" }, `${t("dh_admin")}: `, admin, " · ", bloodBags, " · ", fatalities, discharged,
      p.ambulance ? ` · ${t("dh_ambulance", { n: p.ambulance })}` : "", reports),
      `stats${seat}`, [score, p.blood_bags, p.fatalities, p.discharged?.length ?? 0]),
    arriving ? h("div", {}, h("b", {}, t("dh_arriving")), " ", arriving) : null,
    wards(p, view.beds_per_ward ?? 3, seat, mine, m, t), h("div", {}, h("b", {}, t("dh_departments"))), departments, station, ...extras);
}

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const me = context.seat ?? null;
  const top = h("div", { class: "dh-top" }, roundDial(view, t),
    h("div", {}, h("p", {}, h("b", {}, t(`dh_phase_${view.phase}`))),
      h("p", { class: "muted" }, t("dh_bag", { red: view.bag.red, yellow: view.bag.yellow, green: view.bag.green }), " · ",
        h("span", { "data-card": "piece:blood-bag" }, t("dh_supply", { n: view.blood_supply }))),
      view.event ? h("p", {}, `${t("dh_event")}: `, h("span", { class: "event", "data-card": `event:${view.event}` }, nameOf(t, GAME, view.event))) : null,
      view.medical_reports?.length ? h("p", { class: "reports" }, `${t("dh_reports")}: `,
        ...view.medical_reports.map((id, i) => h("span", { class: "report", "data-card": `report:${id}` }, `${i ? " · " : ""}${reportName(context, id, t)}`))) : null));
  const intake = h("div", { class: "intake" });
  if (view.intake_line.length) {
    intake.append(h("b", {}, t("dh_line")), " ", s("svg", { viewBox: `0 0 ${view.intake_line.length * 26 + 4} 28`, height: 28 },
      view.intake_line.map(([c, v], i) => die(15 + i * 26, 14, 22, c, v, { "data-card": `die:${c}` }))));
    for (const action of m.actions((a) => a.type === "sort")) {
      const pickDie = s("svg", { viewBox: "0 0 28 28", width: 28, height: 28, class: "sort-colour", "data-card": `die:${action.colour}` }, die(14, 14, 22, action.colour, 6));
      m.bind(pickDie, (a) => a === action);
      intake.append(pickDie);
    }
  }
  const ambulances = h("div", { class: "ambulances" });
  for (const amb of view.ambulances) {
    const box = h("div", { class: "ambulance", "data-number": amb.number, "data-card": "ambulance:ambulance" },
      h("b", {}, t("dh_ambulance", { n: amb.number })), amb.owner >= 0 ? h("small", {}, ` (${seatName(context, amb.owner, t)})`) : null, h("br"),
      s("svg", { viewBox: `0 0 ${amb.patients.length * 26 + 4} 28`, height: 28 }, amb.patients.map(([c, v], i) => die(15 + i * 26, 14, 22, c, v, { "data-card": `die:${c}` }))));
    m.bind(box, (a) => a.type === "ambulance" && a.number === amb.number);
    ambulances.append(box);
  }
  const offer = h("div", { class: "offer" }, h("b", {}, t("dh_offer")), " ");
  for (const [kind, ids] of [["department", view.offers.departments], ["specialist", view.offers.specialists]]) {
    ids.forEach((id, index) => {
      const tile = h("div", { class: `offer-tile ${kind}`, "data-card": `${kind}:${id}` }, h("small", {}, t(`dh_${kind}`)), h("br"), nameOf(t, GAME, id));
      m.bind(tile, (a) => a.type === "take" && a.kind === kind && a.index === index);
      offer.append(tile);
    });
  }
  offer.append(...m.actions((a) => a.type === "reveal" || a.type === "pass").map((action) => chip(m, (a) => a === action, null)));
  const hospitals = h("div", { class: "hospitals" });
  const order = view.seats.map((_, i) => i).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  for (const seat of order) hospitals.append(hospital(view, seat, seat === me, m, t, context));
  container.append(h("div", { class: "board-grid dice-hospital" }, top, intake, ambulances, offer, hospitals));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
