"""Action, event and knowledge-sheet labels in English, Spanish and French (names follow the
rule text).

Why the sheet's notes live here too: a private event (the full story of a transfer, sent to
its two players) reads exactly like that seat's note of it, and the terminal shows the same
notes; one module keeps the words in step (the terminal imports this one, never the reverse)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

COLOURS = {
    "red": {"en": "red", "es": "rojo", "fr": "rouge"},
    "yellow": {"en": "yellow", "es": "amarillo", "fr": "jaune"},
    "green": {"en": "green", "es": "verde", "fr": "vert"},
    "blue": {"en": "blue", "es": "azul", "fr": "bleu"},
}
ACTION_CARDS = {
    "inquiring": {"en": "Inquiring", "es": "Indagar", "fr": "Enquête"},
    "feeding": {"en": "Feeding", "es": "Alimentación", "fr": "Nourrir"},
    "brewing": {"en": "Brewing", "es": "Fabricación de cerveza", "fr": "Brassage"},
    "appealing": {"en": "Appealing", "es": "Atractivo", "fr": "Attrait"},
    "curing": {"en": "Curing", "es": "Curación", "fr": "Guérison"},
}
IDENTICAL = {"en": "identical pair", "es": "pareja idéntica", "fr": "paire identique"}

CATALOGUE = {
    "move": {"en": "Move your pharmacist to {card}", "es": "Mueve tu farmacéutico a {card}",
             "fr": "Déplacez votre pharmacien sur {card}"},
    "action": {"en": "Take the action {card}", "es": "Realiza la acción {card}",
               "fr": "Faites l'action {card}"},
    "give": {"en": "Give a {colour} card to player {target}",
             "es": "Da una carta de color {colour} al jugador {target}",
             "fr": "Donnez une carte {colour} au joueur {target}"},
    "target": {"en": "Choose player {target}", "es": "Elige al jugador {target}",
               "fr": "Choisissez le joueur {target}"},
    "hand_over": {"en": "Hand over {colour} cards", "es": "Entrega cartas de color {colour}",
                  "fr": "Donnez les cartes {colour}"},
    "hand_over_none": {"en": "Hand over nothing (no matching cards)",
                       "es": "No entregas nada (sin cartas que coincidan)",
                       "fr": "Ne rien donner (aucune carte correspondante)"},
    "predict": {"en": "Predict {colour} is in the cure", "es": "Predice que {colour} está en la cura",
                "fr": "Prédire que {colour} est dans le remède"},
    "skip_prediction": {"en": "Make no prediction", "es": "No predecir", "fr": "Ne rien prédire"},
    "answer": {"en": "Place your cure marker, answer side up, on {card}",
               "es": "Coloca tu marcador de curación, con la respuesta hacia arriba, en {card}",
               "fr": "Placez votre marqueur de guérison, face réponse, sur {card}"},
    "follow": {"en": "Follow on {card}", "es": "Sigue en {card}", "fr": "Suivez sur {card}"},
    "pass": {"en": "Pass (keep your cure marker)", "es": "Pasa (conservas tu marcador)",
             "fr": "Passer (gardez votre marqueur)"},
    "ev_moved": {"en": "Player {seat} moves to {card}", "es": "El jugador {seat} se mueve a {card}",
                 "fr": "Le joueur {seat} va sur {card}"},
    "ev_chose_action": {"en": "Player {seat} takes {card}", "es": "El jugador {seat} elige {card}",
                        "fr": "Le joueur {seat} choisit {card}"},
    "ev_inquiring": {"en": "Player {by} gives player {target} a card; they announce {count}",
                     "es": "El jugador {by} da una carta al jugador {target}, que anuncia {count}",
                     "fr": "Le joueur {by} donne une carte au joueur {target}, qui annonce {count}"},
    "ev_transfer": {"en": "{card}: player {by} and player {target}, {count} card(s) handed over",
                    "es": "{card}: jugador {by} y jugador {target}, {count} carta(s) entregada(s)",
                    "fr": "{card} : joueur {by} et joueur {target}, {count} carte(s) donnée(s)"},
    "ev_check": {"en": "Player {seat} checked the cure against {card}: {result}",
                 "es": "El jugador {seat} comprobó la cura con {card}: {result}",
                 "fr": "Le joueur {seat} a vérifié le remède avec {card} : {result}"},
    "ev_saw_cure": {"en": "You looked at the cure: {cards}", "es": "Miraste la cura: {cards}",
                    "fr": "Vous avez regardé le remède : {cards}"},
    "ev_saw": {"en": "You saw: {what}", "es": "Viste: {what}", "fr": "Vous avez vu : {what}"},
    "right": {"en": "right", "es": "correcto", "fr": "juste"},
    "wrong": {"en": "wrong", "es": "incorrecto", "fr": "faux"},
    "ev_round_over": {"en": "Round {round} over, {who}; scores: {scores}",
                      "es": "Fin de la ronda {round}, {who}; puntos: {scores}",
                      "fr": "Fin de la manche {round}, {who} ; points : {scores}"},
    "won_by": {"en": "won by player {seat}", "es": "la gana el jugador {seat}", "fr": "gagnée par le joueur {seat}"},
    "no_winner": {"en": "nobody found the cure", "es": "nadie encontró la cura", "fr": "personne n'a trouvé le remède"},
    "unknown_action": {"en": "An action this version cannot name", "es": "Una acción que esta versión no sabe nombrar",
                       "fr": "Une action que cette version ne sait pas nommer"},
    "unknown_event": {"en": "Something this version cannot describe happened",
                      "es": "Pasó algo que esta versión no sabe describir",
                      "fr": "Il s'est passé quelque chose que cette version ne sait pas décrire"},
    "score_of": {"en": "player {seat} {score}", "es": "jugador {seat} {score}", "fr": "joueur {seat} {score}"},
    "ev_turn": {"en": "Player {seat}'s turn", "es": "Turno del jugador {seat}",
                "fr": "Au tour du joueur {seat}"},
    "ev_targeted": {"en": "Player {seat} chooses player {target} for {card}",
                    "es": "El jugador {seat} elige al jugador {target} para {card}",
                    "fr": "Le joueur {seat} choisit le joueur {target} pour {card}"},
    "ev_forced_cure": {"en": "Player {seat} holds the last cure marker and must cure now",
                       "es": "El jugador {seat} tiene el último marcador de curación y debe curar ya",
                       "fr": "Le joueur {seat} a le dernier marqueur de guérison et doit guérir"},
    "ev_round_start": {"en": "Round {round}: player {start} starts",
                       "es": "Ronda {round}: empieza el jugador {start}",
                       "fr": "Manche {round} : le joueur {start} commence"},
    "ev_dealt": {"en": "Your hand: {cards}", "es": "Tu mano: {cards}", "fr": "Votre main : {cards}"},
    "ev_reveal": {"en": "The cure was {cards} ({card})", "es": "La cura era {cards} ({card})",
                  "fr": "Le remède était {cards} ({card})"},
    "ev_game_over": {"en": "Game over; scores: {scores}", "es": "Fin de la partida; puntos: {scores}",
                     "fr": "Fin de la partie ; points : {scores}"},
}

#: One knowledge-sheet entry in words (``note``): hidden details are said to be unseen.
NOTES = {
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
    "nothing": {"en": "nothing", "es": "nada", "fr": "rien"},
    "prediction": {"en": "player {seat} predicted {colour}", "es": "el jugador {seat} predijo {colour}",
                   "fr": "le joueur {seat} a prédit {colour}"},
    "placed_answer": {"en": "player {seat} placed their cure marker, answer side up, on {card}",
                      "es": "el jugador {seat} colocó su marcador de curación, con la respuesta hacia arriba, "
                            "en {card}",
                      "fr": "le joueur {seat} a placé son marqueur de guérison, face réponse, sur {card}"},
    "placed_follow": {"en": "player {seat} placed their cure marker, follow side up, on {card}",
                      "es": "el jugador {seat} colocó su marcador de curación, con el lado seguido hacia "
                            "arriba, en {card}",
                      "fr": "le joueur {seat} a placé son marqueur de guérison, face suivi, sur {card}"},
    "answer": {"en": "answer", "es": "respuesta", "fr": "réponse"},
    "follow": {"en": "follow", "es": "seguido", "fr": "suivi"},
    "pass": {"en": "player {seat} passed and kept their cure marker",
             "es": "el jugador {seat} pasó y conserva su marcador de curación",
             "fr": "le joueur {seat} a passé et garde son marqueur de guérison"},
    "check": {"en": "player {seat} checked the cure against {card}: {result}{cure}",
              "es": "el jugador {seat} comprobó la cura con {card}: {result}{cure}",
              "fr": "le joueur {seat} a vérifié le remède avec {card} : {result}{cure}"},
    "right": {"en": "right", "es": "correcto", "fr": "juste"},
    "wrong": {"en": "wrong", "es": "incorrecto", "fr": "faux"},
    "cure_is": {"en": " (the cure: {cards})", "es": " (la cura: {cards})", "fr": " (le remède : {cards})"},
    "reveal": {"en": "the cure was {cards} ({card})", "es": "la cura era {cards} ({card})",
               "fr": "le remède était {cards} ({card})"},
    "unknown": {"en": "a note this version cannot read", "es": "una nota que esta versión no sabe leer",
                "fr": "une note que cette version ne sait pas lire"},
}

ORDER = ("red", "yellow", "green", "blue")


def colour(name: str | None, lang: str) -> str:
    return COLOURS.get(name, {}).get(lang, str(name)) if name else "-"


def medicine(name: str, lang: str) -> str:
    if name == "identical-pair":
        return IDENTICAL[lang]
    parts = name.split("-")
    return "-".join(colour(p, lang) for p in parts)


def cards(counts: list[int], lang: str) -> str:
    """[1, 0, 2, 0] -> "1 red, 2 green" (colours in the content's order)."""
    return ", ".join(f"{n} {colour(c, lang)}" for c, n in zip(ORDER, counts, strict=False) if n) or "-"


def card_name(name: str, lang: str) -> str:
    return ACTION_CARDS.get(name, {}).get(lang, name)


def scores_text(scores: list[int], lang: str) -> str:
    """[3, 0, 1] -> "player 0 3, player 1 0, player 2 1"."""
    return ", ".join(text(CATALOGUE, "score_of", lang, seat=seat, score=score) for seat, score in enumerate(scores))


def _n(key: str, lang: str, **values: Any) -> str:
    return text(NOTES, key, lang, **values)


def note(e: dict[str, Any], lang: str) -> str:
    """One knowledge-sheet entry in words (hidden details shown as unseen)."""
    kind = e["k"]
    if kind == "deal":
        own = _n("own", lang, cards=cards(e["hand"], lang)) if "hand" in e else ""
        return _n("deal", lang, sizes=e["sizes"][0], own=own)
    if kind in ("inquiring", "feeding", "brewing", "appealing"):
        return _n("transfer", lang, card=card_name(kind, lang), by=e["by"], target=e["target"],
                  medicine=medicine(e["medicine"], lang), what=transfer_what(e, lang))
    if kind == "prediction":
        return _n("prediction", lang, seat=e["seat"], colour=colour(e["colour"], lang))
    if kind in ("answer", "follow"):
        return _n("placed_" + kind, lang, seat=e["seat"], card=medicine(e["card"], lang))
    if kind == "pass":
        return _n("pass", lang, seat=e["seat"])
    if kind == "check":
        cure = _n("cure_is", lang, cards=cards(e["cure"], lang)) if "cure" in e else ""
        return _n("check", lang, seat=e["seat"], card=medicine(e["card"], lang),
                  result=_n("right" if e["correct"] else "wrong", lang), cure=cure)
    if kind == "reveal":
        return _n("reveal", lang, cards=cards(e["cure"], lang), card=medicine(e["card"], lang))
    return _n("unknown", lang)


def transfer_what(e: dict[str, Any], lang: str) -> str:
    """What moved in a transfer entry, in words; the colours only if the entry holds them."""
    kind, count = e["k"], e["count"]
    seen = "colour" in e
    if kind == "inquiring":
        if not seen:
            return _n("gave_hidden", lang) + ", " + _n("announced_hidden", lang, count=count)
        return (_n("gave", lang, colour=colour(e["colour"], lang)) + ", "
                + _n("announced", lang, count=count, colour=colour(e["counted"], lang)))
    if kind == "feeding":
        if not seen:
            return _n("gave_hidden", lang) + ", " + _n("returned_hidden", lang, count=count)
        return (_n("gave", lang, colour=colour(e["colour"], lang)) + ", "
                + _n("returned", lang, count=count, colour=colour(e["returned"], lang)))
    if "cards" in e:  # Brewing, seen
        return _n("handed", lang, what=cards(e["cards"], lang) if count else _n("nothing", lang))
    if seen:  # Appealing, seen
        shown = f"{count} {colour(e['colour'], lang)}" if e["colour"] else _n("nothing", lang)
        return _n("handed", lang, what=shown)
    return _n("handed_hidden", lang, count=count)


def winner_words(winner: int | None, lang: str) -> str:
    """Who won a round: "won by player 2", or "nobody found the cure"."""
    return text(CATALOGUE, "no_winner", lang) if winner is None else text(CATALOGUE, "won_by", lang, seat=winner)


def sentence(words: str) -> str:
    """A note as a log line: the same words, capitalised."""
    return words[:1].upper() + words[1:]


def describe_action(action: dict[str, Any], lang: str) -> str:
    kind = action.get("type")
    if kind in ("move", "answer", "follow"):
        return text(CATALOGUE, kind, lang, card=medicine(action["card"], lang))
    if kind == "action":
        return text(CATALOGUE, "action", lang, card=card_name(action["card"], lang))
    if kind == "give":
        return text(CATALOGUE, "give", lang, colour=colour(action["colour"], lang), target=action["target"])
    if kind == "target":
        return text(CATALOGUE, "target", lang, target=action["target"])
    if kind == "hand_over":
        if action["colour"] is None:
            return text(CATALOGUE, "hand_over_none", lang)
        return text(CATALOGUE, "hand_over", lang, colour=colour(action["colour"], lang))
    if kind == "predict":
        return text(CATALOGUE, "predict", lang, colour=colour(action["colour"], lang))
    if kind in ("skip_prediction", "pass"):
        return text(CATALOGUE, kind, lang)
    return text(CATALOGUE, "unknown_action", lang)


def describe_event(event: dict[str, Any], lang: str) -> str:
    kind = event.get("type")
    if kind in ("moved", "chose_action"):
        name = medicine(event["card"], lang) if kind == "moved" else card_name(event["card"], lang)
        return text(CATALOGUE, "ev_" + kind, lang, seat=event["seat"], card=name)
    if kind in ("inquiring", "feeding", "brewing", "appealing") and "to" in event:
        # the full story, for the two players involved: only what the public line did not say
        entry = {"k": kind, **{key: v for key, v in event.items() if key not in ("type", "to")}}
        return text(CATALOGUE, "ev_saw", lang, what=transfer_what(entry, lang))
    if kind == "inquiring":
        return text(CATALOGUE, "ev_inquiring", lang, by=event["by"], target=event["target"], count=event["count"])
    if kind in ("feeding", "brewing", "appealing"):
        return text(CATALOGUE, "ev_transfer", lang, card=card_name(kind, lang), by=event["by"],
                    target=event["target"], count=event["count"])
    if kind == "check" and "to" in event:
        # the checker's own copy: the cure it saw (the public line already said right or wrong)
        return text(CATALOGUE, "ev_saw_cure", lang, cards=cards(event["cure"], lang))
    if kind == "check":
        result = text(CATALOGUE, "right" if event["correct"] else "wrong", lang)
        return text(CATALOGUE, "ev_check", lang, seat=event["seat"], card=medicine(event["card"], lang),
                    result=result)
    if kind == "round_over":
        winner = event["winner"]
        who = winner_words(winner, lang)
        return text(CATALOGUE, "ev_round_over", lang, round=event["round"], who=who,
                    scores=scores_text(event["scores"], lang))
    if kind == "turn":
        return text(CATALOGUE, "ev_turn", lang, seat=event["seat"])
    if kind in ("answer", "follow", "pass", "prediction"):
        # a public marker: the sheet's note of it, as a log line ("Player 2 placed their ...")
        return sentence(note({"k": kind, **{key: v for key, v in event.items() if key != "type"}}, lang))
    if kind == "targeted":
        return text(CATALOGUE, "ev_targeted", lang, seat=event["seat"], target=event["target"],
                    card=card_name(event["card"], lang))
    if kind == "forced_cure":
        return text(CATALOGUE, "ev_forced_cure", lang, seat=event["seat"])
    if kind == "round_start":
        return text(CATALOGUE, "ev_round_start", lang, round=event["round"], start=event["start"])
    if kind == "dealt":
        return text(CATALOGUE, "ev_dealt", lang, cards=cards(event["hand"], lang))
    if kind == "reveal":
        return text(CATALOGUE, "ev_reveal", lang, cards=cards(event["cure"], lang), card=medicine(event["card"], lang))
    if kind == "game_over":
        return text(CATALOGUE, "ev_game_over", lang, scores=scores_text(event["scores"], lang))
    return text(CATALOGUE, "unknown_event", lang)
