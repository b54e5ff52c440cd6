"""What each component does, in words and with this game's numbers: ``? neutrophil`` at the
terminal (``Game.explain``), and the one-line values the terminal board shows beside a cell or
a card in hand (:func:`summary`).

Everything is read from the content the view names (its ``params``), so a price changed for a
play-test is the price the players read.  A topic is an id or a name in any language (or a
unique part of a name); a section word (``cells``, ``medical``...) lists that section with
each entry's values; an empty topic lists the topics.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import fold, text

from .content import Content, content_for
from .labels import CATALOGUE as LABELS

W: dict[str, dict[str, str]] = {
    # sections
    "cells": {"en": "Immune cells", "es": "Células inmunes", "fr": "Cellules immunitaires"},
    "pathogens": {"en": "Pathogens", "es": "Patógenos", "fr": "Pathogènes"},
    "medical": {"en": "Medical cards", "es": "Cartas médicas", "fr": "Cartes médicales"},
    "environment": {"en": "Environment cards", "es": "Cartas de ambiente", "fr": "Cartes d'environnement"},
    "organs": {"en": "Organs", "es": "Órganos", "fr": "Organes"},
    "topics": {"en": "Type ? and a name (or a section: {sections}).",
               "es": "Escribe ? y un nombre (o una sección: {sections}).",
               "fr": "Tapez ? et un nom (ou une section : {sections})."},
    "entry": {"en": "  {name}: {values}", "es": "  {name}: {values}", "fr": "  {name} : {values}"},
    "which": {"en": "Several match: {names}.", "es": "Coinciden varios: {names}.",
              "fr": "Plusieurs correspondent : {names}."},
    # cells
    "cell": {"en": "costs {cost} oxygen, defence {defence}", "es": "cuesta {cost} de oxígeno, defensa {defence}",
             "fr": "coûte {cost} oxygène, défense {defence}"},
    "clears": {"en": "removes {n} extension counter(s) from an infection of: {groups}",
               "es": "quita {n} contador(es) de extensión a una infección de: {groups}",
               "fr": "retire {n} marqueur(s) d'extension d'une infection de : {groups}"},
    "clears_tumours": {"en": "removes {n} tumour counter(s) from an organ",
                       "es": "quita {n} contador(es) de tumor de un órgano",
                       "fr": "retire {n} marqueur(s) de tumeur d'un organe"},
    "cell_oxygen": {"en": "{n} more oxygen every phase 2", "es": "{n} de oxígeno más en cada fase 2",
                    "fr": "{n} oxygène de plus à chaque phase 2"},
    "store": {"en": "keeps up to {n} unspent oxygen for the next phase 2",
              "es": "guarda hasta {n} de oxígeno no gastado para la siguiente fase 2",
              "fr": "garde jusqu'à {n} oxygène non dépensé pour la phase 2 suivante"},
    "memory": {"en": "immune memory: every pathogen you eliminate can no longer infect you",
               "es": "memoria inmune: cada patógeno que eliminas ya no puede infectarte",
               "fr": "mémoire immunitaire : chaque pathogène éliminé ne peut plus vous infecter"},
    "dies": {"en": "dies when it acts", "es": "muere al actuar", "fr": "meurt en agissant"},
    "lasts": {"en": "acts once every phase 3", "es": "actúa una vez en cada fase 3",
              "fr": "agit une fois à chaque phase 3"},
    "start": {"en": "{n} on the board at set-up", "es": "{n} en el tablero al empezar",
              "fr": "{n} sur le plateau au départ"},
    "cap": {"en": "at most {n} of this type", "es": "como máximo {n} de este tipo",
            "fr": "au plus {n} de ce type"},
    # pathogens
    "pathogen": {"en": "{group} ({kind}): infectivity {infectivity}, {extension} extension counter(s) when it "
                       "infects, spreads by {mode}, damages {organs}",
                 "es": "{group} ({kind}): infectividad {infectivity}, {extension} contador(es) de extensión al "
                       "infectar, se contagia por {mode}, daña {organs}",
                 "fr": "{group} ({kind}) : infectiosité {infectivity}, {extension} marqueur(s) d'extension à "
                       "l'infection, se transmet par {mode}, endommage {organs}"},
    "oncogenic": {"en": "adds {n} tumour counter(s) to {organ} whenever it deals damage",
                  "es": "añade {n} contador(es) de tumor a {organ} cada vez que daña",
                  "fr": "ajoute {n} marqueur(s) de tumeur à {organ} à chaque fois qu'il endommage"},
    "penalty": {"en": "takes {n} from its host's defence", "es": "quita {n} a la defensa de quien lo porta",
                "fr": "retire {n} à la défense de son hôte"},
    "copies": {"en": "{n} card(s) in the deck", "es": "{n} carta(s) en el mazo", "fr": "{n} carte(s) dans la pioche"},
    "virus": {"en": "virus", "es": "virus", "fr": "virus"},
    "bacterium": {"en": "bacterium", "es": "bacteria", "fr": "bactérie"},
    "fungus": {"en": "fungus", "es": "hongo", "fr": "champignon"},
    "parasite": {"en": "parasite", "es": "parásito", "fr": "parasite"},
    "acellular": {"en": "acellular", "es": "acelular", "fr": "acellulaire"},
    "prokaryote": {"en": "prokaryote", "es": "procariota", "fr": "procaryote"},
    "eukaryote": {"en": "eukaryote", "es": "eucariota", "fr": "eucaryote"},
    "nothing": {"en": "nothing", "es": "nada", "fr": "rien"},
    # medical cards
    "m_clear": {"en": "removes {n} counter(s) from one of your infections of: {groups}",
                "es": "quita {n} contador(es) a una de tus infecciones de: {groups}",
                "fr": "retire {n} marqueur(s) d'une de vos infections de : {groups}"},
    "m_memory": {"en": "puts {pathogens} in your immune memory",
                 "es": "pone {pathogens} en tu memoria inmune",
                 "fr": "met {pathogens} dans votre mémoire immunitaire"},
    "m_heal": {"en": "removes {n} damage from one of your organs", "es": "quita {n} de daño a uno de tus órganos",
               "fr": "retire {n} dégâts d'un de vos organes"},
    "m_remove_tumour": {"en": "removes {n} tumour counter(s) from one of your organs",
                        "es": "quita {n} contador(es) de tumor a uno de tus órganos",
                        "fr": "retire {n} marqueur(s) de tumeur d'un de vos organes"},
    "m_oxygen": {"en": "{n} extra oxygen at your next phase 2", "es": "{n} de oxígeno extra en tu próxima fase 2",
                 "fr": "{n} oxygène en plus à votre prochaine phase 2"},
    "m_defence_self": {"en": "defence {n} at your next phase 3", "es": "defensa {n} en tu próxima fase 3",
                       "fr": "défense {n} à votre prochaine phase 3"},
    "m_defence_opponent": {"en": "defence {n} at the next phase 3 of an opponent you choose",
                           "es": "defensa {n} en la próxima fase 3 del rival que elijas",
                           "fr": "défense {n} à la prochaine phase 3 d'un adversaire de votre choix"},
    "m_gain_cell": {"en": "{n} free {cell} (within the maximum per type)",
                    "es": "{n} {cell} gratis (dentro del máximo por tipo)",
                    "fr": "{n} {cell} gratuit(s) (dans la limite par type)"},
    "m_spread_fluids": {"en": "puts a token of one of your fluid-borne infections into an opponent's Environment 1",
                        "es": "pone una ficha de una de tus infecciones por fluidos en el Ambiente 1 de un rival",
                        "fr": "met un jeton d'une de vos infections par les fluides dans l'Environnement 1 "
                              "d'un adversaire"},
    "m_when": {"en": "played at the end of any phase of yours, ending it",
               "es": "se juega al final de cualquiera de tus fases, y la termina",
               "fr": "se joue à la fin de n'importe laquelle de vos phases, et la termine"},
    # environment cards
    "e_stage": {"en": "{stage}: {effects}", "es": "{stage}: {effects}", "fr": "{stage} : {effects}"},
    "e_expose": {"en": "{n} pathogen card(s) from the deck face down into your Environment 1",
                 "es": "{n} carta(s) patógena(s) del mazo bocabajo en tu Ambiente 1",
                 "fr": "{n} carte(s) pathogène(s) de la pioche face cachée dans votre Environnement 1"},
    "e_oxygen": {"en": "oxygen {n} this phase 2", "es": "oxígeno {n} en esta fase 2",
                 "fr": "oxygène {n} à cette phase 2"},
    "e_defence": {"en": "defence {n} this phase 3", "es": "defensa {n} en esta fase 3",
                  "fr": "défense {n} à cette phase 3"},
    "e_draw_medical": {"en": "draw {n} medical card(s)", "es": "roba {n} carta(s) médica(s)",
                       "fr": "piochez {n} carte(s) médicale(s)"},
    "e_draw_pathogen": {"en": "draw {n} pathogen card(s)", "es": "roba {n} carta(s) patógena(s)",
                        "fr": "piochez {n} carte(s) pathogène(s)"},
    "e_damage": {"en": "{n} damage to {organ}", "es": "{n} de daño a {organ}", "fr": "{n} dégâts : {organ}"},
    "e_heal": {"en": "{n} damage healed on {organ}", "es": "cura {n} de daño en {organ}",
               "fr": "{n} dégâts soignés : {organ}"},
    "e_tumour": {"en": "{n} tumour counter(s) on {organ}", "es": "{n} contador(es) de tumor en {organ}",
                 "fr": "{n} marqueur(s) de tumeur : {organ}"},
    "e_gain_cell": {"en": "{n} free {cell}", "es": "{n} {cell} gratis", "fr": "{n} {cell} gratuit(s)"},
    "e_lose_cell": {"en": "lose {n} {cell}", "es": "pierdes {n} {cell}", "fr": "perdez {n} {cell}"},
    "e_none": {"en": "no effect", "es": "sin efecto", "fr": "sans effet"},
    "e_when": {"en": "each player plays the top card in phase 1; the effect is the one for the life stage",
               "es": "cada jugador juega la carta de arriba en la fase 1; el efecto es el de la etapa de la vida",
               "fr": "chaque joueur joue la carte du dessus en phase 1 ; l'effet est celui de l'âge de la vie"},
    # organs
    "organ": {"en": "damage track of {boxes} boxes (a full track counts {penalty} more against your health)",
              "es": "pista de daño de {boxes} casillas (llena, cuenta {penalty} más contra tu salud)",
              "fr": "piste de dégâts de {boxes} cases (pleine, elle compte {penalty} de plus contre votre santé)"},
    "organ_oxygen": {"en": "gives {n} oxygen every phase 2, 1 less per {every} damage, none once full",
                     "es": "da {n} de oxígeno en cada fase 2, 1 menos por cada {every} de daño, nada si está lleno",
                     "fr": "donne {n} oxygène à chaque phase 2, 1 de moins par {every} dégâts, rien une fois plein"},
}

SECTIONS = ("cells", "pathogens", "medical", "environment", "organs")


def _say(key: str, lang: str, **values: Any) -> str:
    return text(W, key, lang, **values)


def _signed(n: int) -> str:
    return f"{n:+d}"


def _words(items: list[str]) -> str:
    return ", ".join(items)


def content_of_view(view: dict[str, Any]) -> Content:
    """The content of the game the view is from (its ``params`` laid over the shipped file)."""
    return content_for(view.get("params") or None)


def summary(key: str, content: Content, lang: str, copies: bool = True) -> str:
    """One line of what ``key`` (a cell, pathogen, medical or environment card, or organ) does;
    ``copies``: say how many cards of it the deck holds (not beside a card in hand)."""
    if key in content.cells:
        return _cell(key, content, lang)
    if key in content.pathogens:
        return _pathogen(key, content, lang, copies)
    if key in content.medical:
        return _medical(key, content, lang, copies)
    if key in content.environment:
        return _environment(key, content, lang)
    if key in content.organs:
        return _organ(key, content, lang)
    raise ValueError(f"Immunity has no component {key!r}")


def _cell(key: str, content: Content, lang: str) -> str:
    cell = content.cells[key]
    parts = [_say("cell", lang, cost=cell.cost, defence=cell.defence)]
    if cell.clear:
        groups = [_say(g, lang) for g in sorted(cell.clears)] or [_say("nothing", lang)]
        parts.append(_say("clears", lang, n=cell.clear, groups=_words(groups)))
    if cell.clears_tumours:
        parts.append(_say("clears_tumours", lang, n=cell.clears_tumours))
    if cell.clear or cell.clears_tumours:
        parts.append(_say("dies" if cell.dies_on_use else "lasts", lang))
    if cell.oxygen:
        parts.append(_say("cell_oxygen", lang, n=cell.oxygen))
    if cell.store:
        parts.append(_say("store", lang, n=cell.store))
    if cell.memory:
        parts.append(_say("memory", lang))
    return "; ".join(parts)


def _pathogen(key: str, content: Content, lang: str, copies: bool) -> str:
    p = content.pathogens[key]
    name = content.name
    parts = [_say("pathogen", lang, group=_say(p.group, lang), kind=_say(p.kind, lang),
                  infectivity=p.infectivity, extension=p.extension, mode=text(LABELS, p.contagion, lang),
                  organs=_words([name(o, lang) for o in p.targets]))]
    if p.oncogenic and p.targets:
        parts.append(_say("oncogenic", lang, n=p.oncogenic, organ=name(p.targets[0], lang)))
    if p.defence_penalty:
        parts.append(_say("penalty", lang, n=p.defence_penalty))
    if copies:
        parts.append(_say("copies", lang, n=p.copies))
    return "; ".join(parts)


def _medical(key: str, content: Content, lang: str, copies: bool) -> str:
    m = content.medical[key]
    name = content.name
    effect = m.effect
    if effect == "clear":
        line = _say("m_clear", lang, n=m.amount, groups=_words([_say(g, lang) for g in sorted(m.groups)]))
    elif effect == "memory":
        line = _say("m_memory", lang, pathogens=_words([name(p, lang) for p in m.pathogens]))
    elif effect == "defence":
        line = _say(f"m_defence_{'self' if m.target == 'self' else 'opponent'}", lang, n=_signed(m.amount))
    elif effect == "gain_cell":
        line = _say("m_gain_cell", lang, n=m.amount, cell=name(m.cell, lang))
    else:
        line = _say(f"m_{effect}", lang, n=m.amount)
    return "; ".join([line, _say("copies", lang, n=m.copies)]) if copies else line


def stage_effects(card: str, stage: str, content: Content, lang: str) -> str:
    effect = content.environment_effects[(card, stage)]
    name = content.name
    parts = []
    if effect.expose:
        parts.append(_say("e_expose", lang, n=effect.expose))
    for field in ("oxygen", "defence"):
        if getattr(effect, field):
            parts.append(_say(f"e_{field}", lang, n=_signed(getattr(effect, field))))
    for field in ("draw_medical", "draw_pathogen"):
        if getattr(effect, field):
            parts.append(_say(f"e_{field}", lang, n=getattr(effect, field)))
    for organ, damage, heal, tumour in effect.organs:
        for field, n in (("damage", damage), ("heal", heal), ("tumour", tumour)):
            if n:
                parts.append(_say(f"e_{field}", lang, n=n, organ=name(organ, lang)))
    for cell, gained, lost in effect.cells:
        for field, n in (("gain_cell", gained), ("lose_cell", lost)):
            if n:
                parts.append(_say(f"e_{field}", lang, n=n, cell=name(cell, lang)))
    return _words(parts) or _say("e_none", lang)


def _environment(key: str, content: Content, lang: str) -> str:
    stages = list(dict.fromkeys(content.life_line))
    return "; ".join(_say("e_stage", lang, stage=text(LABELS, stage, lang),
                          effects=stage_effects(key, stage, content, lang)) for stage in stages)


def _organ(key: str, content: Content, lang: str) -> str:
    parts = [_say("organ", lang, boxes=content.organ_boxes[key],
                  penalty=content.rules["failed_organ_penalty"])]
    if content.organ_oxygen[key]:
        parts.append(_say("organ_oxygen", lang, n=content.organ_oxygen[key],
                          every=content.rules["oxygen_lost_every"]))
    return "; ".join(parts)


def _section_keys(section: str, content: Content) -> list[str]:
    return {"cells": content.cell_ids, "pathogens": content.pathogen_ids, "medical": content.medical_ids,
            "environment": content.environment_ids, "organs": content.organs}[section]


def _find(topic: str, content: Content, lang: str) -> list[tuple[str, str]]:
    """(section, key) pairs a topic names: an id or a name in any language (one pair), else
    every entry whose name in ``lang`` contains it."""
    plain = fold(topic)
    found: list[tuple[str, str]] = []
    for section in SECTIONS:
        for key in _section_keys(section, content):
            if plain == fold(key) or plain in (fold(content.name(key, code)) for code in ("en", "es", "fr")):
                return [(section, key)]
            if plain in fold(content.name(key, lang)):
                found.append((section, key))
    return found


def _names_section(plain: str, section: str) -> bool:
    """``cells``, "Immune cells", "células", "cellules"...: a section's key, or its title in any
    language, whole or its first or last word."""
    if plain == fold(section):
        return True
    for code in ("en", "es", "fr"):
        title = fold(_say(section, code))
        if plain == title or (len(plain) >= 4 and (title.startswith(plain) or title.endswith(plain))):
            return True
    return False


def explain(topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
    """What ``topic`` does, in words with this game's numbers; None when nothing is called so."""
    content = content_of_view(view)
    plain = fold(topic)
    section_names = {s: _say(s, lang) for s in SECTIONS}
    if not plain:
        return _say("topics", lang, sections=_words(section_names.values()))
    sections = [section for section in SECTIONS if _names_section(plain, section)]
    if len(sections) == 1:
        keys = _section_keys(sections[0], content)
        return "\n".join([section_names[sections[0]],
                          *(_say("entry", lang, name=content.name(k, lang), values=summary(k, content, lang))
                            for k in keys)])
    hits = _find(topic, content, lang)
    if not hits:
        return None
    if len(hits) > 1:
        return _say("which", lang, names=_words([content.name(k, lang) for _, k in hits]))
    section, key = hits[0]
    line = f"{content.name(key, lang)} — {summary(key, content, lang)}"
    if section == "cells":
        line += "; " + _say("cap", lang, n=content.rules["max_cells_per_type"])
        if content.cells[key].start:
            line += "; " + _say("start", lang, n=content.cells[key].start)
    elif section == "medical":
        line += "; " + _say("m_when", lang)
    elif section == "environment":
        line += " (" + _say("e_when", lang) + ")"
    return line
