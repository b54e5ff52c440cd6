"""The log: every event as a past-tense sentence naming the players, in English, Spanish and
French ("Ana gave Bruno a card (Inquiring, on the red-blue card); Bruno announced 2 cards of the
other colour").

Why a module of its own: the log is what a newcomer reads to learn what happened, so it says
it in words (no ids, lists or seat numbers), and it is where hidden information could slip out.
A transfer or a check has a public line and a private twin (``knowledge.events_for``): the
twin tells its seats the whole story, the public line carries ``not_to`` for them, so each
seat reads one line, and the public line says only what everyone saw."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import (
    Who,
    a_colour_card,
    card_count,
    card_name,
    colour_cards,
    hand_words,
    join,
    medicine_card,
)

LINES = {
    "moved": {"en": "{p} moved their pharmacist to {card}", "es": "{p} movió su farmacéutico a {card}",
              "fr": "{p} a déplacé son pharmacien sur {card}"},
    "chose_action": {"en": "{p} took the action card {card}", "es": "{p} tomó la carta de acción {card}",
                     "fr": "{p} a pris la carte action {card}"},
    "targeted": {"en": "{p} chose {target} for {card}", "es": "{p} eligió a {target} para {card}",
                 "fr": "{p} a choisi {target} pour {card}"},
    # Inquiring and Feeding: what everyone saw, then the two players' own line
    "gave_hidden": {"en": "{by} gave {target} a card ({action}, with {card})",
                    "es": "{by} dio una carta a {target} ({action}, con {card})",
                    "fr": "{by} a donné une carte à {target} ({action}, avec {card})"},
    "gave_seen": {"en": "{by} gave {target} {what} ({action}, with {card})",
                  "es": "{by} dio {what} a {target} ({action}, con {card})",
                  "fr": "{by} a donné {what} à {target} ({action}, avec {card})"},
    "announced_hidden": {"en": "{target} announced {count} {which}", "es": "{target} anunció {count} {which}",
                         "fr": "{target} a annoncé {count} {which}"},
    "announced_seen": {"en": "{target} announced {what}", "es": "{target} anunció {what}",
                       "fr": "{target} a annoncé {what}"},
    "returned_hidden": {"en": "{target} handed back {count} {which}", "es": "{target} devolvió {count} {which}",
                        "fr": "{target} a rendu {count} {which}"},
    "returned_seen": {"en": "{target} handed back {what}", "es": "{target} devolvió {what}",
                      "fr": "{target} a rendu {what}"},
    "other": {"en": "of the other colour", "es": "del otro color", "fr": "de l'autre couleur"},
    "same": {"en": "of the colour received", "es": "del color recibido", "fr": "de la couleur reçue"},
    # Brewing and Appealing
    "played_on": {"en": "{by} played {action} on {target} (with {card}); {target} handed over {what}",
                  "es": "{by} jugó {action} sobre {target} (con {card}); {target} entregó {what}",
                  "fr": "{by} a joué {action} sur {target} (avec {card}) ; {target} a donné {what}"},
    "nothing": {"en": "nothing", "es": "nada", "fr": "rien"},
    "prediction": {"en": "{p} predicted {what} in the cure", "es": "{p} predijo {what} en la cura",
                   "fr": "{p} a prédit {what} dans le remède"},
    "answer": {"en": "{p} placed their cure marker, answer side up, on {card}",
               "es": "{p} colocó su marcador de curación, con la respuesta hacia arriba, en {card}",
               "fr": "{p} a placé son marqueur de guérison, face réponse, sur {card}"},
    "follow": {"en": "{p} placed their cure marker, follow side up, on {card}",
               "es": "{p} colocó su marcador de curación, con el lado seguido hacia arriba, en {card}",
               "fr": "{p} a placé son marqueur de guérison, face suivi, sur {card}"},
    "pass": {"en": "{p} passed and kept their cure marker", "es": "{p} pasó y conserva su marcador de curación",
             "fr": "{p} a passé et garde son marqueur de guérison"},
    "check": {"en": "{p} checked the cure in secret against {card}: {result}",
              "es": "{p} comprobó la cura en secreto con {card}: {result}",
              "fr": "{p} a vérifié le remède en secret avec {card} : {result}"},
    "check_seen": {"en": "{p} checked the cure in secret against {card}: {result}; you saw {cure}",
                   "es": "{p} comprobó la cura en secreto con {card}: {result}; viste {cure}",
                   "fr": "{p} a vérifié le remède en secret avec {card} : {result} ; vous avez vu {cure}"},
    "right": {"en": "right", "es": "correcto", "fr": "juste"},
    "wrong": {"en": "wrong", "es": "incorrecto", "fr": "faux"},
    "forced_cure": {"en": "{p} held the last cure marker and had to cure at once",
                    "es": "{p} tenía el último marcador de curación y tuvo que curar enseguida",
                    "fr": "{p} avait le dernier marqueur de guérison et a dû guérir aussitôt"},
    "reveal": {"en": "The cure was {cure}: {card}", "es": "La cura era {cure}: {card}",
               "fr": "Le remède était {cure} : {card}"},
    "round_won": {"en": "Round {round} ended: {p} found the cure. Points this round: {changes}. Scores: {scores}",
                  "es": "Terminó la ronda {round}: {p} encontró la cura. Puntos de la ronda: {changes}. "
                        "Puntuación: {scores}",
                  "fr": "La manche {round} est terminée : {p} a trouvé le remède. Points de la manche : {changes}. "
                        "Scores : {scores}"},
    "round_lost": {"en": "Round {round} ended: nobody found the cure. Points this round: {changes}. Scores: {scores}",
                   "es": "Terminó la ronda {round}: nadie encontró la cura. Puntos de la ronda: {changes}. "
                         "Puntuación: {scores}",
                   "fr": "La manche {round} est terminée : personne n'a trouvé le remède. Points de la manche : "
                         "{changes}. Scores : {scores}"},
    "score_of": {"en": "{p} {score}", "es": "{p} {score}", "fr": "{p} {score}"},
    "turn": {"en": "{p}'s turn", "es": "Turno de {p}", "fr": "Au tour de {p}"},
    "round_start": {"en": "Round {round} began: the cards were shuffled and dealt, {p} starts",
                    "es": "Empezó la ronda {round}: se barajaron y repartieron las cartas, empieza {p}",
                    "fr": "La manche {round} a commencé : les cartes ont été mélangées et distribuées, {p} commence"},
    "dealt": {"en": "You were dealt {cards}", "es": "Recibiste {cards}", "fr": "Vous avez reçu {cards}"},
    "game_won": {"en": "Game over: {p} won with {points} points",
                 "es": "Fin de la partida: ganó {p} con {points} puntos",
                 "fr": "Partie terminée : {p} a gagné avec {points} points"},
    "game_shared": {"en": "Game over: {p} shared the win with {points} points",
                    "es": "Fin de la partida: {p} compartieron la victoria con {points} puntos",
                    "fr": "Partie terminée : {p} se sont partagé la victoire avec {points} points"},
    "unknown": {"en": "Something this version cannot describe happened",
                "es": "Pasó algo que esta versión no sabe describir",
                "fr": "Il s'est passé quelque chose que cette version ne sait pas décrire"},
}

TRANSFERS = ("inquiring", "feeding", "brewing", "appealing")


def _l(key: str, lang: str, **values: Any) -> str:
    return text(LINES, key, lang, **values)


def describe_event(event: dict[str, Any], lang: str, who: Who) -> str:
    """``event`` as one past-tense line for the log; ``who(seat)`` names a player."""
    kind = event.get("type")
    if kind in TRANSFERS:
        return _transfer(event, lang, who)
    if kind == "moved":
        return _l("moved", lang, p=who(event["seat"]), card=medicine_card(event["card"], lang))
    if kind == "chose_action":
        return _l("chose_action", lang, p=who(event["seat"]), card=card_name(event["card"], lang))
    if kind == "targeted":
        return _l("targeted", lang, p=who(event["seat"]), target=who(event["target"]),
                  card=card_name(event["card"], lang))
    if kind == "prediction":
        return _l("prediction", lang, p=who(event["seat"]), what=a_colour_card(event["colour"], lang))
    if kind in ("answer", "follow"):
        return _l(kind, lang, p=who(event["seat"]), card=medicine_card(event["card"], lang))
    if kind in ("pass", "forced_cure", "turn"):
        return _l(kind, lang, p=who(event["seat"]))
    if kind == "check":
        result = _l("right" if event["correct"] else "wrong", lang)
        card = medicine_card(event["card"], lang)
        if "cure" in event:  # the checker's own line: the two cards it looked at
            return _l("check_seen", lang, p=who(event["seat"]), card=card, result=result,
                      cure=hand_words(event["cure"], lang))
        return _l("check", lang, p=who(event["seat"]), card=card, result=result)
    if kind == "reveal":
        return _l("reveal", lang, cure=hand_words(event["cure"], lang), card=medicine_card(event["card"], lang))
    if kind == "round_over":
        return _round_over(event, lang, who)
    if kind == "round_start":
        return _l("round_start", lang, round=event["round"], p=who(event["start"]))
    if kind == "dealt":
        return _l("dealt", lang, cards=hand_words(event["hand"], lang))
    if kind == "game_over":
        scores = event["scores"]
        best = max(scores)
        winners = [who(s) for s, score in enumerate(scores) if score == best]
        return _l("game_won" if len(winners) == 1 else "game_shared", lang, p=join(winners, lang), points=best)
    return _l("unknown", lang)


def _transfer(event: dict[str, Any], lang: str, who: Who) -> str:
    """A transfer's line: the public one says how many cards moved; the private twin (it holds
    the colours) says which."""
    kind, count = event["type"], event["count"]
    by, target = who(event["by"]), who(event["target"])
    action, card = card_name(kind, lang), medicine_card(event["medicine"], lang)
    seen = "colour" in event or "cards" in event
    which = _l("same" if event["medicine"] == "identical-pair" else "other", lang)
    if kind in ("inquiring", "feeding"):
        if seen:
            gave = _l("gave_seen", lang, by=by, target=target, what=a_colour_card(event["colour"], lang),
                      action=action, card=card)
        else:
            gave = _l("gave_hidden", lang, by=by, target=target, action=action, card=card)
        said = "announced" if kind == "inquiring" else "returned"
        if seen:
            other = event["counted" if kind == "inquiring" else "returned"]
            answer = _l(said + "_seen", lang, target=target, what=colour_cards(count, other, lang))
        else:
            answer = _l(said + "_hidden", lang, target=target, count=card_count(count, lang), which=which)
        return f"{gave}; {answer}" if lang != "fr" else f"{gave} ; {answer}"
    if "cards" in event:  # Brewing, seen: one card of each colour, or two of one
        what = hand_words(event["cards"], lang) if count else _l("nothing", lang)
    elif "colour" in event:  # Appealing (or identical-pair Brewing), seen
        what = colour_cards(count, event["colour"], lang) if event["colour"] else _l("nothing", lang)
    else:
        what = card_count(count, lang) if count else _l("nothing", lang)
    return _l("played_on", lang, by=by, action=action, target=target, card=card, what=what)


def _round_over(event: dict[str, Any], lang: str, who: Who) -> str:
    changes = event.get("changes", event["deltas"])
    moved = ", ".join(_l("score_of", lang, p=who(s), score=f"{c:+d}" if c else "0") for s, c in enumerate(changes))
    scores = ", ".join(_l("score_of", lang, p=who(s), score=score) for s, score in enumerate(event["scores"]))
    winner = event["winner"]
    if winner is None:
        return _l("round_lost", lang, round=event["round"], changes=moved, scores=scores)
    return _l("round_won", lang, round=event["round"], p=who(winner), changes=moved, scores=scores)
