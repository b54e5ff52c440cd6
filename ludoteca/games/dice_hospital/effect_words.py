"""What a department, specialist, administrator or event does, in words (en, es, fr), for the
terminal's ``? name`` command (``Game.explain``).

Why generated: departments and specialists are project content in one effect schema
(:mod:`.content`), and an owner may edit ``content.toml`` to match the printed cards; the words
are built from the compiled targets so that they always say what the rules code does.
Administrators and events carry their own texts in the content.
"""

from __future__ import annotations

from ludoteca.engine.i18n import fold, text

from .content import (
    ALL_COLOURS_MASK,
    COLOURS,
    MEEPLE_COLOURS,
    REL_OTHER,
    REL_SAME_COLOUR,
    REL_SAME_VALUE,
    REL_TREATED,
    T_AMOUNT,
    Content,
)
from .labels import colour_name

WORDS: dict[str, dict[str, str]] = {
    "patients": {"en": "{count} patient(s)", "es": "{count} paciente(s)", "fr": "{count} patient(s)"},
    "values": {"en": "value {low}-{high}", "es": "valor {low}-{high}", "fr": "valeur {low}-{high}"},
    "same_colour": {"en": "same colour", "es": "mismo color", "fr": "même couleur"},
    "same_value": {"en": "same value", "es": "mismo valor", "fr": "même valeur"},
    "untreated": {"en": "still untreated", "es": "aún sin tratar", "fr": "pas encore soigné"},
    "or": {"en": " or ", "es": " o ", "fr": " ou "},
    "rel_other": {"en": "another patient", "es": "otro paciente", "fr": "un autre patient"},
    "rel_treated": {"en": "one the department treated", "es": "uno que el departamento curó",
                    "fr": "un patient que le service a soigné"},
    "rel_same_value": {"en": "another patient with the value of a triggering patient",
                       "es": "otro paciente con el valor de un paciente que lo activó",
                       "fr": "un autre patient de la valeur d'un patient déclencheur"},
    "rel_same_colour": {"en": "another patient of the colour of a triggering patient",
                        "es": "otro paciente del color de un paciente que lo activó",
                        "fr": "un autre patient de la couleur d'un patient déclencheur"},
    "amount": {"en": "+{amount} each", "es": "+{amount} cada uno", "fr": "+{amount} chacun"},
    "moved": {"en": "moved to the treated row (no value change)",
              "es": "pasa a la fila de tratados (sin cambiar su valor)",
              "fr": "passe sur la ligne des soignés (sans changer de valeur)"},
    "any": {"en": "any", "es": "cualquiera", "fr": "quelconque"},
    "colon": {"en": ": ", "es": ": ", "fr": " : "},
    "department": {"en": "{name} (department): treats {target}.",
                   "es": "{name} (departamento): cura a {target}.",
                   "fr": "{name} (service) : soigne {target}."},
    "specialist": {"en": "{name} (specialist, {meeple} meeple): works any department like a nurse; "
                         "when the department treated {trigger}, it may then {effect}.",
                   "es": "{name} (especialista, figura {meeple}): trabaja en cualquier departamento "
                         "como un enfermero; si el departamento curó {trigger}, puede después {effect}.",
                   "fr": "{name} (spécialiste, pion {meeple}) : travaille dans n'importe quel service "
                         "comme un infirmier ; si le service a soigné {trigger}, il peut ensuite {effect}."},
    "trigger": {"en": "a patient ({what})", "es": "a un paciente ({what})", "fr": "un patient ({what})"},
    "treat": {"en": "treat {target}", "es": "curar a {target}", "fr": "soigner {target}"},
    "blood": {"en": "gain {amount} blood bag(s)", "es": "ganar {amount} bolsa(s) de sangre",
              "fr": "gagner {amount} poche(s) de sang"},
    "administrator": {"en": "{name} (administrator): {text}", "es": "{name} (administrador): {text}",
                      "fr": "{name} (directeur) : {text}"},
    "event": {"en": "{name} (event): {text}", "es": "{name} (evento): {text}", "fr": "{name} (événement) : {text}"},
    "topics": {"en": "Type ? and a name: {names}", "es": "Escribe ? y un nombre: {names}",
               "fr": "Tapez ? et un nom : {names}"},
    "blue": {"en": "blue", "es": "azul", "fr": "bleu"},
}


def _w(key: str, lang: str, **values: object) -> str:
    return text(WORDS, key, lang, **values)


def _colours(mask: int, lang: str) -> str:
    return _w("or", lang).join(colour_name(c, lang) for i, c in enumerate(COLOURS) if (mask >> i) & 1)


def _conditions(mask: int, low: int, high: int, lang: str) -> list[str]:
    parts = []
    if mask != ALL_COLOURS_MASK:
        parts.append(_colours(mask, lang))
    if (low, high) != (1, 6):
        parts.append(_w("values", lang, low=low, high=high))
    return parts


def target_text(target: tuple, lang: str) -> str:
    """``3 patient(s), red, same value: +1 each`` for a compiled target."""
    count, mask, low, high, same_colour, same_value, untreated, relation, amount = target
    parts = [_w("patients", lang, count=count), *_conditions(mask, low, high, lang)]
    parts += [_w(key, lang) for key, on in (("same_colour", same_colour), ("same_value", same_value),
                                            ("untreated", untreated)) if on]
    relations = {REL_OTHER: "rel_other", REL_TREATED: "rel_treated", REL_SAME_VALUE: "rel_same_value",
                 REL_SAME_COLOUR: "rel_same_colour"}
    if relation in relations:
        parts.append(_w(relations[relation], lang))
    effect = _w("amount", lang, amount=amount) if target[T_AMOUNT] else _w("moved", lang)
    return ", ".join(parts) + _w("colon", lang) + effect


def department_text(content: Content, index: int, lang: str) -> str:
    return _w("department", lang, name=content.department_names[index][lang],
              target=target_text(content.department_targets[index], lang))


def specialist_text(content: Content, index: int, lang: str) -> str:
    mask, low, high = content.specialist_trigger[index]
    what = ", ".join(_conditions(mask, low, high, lang)) or _w("any", lang)
    blood = content.specialist_blood[index]
    target = content.specialist_targets[index]
    effect = _w("blood", lang, amount=blood) if blood else _w("treat", lang, target=target_text(target, lang))
    meeple = MEEPLE_COLOURS[content.specialist_meeple[index]]
    return _w("specialist", lang, name=content.specialist_names[index][lang],
              meeple=colour_name(meeple, lang) if meeple in COLOURS else _w("blue", lang),
              trigger=_w("trigger", lang, what=what), effect=effect)


def explain(content: Content, topic: str, lang: str) -> str | None:
    """The effect of the component named ``topic`` (its id or its name in any language, or a
    unique beginning of one); the list of names when ``topic`` is empty or matches several;
    None if nothing is called so."""
    entries: list[tuple[list[str], str, str]] = []     # (names to match, name shown, effect)
    for i, ident in enumerate(content.department_ids):
        names = content.department_names[i]
        entries.append(([ident, *names.values()], names[lang], department_text(content, i, lang)))
    for i, ident in enumerate(content.specialist_ids):
        names = content.specialist_names[i]
        entries.append(([ident, *names.values()], names[lang], specialist_text(content, i, lang)))
    for admin in content.administrators:
        entries.append(([admin["id"], *admin["name"].values()], admin["name"][lang],
                        _w("administrator", lang, name=admin["name"][lang], text=admin["text"][lang])))
    for event in content.events:
        entries.append(([event["id"], *event["name"].values()], event["name"][lang],
                        _w("event", lang, name=event["name"][lang], text=event["text"][lang])))
    wanted = fold(topic.strip())
    exact = [effect for names, _, effect in entries if wanted in {fold(n) for n in names}]
    if wanted and exact:
        return exact[0]
    found = [(shown, effect) for names, shown, effect in entries
             if any(fold(n).startswith(wanted) for n in names)]
    if wanted and len({effect for _, effect in found}) == 1:
        return found[0][1]
    if not found:
        return None
    return _w("topics", lang, names=", ".join(sorted({shown for shown, _ in found})))


# ---- whole sentences for players (the prompt and the catalogue) ---------------------------------
#: Colour adjectives agreeing with "patients" (Spanish and French add a plural -s).
_PLURAL_COLOUR = {"es": {"rojo": "rojos", "amarillo": "amarillos", "verde": "verdes"},
                  "fr": {"rouge": "rouges", "jaune": "jaunes", "vert": "verts"}}

PHRASES: dict[str, dict[str, str]] = {
    "patient_1": {"en": "1 {colours}patient", "es": "1 paciente{colours}", "fr": "1 patient{colours}"},
    "patient_n": {"en": "{n} {colours}patients", "es": "{n} pacientes{colours}", "fr": "{n} patients{colours}"},
    "more_1": {"en": "1 more {colours}patient", "es": "1 paciente{colours} más", "fr": "1 patient{colours} de plus"},
    "more_n": {"en": "{n} more {colours}patients", "es": "{n} pacientes{colours} más",
               "fr": "{n} patients{colours} de plus"},
    "band": {"en": " of value {low}-{high}", "es": " de valor {low} a {high}", "fr": " de valeur {low} à {high}"},
    "band_one": {"en": " of value {low}", "es": " de valor {low}", "fr": " de valeur {low}"},
    "same_both": {"en": " of the same colour and value", "es": " del mismo color y valor",
                  "fr": " de même couleur et de même valeur"},
    "same_colour": {"en": " of the same colour", "es": " del mismo color", "fr": " de même couleur"},
    "same_value": {"en": " of the same value", "es": " del mismo valor", "fr": " de même valeur"},
    "untreated": {"en": " still untreated this round", "es": " aún sin tratar esta ronda",
                  "fr": " pas encore soigné(s) cette manche"},
    "rel_other": {"en": ", not one the department treated", "es": ", que no sea uno de los que curó el departamento",
                  "fr": ", autre que ceux soignés par le service"},
    "rel_treated": {"en": ", one the department treated", "es": ", uno de los que curó el departamento",
                    "fr": ", parmi ceux soignés par le service"},
    "rel_same_value": {"en": ", another patient with the value a triggering patient had",
                       "es": ", otro paciente con el valor que tenía un paciente que lo activó",
                       "fr": ", un autre patient ayant la valeur d'un patient déclencheur"},
    "rel_same_colour": {"en": ", another patient of a triggering patient's colour",
                        "es": ", otro paciente del color de un paciente que lo activó",
                        "fr": ", un autre patient de la couleur d'un patient déclencheur"},
    "by_1": {"en": " to treat by +{amount}", "es": " para curarlo en +{amount}", "fr": " à soigner de +{amount}"},
    "by_n": {"en": " to treat by +{amount} each", "es": " para curarlos en +{amount} cada uno",
             "fr": " à soigner de +{amount} chacun"},
    "moved": {"en": " to move to the treated row", "es": " para pasarlo a la fila de tratados",
              "fr": " à passer sur la ligne des soignés"},
    "either": {"en": " or ", "es": " o ", "fr": " ou "},
    "trigger_any": {"en": "1 patient", "es": "1 paciente", "fr": "1 patient"},
}


def _p(key: str, lang: str, **values: object) -> str:
    return text(PHRASES, key, lang, **values)


def colour_words(mask: int, lang: str, count: int) -> str:
    """``red or yellow`` (Spanish and French plural when ``count`` is more than one)."""
    names = [colour_name(c, lang) for i, c in enumerate(COLOURS) if (mask >> i) & 1]
    if count != 1 and lang in _PLURAL_COLOUR:
        names = [_PLURAL_COLOUR[lang].get(n, n) for n in names]
    return _p("either", lang).join(names)


def patients_phrase(target: tuple, lang: str, count: int | None = None, more: bool = False) -> str:
    """``2 patients of value 1-2``, ``3 red patients of the same value``: which patients a target
    takes (``count`` of them, default the target's own; ``more``: "1 more patient")."""
    n = target[0] if count is None else count
    mask, low, high, same_colour, same_value, untreated = target[1:7]
    colours = colour_words(mask, lang, n) if mask != ALL_COLOURS_MASK else ""
    if colours:
        colours = colours + " " if lang == "en" else " " + colours
    words = _p(("more_" if more else "patient_") + ("1" if n == 1 else "n"), lang, n=n, colours=colours)
    if (low, high) != (1, 6):
        words += _p("band_one", lang, low=low) if low == high else _p("band", lang, low=low, high=high)
    if same_colour and same_value:
        words += _p("same_both", lang)
    elif same_colour or same_value:
        words += _p("same_colour" if same_colour else "same_value", lang)
    if untreated:
        words += _p("untreated", lang)
    return words


def relation_phrase(target: tuple, lang: str) -> str:
    """``, one the department treated``: how a specialist's patient relates to the department's
    (empty for a department, whose target has no relation)."""
    relations = {REL_OTHER: "rel_other", REL_TREATED: "rel_treated", REL_SAME_VALUE: "rel_same_value",
                 REL_SAME_COLOUR: "rel_same_colour"}
    key = relations.get(target[7])
    return _p(key, lang) if key else ""


def treatment_phrase(target: tuple, lang: str) -> str:
    """`` to treat by +2 each`` / `` to move to the treated row``: what the treatment does."""
    amount = target[T_AMOUNT]
    if not amount:
        return _p("moved", lang)
    return _p("by_1" if target[0] == 1 else "by_n", lang, amount=amount)


def trigger_phrase(trigger: tuple[int, int, int], lang: str) -> str:
    """``1 red patient`` / ``1 patient of value 1-2`` / ``any patient``: what triggers a specialist."""
    mask, low, high = trigger
    if mask == ALL_COLOURS_MASK and (low, high) == (1, 6):
        return _p("trigger_any", lang)
    return patients_phrase((1, mask, low, high, False, False, False, 0, 0), lang)
