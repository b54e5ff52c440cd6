"""The table as text for ``ludoteca play``: players, your hand, and your knowledge sheet.

Why a sheet: Herbalism is a memory game; the rule text suggests paper and pencil, so the
terminal shows every note this seat has this round, in words, in the player's language."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from .labels import card_name, cards, colour, medicine

WORDS = {
    "round": {"en": "Round {round} (first player {start}); game to {target} points",
              "es": "Ronda {round} (jugador inicial {start}); partida a {target} puntos",
              "fr": "Manche {round} (premier joueur {start}) ; partie en {target} points"},
    "seat": {"en": "Player {seat}{you}: {score} pts, {size} cards, pharmacist on {where}, cure marker: {marker}",
             "es": "Jugador {seat}{you}: {score} pts, {size} cartas, farmacéutico en {where}, marcador: {marker}",
             "fr": "Joueur {seat}{you} : {score} pts, {size} cartes, pharmacien sur {where}, marqueur : {marker}"},
    "you": {"en": " (you)", "es": " (tú)", "fr": " (vous)"},
    "nowhere": {"en": "-", "es": "-", "fr": "-"},
    "in_hand": {"en": "in hand", "es": "en la mano", "fr": "en main"},
    "placed": {"en": "{side} on {card}", "es": "{side} en {card}", "fr": "{side} sur {card}"},
    "answer": {"en": "answer", "es": "respuesta", "fr": "réponse"},
    "follow": {"en": "follow", "es": "seguido", "fr": "suivi"},
    "hand": {"en": "Your hand: {cards}", "es": "Tu mano: {cards}", "fr": "Votre main : {cards}"},
    "cards_in_play": {"en": "Action cards: {cards}", "es": "Cartas de acción: {cards}",
                      "fr": "Cartes action : {cards}"},
    "notes": {"en": "Your notes this round:", "es": "Tus notas de esta ronda:", "fr": "Vos notes de la manche :"},
    "deal": {"en": "dealt {sizes} cards each{own}", "es": "se reparten {sizes} cartas a cada uno{own}",
             "fr": "{sizes} cartes distribuées à chacun{own}"},
    "own": {"en": "; you got {cards}", "es": "; recibes {cards}", "fr": " ; vous recevez {cards}"},
    "transfer": {"en": "{card} by {by} on {medicine}, target {target}: {what}",
                 "es": "{card} de {by} en {medicine}, objetivo {target}: {what}",
                 "fr": "{card} par {by} sur {medicine}, cible {target} : {what}"},
    "gave": {"en": "gave {colour}", "es": "dio {colour}", "fr": "a donné {colour}"},
    "gave_hidden": {"en": "gave 1 card", "es": "dio 1 carta", "fr": "a donné 1 carte"},
    "announced": {"en": "announced {count} {colour}", "es": "anunció {count} {colour}",
                  "fr": "a annoncé {count} {colour}"},
    "announced_hidden": {"en": "announced {count} (colour unseen)", "es": "anunció {count} (color no visto)",
                         "fr": "a annoncé {count} (couleur non vue)"},
    "returned": {"en": "handed back {count} {colour}", "es": "devolvió {count} {colour}",
                 "fr": "a rendu {count} {colour}"},
    "returned_hidden": {"en": "handed back {count} card(s)", "es": "devolvió {count} carta(s)",
                        "fr": "a rendu {count} carte(s)"},
    "handed": {"en": "handed over {what}", "es": "entregó {what}", "fr": "a donné {what}"},
    "handed_hidden": {"en": "handed over {count} card(s)", "es": "entregó {count} carta(s)",
                      "fr": "a donné {count} carte(s)"},
    "prediction": {"en": "player {seat} predicts {colour}", "es": "el jugador {seat} predice {colour}",
                   "fr": "le joueur {seat} prédit {colour}"},
    "marker": {"en": "player {seat}: {side} on {card}", "es": "jugador {seat}: {side} en {card}",
               "fr": "joueur {seat} : {side} sur {card}"},
    "pass": {"en": "player {seat} passes", "es": "el jugador {seat} pasa", "fr": "le joueur {seat} passe"},
    "check": {"en": "player {seat} checks {card}: {result}{cure}",
              "es": "el jugador {seat} comprueba {card}: {result}{cure}",
              "fr": "le joueur {seat} vérifie {card} : {result}{cure}"},
    "right": {"en": "right", "es": "correcto", "fr": "juste"},
    "wrong": {"en": "wrong", "es": "incorrecto", "fr": "faux"},
    "cure_is": {"en": " (the cure: {cards})", "es": " (la cura: {cards})", "fr": " (le remède : {cards})"},
    "reveal": {"en": "the cure was {cards} ({card})", "es": "la cura era {cards} ({card})",
               "fr": "le remède était {cards} ({card})"},
    "last": {"en": "Last round: cure {cards} ({card}), points {deltas}",
             "es": "Última ronda: cura {cards} ({card}), puntos {deltas}",
             "fr": "Dernière manche : remède {cards} ({card}), points {deltas}"},
}


def _w(key: str, lang: str, **values: Any) -> str:
    return WORDS[key].get(lang, WORDS[key]["en"]).format(**values)


def note(e: dict[str, Any], lang: str) -> str:
    """One knowledge-sheet entry in words (hidden details shown as unseen)."""
    kind = e["k"]
    if kind == "deal":
        own = _w("own", lang, cards=cards(e["hand"], lang)) if "hand" in e else ""
        return _w("deal", lang, sizes=e["sizes"][0], own=own)
    if kind in ("inquiring", "feeding", "brewing", "appealing"):
        count = e["count"]
        if kind == "inquiring":
            what = (_w("gave", lang, colour=colour(e["colour"], lang)) + ", "
                    + _w("announced", lang, count=count, colour=colour(e["counted"], lang))
                    if "colour" in e else _w("gave_hidden", lang) + ", " + _w("announced_hidden", lang, count=count))
        elif kind == "feeding":
            what = (_w("gave", lang, colour=colour(e["colour"], lang)) + ", "
                    + _w("returned", lang, count=count, colour=colour(e["returned"], lang))
                    if "colour" in e else _w("gave_hidden", lang) + ", " + _w("returned_hidden", lang, count=count))
        elif "cards" in e:
            what = _w("handed", lang, what=cards(e["cards"], lang))
        elif "colour" in e:
            shown = f"{count} {colour(e['colour'], lang)}" if e["colour"] else "-"
            what = _w("handed", lang, what=shown)
        else:
            what = _w("handed_hidden", lang, count=count)
        return _w("transfer", lang, card=card_name(kind, lang), by=e["by"], target=e["target"],
                  medicine=medicine(e["medicine"], lang), what=what)
    if kind == "prediction":
        return _w("prediction", lang, seat=e["seat"], colour=colour(e["colour"], lang))
    if kind in ("answer", "follow"):
        return _w("marker", lang, seat=e["seat"], side=_w(kind, lang), card=medicine(e["card"], lang))
    if kind == "pass":
        return _w("pass", lang, seat=e["seat"])
    if kind == "check":
        cure = _w("cure_is", lang, cards=cards(e["cure"], lang)) if "cure" in e else ""
        return _w("check", lang, seat=e["seat"], card=medicine(e["card"], lang),
                  result=_w("right" if e["correct"] else "wrong", lang), cure=cure)
    if kind == "reveal":
        return _w("reveal", lang, cards=cards(e["cure"], lang), card=medicine(e["card"], lang))
    return str(e)


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table for one seat, as plain lines (Rich markup escaped)."""
    lines = [_w("round", lang, round=view["round"], start=view["start_player"], target=view["target"])]
    for seat in range(view["players"]):
        marker = view["cure_markers"][seat]
        shown = (_w("in_hand", lang) if marker is None
                 else _w("placed", lang, side=_w(marker["side"], lang), card=medicine(marker["card"], lang)))
        where = view["pharmacists"][seat]
        line = _w("seat", lang, seat=seat, you=_w("you", lang) if seat == view["seat"] else "",
                  score=view["scores"][seat], size=view["hand_sizes"][seat],
                  where=medicine(where, lang) if where else _w("nowhere", lang), marker=shown)
        if view["predictions"][seat]:
            line += " | " + ", ".join(colour(c, lang) for c in view["predictions"][seat])
        lines.append(("> " if seat in view["to_move"] else "  ") + line)
    lines.append(_w("cards_in_play", lang, cards=", ".join(card_name(c, lang) for c in view["action_cards"])))
    if "hand" in view:
        lines.append(_w("hand", lang, cards=cards(view["hand"], lang)))
    if view["last_round"]:
        last = view["last_round"]
        lines.append(_w("last", lang, cards=cards(last["cure"], lang), card=medicine(last["card"], lang),
                        deltas=", ".join(str(d) for d in last["deltas"])))
    lines.append(_w("notes", lang))
    lines += [f"  {i}. {note(e, lang)}" for i, e in enumerate(view["knowledge"], 1)]
    return escape("\n".join(lines))
