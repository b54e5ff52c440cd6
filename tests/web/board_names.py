"""Content names for the boards' catalogues, taken from each game's own data (content TOML
``name = {en, es, fr}`` entries and label tables), so the i18n files never drift from the games.

Every registered game with its own board module is covered (the names serve those boards; the
generic board shows the game's own labels and needs none).

``python tests/web/board_names.py`` rewrites the ``name.*`` keys of ludoteca/web/i18n/*.json;
test_board_i18n.py checks they are up to date."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from ludoteca.engine import registry

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "es", "fr")


def board_games() -> dict[str, str]:
    """Game id -> its package's folder, for every registered game with a board module."""
    found = {}
    for game_id in registry.all_games():
        module = sys.modules[type(registry.game(game_id)).__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__name__.rsplit(".", 1)[0]
        if (ROOT / "ludoteca" / "web" / "boards" / f"{game_id}.js").exists():
            found[game_id] = package.rsplit(".", 1)[-1]
    return found


def _walk(node: object, path: list[str], out: dict[str, dict[str, str]]) -> None:
    if not isinstance(node, dict):
        return
    name = node.get("name")
    if isinstance(name, dict) and all(isinstance(name.get(lang), str) for lang in LANGS) and len(path) >= 2:
        key = path[-1]
        if key in out and out[key] != {lang: name[lang] for lang in LANGS}:
            raise ValueError(f"two different names for {key!r}")
        out[key] = {lang: name[lang] for lang in LANGS}
    for key, value in node.items():
        if key != "name":
            _walk(value, [*path, key], out)


def names() -> dict[str, dict[str, dict[str, str]]]:
    """{lang: {"name.<game>.<id>": text}}"""
    result: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for game, package in board_games().items():
        found: dict[str, dict[str, str]] = {}
        for path in sorted((ROOT / "ludoteca" / "games" / package).glob("*.toml")):
            _walk(tomllib.loads(path.read_text()), [], found)
        if game == "herbalism":
            from ludoteca.games.herbalism import labels
            for key, entry in labels.COLOURS.items():
                found[key] = entry
            for key, entry in labels.ACTION_CARDS.items():
                found[key] = entry
        for key, entry in found.items():
            for lang in LANGS:
                result[lang][f"name.{game}.{key}"] = entry[lang]
    return result


def write() -> None:
    generated = names()
    for lang in LANGS:
        path = ROOT / "ludoteca" / "web" / "i18n" / f"{lang}.json"
        catalogue = {k: v for k, v in json.loads(path.read_text()).items() if not k.startswith("name.")}
        catalogue.update(dict(sorted(generated[lang].items())))
        path.write_text(json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    write()
