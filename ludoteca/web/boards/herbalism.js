// Herbalism: the seven medicine cards with the pharmacists and cure markers on them, the action
// cards in play, the deck make-up, the players, my hand, and the knowledge sheet as a readable
// table.  Every component carries data-card = its catalogue id ("medicine:red-blue",
// "action:curing", "ingredient:red", "marker:pharmacist"...), so the page explains it on hover
// or tap; players are named as the table names them, counted from 1.
import { COLOURS, chip, fallback, h, highlightChanges, moves, nameOf, s, seatName, tag } from "./svg.js";

const GAME = "herbalism";
const SEAT_COLOURS = ["#8e44ad", "#16a085", "#d35400", "#2c3e50"];
const COLOUR_ORDER = ["red", "yellow", "green", "blue"];

/** A player's name as the table shows it, else "Player 2" (seats counted from 1). */
function playerName(context, seat, t) {
  return context.names?.[seat] || t("hb_player_n", { n: seat + 1 });
}

function medicineName(card, t) {
  if (card === "identical-pair") return t("hb_identical");
  return card.split("-").map((c) => nameOf(t, GAME, c)).join(" + ");
}

function medicineCard(card, view, t, context) {
  const [a, b] = card === "identical-pair" ? [null, null] : card.split("-");
  const svg = s("svg", { viewBox: "0 0 80 110", class: "medicine", width: 80, height: 110 });
  if (a) {
    svg.append(s("path", { d: "M4,4 H76 V55 H4 Z", fill: COLOURS[a] }), s("path", { d: "M4,55 H76 V106 H4 Z", fill: COLOURS[b] }));
  } else {
    ["red", "yellow", "green", "blue"].forEach((c, i) => svg.append(s("rect", { x: 4 + i * 18, y: 4, width: 18, height: 102, fill: COLOURS[c] })));
    svg.append(s("text", { x: 40, y: 60, "text-anchor": "middle", "font-size": 26, fill: "#fff", stroke: "#222", "stroke-width": 0.8 }, "=="));
  }
  svg.append(s("rect", { x: 3, y: 3, width: 74, height: 104, rx: 6, fill: "none", stroke: "#222", "stroke-width": 2 }));
  view.seats.forEach(({ pharmacist }, seat) => {
    if (pharmacist !== card) return;
    svg.append(s("g", { class: "pharmacist", "data-card": "marker:pharmacist", transform: `translate(${16 + seat * 16},22)` },
      s("title", {}, t("hb_pharmacist_of", { name: playerName(context, seat, t) })),
      s("circle", { r: 7, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2 }),
      s("text", { y: 4, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, String(seat + 1))));
  });
  view.seats.forEach(({ cure_marker: marker }, seat) => {
    if (!marker || marker.card !== card) return;
    svg.append(s("g", { class: "marker", "data-card": "marker:cure-marker", transform: `translate(${16 + seat * 16},88)` },
      s("title", {}, t(marker.side === "answer" ? "hb_marker_answer" : "hb_marker_follow", { name: playerName(context, seat, t) })),
      s("rect", { x: -7, y: -7, width: 14, height: 14, fill: "#fff", stroke: SEAT_COLOURS[seat], "stroke-width": 3 }),
      s("text", { y: 4, "text-anchor": "middle", "font-size": 9 }, marker.side === "answer" ? "✚" : "→")));
  });
  return svg;
}

function cardsText(counts, t) {
  if (!counts) return "";
  return counts.map((n, i) => (n ? `${n} ${nameOf(t, GAME, COLOUR_ORDER[i])}` : null)).filter(Boolean).join(", ") || "0";
}

function knowledgeRow(entry, t, context) {
  const who = (n) => (n === undefined || n === null ? "—" : playerName(context, n, t));
  const colour = (c) => (c ? nameOf(t, GAME, c) : t("hb_unseen"));
  let what = t(`hb_k_${entry.k}`), by = who(entry.by ?? entry.seat), target = who(entry.target), med = entry.medicine ?? entry.card;
  let result = "";
  switch (entry.k) {
    case "deal": by = "—"; result = t("hb_sizes", { sizes: entry.sizes.join(" / ") }) + (entry.hand ? ` · ${t("hb_my_hand")}: ${cardsText(entry.hand, t)}` : ""); break;
    case "inquiring": result = t("hb_r_inquiring", { n: entry.count, colour: colour(entry.colour), counted: colour(entry.counted) }); break;
    case "feeding": result = t("hb_r_feeding", { n: entry.count, colour: colour(entry.colour), returned: colour(entry.returned) }); break;
    case "brewing": result = t("hb_r_brewing", { n: entry.count }) + (entry.cards ? `: ${cardsText(entry.cards, t)}` : ""); break;
    case "appealing": result = t("hb_r_appealing", { n: entry.count, colour: "colour" in entry ? (entry.colour ? nameOf(t, GAME, entry.colour) : t("hb_nothing")) : t("hb_unseen") }); break;
    case "prediction": result = nameOf(t, GAME, entry.colour); break;
    case "check": result = (entry.correct ? t("hb_right") : t("hb_wrong")) + (entry.cure ? ` · ${t("hb_cure")}: ${cardsText(entry.cure, t)}` : ""); break;
    case "reveal": by = "—"; result = `${t("hb_cure")}: ${cardsText(entry.cure, t)}`; break;
    default: break;
  }
  return h("tr", {}, h("td", {}, what), h("td", {}, by), h("td", {}, target), h("td", {}, med ? medicineName(med, t) : "—"), h("td", {}, result));
}

export function render(container, view, legal, send, i18n, context = {}) {
  const { t } = i18n;
  const m = moves(legal, send, context.replay);
  const me = context.seat;

  const medicines = h("div", { class: "medicines" });
  for (const card of view.medicines) {
    const box = h("figure", { class: "medicine-box", "data-card": `medicine:${card}` }, medicineCard(card, view, t, context), h("figcaption", {}, medicineName(card, t)));
    tag(box, `med-${card}`, [view.seats.map((p) => p.pharmacist === card), view.seats.map((p) => p.cure_marker?.card === card)]);
    m.bind(box, (a) => a.card === card && ["move", "answer", "follow"].includes(a.type));
    medicines.append(box);
  }
  const actionCards = h("div", { class: "action-cards" });
  for (const card of view.action_cards) {
    const box = h("div", { class: `action-card${view.pending?.action === card ? " selected" : ""}`, "data-card": `action:${card}` }, nameOf(t, GAME, card));
    m.bind(box, (a) => a.type === "action" && a.card === card);
    actionCards.append(box);
  }
  const players = h("div", { class: "players" });
  view.seats.forEach((pub, seat) => {
    const marker = pub.cure_marker;
    const box = h("section", { class: `player${view.active === seat ? " active" : ""}`, "data-seat": seat, style: `border-color:${SEAT_COLOURS[seat]}` },
      h("h4", {}, seatName(context, seat, t)),
      h("p", {}, `${t("hb_points")}: ${pub.score} · ${t("hb_cards")}: ${pub.hand_size}`),
      h("p", { class: "muted" },
        h("span", { "data-card": "marker:pharmacist" }, `${t("hb_pharmacist")}: ${pub.pharmacist ? medicineName(pub.pharmacist, t) : "—"}`), " · ",
        h("span", { "data-card": "marker:cure-marker" }, `${t("hb_marker")}: ${marker ? medicineName(marker.card, t) : t("hb_in_hand")}`)),
      pub.predictions.length ? h("p", { class: "muted", "data-card": "marker:prediction-marker" }, `${t("hb_predictions")}: ${pub.predictions.map((c) => nameOf(t, GAME, c)).join(", ")}`) : null);
    tag(box, `player${seat}`, [pub.score, pub.hand_size, pub.pharmacist, marker]);
    m.bind(box, (a) => a.type === "target" && a.target === seat);
    const gifts = h("div", { class: "gifts" });
    for (const colour of COLOUR_ORDER) {
      const give = chip(m, (a) => a.type === "give" && a.target === seat && a.colour === colour, t("hb_give", { colour: nameOf(t, GAME, colour) }), `chip colour-${colour}`);
      if (give) gifts.append(give);
    }
    if (gifts.childNodes.length) box.append(gifts);
    players.append(box);
  });
  const hand = h("div", { class: "hand" });
  if (view.hand) {
    view.hand.forEach((n, i) => {
      const colour = view.colours[i];
      const card = h("div", { class: `ingredient colour-${colour}`, "data-colour": colour, "data-card": `ingredient:${colour}`, style: `background:${COLOURS[colour]}` },
        h("b", {}, String(n)), " ", nameOf(t, GAME, colour));
      tag(card, `hand-${colour}`, n);
      m.bind(card, (a) => (a.type === "hand_over" || a.type === "predict") && a.colour === colour);
      hand.append(card);
    });
  }
  const controls = h("div", { class: "controls" },
    chip(m, (a) => a.type === "pass", t("hb_pass")),
    chip(m, (a) => a.type === "skip_prediction", null),
    chip(m, (a) => a.type === "hand_over" && a.colour === null, null));
  const sheet = h("table", { class: "knowledge" },
    h("caption", {}, t("hb_knowledge", { round: view.round })),
    h("tr", {}, ["hb_what", "hb_by", "hb_target", "hb_medicine", "hb_result"].map((k) => h("th", {}, t(k)))),
    view.knowledge.map((entry) => knowledgeRow(entry, t, context)));
  const last = view.last_round ? h("p", { class: "muted" }, t(view.last_round.winner === null ? "hb_last_round_none" : "hb_last_round", {
    round: view.last_round.round, card: view.last_round.card ? medicineName(view.last_round.card, t) : "—",
    cure: cardsText(view.last_round.cure, t),
    winner: view.last_round.winner === null ? "" : playerName(context, view.last_round.winner, t) })) : null;
  // The deck make-up (every ingredient card of the game, from the content) and the prediction
  // markers left in the pool, each explained on hover or tap.
  const deck = h("div", { class: "deck" }, h("span", { class: "muted" }, `${t("hb_deck")}: `),
    view.colours.map((colour, i) => h("span", { class: `chip colour-${colour}`, "data-card": `ingredient:${colour}`, style: `background:${COLOURS[colour]}` },
      `${view.ingredients[i]} ${nameOf(t, GAME, colour)}`)));
  const pool = view.predictions
    ? h("p", { class: "muted", "data-card": "marker:prediction-marker" }, `${t("hb_pool")}: ${cardsText(view.prediction_pool, t)}`) : null;
  container.append(h("div", { class: "board-grid herbalism" },
    h("p", { class: "round" }, t("hb_round", { round: view.round, target: view.target }), " · ", t(`hb_phase_${view.phase}`)),
    h("h4", {}, t("hb_medicines")), medicines,
    h("h4", {}, t("hb_actions")), actionCards, deck, pool,
    me !== null && me !== undefined && view.hand ? h("div", {}, h("h4", {}, t("hb_your_hand")), hand) : null,
    controls, players, h("div", { class: "sheet-box" }, sheet), last));
  highlightChanges(container, context);
  fallback(container, legal, send, i18n, context);
}
