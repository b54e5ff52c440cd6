"""What every Dice Hospital component does, for the table's tooltips and inspect panels
(``Game.catalogue``) and the tables a player consults during play (``Game.reference``: the
discharge table, what each department treats, what each specialist adds).

Why generated from the compiled content: the texts must say what the rules code does with the
numbers of *this* table, so a designer's ``content.toml`` edit or a table's ``params`` shows in
the page with no build step (``{"departments": {"ent": {"amount": 4}}}`` makes Ear, nose and
throat read "+4").  Entry ids are ``kind:content key`` and the board marks each element with
its entry's id in ``data-card``; no player ever reads an id.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .content import ALL_COLOURS_MASK, COLOURS, MEEPLE_COLOURS, T_AMOUNT, Content
from .effect_words import colour_words, patients_phrase, relation_phrase, trigger_phrase
from .hospital import STARTING_DEPARTMENTS
from .labels import colour_name, report_text
from .log_words import counted

Entry = dict[str, Any]

WORDS: dict[str, dict[str, str]] = {
    # kinds
    "k_start": {"en": "Starting department", "es": "Departamento inicial", "fr": "Service de départ"},
    "k_department": {"en": "Department", "es": "Departamento", "fr": "Service"},
    "k_specialist": {"en": "Specialist", "es": "Especialista", "fr": "Spécialiste"},
    "k_administrator": {"en": "Administrator", "es": "Administrador", "fr": "Directeur"},
    "k_event": {"en": "Event", "es": "Evento", "fr": "Événement"},
    "k_report": {"en": "Medical report (solo)", "es": "Informe médico (solitario)", "fr": "Rapport médical (solo)"},
    "k_ambulance": {"en": "Ambulance", "es": "Ambulancia", "fr": "Ambulance"},
    "k_die": {"en": "Patient die", "es": "Dado de paciente", "fr": "Dé patient"},
    "k_blood": {"en": "Blood bag", "es": "Bolsa de sangre", "fr": "Poche de sang"},
    "k_nurse": {"en": "Nurse", "es": "Enfermero", "fr": "Infirmier"},
    "k_fatality": {"en": "Fatality", "es": "Fallecido", "fr": "Décès"},
    # names of the pieces that are not content entries
    "n_ambulance": {"en": "Ambulance", "es": "Ambulancia", "fr": "Ambulance"},
    "n_blood": {"en": "Blood bag", "es": "Bolsa de sangre", "fr": "Poche de sang"},
    "n_nurse": {"en": "Nurse", "es": "Enfermero", "fr": "Infirmier"},
    "n_fatality": {"en": "Fatality", "es": "Fallecido", "fr": "Décès"},
    # effects
    "department": {
                   "en": "Treats {patients}{by}. A nurse or a specialist works it, once a round; it resolves fully "
                         "or not at all.",
                   "es": "Cura a {patients}{by}. Lo trabaja un enfermero o un especialista, una vez por ronda; se "
                         "resuelve entero o nada.",
                   "fr": "Soigne {patients}{by}. Un infirmier ou un spécialiste y travaille, une fois par manche ; "
                         "il s'applique entièrement ou pas du tout."},
    "by_1": {"en": " by +{amount}", "es": " en +{amount}", "fr": " de +{amount}"},
    "by_n": {"en": " by +{amount} each", "es": " en +{amount} cada uno", "fr": " de +{amount} chacun"},
    "moved_1": {"en": ", moving it to the treated row without changing its value",
                "es": ", pasándolo a la fila de tratados sin cambiar su valor",
                "fr": ", en le passant sur la ligne des soignés sans changer sa valeur"},
    "moved": {"en": ", moving them to the treated row without changing their value",
              "es": ", pasándolos a la fila de tratados sin cambiar su valor",
              "fr": ", en les passant sur la ligne des soignés sans changer leur valeur"},
    "specialist": {
                   "en": "Works any department like a nurse, once a round. When that department treated {trigger}, "
                         "it may then {effect}.",
                   "es": "Trabaja en cualquier departamento como un enfermero, una vez por ronda. Si ese "
                         "departamento curó a {trigger}, puede después {effect}.",
                   "fr": "Travaille dans n'importe quel service comme un infirmier, une fois par manche. Si ce "
                         "service a soigné {trigger}, il peut ensuite {effect}."},
    "at_least": {"en": "at least {what}", "es": "al menos {what}", "fr": "au moins {what}"},
    "s_treat": {"en": "treat {patients}{by}", "es": "curar a {patients}{by}", "fr": "soigner {patients}{by}"},
    "s_blood": {"en": "gain {blood}",
                "es": "ganar {blood}",
                "fr": "gagner {blood}"},
    "neglect_shield": {"en": "Each round, {amount} neglected patient(s) (the lowest value first) lose nothing.",
                       "es": "Cada ronda, {amount} paciente(s) desatendido(s) (primero el de menor valor) no pierden "
                             "nada.",
                       "fr": "À chaque manche, {amount} patient(s) négligé(s) (le plus faible d'abord) ne perdent "
                             "rien."},
    "extra_nurse": {"en": "You have {amount} extra nurse(s) every round.",
                    "es": "Tienes {amount} enfermero(s) más cada ronda.",
                    "fr": "Vous avez {amount} infirmier(s) de plus à chaque manche."},
    "start_blood": {"en": "You start with {blood}.", "es": "Empiezas con {blood}.",
                    "fr": "Vous commencez avec {blood}."},
    "colour_discharge_bonus": {"en": "+{points} per {colour} patient you discharge.",
                               "es": "+{points} por cada paciente {colour} que das de alta.",
                               "fr": "+{points} par patient {colour} que vous faites sortir."},
    "fatality_relief": {"en": "Each of your fatalities costs {points} less at the end.",
                        "es": "Cada uno de tus fallecidos resta {points} menos al final.",
                        "fr": "Chacun de vos décès coûte {points} de moins à la fin."},
    "empty_bonus_extra": {"en": "+{points} more whenever you score the empty-wards bonus.",
                          "es": "+{points} más cada vez que puntúas las habitaciones vacías.",
                          "fr": "+{points} de plus à chaque bonus des chambres vides."},
    "ev_neglect_extra": {"en": "This round neglected patients lose {amount} more.",
                         "es": "Esta ronda los pacientes desatendidos pierden {amount} más.",
                         "fr": "Cette manche, les patients négligés perdent {amount} de plus."},
    "ev_no_neglect": {"en": "This round no patient is neglected.", "es": "Esta ronda ningún paciente se desatiende.",
                      "fr": "Cette manche, aucun patient n'est négligé."},
    "ev_blood_all": {"en": "Every player gains {blood}.",
                     "es": "Cada jugador gana {blood}.",
                     "fr": "Chaque joueur gagne {blood}."},
    "ev_colour_discharge_bonus": {"en": "This round +{points} per {colour} patient discharged.",
                                  "es": "Esta ronda +{points} por paciente {colour} dado de alta.",
                                  "fr": "Cette manche, +{points} par patient {colour} sorti."},
    "ev_nurse_delta": {"en": "This round every player has {amount} extra nurse(s).",
                       "es": "Esta ronda cada jugador tiene {amount} enfermero(s) más.",
                       "fr": "Cette manche, chaque joueur a {amount} infirmier(s) de plus."},
    "ev_nurse_fewer": {"en": "This round every player has {amount} nurse(s) fewer.",
                       "es": "Esta ronda cada jugador tiene {amount} enfermero(s) menos.",
                       "fr": "Cette manche, chaque joueur a {amount} infirmier(s) de moins."},
    "ev_colour_neglect_extra": {"en": "This round neglected {colour} patients lose {amount} more.",
                                "es": "Esta ronda los pacientes {colour} desatendidos pierden {amount} más.",
                                "fr": "Cette manche, les patients {colour} négligés perdent {amount} de plus."},
    "ev_ambulance_extra": {"en": "This round each ambulance carries {amount} more patient(s).",
                           "es": "Esta ronda cada ambulancia trae {amount} paciente(s) más.",
                           "fr": "Cette manche, chaque ambulance amène {amount} patient(s) de plus."},
    "ev_discharge_bonus_each": {"en": "This round +{points} per patient discharged.",
                                "es": "Esta ronda +{points} por paciente dado de alta.",
                                "fr": "Cette manche, +{points} par patient sorti."},
    "ev_empty_bonus_extra": {"en": "This round the empty-wards bonus is worth {amount} more.",
                             "es": "Esta ronda la bonificación por habitaciones vacías vale {amount} más.",
                             "fr": "Cette manche, le bonus des chambres vides vaut {amount} de plus."},
    "ev_offer_extra": {"en": "This round {amount} more department(s) and specialist(s) are offered.",
                       "es": "Esta ronda se ofrecen {amount} departamento(s) y especialista(s) más.",
                       "fr": "Cette manche, {amount} service(s) et spécialiste(s) de plus sont proposés."},
    "report": {
               "en": "Solo: when you {what}, this face-up report scores {points} at the end of "
                     "the discharge phase and is replaced.",
               "es": "Solitario: si consigues {what}, este informe boca arriba da {points} al "
                     "final de la fase de altas y se repone.",
               "fr": "Solo : si vous parvenez à {what}, ce rapport visible rapporte {points} "
                     "à la fin de la phase de sortie et est remplacé."},
    "ambulance": {
                  "en": "Each round {dice} dice per ambulance are rolled (re-rolling below {low} and above {high}) "
                        "and lined up lowest first; players + 1 ambulances ({solo} solo). In turn order each player "
                        "takes one. The lowest ambulance taken brings {blood} and the first-player "
                        "token.{barred}",
                  "es": "Cada ronda se tiran {dice} dados por ambulancia (se repite por debajo de {low} y por encima "
                        "de {high}) y se ordenan de menor a mayor; hay jugadores + 1 ambulancias ({solo} en "
                        "solitario). Por turno cada jugador toma una. La ambulancia más baja tomada da {blood} "
                        "y la ficha de jugador inicial.{barred}",
                  "fr": "À chaque manche, {dice} dés par ambulance sont lancés (relancés sous {low} et au-dessus de "
                        "{high}) et alignés du plus faible au plus fort ; il y a joueurs + 1 ambulances ({solo} en "
                        "solo). Chacun à son tour en prend une. L'ambulance la plus basse prise apporte {blood} "
                        "et le jeton premier joueur.{barred}"},
    "barred": {"en": " The first player may not take ambulance 1.",
               "es": " El jugador inicial no puede tomar la ambulancia 1.",
               "fr": " Le premier joueur ne peut pas prendre l'ambulance 1."},
    "die": {
            "en": "A {colour} patient. Its value is its health: treatments raise it and at {out} it is discharged; "
                  "each round untreated it loses {loss}, and at 0 it dies. Departments for {colour} patients only: "
                  "{departments}.",
            "es": "Un paciente {colour}. Su valor es su salud: los tratamientos lo suben y a {out} recibe el alta; "
                  "cada ronda sin tratar pierde {loss}, y a 0 fallece. Departamentos solo para pacientes de este "
                  "color: {departments}.",
            "fr": "Un patient {colour}. Sa valeur est sa santé : les soins l'augmentent et à {out} il sort ; chaque "
                  "manche sans soin il perd {loss}, et à 0 il meurt. Services réservés aux patients de cette couleur "
                  ": {departments}."},
    "none": {"en": "none", "es": "ninguno", "fr": "aucun"},
    "blood": {
              "en": "Spend one at any moment of your activation: +1 to a patient (a treatment), or make a patient "
                    "count as another colour until the end of the phase. Each bag left at the end is worth {points}. "
                    "The supply holds {supply}.",
              "es": "Gasta una en cualquier momento de tu activación: +1 a un paciente (un tratamiento), o haz que "
                    "cuente como otro color hasta el final de la fase. Cada bolsa que te quede al final vale "
                    "{points}. El suministro tiene {supply}.",
              "fr": "Dépensez-en une à tout moment de votre activation : +1 à un patient (un soin), ou faites-le "
                    "compter comme une autre couleur jusqu'à la fin de la phase. Chaque poche restante à la fin vaut "
                    "{points}. La réserve en contient {supply}."},
    "nurse": {
              "en": "You have {nurses} nurses. Each works one department once a round and comes home at the shift "
                    "change.",
              "es": "Tienes {nurses} enfermeros. Cada uno trabaja en un departamento una vez por ronda y vuelve en "
                    "el cambio de turno.",
              "fr": "Vous avez {nurses} infirmiers. Chacun travaille dans un service une fois par manche et revient "
                    "au changement d'équipe."},
    "fatality": {
                 "en": "A patient who dies (neglected down to 0) or is sent to the morgue to make room. Each costs "
                       "{penalty} points at the end.",
                 "es": "Un paciente que fallece (desatendido hasta 0) o que se envía a la morgue para hacer sitio. "
                       "Cada uno resta {penalty} puntos al final.",
                 "fr": "Un patient qui meurt (négligé jusqu'à 0) ou envoyé à la morgue pour faire de la place. "
                       "Chacun coûte {penalty} points à la fin."},
    # facts
    "f_patients": {"en": "Patients", "es": "Pacientes", "fr": "Patients"},
    "f_colours": {"en": "Colours", "es": "Colores", "fr": "Couleurs"},
    "f_values": {"en": "Values", "es": "Valores", "fr": "Valeurs"},
    "f_treatment": {"en": "Treatment", "es": "Tratamiento", "fr": "Soin"},
    "f_tiles": {"en": "Tiles", "es": "Losetas", "fr": "Tuiles"},
    "f_cards": {"en": "Cards", "es": "Cartas", "fr": "Cartes"},
    "f_meeple": {"en": "Meeple", "es": "Figura", "fr": "Pion"},
    "f_trigger": {"en": "Trigger", "es": "Activación", "fr": "Déclencheur"},
    "f_effect": {"en": "Effect", "es": "Efecto", "fr": "Effet"},
    "f_amount": {"en": "Amount", "es": "Cantidad", "fr": "Valeur"},
    "f_points": {"en": "Points", "es": "Puntos", "fr": "Points"},
    "f_dice": {"en": "Dice per ambulance", "es": "Dados por ambulancia", "fr": "Dés par ambulance"},
    "f_discharge": {"en": "Discharged at", "es": "Alta a partir de", "fr": "Sortie à"},
    "f_in_bag": {"en": "In the bag (4 players)", "es": "En la bolsa (4 jugadores)", "fr": "Dans le sac (4 joueurs)"},
    "f_end": {"en": "At the end", "es": "Al final", "fr": "À la fin"},
    "f_nurses": {"en": "Nurses", "es": "Enfermeros", "fr": "Infirmiers"},
    "any": {"en": "any", "es": "cualquiera", "fr": "toutes"},
    "plus": {"en": "+{n}", "es": "+{n}", "fr": "+{n}"},
    "plus_each": {"en": "+{n} each", "es": "+{n} cada uno", "fr": "+{n} chacun"},
    "move_only": {"en": "to the treated row", "es": "a la fila de tratados", "fr": "sur la ligne des soignés"},
    "blue": {"en": "blue", "es": "azul", "fr": "bleu"},
    "dash": {"en": "{low}-{high}", "es": "{low}-{high}", "fr": "{low}-{high}"},
    # reference tables
    "t_discharge": {"en": "Discharge table", "es": "Tabla de altas", "fr": "Table des sorties"},
    "c_nth": {"en": "Patient discharged this round",
              "es": "Paciente dado de alta en la ronda",
              "fr": "Patient sorti dans la manche"},
    "c_points": {"en": "Points for that patient", "es": "Puntos por ese paciente", "fr": "Points pour ce patient"},
    "c_total": {"en": "Total for the round", "es": "Total de la ronda", "fr": "Total de la manche"},
    "nth": {"en": "no. {n}", "es": "n.º {n}", "fr": "n° {n}"},
    "discharge_note": {
                       "en": "+{bonus} when every ward is empty at the end of the discharge phase. At the end of the "
                             "game: −{penalty} per fatality, +{blood} per blood bag left.",
                       "es": "+{bonus} si todas las habitaciones están vacías al final de la fase de altas. Al final "
                             "de la partida: −{penalty} por fallecido, +{blood} por bolsa de sangre restante.",
                       "fr": "+{bonus} si toutes les chambres sont vides à la fin de la phase de sortie. À la fin de "
                             "la partie : −{penalty} par décès, +{blood} par poche de sang restante."},
    "t_departments": {"en": "What each department treats",
                      "es": "Qué cura cada departamento",
                      "fr": "Ce que soigne chaque service"},
    "c_department": {"en": "Department", "es": "Departamento", "fr": "Service"},
    "c_treats": {"en": "Treats", "es": "Cura a", "fr": "Soigne"},
    "c_copies": {"en": "Tiles", "es": "Losetas", "fr": "Tuiles"},
    "starting": {"en": "starting hospital", "es": "hospital inicial", "fr": "hôpital de départ"},
    "departments_note": {
                         "en": "A department resolves fully or not at all; a single patient may overshoot to "
                               "discharge.",
                         "es": "Un departamento se resuelve entero o nada; un solo paciente puede pasarse para "
                               "recibir el alta.",
                         "fr": "Un service s'applique entièrement ou pas du tout ; un seul patient peut dépasser "
                               "pour sortir."},
    "t_specialists": {"en": "What each specialist adds",
                      "es": "Qué añade cada especialista",
                      "fr": "Ce qu'apporte chaque spécialiste"},
    "c_specialist": {"en": "Specialist", "es": "Especialista", "fr": "Spécialiste"},
}


def _w(key: str, lang: str, **values: object) -> str:
    return text(WORDS, key, lang, **values)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _by(target: tuple, lang: str) -> str:
    amount = target[T_AMOUNT]
    if not amount:
        return _w("moved_1" if target[0] == 1 else "moved", lang)
    return _w("by_1" if target[0] == 1 else "by_n", lang, amount=amount)


def _treatment(target: tuple, lang: str) -> str:
    amount = target[T_AMOUNT]
    if not amount:
        return _w("move_only", lang)
    return _w("plus" if target[0] == 1 else "plus_each", lang, n=amount)


def _in_play(content: Content, options: dict[str, Any], kind: str) -> list[int]:
    """The department or specialist types these options put on the table, in content order."""
    if kind == "department":
        pieces = list(range(STARTING_DEPARTMENTS)) + list(content.department_tiles)
        extra = content.experimental_department_tiles
    else:
        pieces = list(content.specialist_cards)
        extra = content.experimental_specialist_cards
    if options.get("experimental_medicine"):
        pieces += list(extra)
    return sorted(set(pieces))


def department_entry(content: Content, index: int, lang: str) -> Entry:
    target = content.department_targets[index]
    count, mask, low, high = target[:4]
    copies = sum(1 for t in (*content.department_tiles, *content.experimental_department_tiles) if t == index)
    facts = [[_w("f_patients", lang), str(count)],
             [_w("f_colours", lang), colour_words(mask, lang, 1) if mask != ALL_COLOURS_MASK else _w("any", lang)],
             [_w("f_values", lang), _w("dash", lang, low=low, high=high)],
             [_w("f_treatment", lang), _treatment(target, lang)]]
    if index >= STARTING_DEPARTMENTS:
        facts.append([_w("f_tiles", lang), str(copies)])
    return {"id": f"department:{content.department_ids[index]}",
            "kind": _w("k_start" if index < STARTING_DEPARTMENTS else "k_department", lang),
            "name": content.department_names[index][lang],
            "text": _w("department", lang, patients=patients_phrase(target, lang), by=_by(target, lang)),
            "facts": facts}


def specialist_effect(content: Content, index: int, lang: str) -> str:
    blood = content.specialist_blood[index]
    if blood:
        return _w("s_blood", lang, blood=counted("blood", blood, lang))
    target = content.specialist_targets[index]
    return _w("s_treat", lang, patients=patients_phrase(target, lang),
              by=_by(target, lang) + relation_phrase(target, lang))


def specialist_entry(content: Content, index: int, lang: str) -> Entry:
    meeple = MEEPLE_COLOURS[content.specialist_meeple[index]]
    trigger = trigger_phrase(content.specialist_trigger[index], lang)
    copies = sum(1 for c in (*content.specialist_cards, *content.experimental_specialist_cards) if c == index)
    blood = content.specialist_blood[index]
    target = content.specialist_targets[index]
    effect = counted("blood", blood, lang) if blood else _treatment(target, lang)
    return {"id": f"specialist:{content.specialist_ids[index]}", "kind": _w("k_specialist", lang),
            "name": content.specialist_names[index][lang],
            "text": _w("specialist", lang, trigger=_w("at_least", lang, what=trigger),
                       effect=specialist_effect(content, index, lang)),
            "facts": [[_w("f_meeple", lang), colour_name(meeple, lang) if meeple in COLOURS else _w("blue", lang)],
                      [_w("f_trigger", lang), _w("at_least", lang, what=trigger)], [_w("f_effect", lang), effect],
                      [_w("f_cards", lang), str(copies)]]}


def _kind_text(prefix: str, entry: dict[str, Any], lang: str) -> str:
    colour = COLOURS[entry["colour"]] if "colour" in entry else None
    amount, kind = entry["amount"], entry["kind"]
    if kind == "nurse_delta" and amount < 0:
        kind, amount = "nurse_fewer", -amount
    return _w(f"{prefix}{kind}", lang, amount=amount, colour=colour_name(colour, lang) if colour else "",
              blood=counted("blood", amount, lang), points=counted("point", amount, lang),
              patients=counted("patient", amount, lang))


def entries(content: Content, options: dict[str, Any], lang: str) -> list[Entry]:
    """Every component of a table with these (resolved) options, in a fixed order."""
    rules = content.rules
    found: list[Entry] = [department_entry(content, d, lang) for d in _in_play(content, options, "department")]
    found += [specialist_entry(content, k, lang) for k in _in_play(content, options, "specialist")]
    for admin in content.administrators:
        found.append({"id": f"administrator:{admin['id']}", "kind": _w("k_administrator", lang),
                      "name": admin["name"][lang], "text": _kind_text("", admin, lang),
                      "facts": [[_w("f_amount", lang), str(admin["amount"])]]})
    if options.get("events"):
        for event in content.events:
            found.append({"id": f"event:{event['id']}", "kind": _w("k_event", lang), "name": event["name"][lang],
                          "text": _kind_text("ev_", event, lang),
                          "facts": [[_w("f_amount", lang), str(event["amount"])]]})
    for report in content.reports:
        found.append({"id": f"report:{report['id']}", "kind": _w("k_report", lang),
                      "name": _capital(report_text(report, lang)),
                      "text": _w("report", lang, what=report_text(report, lang),
                                 points=counted("point", report["points"], lang)),
                      "facts": [[_w("f_points", lang), str(report["points"])]]})
    barred = "" if options.get("first_player_may_take_ambulance_1") else _w("barred", lang)
    found.append({"id": "ambulance:ambulance", "kind": _w("k_ambulance", lang), "name": _w("n_ambulance", lang),
                  "text": _w("ambulance", lang, dice=rules["dice_per_ambulance"], low=rules["roll_low"],
                             high=rules["roll_high"], solo=rules["solo_ambulances"],
                             blood=counted("blood", rules["lowest_ambulance_blood_bags"], lang), barred=barred),
                  "facts": [[_w("f_dice", lang), str(rules["dice_per_ambulance"])]]})
    loss = rules["virus_neglect_loss"] if options.get("super_resistant_virus") else rules["neglect_loss"]
    for c, colour in enumerate(COLOURS):
        only = [content.department_names[d][lang] for d in _in_play(content, options, "department")
                if content.department_targets[d][1] == 1 << c]
        found.append({"id": f"die:{colour}", "kind": _w("k_die", lang), "name": _capital(colour_name(colour, lang)),
                      "text": _w("die", lang, colour=colour_name(colour, lang), out=rules["discharge_at"], loss=loss,
                                 departments=", ".join(only) or _w("none", lang)),
                      "facts": [[_w("f_discharge", lang), str(rules["discharge_at"])],
                                [_w("f_in_bag", lang), str(rules["dice_per_colour"])]]})
    found.append({"id": "piece:blood-bag", "kind": _w("k_blood", lang), "name": _w("n_blood", lang),
                  "text": _w("blood", lang, points=counted("point", rules["blood_bag_end_points"], lang),
                             supply=rules["blood_bag_supply"]),
                  "facts": [[_w("f_end", lang), _w("plus", lang, n=rules["blood_bag_end_points"])]]})
    found.append({"id": "piece:nurse", "kind": _w("k_nurse", lang), "name": _w("n_nurse", lang),
                  "text": _w("nurse", lang, nurses=rules["nurses"]),
                  "facts": [[_w("f_nurses", lang), str(rules["nurses"])]]})
    found.append({"id": "piece:fatality", "kind": _w("k_fatality", lang), "name": _w("n_fatality", lang),
                  "text": _w("fatality", lang, penalty=rules["fatality_penalty"]),
                  "facts": [[_w("f_end", lang), f"−{rules['fatality_penalty']}"]]})
    return found


def reference(content: Content, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The discharge table, what each department treats and what each specialist adds."""
    rules = content.rules
    steps = rules["discharge_points"]
    rows, total = [], 0
    for n in range(rules["beds"]):
        points = steps[n] if n < len(steps) else steps[-1]
        total += points
        rows.append([_w("nth", lang, n=n + 1), str(points), str(total)])
    tables = [{"title": _w("t_discharge", lang),
               "columns": [_w("c_nth", lang), _w("c_points", lang), _w("c_total", lang)], "rows": rows,
               "note": _w("discharge_note", lang, bonus=rules["empty_wards_bonus"], penalty=rules["fatality_penalty"],
                          blood=rules["blood_bag_end_points"])}]
    departments = []
    for d in _in_play(content, options, "department"):
        entry = department_entry(content, d, lang)
        target = content.department_targets[d]
        copies = entry["facts"][-1][1] if d >= STARTING_DEPARTMENTS else _w("starting", lang)
        departments.append([entry["name"], patients_phrase(target, lang), _treatment(target, lang), copies])
    tables.append({"title": _w("t_departments", lang),
                   "columns": [_w("c_department", lang), _w("c_treats", lang), _w("f_treatment", lang),
                               _w("c_copies", lang)],
                   "rows": departments, "note": _w("departments_note", lang)})
    specialists = []
    for k in _in_play(content, options, "specialist"):
        entry = specialist_entry(content, k, lang)
        facts = dict((name, value) for name, value in entry["facts"])
        specialists.append([entry["name"], facts[_w("f_meeple", lang)], facts[_w("f_trigger", lang)],
                            specialist_effect(content, k, lang)])
    tables.append({"title": _w("t_specialists", lang),
                   "columns": [_w("c_specialist", lang), _w("f_meeple", lang), _w("f_trigger", lang),
                               _w("f_effect", lang)],
                   "rows": specialists})
    return tables
