"""What every component does, for the table's tooltips and inspect panel, and the reference
tables a player consults (``Game.catalogue`` and ``Game.reference``).

Read from the content of the given options, so a designer's ``params`` (a neutrophil at 3
oxygen) is what the page shows.  Ids are ``kind:key`` (``cell:neutrophil``,
``pathogen:measles``, ``medical:antibiotic``, ``environment:nursery``, ``organ:skin``); the
board marks each element with ``data-card`` = that id.  No player reads an id: names and
numbers only, in en, es or fr.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .content import Content
from .explain import W as EXPLAIN
from .explain import stage_effects
from .labels import CATALOGUE as LABELS
from .labels import words

WORDS: dict[str, dict[str, str]] = {
    # kinds
    "k_cell": {"en": "Immune cell", "es": "Célula inmune", "fr": "Cellule immunitaire"},
    "k_pathogen": {"en": "Pathogen", "es": "Patógeno", "fr": "Pathogène"},
    "k_medical": {"en": "Medical card", "es": "Carta médica", "fr": "Carte médicale"},
    "k_environment": {"en": "Environment card", "es": "Carta de ambiente", "fr": "Carte d'environnement"},
    "k_organ": {"en": "Organ", "es": "Órgano", "fr": "Organe"},
    # facts
    "f_cost": {"en": "Cost", "es": "Coste", "fr": "Coût"},
    "f_oxygen_n": {"en": "{n} oxygen", "es": "{n} de oxígeno", "fr": "{n} oxygène"},
    "f_defence": {"en": "Defence", "es": "Defensa", "fr": "Défense"},
    "f_clears": {"en": "Removes", "es": "Quita", "fr": "Retire"},
    "f_clears_v": {"en": "{n} counter(s) of: {groups}", "es": "{n} contador(es) de: {groups}",
                   "fr": "{n} marqueur(s) de : {groups}"},
    "f_tumours": {"en": "Tumour counters removed", "es": "Contadores de tumor que quita",
                  "fr": "Marqueurs de tumeur retirés"},
    "f_income": {"en": "Oxygen every phase 2", "es": "Oxígeno en cada fase 2", "fr": "Oxygène à chaque phase 2"},
    "f_store": {"en": "Oxygen kept for the next turn", "es": "Oxígeno guardado para el turno siguiente",
                "fr": "Oxygène gardé pour le tour suivant"},
    "f_start": {"en": "On the board at set-up", "es": "En el tablero al empezar", "fr": "Sur le plateau au départ"},
    "f_cap": {"en": "Most of this type", "es": "Máximo de este tipo", "fr": "Maximum de ce type"},
    "f_group": {"en": "Group", "es": "Grupo", "fr": "Groupe"},
    "f_infectivity": {"en": "Infectivity", "es": "Infectividad", "fr": "Infectiosité"},
    "f_extension": {"en": "Extension counters", "es": "Contadores de extensión", "fr": "Marqueurs d'extension"},
    "f_contagion": {"en": "Contagion", "es": "Contagio", "fr": "Contagion"},
    "f_targets": {"en": "Damages", "es": "Daña", "fr": "Endommage"},
    "f_oncogenic": {"en": "Tumour counters added", "es": "Contadores de tumor que añade",
                    "fr": "Marqueurs de tumeur ajoutés"},
    "f_penalty": {"en": "Defence taken from its host", "es": "Defensa que quita a quien lo porta",
                  "fr": "Défense retirée à son hôte"},
    "f_copies": {"en": "Cards in the deck", "es": "Cartas en el mazo", "fr": "Cartes dans la pioche"},
    "f_boxes": {"en": "Damage boxes", "es": "Casillas de daño", "fr": "Cases de dégâts"},
    "f_failed": {"en": "Extra penalty when full", "es": "Penalización extra si se llena",
                 "fr": "Pénalité en plus si pleine"},
    "yes": {"en": "yes", "es": "sí", "fr": "oui"},
    # texts
    "t_defence": {"en": "adds {n} to your immune defence, which is compared with the pathogens' infectivity "
                        "in phase 3",
                  "es": "suma {n} a tu defensa inmune, que se compara con la infectividad de los patógenos "
                        "en la fase 3",
                  "fr": "ajoute {n} à votre défense immunitaire, comparée à l'infectiosité des pathogènes "
                        "en phase 3"},
    "t_pathogen": {"en": "{group} ({kind}) with infectivity {infectivity}; when it infects you it brings "
                         "{extension} extension counter(s), and at the end of your phase 3 each counter deals "
                         "{per} damage to each organ it attacks ({organs}), then it gains {growth} more",
                   "es": "{group} ({kind}) con infectividad {infectivity}; al infectarte trae {extension} "
                         "contador(es) de extensión, y al final de tu fase 3 cada contador causa {per} de daño "
                         "a cada órgano que ataca ({organs}) y luego gana {growth} más",
                   "fr": "{group} ({kind}) d'infectiosité {infectivity} ; quand ce pathogène vous infecte, il "
                         "apporte {extension} marqueur(s) d'extension, et à la fin de votre phase 3 chaque marqueur "
                         "inflige {per} dégât(s) à chaque organe qu'il attaque ({organs}), puis il en gagne {growth}"},
    "t_spread": {"en": "it spreads {mode}: {reach}", "es": "se contagia {mode}: {reach}",
                 "fr": "il se transmet {mode} : {reach}"},
    "reach_contact": {"en": "to one neighbour you choose", "es": "a un vecino que elijas",
                      "fr": "à un voisin de votre choix"},
    "reach_droplets": {"en": "to both neighbours", "es": "a los dos vecinos", "fr": "aux deux voisins"},
    "reach_air": {"en": "to every other player", "es": "a todos los demás jugadores",
                  "fr": "à tous les autres joueurs"},
    "reach_fluids": {"en": "only with a card such as {cards}", "es": "solo con una carta como {cards}",
                     "fr": "seulement avec une carte comme {cards}"},
    "reach_fluids_none": {"en": "never in this game (no card spreads it)",
                          "es": "nunca en esta partida (ninguna carta lo contagia)",
                          "fr": "jamais dans cette partie (aucune carte ne le transmet)"},
    "t_environment": {"en": "each player plays the top card of the environment deck in phase 1; its effect "
                            "depends on the life stage of the turn",
                      "es": "cada jugador juega la carta de arriba del mazo de ambiente en la fase 1; su efecto "
                            "depende de la etapa de la vida del turno",
                      "fr": "chaque joueur joue la carte du dessus de la pioche d'environnement en phase 1 ; son "
                            "effet dépend de l'âge de la vie du tour"},
    "t_organ_ok": {"en": "its damage track has {boxes} boxes; a full track means a failed organ, {penalty} "
                         "more against your health",
                   "es": "su pista de daño tiene {boxes} casillas; llena, el órgano deja de funcionar y cuenta "
                         "{penalty} más contra tu salud",
                   "fr": "sa piste de dégâts a {boxes} cases ; pleine, l'organe est hors d'usage et compte "
                         "{penalty} de plus contre votre santé"},
    "none": {"en": "—", "es": "—", "fr": "—"},
    # reference tables
    "r_cells": {"en": "Immune cells: price and effect", "es": "Células inmunes: precio y efecto",
                "fr": "Cellules immunitaires : prix et effet"},
    "c_cell": {"en": "Cell", "es": "Célula", "fr": "Cellule"},
    "c_special": {"en": "Also", "es": "Además", "fr": "En plus"},
    "r_cells_note": {"en": "Buy cells in phase 2 with oxygen; at most {cap} of each type. Unspent oxygen is lost "
                           "unless adipocytes keep it.",
                     "es": "Las células se compran en la fase 2 con oxígeno; como máximo {cap} de cada tipo. "
                           "El oxígeno no gastado se pierde salvo lo que guarden los adipocitos.",
                     "fr": "Les cellules s'achètent en phase 2 avec l'oxygène ; au plus {cap} de chaque type. "
                           "L'oxygène non dépensé est perdu, sauf ce que gardent les adipocytes."},
    "r_groups": {"en": "Pathogen groups and what fights them", "es": "Grupos de patógenos y qué los combate",
                 "fr": "Groupes de pathogènes et ce qui les combat"},
    "c_group": {"en": "Group", "es": "Grupo", "fr": "Groupe"},
    "c_kind": {"en": "Kind", "es": "Tipo", "fr": "Type"},
    "c_cells": {"en": "Cleared by cells", "es": "Lo quitan las células", "fr": "Retiré par les cellules"},
    "c_medical": {"en": "Cleared by medical cards", "es": "Lo quitan las cartas médicas",
                  "fr": "Retiré par les cartes médicales"},
    "c_pathogens": {"en": "Pathogens", "es": "Patógenos", "fr": "Pathogènes"},
    "r_modes": {"en": "Contagion (phase 4)", "es": "Contagio (fase 4)", "fr": "Contagion (phase 4)"},
    "c_mode": {"en": "Contagion", "es": "Contagio", "fr": "Contagion"},
    "c_reach": {"en": "From an infection, it reaches", "es": "Desde una infección, llega",
                "fr": "Depuis une infection, il atteint"},
    "r_modes_note": {"en": "The player with the most cards in Environment 1 is never a valid target.",
                     "es": "El jugador con más cartas en el Ambiente 1 nunca es un objetivo válido.",
                     "fr": "Le joueur qui a le plus de cartes dans l'Environnement 1 n'est jamais une cible valide."},
    "r_life": {"en": "The life line", "es": "La línea de la vida", "fr": "La ligne de vie"},
    "c_turn": {"en": "Turn", "es": "Turno", "fr": "Tour"},
    "c_stage": {"en": "Life stage", "es": "Etapa de la vida", "fr": "Âge de la vie"},
}

GROUP_ORDER = ("virus", "bacterium", "fungus", "parasite")


def _say(key: str, lang: str, **values: Any) -> str:
    if key in WORDS:
        return text(WORDS, key, lang, **values)
    if key in EXPLAIN:
        return text(EXPLAIN, key, lang, **values)
    return text(LABELS, key, lang, **values)


def _sentences(parts: list[str]) -> str:
    """Clauses as sentences: each starts with a capital and ends with a full stop."""
    return " ".join(p[0].upper() + p[1:] + ("" if p.endswith(".") else ".") for p in parts if p)


def _groups(groups: Any, lang: str) -> str:
    return words([_say(g, lang) for g in GROUP_ORDER if g in groups], lang)


def entries(content: Content, lang: str) -> list[dict[str, Any]]:
    """Every component of this content, in the order the board shows them."""
    return ([_cell(c, content, lang) for c in content.cell_ids]
            + [_pathogen(p, content, lang) for p in content.pathogen_ids]
            + [_medical(m, content, lang) for m in content.medical_ids]
            + [_environment(e, content, lang) for e in content.environment_ids]
            + [_organ(o, content, lang) for o in content.organs])


def _entry(kind: str, key: str, content: Content, lang: str, parts: list[str], facts: list[list[str]]) -> dict:
    return {"id": f"{kind}:{key}", "kind": _say(f"k_{kind}", lang), "name": content.name(key, lang),
            "text": _sentences(parts), "facts": facts}


def _cell(key: str, content: Content, lang: str) -> dict[str, Any]:
    cell = content.cells[key]
    parts, facts = [], [[_say("f_cost", lang), _say("f_oxygen_n", lang, n=cell.cost)],
                        [_say("f_defence", lang), str(cell.defence)]]
    if cell.defence:
        parts.append(_say("t_defence", lang, n=cell.defence))
    if cell.clear and cell.clears:
        parts.append(_say("clears", lang, n=cell.clear, groups=_groups(cell.clears, lang)))
        groups = _groups(cell.clears, lang)
        facts.append([_say("f_clears", lang), _say("f_clears_v", lang, n=cell.clear, groups=groups)])
    if cell.clears_tumours:
        parts.append(_say("clears_tumours", lang, n=cell.clears_tumours))
        facts.append([_say("f_tumours", lang), str(cell.clears_tumours)])
    if (cell.clear and cell.clears) or cell.clears_tumours:
        parts.append(_say("dies" if cell.dies_on_use else "lasts", lang))
    if cell.oxygen:
        parts.append(_say("cell_oxygen", lang, n=cell.oxygen))
        facts.append([_say("f_income", lang), str(cell.oxygen)])
    if cell.store:
        parts.append(_say("store", lang, n=cell.store))
        facts.append([_say("f_store", lang), str(cell.store)])
    if cell.memory:
        parts.append(_say("memory", lang))
    facts.append([_say("f_start", lang), str(cell.start)])
    facts.append([_say("f_cap", lang), str(content.rules["max_cells_per_type"])])
    return _entry("cell", key, content, lang, parts, facts)


def _reach(mode: str, content: Content, lang: str) -> str:
    if mode != "fluids":
        return _say(f"reach_{mode}", lang)
    cards = [content.name(m, lang) for m in content.medical_ids if content.medical[m].effect == "spread_fluids"]
    return _say("reach_fluids", lang, cards=words(cards, lang)) if cards else _say("reach_fluids_none", lang)


def _pathogen(key: str, content: Content, lang: str) -> dict[str, Any]:
    p = content.pathogens[key]
    name = content.name
    rules = content.rules
    organs = words([name(o, lang) for o in p.targets], lang)
    parts = [_say("t_pathogen", lang, group=_say(p.group, lang), kind=_say(p.kind, lang), infectivity=p.infectivity,
                  extension=p.extension, per=rules["damage_per_counter"], organs=organs,
                  growth=rules["extension_growth"]),
             _say("t_spread", lang, mode=_say(f"by_{p.contagion}", lang), reach=_reach(p.contagion, content, lang))]
    facts = [[_say("f_group", lang), f"{_say(p.group, lang)} ({_say(p.kind, lang)})"],
             [_say("f_infectivity", lang), str(p.infectivity)],
             [_say("f_extension", lang), str(p.extension)],
             [_say("f_contagion", lang), _say(p.contagion, lang)],
             [_say("f_targets", lang), organs]]
    if p.oncogenic and p.targets:
        parts.append(_say("oncogenic", lang, n=p.oncogenic, organ=name(p.targets[0], lang)))
        facts.append([_say("f_oncogenic", lang), str(p.oncogenic)])
    if p.defence_penalty:
        parts.append(_say("penalty", lang, n=p.defence_penalty))
        facts.append([_say("f_penalty", lang), str(p.defence_penalty)])
    facts.append([_say("f_copies", lang), str(p.copies)])
    # "look": the group's key, not words: the board draws the group's icon and colour from it.
    return {**_entry("pathogen", key, content, lang, parts, facts), "look": p.group}


def _medical(key: str, content: Content, lang: str) -> dict[str, Any]:
    m = content.medical[key]
    name = content.name
    effect = m.effect
    if effect == "clear":
        line = _say("m_clear", lang, n=m.amount, groups=_groups(m.groups, lang))
    elif effect == "memory":
        line = _say("m_memory", lang, pathogens=words([name(p, lang) for p in m.pathogens], lang))
    elif effect == "defence":
        line = _say(f"m_defence_{'self' if m.target == 'self' else 'opponent'}", lang, n=f"{m.amount:+d}")
    elif effect == "gain_cell":
        line = _say("m_gain_cell", lang, n=m.amount, cell=name(m.cell, lang))
    else:
        line = _say(f"m_{effect}", lang, n=m.amount)
    return _entry("medical", key, content, lang, [line, _say("m_when", lang)],
                  [[_say("f_copies", lang), str(m.copies)]])


def _environment(key: str, content: Content, lang: str) -> dict[str, Any]:
    stages = list(dict.fromkeys(content.life_line))
    facts = [[_say(stage, lang).capitalize(), stage_effects(key, stage, content, lang)] for stage in stages]
    facts.append([_say("f_copies", lang), str(content.environment[key]["copies"])])
    return _entry("environment", key, content, lang, [_say("t_environment", lang)], facts)


def _organ(key: str, content: Content, lang: str) -> dict[str, Any]:
    penalty = content.rules["failed_organ_penalty"]
    parts = [_say("t_organ_ok", lang, boxes=content.organ_boxes[key], penalty=penalty)]
    facts = [[_say("f_boxes", lang), str(content.organ_boxes[key])], [_say("f_failed", lang), str(penalty)]]
    if content.organ_oxygen[key]:
        parts.append(_say("organ_oxygen", lang, n=content.organ_oxygen[key], every=content.rules["oxygen_lost_every"]))
        facts.append([_say("f_income", lang), str(content.organ_oxygen[key])])
    return _entry("organ", key, content, lang, parts, facts)


# ---- reference tables --------------------------------------------------------------------------
def reference(content: Content, lang: str) -> list[dict[str, Any]]:
    """The cell price table, the pathogen groups, the contagion modes and the life line."""
    return [_cell_table(content, lang), _group_table(content, lang), _mode_table(content, lang),
            _life_table(content, lang)]


def _cell_table(content: Content, lang: str) -> dict[str, Any]:
    rows = []
    for key in content.cell_ids:
        cell = content.cells[key]
        clears = (_say("f_clears_v", lang, n=cell.clear, groups=_groups(cell.clears, lang))
                  if cell.clear and cell.clears else _say("none", lang))
        also = []
        if cell.clears_tumours:
            also.append(_say("clears_tumours", lang, n=cell.clears_tumours))
        if cell.oxygen:
            also.append(_say("cell_oxygen", lang, n=cell.oxygen))
        if cell.store:
            also.append(_say("store", lang, n=cell.store))
        if cell.memory:
            also.append(_say("memory", lang))
        if cell.dies_on_use and (cell.clear or cell.clears_tumours):
            also.append(_say("dies", lang))
        rows.append([content.name(key, lang), str(cell.cost), str(cell.defence), clears,
                     "; ".join(also) or _say("none", lang)])
    return {"title": _say("r_cells", lang),
            "columns": [_say("c_cell", lang), _say("f_cost", lang), _say("f_defence", lang), _say("f_clears", lang),
                        _say("c_special", lang)],
            "rows": rows, "note": _say("r_cells_note", lang, cap=content.rules["max_cells_per_type"])}


def _group_table(content: Content, lang: str) -> dict[str, Any]:
    rows = []
    for group in GROUP_ORDER:
        pathogens = [p for p in content.pathogen_ids if content.pathogens[p].group == group]
        if not pathogens:
            continue
        kind = content.pathogens[pathogens[0]].kind
        cells = [content.name(c, lang) for c in content.clearing_cells if group in content.cells[c].clears]
        cards = [content.name(m, lang) for m in content.medical_ids
                 if content.medical[m].effect == "clear" and group in content.medical[m].groups]
        rows.append([_say(group, lang), _say(kind, lang), ", ".join(cells) or _say("none", lang),
                     ", ".join(cards) or _say("none", lang), ", ".join(content.name(p, lang) for p in pathogens)])
    return {"title": _say("r_groups", lang),
            "columns": [_say("c_group", lang), _say("c_kind", lang), _say("c_cells", lang), _say("c_medical", lang),
                        _say("c_pathogens", lang)],
            "rows": rows}


def _mode_table(content: Content, lang: str) -> dict[str, Any]:
    rows = []
    for mode in ("contact", "droplets", "air", "fluids"):
        pathogens = [content.name(p, lang) for p in content.pathogen_ids if content.pathogens[p].contagion == mode]
        rows.append([_say(mode, lang).capitalize(), _reach(mode, content, lang),
                     ", ".join(pathogens) or _say("none", lang)])
    return {"title": _say("r_modes", lang),
            "columns": [_say("c_mode", lang), _say("c_reach", lang), _say("c_pathogens", lang)],
            "rows": rows, "note": _say("r_modes_note", lang)}


def _life_table(content: Content, lang: str) -> dict[str, Any]:
    rows = [[str(turn), _say(stage, lang)] for turn, stage in enumerate(content.life_line, start=1)]
    return {"title": _say("r_life", lang), "columns": [_say("c_turn", lang), _say("c_stage", lang)], "rows": rows}
