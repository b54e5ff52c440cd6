"""A game's rules page, ``/rules/<game-id>?lang=xx``: one self-contained HTML page for players.

What it holds, in order: the title and pitch; players, play time and complexity; the game's own
rules text (``game.rules_text(lang)``, Markdown rendered by markdown-it-py with raw HTML off,
so a rules file cannot put a script in the page); the options with their help, choices and
defaults; the variants as presets; the reference tables; every component and what it does
(the catalogue at the default options).  It links the site's stylesheet and nothing outside
the site, so it passes the same Content-Security-Policy as the lobby.  Everything a game wrote
is escaped; only the Markdown renderer's own output is inserted as HTML.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from markdown_it import MarkdownIt

from ludoteca import engine
from ludoteca.engine.i18n import LANGS

from . import catalogue, presets

WORDS: dict[str, dict[str, str]] = {
    "rules": {"en": "Rules", "es": "Reglas", "fr": "Règles"},
    "lobby": {"en": "← Back to the lobby", "es": "← Volver a la sala", "fr": "← Retour au salon"},
    "players": {"en": "Players", "es": "Jugadores", "fr": "Joueurs"},
    "experimental": {"en": "experimental", "es": "experimental", "fr": "expérimental"},
    "time": {"en": "Play time", "es": "Duración", "fr": "Durée"},
    "minutes": {"en": "{a}–{b} minutes", "es": "{a}–{b} minutos", "fr": "{a} à {b} minutes"},
    "complexity": {"en": "Complexity", "es": "Complejidad", "fr": "Complexité"},
    "out_of_five": {"en": "{n} out of 5", "es": "{n} de 5", "fr": "{n} sur 5"},
    "unknown": {"en": "not given yet", "es": "aún sin indicar", "fr": "pas encore indiquée"},
    "how": {"en": "How to play", "es": "Cómo se juega", "fr": "Comment jouer"},
    "no_text": {"en": "The rules text of this game is still being written.",
                "es": "El texto de las reglas de este juego aún se está escribiendo.",
                "fr": "Le texte des règles de ce jeu est encore en cours d'écriture."},
    "options": {"en": "Options", "es": "Opciones", "fr": "Options"},
    "option": {"en": "Option", "es": "Opción", "fr": "Option"},
    "what": {"en": "What it does", "es": "Qué hace", "fr": "Ce qu'elle fait"},
    "choices": {"en": "Choices", "es": "Valores", "fr": "Valeurs"},
    "default": {"en": "Default", "es": "Por defecto", "fr": "Par défaut"},
    "designers": {"en": "for designers", "es": "para diseñadores", "fr": "pour les auteurs"},
    "range": {"en": "{a} to {b}", "es": "de {a} a {b}", "fr": "de {a} à {b}"},
    "presets": {"en": "Variants", "es": "Variantes", "fr": "Variantes"},
    "variant": {"en": "Variant", "es": "Variante", "fr": "Variante"},
    "sets": {"en": "Sets", "es": "Fija", "fr": "Règle"},
    "reference": {"en": "Reference tables", "es": "Tablas de referencia", "fr": "Tables de référence"},
    "components": {"en": "Components", "es": "Componentes", "fr": "Éléments du jeu"},
    "name": {"en": "Name", "es": "Nombre", "fr": "Nom"},
    "effect": {"en": "What it does", "es": "Qué hace", "fr": "Effet"},
    "numbers": {"en": "Numbers", "es": "Números", "fr": "Valeurs"},
    "no_game": {"en": "No game called “{id}” here.", "es": "Aquí no hay ningún juego llamado «{id}».",
                "fr": "Aucun jeu ne s'appelle « {id} » ici."},
    "games_are": {"en": "The games are: {games}.", "es": "Los juegos son: {games}.",
                  "fr": "Les jeux sont : {games}."},
    "bad_lang": {"en": "There is no page in the language “{code}”: choose English (en), Spanish (es) or "
                       "French (fr).",
                 "es": "No hay página en el idioma «{code}»: elige inglés (en), español (es) o francés (fr).",
                 "fr": "Il n'y a pas de page dans la langue « {code} » : choisissez anglais (en), espagnol (es) "
                       "ou français (fr)."},
    "not_found": {"en": "Page not found", "es": "Página no encontrada", "fr": "Page introuvable"},
    "no_lang": {"en": "Unknown language", "es": "Idioma desconocido", "fr": "Langue inconnue"},
}
LANG_NAMES = {"en": "English", "es": "Español", "fr": "Français"}
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def word(key: str, lang: str, **values: Any) -> str:
    return WORDS[key][lang].format(**values)


def page(title: str, lang: str, body: Iterable[str], links: str = "") -> str:
    """The page's frame: the site's stylesheet and icon, a way back, language links."""
    return "".join([
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{escape(title)} · Ludoteca</title>\n",
        '<link rel="stylesheet" href="/static/style.css">\n<link rel="icon" href="/favicon.ico">\n',
        '</head>\n<body class="rules-page">\n<header id="top">',
        f'<a href="/" id="brand">Ludoteca</a> <a href="/" class="back">{escape(word("lobby", lang))}</a>',
        f'<nav class="langs">{links}</nav></header>\n<main>\n', *body, "\n</main>\n</body>\n</html>\n"])


def language_links(path: str, lang: str) -> str:
    return " ".join(f'<a href="{path}?lang={code}" hreflang="{code}" lang="{code}"'
                    + (' aria-current="page"' if code == lang else "") + f">{LANG_NAMES[code]}</a>"
                    for code in LANGS)


def table_html(columns: Sequence[str], rows: Iterable[Sequence[Any]], caption: str = "") -> str:
    head = "".join(f'<th scope="col">{escape(str(c))}</th>' for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="list">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>\n'


def facts(game: engine.Game, lang: str) -> str:
    counts = [str(n) for n in range(game.min_players, game.max_players + 1) if n not in game.experimental_players]
    players = ", ".join(counts)
    if game.experimental_players:
        extra = ", ".join(str(n) for n in game.experimental_players)
        players += f" ({word('experimental', lang)}: {extra})"
    low, high = game.play_minutes
    time = word("minutes", lang, a=low, b=high) if low else word("unknown", lang)
    heavy = word("out_of_five", lang, n=game.complexity) if game.complexity else word("unknown", lang)
    items = [(word("players", lang), players), (word("time", lang), time), (word("complexity", lang), heavy)]
    return '<dl class="facts">' + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in items) + "</dl>\n"


def options_html(game: engine.Game, lang: str) -> str:
    rows = []
    for name, spec in game.option_specs.items():
        label = spec.label_in(name, lang)
        if spec.extra.get("designers"):
            label += f" ({word('designers', lang)})"
        if spec.choices is not None:
            choices = ", ".join(spec.choice_in(value, lang) for value in spec.choices)
        elif spec.minimum is not None and spec.maximum is not None:
            choices = word("range", lang, a=f"{spec.minimum:g}", b=f"{spec.maximum:g}")
        else:
            choices = ""
        rows.append((label, spec.help_in(lang), choices, presets.value_words(spec, spec.default, lang)))
    if not rows:
        return ""
    columns = (word("option", lang), word("what", lang), word("choices", lang), word("default", lang))
    return f'<section id="options"><h2>{escape(word("options", lang))}</h2>\n{table_html(columns, rows)}</section>\n'


def presets_html(game: engine.Game, lang: str) -> str:
    rows = []
    defaults = game.resolve_options(None)
    for preset in presets.presets(game, lang):
        changed = "; ".join(
            f"{game.option_specs[k].label_in(k, lang)}: {presets.value_words(game.option_specs[k], v, lang)}"
            for k, v in preset["options"].items() if k in game.option_specs and defaults.get(k) != v)
        rows.append((preset["name"], preset["description"], changed))
    if not rows:
        return ""
    columns = (word("variant", lang), word("what", lang), word("sets", lang))
    return f'<section id="variants"><h2>{escape(word("presets", lang))}</h2>\n{table_html(columns, rows)}</section>\n'


def reference_html(tables: Sequence[dict[str, Any]], lang: str) -> str:
    if not tables:
        return ""
    parts = [f'<section id="reference"><h2>{escape(word("reference", lang))}</h2>\n']
    for table in tables:
        parts.append(f"<h3>{escape(str(table.get('title', '')))}</h3>\n")
        parts.append(table_html(table.get("columns", []), table.get("rows", [])))
        if table.get("note"):
            parts.append(f'<p class="muted">{escape(str(table["note"]))}</p>\n')
    parts.append("</section>\n")
    return "".join(parts)


def components_html(entries: Sequence[dict[str, Any]], lang: str) -> str:
    """Every component, grouped by kind in the catalogue's order."""
    if not entries:
        return ""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        kinds.setdefault(str(entry.get("kind", "")), []).append(entry)
    parts = [f'<section id="components"><h2>{escape(word("components", lang))}</h2>\n']
    columns = (word("name", lang), word("effect", lang), word("numbers", lang))
    for kind, group in kinds.items():
        parts.append(f"<h3>{escape(kind)}</h3>\n")
        rows = [(e.get("name", ""), e.get("text", ""), "; ".join(f"{k}: {v}" for k, v in e.get("facts", [])))
                for e in group]
        parts.append(table_html(columns, rows))
    parts.append("</section>\n")
    return "".join(parts)


@functools.lru_cache(maxsize=64)
def rules_page(game_id: str, lang: str) -> str:
    """The page for a registered game in a language (both already checked)."""
    game = engine.game(game_id)
    text = game.rules_text(lang)
    rules = _markdown.render(text) if text.strip() else f'<p class="muted">{escape(word("no_text", lang))}</p>\n'
    entries, reference = catalogue.words_of(game, game.resolve_options(None), lang)
    pitch = game.description.get(lang) or game.description.get("en", "")
    body = [f"<h1>{escape(game.title)} · {escape(word('rules', lang))}</h1>\n",
            f'<p class="pitch">{escape(pitch)}</p>\n', facts(game, lang),
            f'<section id="how"><h2>{escape(word("how", lang))}</h2>\n{rules}</section>\n',
            options_html(game, lang), presets_html(game, lang), reference_html(reference, lang),
            components_html(entries, lang)]
    return page(f"{game.title} · {word('rules', lang)}", lang, body, language_links(f"/rules/{game.id}", lang))


def error_page(lang: str, heading: str, message: str) -> str:
    """A clear page for a bad address (an unknown game, an unknown language), with the way on."""
    games = ", ".join(f'<a href="/rules/{g}?lang={lang}">{escape(engine.game(g).title)}</a>' for g in engine.games())
    body = [f"<h1>{escape(word(heading, lang))}</h1>\n", f"<p>{escape(message)}</p>\n",
            f"<p>{word('games_are', lang, games=games)}</p>\n"]
    return page(word(heading, lang), lang, body)


def answer(game_id: str, lang: str) -> tuple[int, str]:
    """(status, HTML) for ``/rules/<game_id>?lang=<lang>``: 200, or 400 / 404 with a page saying why."""
    if lang not in LANGS:
        shown = lang[:40]
        return 400, error_page("en", "no_lang", " ".join(word("bad_lang", code, code=shown) for code in LANGS))
    try:
        game = engine.game(game_id)
    except ValueError:
        return 404, error_page(lang, "not_found", word("no_game", lang, id=game_id[:60]))
    return 200, rules_page(game.id, lang)
