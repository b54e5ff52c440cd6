"""Immunity's project content: load ``content.toml``, lay the designers' overrides over it, check it.

Why a normalising step before overrides: ``ludoteca.engine.params.override`` only changes keys
that exist, so every optional number (an environment effect a stage does not use, a pathogen's
``oncogenic`` ...) is filled with its neutral value first.  That makes *every* number reachable as
``options["params"]``, e.g. ``{"environment": {"stress": {"childhood": {"defence": -1}}}}``.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import (
    CACHE_SIZE,
    ContentError,
    content_cache,
    declared_ranges,
    load_content,
    require,
)
from ludoteca.engine.params import Ranges, override

CONTENT_FILE = "content.toml"

KINDS = ("acellular", "prokaryote", "eukaryote")
GROUPS = {"virus": "acellular", "bacterium": "prokaryote", "fungus": "eukaryote",
          "parasite": "eukaryote"}
MODES = ("contact", "droplets", "air", "fluids")
STAGES = ("childhood", "adult", "old")
MEDICAL_EFFECTS = ("clear", "memory", "heal", "remove_tumour", "oxygen", "defence", "gain_cell",
                   "spread_fluids")
LANG_KEYS = ("en", "es", "fr")
#: Environment effects that are a single number, and those given per organ / per cell type.
ENV_NUMBERS = ("expose", "oxygen", "defence", "draw_medical", "draw_pathogen")
ENV_PER_ORGAN = ("damage", "heal", "tumour")
ENV_PER_CELL = ("gain_cell", "lose_cell")

RULE_NUMBERS = {  # name -> smallest allowed value
    "hand_limit": 0, "setup_medical": 0, "setup_pathogen": 0, "draw_medical": 0,
    "draw_pathogen": 0, "environment_cards": 0, "max_cells_per_type": 0, "die_sides": 2,
    "damage_per_counter": 0, "extension_growth": 0, "max_extension": 1, "tumour_damage": 0,
    "oxygen_lost_every": 1, "failed_organ_penalty": 0,
}
CELL_NUMBERS = ("cost", "defence", "clear", "clears_tumours", "oxygen", "store", "start")
#: The longest life line (its length is the number of turns): no game may become endless.
MAX_TURNS = 20
#: Pathogens, medical cards and environment cards the shipped data must at least hold (dossier).
MINIMUMS = {"pathogens": 20, "medical": 12, "environment": 12}


@dataclass(frozen=True)
class Pathogen:
    id: str
    kind: str
    group: str
    infectivity: int
    extension: int
    contagion: str
    targets: tuple[str, ...]
    oncogenic: int
    defence_penalty: int
    copies: int


@dataclass(frozen=True)
class Cell:
    id: str
    cost: int
    defence: int
    clear: int
    clears: frozenset[str]
    clears_tumours: int
    oxygen: int
    store: int
    memory: bool
    start: int
    dies_on_use: bool


@dataclass(frozen=True)
class Medical:
    id: str
    effect: str
    amount: int
    groups: frozenset[str]
    pathogens: tuple[str, ...]
    cell: str
    target: str
    copies: int


@dataclass(frozen=True)
class EnvironmentEffect:
    """One environment card's effect at one life stage, zeros left out: (organ, damage, heal,
    tumour) for every organ it touches and (cell, gained, lost) for every cell type."""

    expose: int
    oxygen: int
    defence: int
    draw_medical: int
    draw_pathogen: int
    organs: tuple[tuple[str, int, int, int], ...]
    cells: tuple[tuple[str, int, int], ...]

    @classmethod
    def of(cls, effect: dict[str, Any], organs: list[str], cells: list[str]) -> EnvironmentEffect:
        touched = tuple((o, effect["damage"][o], effect["heal"][o], effect["tumour"][o]) for o in organs
                        if effect["damage"][o] or effect["heal"][o] or effect["tumour"][o])
        changed = tuple((c, effect["gain_cell"][c], effect["lose_cell"][c]) for c in cells
                        if effect["gain_cell"][c] or effect["lose_cell"][c])
        return cls(effect["expose"], effect["oxygen"], effect["defence"], effect["draw_medical"],
                   effect["draw_pathogen"], touched, changed)


class Content:
    """Checked, ready-to-use content: the rules code reads numbers only from here."""

    def __init__(self, data: dict[str, Any]) -> None:
        validate(data)
        self.data = data
        rules = data["rules"]
        self.rules = dict(rules)
        self.life_line: list[str] = list(rules["life_line"])
        self.organs: list[str] = list(data["organs"])
        self.organ_boxes = {o: v["boxes"] for o, v in data["organs"].items()}
        self.organ_oxygen = {o: v["oxygen"] for o, v in data["organs"].items()}
        self.cells = {c: Cell(c, **{k: v[k] for k in CELL_NUMBERS}, clears=frozenset(v["clears"]),
                              memory=v["memory"], dies_on_use=v["dies_on_use"])
                      for c, v in data["cells"].items()}
        self.cell_ids: list[str] = list(self.cells)
        self.clearing_cells = [c for c in self.cell_ids if self.cells[c].clear > 0]
        self.tumour_cells = [c for c in self.cell_ids if self.cells[c].clears_tumours > 0]
        self.memory_cells = [c for c in self.cell_ids if self.cells[c].memory]
        self.pathogens = {
            p: Pathogen(p, v["kind"], v["group"], v["infectivity"], v["extension"], v["contagion"],
                        tuple(v["targets"]), v["oncogenic"], v["defence_penalty"], v["copies"])
            for p, v in data["pathogens"].items()}
        self.pathogen_ids: list[str] = list(self.pathogens)
        self.medical = {
            m: Medical(m, v["effect"], v["amount"], frozenset(v["groups"]), tuple(v["pathogens"]),
                       v["cell"], v["target"], v["copies"])
            for m, v in data["medical"].items()}
        self.medical_ids: list[str] = list(self.medical)
        self.environment = data["environment"]
        self.environment_ids: list[str] = list(self.environment)
        #: Each card's effect per stage with only what changes something (the rules skip zeros).
        self.environment_effects = {
            (card, stage): EnvironmentEffect.of(effects[stage], self.organs, self.cell_ids)
            for card, effects in self.environment.items() for stage in STAGES}
        #: (cell, defence per cell) for the cells that defend at all.
        self.defending_cells = [(c, cell.defence) for c, cell in self.cells.items() if cell.defence]
        self.names = {key: v["name"] for section in ("cells", "organs", "pathogens", "medical",
                                                     "environment")
                      for key, v in data[section].items()}

    def deck(self, section: str) -> list[str]:
        """One id per physical card, in data order (the state shuffles it)."""
        return [key for key, v in self.data[section].items() for _ in range(v["copies"])]

    def name(self, key: str, lang: str = "en") -> str:
        names = self.names.get(key)
        return names.get(lang) or names["en"] if names else key


# ---- loading --------------------------------------------------------------------------------
@functools.cache
def base_data() -> str:
    """The shipped content, normalised and checked against its own ranges, as JSON (parsed once;
    each build starts from a fresh copy)."""
    data = normalise(load_content(__package__, CONTENT_FILE, None))
    bounds = leaf_ranges(data, shipped_ranges())
    for path in numeric_paths(data):
        require(path in bounds, f"{path}: no range declared for it in the [ranges] table")
        low, high = bounds[path]
        value = leaf(data, path)
        require(low <= value <= high, f"{path}: {value} is outside its declared range {low:g} to {high:g}")
    return json.dumps(data)


def leaf_ranges(data: dict[str, Any], ranges: Ranges) -> dict[str, tuple[float, float]]:
    """The declared range of every leaf a pattern reaches, the most specific pattern winning
    (as in ``ludoteca.engine.params.range_of``), found by walking each pattern through the
    data instead of testing every leaf against every pattern."""
    found: dict[str, tuple[int, tuple[float, float]]] = {}
    for pattern, (low, high) in ranges.items():
        pieces = pattern.split(".")
        stars = pieces.count("*")
        for path in _expand(data, pieces):
            if path not in found or stars < found[path][0]:
                found[path] = (stars, (low, high))
    return {path: bounds for path, (_, bounds) in found.items()}


def _expand(node: Any, pieces: list[str], path: str = "") -> list[str]:
    if not pieces:
        return [path]
    if not isinstance(node, dict):
        return []
    head, rest = pieces[0], pieces[1:]
    keys = list(node) if head == "*" else [head] if head in node else []
    return [p for key in keys for p in _expand(node[key], rest, f"{path}.{key}" if path else key)]


def shipped_ranges() -> Ranges:
    """The ``[ranges]`` table of content.toml: dotted path pattern -> [lowest, highest]."""
    return declared_ranges(__package__, CONTENT_FILE)


@content_cache()
def content_for(params: dict[str, Any] | None) -> Content:
    """The content with ``params`` laid over it, built once per distinct params and kept in a
    bounded cache (the least recently used params are dropped, so a sweep cannot grow memory).

    A bad path, kind or out-of-range number raises ValueError naming the full path, e.g.
    ``params.rules.hand_limit: must be from 0 to 20; got 100000``.  Why not the engine's
    ``load_content`` with the params: the shipped file leaves most environment effects out
    (they are 0), so the data is normalised first and the overrides laid over that, which makes
    every number reachable, each within its declared range."""
    data = json.loads(base_data())
    if params:
        data = override(data, params, ranges=shipped_ranges())
    return Content(data)


#: Content by the identity of the params object a state holds: ``derive`` runs after every clone,
#: and a clone shares its original's options, so this skips the canonical-JSON cache key (a
#: third of a clone's time otherwise).  Safe because ``ImmunityGame.resolve_options`` gives
#: every game its own copy of the params, which nothing changes afterwards; the entry keeps the
#: params object alive, so its id cannot be reused.  Bounded: emptied when full.
_BY_IDENTITY: dict[int, tuple[Any, Content]] = {}


def content_of(params: dict[str, Any] | None) -> Content:
    """``content_for(params)``, fast for a params object seen before (a state's own)."""
    hit = _BY_IDENTITY.get(id(params))
    if hit is not None and hit[0] is params:
        return hit[1]
    content = content_for(params)
    if len(_BY_IDENTITY) >= CACHE_SIZE:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(params)] = (params, content)
    return content


#: The copy of a state's params that its views show, one per params object (see ``_BY_IDENTITY``).
_PUBLIC: dict[int, tuple[Any, dict[str, Any]]] = {}


def public_params(params: dict[str, Any]) -> dict[str, Any]:
    """The params a view shows: a copy, so a caller changing a view never changes the game,
    made once per params object rather than once per view — a search bot builds a view at
    every leaf, and the heuristic then finds the content by this copy's identity
    (``content_of``) instead of serialising the params again."""
    hit = _PUBLIC.get(id(params))
    if hit is not None and hit[0] is params:
        return hit[1]
    if len(_PUBLIC) >= CACHE_SIZE:
        _PUBLIC.clear()
    shown = copy.deepcopy(params)
    _PUBLIC[id(params)] = (params, shown)
    return shown


def numeric_paths(data: dict[str, Any], path: str = "") -> list[str]:
    """The dotted path of every number in ``data`` (the ranges must cover them all)."""
    found: list[str] = []
    for key, value in data.items():
        where = f"{path}.{key}" if path else str(key)
        if isinstance(value, dict):
            found += numeric_paths(value, where)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            found.append(where)
    return found


def leaf(data: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        data = data[key]
    return data


def normalise(data: dict[str, Any]) -> dict[str, Any]:
    """Fill every optional number with its neutral value so overrides can reach it."""
    require(isinstance(data, dict), "content must be a table")
    for section in ("rules", "cells", "organs", "pathogens", "medical", "environment"):
        require(isinstance(data.get(section), dict), f"content lacks the [{section}] table")
    for key, entry in data["pathogens"].items():
        require(isinstance(entry, dict), f"pathogens.{key} must be a table")
        entry.setdefault("oncogenic", 0)
        entry.setdefault("defence_penalty", 0)
    for key, entry in data["medical"].items():
        require(isinstance(entry, dict), f"medical.{key} must be a table")
        entry.setdefault("amount", 0)
        entry.setdefault("groups", [])
        entry.setdefault("pathogens", [])
        entry.setdefault("cell", "")
        entry.setdefault("target", "self")
    organs = list(data["organs"])
    cells = list(data["cells"])
    for key, entry in data["environment"].items():
        require(isinstance(entry, dict), f"environment.{key} must be a table")
        for stage in STAGES:
            effects = entry.setdefault(stage, {})
            require(isinstance(effects, dict), f"environment.{key}.{stage} must be a table")
            unknown = sorted(set(effects) - set(ENV_NUMBERS + ENV_PER_ORGAN + ENV_PER_CELL))
            require(not unknown, f"environment.{key}.{stage}.{unknown[0] if unknown else ''}: "
                    f"unknown effect; known: {', '.join(ENV_NUMBERS + ENV_PER_ORGAN + ENV_PER_CELL)}")
            for name in ENV_NUMBERS:
                effects.setdefault(name, 0)
            for name, keys in [(n, organs) for n in ENV_PER_ORGAN] + [(n, cells) for n in ENV_PER_CELL]:
                given = effects.setdefault(name, {})
                require(isinstance(given, dict), f"environment.{key}.{stage}.{name} must be a table")
                bad = sorted(set(given) - set(keys))
                require(not bad, f"environment.{key}.{stage}.{name}.{bad[0] if bad else ''}: "
                        f"unknown; known: {', '.join(keys)}")
                effects[name] = {k: given.get(k, 0) for k in keys}
    return data


# ---- validation -----------------------------------------------------------------------------
def _whole(path: str, value: Any, minimum: int | None = 0) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool)
    require(ok, f"{path}: must be a whole number; got {value!r}")
    if minimum is not None:
        require(value >= minimum, f"{path}: must be at least {minimum}; got {value!r}")


def _names(path: str, entry: dict[str, Any]) -> None:
    name = entry.get("name")
    require(isinstance(name, dict) and all(isinstance(name.get(k), str) and name.get(k)
                                           for k in LANG_KEYS),
            f"{path}.name: needs en, es and fr texts")


def _ids(path: str, values: Any, allowed: Any, what: str, allow_empty: bool = True) -> None:
    require(isinstance(values, list), f"{path}: must be a list of {what}")
    require(allow_empty or values, f"{path}: needs at least one {what[:-1]}")
    for value in values:
        require(value in allowed, f"{path}: unknown {what[:-1]} {value!r}; known: "
                f"{', '.join(sorted(allowed))}")


def validate(data: dict[str, Any]) -> None:
    """Raise ContentError (a ValueError) naming the first entry that breaks the schema."""
    rules = data["rules"]
    for name, minimum in RULE_NUMBERS.items():
        require(name in rules, f"rules.{name}: missing")
        _whole(f"rules.{name}", rules[name], minimum)
    _ids("rules.life_line", rules.get("life_line"), STAGES, "stages", allow_empty=False)
    require(len(rules["life_line"]) <= MAX_TURNS,
            f"rules.life_line: at most {MAX_TURNS} stages (one per turn); got {len(rules['life_line'])}")

    organs, cells = data["organs"], data["cells"]
    require(organs, "organs: needs at least one organ")
    for key, entry in organs.items():
        _whole(f"organs.{key}.boxes", entry.get("boxes"), 1)
        _whole(f"organs.{key}.oxygen", entry.get("oxygen"), 0)
        _names(f"organs.{key}", entry)
    require(cells, "cells: needs at least one cell type")
    for key, entry in cells.items():
        for name in CELL_NUMBERS:
            _whole(f"cells.{key}.{name}", entry.get(name), 0)
        for flag in ("memory", "dies_on_use"):
            require(isinstance(entry.get(flag), bool), f"cells.{key}.{flag}: must be true or false")
        _ids(f"cells.{key}.clears", entry.get("clears"), GROUPS, "groups")
        require(entry["start"] <= rules["max_cells_per_type"],
                f"cells.{key}.start: more than rules.max_cells_per_type")
        _names(f"cells.{key}", entry)

    pathogens = data["pathogens"]
    for key, entry in pathogens.items():
        path = f"pathogens.{key}"
        require(entry.get("kind") in KINDS, f"{path}.kind: must be one of {', '.join(KINDS)}")
        require(entry.get("group") in GROUPS, f"{path}.group: must be one of {', '.join(GROUPS)}")
        require(GROUPS[entry["group"]] == entry["kind"],
                f"{path}.group: a {entry['group']} is {GROUPS[entry['group']]}, not {entry['kind']}")
        require(entry.get("contagion") in MODES, f"{path}.contagion: must be one of {', '.join(MODES)}")
        _whole(f"{path}.infectivity", entry.get("infectivity"))
        _whole(f"{path}.extension", entry.get("extension"), 1)
        _whole(f"{path}.oncogenic", entry.get("oncogenic"))
        _whole(f"{path}.defence_penalty", entry.get("defence_penalty"))
        _whole(f"{path}.copies", entry.get("copies"))
        _ids(f"{path}.targets", entry.get("targets"), organs, "organs", allow_empty=False)
        _names(path, entry)

    medical = data["medical"]
    for key, entry in medical.items():
        path = f"medical.{key}"
        require(entry.get("effect") in MEDICAL_EFFECTS,
                f"{path}.effect: must be one of {', '.join(MEDICAL_EFFECTS)}")
        _whole(f"{path}.amount", entry.get("amount"), None)
        _whole(f"{path}.copies", entry.get("copies"))
        _ids(f"{path}.groups", entry.get("groups"), GROUPS, "groups")
        _ids(f"{path}.pathogens", entry.get("pathogens"), pathogens, "pathogens")
        require(entry.get("target") in ("self", "opponent"), f"{path}.target: must be self or opponent")
        effect = entry["effect"]
        if effect == "clear":
            require(entry["groups"], f"{path}.groups: a clear card needs at least one group")
            require(entry["amount"] >= 1, f"{path}.amount: a clear card removes at least 1")
        if effect == "memory":
            require(entry["pathogens"], f"{path}.pathogens: a memory card needs at least one pathogen")
        if effect in ("heal", "remove_tumour", "gain_cell"):
            require(entry["amount"] >= 1, f"{path}.amount: must be at least 1 for {effect}")
        if effect == "gain_cell":
            require(entry.get("cell") in cells, f"{path}.cell: unknown cell {entry.get('cell')!r}")
        _names(path, entry)

    for key, entry in data["environment"].items():
        path = f"environment.{key}"
        _whole(f"{path}.copies", entry.get("copies"))
        _names(path, entry)
        for stage in STAGES:
            effects = entry[stage]
            for name in ENV_NUMBERS:
                _whole(f"{path}.{stage}.{name}", effects[name],
                       None if name in ("oxygen", "defence") else 0)
            for name in ENV_PER_ORGAN + ENV_PER_CELL:
                for target, amount in effects[name].items():
                    _whole(f"{path}.{stage}.{name}.{target}", amount)

    for section, minimum in MINIMUMS.items():
        require(len(data[section]) >= minimum, f"{section}: needs at least {minimum} entries")
    kinds = {p["kind"] for p in pathogens.values()}
    modes = {p["contagion"] for p in pathogens.values()}
    require(kinds == set(KINDS), f"pathogens: every kind must appear; missing {set(KINDS) - kinds}")
    require(modes == set(MODES), f"pathogens: every contagion mode must appear; missing {set(MODES) - modes}")
    for section in ("pathogens", "medical", "environment"):
        require(sum(v["copies"] for v in data[section].values()) > 0,
                f"{section}: the deck needs at least one card (all copies are 0)")
    clash = (set(pathogens) & set(medical)) | (set(cells) & set(pathogens))
    require(not clash, f"ids must be unique across sections; repeated: {', '.join(sorted(clash))}")


__all__ = ["Content", "ContentError", "content_for", "content_of"]
