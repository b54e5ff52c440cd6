"""The lab page's reading side: what is in the runs folder, which file a URL may name, and the
experiment a form asks for (docs/lab.md, "The lab page").

Why kept apart from the routes: these are plain functions of a folder and a dict, tested without
a server, and they import nothing heavy (no scipy, no matplotlib): the server process validates
forms and lists runs, and only the lab's own process plays and writes reports.

Why so careful with names: a run name comes from a URL.  It must name a folder directly inside
the runs folder, and a file path inside that run must stay inside it after every ``..`` and
symbolic link is resolved; anything else is refused as if it did not exist.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The experiment types the form offers (the lab has more; these fit a small capped run).
FORM_TYPES = ("seats", "compare", "sweep")
#: The fields a form may send; anything else is named as unknown.
FORM_FIELDS = ("game", "type", "players", "bots", "blocks", "seed", "change", "knob", "values", "lang")
LANGS = ("en", "es", "fr")
#: The default experiment seed, as the lab's command line has it.
DEFAULT_SEED = 2026
#: At most this many values in a sweep from the page.
MAX_SWEEP_VALUES = 8
#: Files of a run the page may open (HTML in place; the rest as downloads).
SERVED_SUFFIXES = (".html", ".svg", ".png", ".csv", ".json", ".toml", ".txt", ".gz", ".parquet")
#: A run name: what the lab writes (letters, digits, dashes, dots, underscores), never hidden.
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.,=+-]{0,199}")


# ---- names and paths ----------------------------------------------------------------------------
def run_folder(root: Path, name: str) -> Path | None:
    """The folder ``name`` directly inside ``root``, or None when the name is not one (a path,
    a hidden or odd name, a link leading elsewhere, a file, nothing)."""
    if not isinstance(name, str) or not NAME.fullmatch(name) or name in (".", ".."):
        return None
    base = root.resolve()
    folder = (base / name).resolve()
    if folder.parent != base or not folder.is_dir():
        return None
    return folder


def run_file(root: Path, name: str, path: str) -> Path | None:
    """The regular file ``path`` inside run ``name``, or None when it is not one or leads out."""
    folder = run_folder(root, name)
    if folder is None or not isinstance(path, str) or not path or "\0" in path or "\\" in path:
        return None
    if path.startswith("/") or any(part in ("", ".", "..") for part in path.split("/")):
        return None
    target = (folder / path).resolve()
    if not target.is_relative_to(folder) or not target.is_file() or target.suffix.lower() not in SERVED_SUFFIXES:
        return None
    return target


# ---- listing --------------------------------------------------------------------------------------
def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def describe(folder: Path, titles: dict[str, str]) -> dict[str, Any]:
    """One line of the listing.  ``status`` is ``run`` (finished: manifest and metrics read),
    ``unfinished`` (an experiment file but no readable results: still running, stopped hard,
    or half-written) or ``other`` (a folder that is not a lab run)."""
    line: dict[str, Any] = {"name": folder.name, "status": "other", "game": None, "game_title": None,
                            "type": None, "title": None, "date": None, "games": None, "blocks": None,
                            "players": None, "bots": None, "stop": None, "report": False}
    manifest = _read_json(folder / "manifest.json")
    metrics = _read_json(folder / "metrics.json")
    experiment = metrics.get("experiment") if metrics else None
    if manifest is not None and isinstance(experiment, dict):
        game = manifest.get("game") if isinstance(manifest.get("game"), str) else experiment.get("game")
        line.update(status="run", game=game, game_title=titles.get(str(game), str(game)),
                    type=experiment.get("type"), title=experiment.get("name") or None,
                    date=manifest.get("started"), games=manifest.get("games"), blocks=manifest.get("blocks"),
                    players=manifest.get("players"), bots=manifest.get("lineup"), stop=manifest.get("stop"),
                    report=(folder / "report.html").is_file())
        return _clean(line)
    if (folder / "experiment.toml").is_file():
        line["status"] = "unfinished"
        try:
            import tomllib

            data = tomllib.loads((folder / "experiment.toml").read_text(encoding="utf-8"))
            exp = data.get("experiment", {})
            game = exp.get("game")
            line.update(game=game, game_title=titles.get(str(game), str(game)) if game else None,
                        type=exp.get("type"), title=exp.get("name") or None)
        except (OSError, UnicodeDecodeError, ValueError, AttributeError):
            pass
    return _clean(line)


def _clean(line: dict[str, Any]) -> dict[str, Any]:
    """Keep only values of the expected kinds (a hand-edited manifest must not break the page)."""
    for key in ("game", "game_title", "type", "title", "date", "stop"):
        if line[key] is not None and not isinstance(line[key], str):
            line[key] = None
    for key in ("games", "blocks"):
        if isinstance(line[key], bool) or not isinstance(line[key], int):
            line[key] = None
    if not (isinstance(line["players"], list) and all(isinstance(p, int) for p in line["players"])):
        line["players"] = None
    if not (isinstance(line["bots"], list) and all(isinstance(b, str) for b in line["bots"])):
        line["bots"] = None
    return line


def list_runs(root: Path, titles: dict[str, str]) -> list[dict[str, Any]]:
    """Every visible folder of ``root``, newest first (finished runs by their start, the rest by
    the folder's time), folders that are no run last; an unreadable folder is a line saying so,
    never an error."""
    lines = []
    try:
        entries = sorted(root.iterdir())
    except OSError:
        return []
    for entry in entries:
        if entry.name.startswith(".") or not entry.is_dir() or run_folder(root, entry.name) is None:
            continue
        line = describe(entry, titles)
        try:
            line["_at"] = line["date"] or _iso(entry.stat().st_mtime)
        except OSError:
            line["_at"] = ""
        lines.append(line)
    lines.sort(key=lambda line: line.pop("_at") or "", reverse=True)
    lines.sort(key=lambda line: line["status"] == "other")  # folders that are no run come last
    return lines


def _iso(seconds: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


# ---- the form -------------------------------------------------------------------------------------
@dataclass
class FormError(Exception):
    """Every bad field of a form at once: ``{"field", "code", "vars", "message"}`` each, where
    ``code`` is the page's word for it (en/es/fr) and ``message`` the same in English."""

    errors: list[dict[str, Any]] = field(default_factory=list)

    def add(self, name: str, code: str, message: str, **values: Any) -> None:
        self.errors.append({"field": name, "code": code, "vars": values, "message": f"{name}: {message}"})

    def __str__(self) -> str:
        return "; ".join(e["message"] for e in self.errors)


@dataclass(frozen=True)
class Request:
    """A valid form: the experiment to run, its game count, and the report's language."""

    experiment: Any  # ludoteca.lab.experiment.Experiment
    games: int
    lang: str


def _whole(value: Any) -> int | None:
    """A whole number from JSON (a number or its digits as text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,15}\s*", value):
        return int(value)
    return None


def _number(text: str) -> int | float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return int(value) if value.is_integer() and "." not in text and "e" not in text.lower() else value


def parse_form(form: Any, games: dict[str, tuple[int, int]], levels: list[str], runs: Path,
               max_games: int, jobs: int) -> Request:
    """The experiment a form asks for, or :class:`FormError` naming every bad field.  Nothing
    runs here; the game count is checked against ``max_games`` before anything is played.
    ``games`` maps each game id to its (fewest, most) players."""
    from ludoteca.lab.experiment import Experiment, expand
    from ludoteca.lab.lineup import rotations

    bad = FormError()
    if not isinstance(form, dict):
        bad.add("form", "lab_err_form", "send the form as a JSON object")
        raise bad
    for key in form:
        if key not in FORM_FIELDS:
            bad.add(str(key)[:40], "lab_err_unknown_field", f"unknown field; the form has {', '.join(FORM_FIELDS)}")
    game = form.get("game")
    if not isinstance(game, str) or game not in games:
        bad.add("game", "lab_err_game", f"choose one of {', '.join(games)}")
        game = None
    kind = form.get("type", "seats")
    if kind not in FORM_TYPES:
        bad.add("type", "lab_err_type", f"choose one of {', '.join(FORM_TYPES)}")
        kind = None
    players = _whole(form.get("players"))
    if game is not None:
        low, high = games[game]
        if players is None or not low <= players <= high:
            bad.add("players", "lab_err_players", f"a whole number from {low} to {high}", min=low, max=high)
    elif players is None:
        bad.add("players", "lab_err_players_number", "a whole number")
    bots = form.get("bots", "random")
    if bots not in levels:
        bad.add("bots", "lab_err_bots", f"choose one of {', '.join(levels)}")
    blocks = _whole(form.get("blocks"))
    if blocks is None or not 1 <= blocks <= max_games:
        bad.add("blocks", "lab_err_blocks", f"a whole number from 1 to {max_games}", max=max_games)
    seed = DEFAULT_SEED if form.get("seed") in (None, "") else _whole(form.get("seed"))
    if seed is None or not 0 <= seed < 2 ** 53:
        bad.add("seed", "lab_err_seed", "a whole number, 0 or more")
    lang = form.get("lang", "en")
    if lang not in LANGS:
        bad.add("lang", "lab_err_lang", f"one of {', '.join(LANGS)}")
    change: dict[str, Any] = {}
    if kind == "compare":
        raw = form.get("change", "")
        if isinstance(raw, dict):
            change = raw
        elif not isinstance(raw, str):
            bad.add("change", "lab_err_change_json", "write the change as a JSON object, e.g. "
                    '{"cells": {"neutrophil": {"cost": 3}}}')
        elif raw.strip():
            try:
                change = json.loads(raw)
            except ValueError:
                change = None  # type: ignore[assignment]
            if not isinstance(change, dict):
                bad.add("change", "lab_err_change_json", "write the change as a JSON object, e.g. "
                        '{"cells": {"neutrophil": {"cost": 3}}}')
                change = {}
    sweep: dict[str, list[Any]] = {}
    if kind == "sweep":
        knob = form.get("knob")
        if not isinstance(knob, str) or not re.fullmatch(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+", knob.strip()):
            bad.add("knob", "lab_err_knob", "a knob path such as cells.neutrophil.cost")
            knob = None
        raw_values = form.get("values")
        values = [_number(v.strip()) for v in raw_values.split(",")] if isinstance(raw_values, str) else [None]
        if not values or any(v is None for v in values) or len(values) > MAX_SWEEP_VALUES:
            bad.add("values", "lab_err_values", f"1 to {MAX_SWEEP_VALUES} numbers separated by commas, e.g. 2,3,4",
                    max=MAX_SWEEP_VALUES)
        elif knob is not None:
            sweep = {knob.strip(): values}
    if bad.errors:
        raise bad
    assert game is not None and kind is not None and players is not None and blocks is not None
    settings: dict[str, Any] = {"game": game, "players": [players], "bots": [bots], "seed": seed, "blocks": blocks,
                                "type": kind, "name": f"{game} {kind}", "lang": lang, "out_dir": str(runs),
                                "jobs": jobs, "records": "notable"}
    if kind == "seats":
        settings["arms"] = {bots: {"lineup": [bots]}}
    elif kind == "compare":
        settings["arms"] = {"a": {}, "b": {"params": change}} if change else {"a": {}, "b": {}}
    else:
        settings["sweep"] = sweep
    try:
        exp = expand(Experiment(**settings)).validate()
    except ValueError as exc:
        where = str(exc).split(":", 1)[0]
        knob_or_values = "knob" if "unknown key" in str(exc) else "values"
        name = ("change" if kind == "compare" and ".params" in where else
                knob_or_values if kind == "sweep" and where.startswith("arms.") else
                "players" if "players" in where else "bots" if "lineup" in where or "bots" in where else
                "game" if "game" in where else "form")
        bad.add(name, "lab_err_experiment", str(exc), detail=str(exc))
        raise bad from None
    lineups = [exp.arm_lineup(arm, players) for arm in exp.arms]
    per_block = len(exp.arms) * rotations(lineups)
    total = blocks * per_block
    if total > max_games:
        bad.add("blocks", "lab_err_cap", f"{blocks} blocks of {per_block} games are {total} games; this server "
                f"runs at most {max_games} from the page (at most {max_games // per_block} blocks here)",
                games=total, cap=max_games, per_block=per_block, blocks=max(1, max_games // per_block))
        raise bad
    return Request(exp, total, lang)
