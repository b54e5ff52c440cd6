"""The experiment: a dataclass, its TOML file, and validation that names the bad path.

Why strict, like ``ludoteca.engine.params``: a mistyped ``[stats.sprt] delta`` or a knob path
``cells.neutrofil.cost`` must stop the run before any game is played, saying where, or a whole
night of simulation measures nothing.  Knob paths are checked with the engine's own
``override`` against the game's content and declared ranges, then by building one game.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.engine import game as get_game

from .gamedata import effective_content
from .knobs import set_path
from .lineup import check_spec, line_up

TYPES = ("seats", "compare", "sweep", "restrict", "profile", "run", "sensitivity", "tune", "matrix", "luck")
METRIC_GROUPS = ("outcome", "length", "tension", "usage", "legal")
#: The groups on by default; "legal" (content keys never even legal) costs a hook call per option.
DEFAULT_GROUPS = ("outcome", "length", "tension", "usage")
RULE_KEYS = ("max", "min", "between")

#: table -> known keys (None: any key, checked by its own rule).
SCHEMA: dict[str, dict[str, Any]] = {
    "experiment": {"name": str, "game": str, "players": (int, list), "question": str, "title": str,
                   "seed": int, "blocks": int, "type": str, "control": str, "max_actions": int},
    "bots": {"lineup": list, "robust": list, "robust_blocks": int},
    "arms": None,
    "sweep": {"knobs": dict},
    "restrict": {"never": list},
    "luck": {"reps": int},
    "sensitivity": {"knobs": (list, str), "delta": (int, float, str)},
    "metrics": {"include": list, "oracle": str, "telemetry": list},
    "targets": None,
    "stats": {"confidence": float, "families": dict, "sprt": dict, "resamples": int},
    "output": {"dir": str, "formats": list, "records": str, "lang": str},
    "backend": {"kind": str, "jobs": (int, str), "address": str},
}
#: "replicate": a luck experiment's replicate number (its own bot seeds on the same deal).
ARM_KEYS = ("params", "options", "lineup", "replicate")
SPRT_KEYS = ("metric", "arm", "delta0", "delta1", "alpha", "beta", "burn_in", "max_blocks")


@dataclass
class Experiment:
    """A designer's question as a plan of games: game, players, bots, arms, blocks, targets."""

    game: str
    players: list[int] = field(default_factory=lambda: [2])
    bots: list[str] = field(default_factory=lambda: ["normal"])
    seed: int = 0
    blocks: int | None = 100
    arms: dict[str, dict[str, Any]] = field(default_factory=lambda: {"shipped": {}})
    control: str | None = None
    type: str = "run"
    name: str = ""
    title: str = ""
    question: str = ""
    metrics: list[str] = field(default_factory=lambda: list(DEFAULT_GROUPS))
    oracle: str = "score"
    telemetry: list[str] = field(default_factory=list)
    targets: dict[str, dict[str, Any]] = field(default_factory=dict)
    confidence: float = 0.95
    families: dict[str, str] = field(default_factory=lambda: {"seats": "holm", "arms": "holm"})
    sprt: dict[str, Any] | None = None
    resamples: int = 2000
    sweep: dict[str, list[Any]] | None = None
    restrict: list[str] | None = None
    sensitivity: dict[str, Any] | None = None  # knobs (globs), delta; see lab/sensitivity.py
    robust: list[str] = field(default_factory=list)
    robust_blocks: int = 150
    out_dir: str = "runs"
    formats: list[str] = field(default_factory=lambda: ["csv", "html"])
    records: str = "notable"
    lang: str = "en"
    backend: str = "local"
    jobs: int | str = "auto"
    address: str | None = None  # [backend] address: a Ray cluster to join (kind = "ray" only)
    max_actions: int = 5000

    def __post_init__(self) -> None:
        if isinstance(self.players, int) and not isinstance(self.players, bool):
            self.players = [self.players]
        if not self.name:
            self.name = f"{self.game}-{self.type}"
        if self.control is None and self.arms:
            self.control = next(iter(self.arms))

    # ---- derived ------------------------------------------------------------------------
    def arm_options(self, arm: str) -> dict[str, Any]:
        """The game options of ``arm``: its ``options`` with its ``params`` as options["params"]."""
        spec = self.arms[arm]
        options = dict(spec.get("options", {}))
        if spec.get("params"):
            options["params"] = spec["params"]
        return options

    def arm_lineup(self, arm: str, players: int) -> list[str]:
        return line_up(list(self.arms[arm].get("lineup") or self.bots), players)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def validate(self) -> Experiment:
        """Check everything that can be checked before a game is played; raise ValueError."""
        validate(self)
        return self


def _check_type(where: str, value: Any, kind: Any) -> None:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = any((isinstance(value, k) and not (k in (int, float) and isinstance(value, bool)))
             or (k is float and isinstance(value, int) and not isinstance(value, bool)) for k in kinds)
    if not ok:
        names = " or ".join({int: "a whole number", float: "a number", str: "text", list: "a list",
                             dict: "a table"}[k] for k in kinds)
        raise ValueError(f"{where}: expected {names}, got {value!r}")


def _known(where: str, given: Mapping[str, Any], known: Any) -> None:
    for key in given:
        if key not in known:
            raise ValueError(f"{where}{key}: unknown key; known keys here: {', '.join(known)}")


def from_dict(data: Mapping[str, Any]) -> Experiment:
    """An experiment from the TOML tables, every key and kind checked, errors naming the path."""
    _known("", data, SCHEMA)
    for table, keys in SCHEMA.items():
        section = data.get(table, {})
        if not isinstance(section, Mapping):
            raise ValueError(f"{table}: expected a table, got {section!r}")
        if keys is None:
            continue
        _known(f"{table}.", section, keys)
        for key, value in section.items():
            _check_type(f"{table}.{key}", value, keys[key])
    exp = data.get("experiment", {})
    if "game" not in exp:
        raise ValueError("experiment.game: missing; name the game, e.g. game = \"immunity\"")
    arms: dict[str, dict[str, Any]] = {}
    for arm, spec in data.get("arms", {}).items():
        if not isinstance(spec, Mapping):
            raise ValueError(f"arms.{arm}: expected a table, got {spec!r}")
        _known(f"arms.{arm}.", spec, ARM_KEYS)
        arms[arm] = dict(spec)
    sprt = data.get("stats", {}).get("sprt")
    if sprt is not None:
        _known("stats.sprt.", sprt, SPRT_KEYS)
    bots, metrics, stats = data.get("bots", {}), data.get("metrics", {}), data.get("stats", {})
    output, backend = data.get("output", {}), data.get("backend", {})
    kwargs: dict[str, Any] = {key: exp[key] for key in ("game", "players", "seed", "blocks", "type", "name",
                                                         "title", "question", "control", "max_actions")
                              if key in exp}
    if "lineup" in bots:
        kwargs["bots"] = bots["lineup"]
    kwargs.update({k: bots[k] for k in ("robust", "robust_blocks") if k in bots})
    if arms:
        kwargs["arms"] = arms
    if "include" in metrics:
        kwargs["metrics"] = metrics["include"]
    kwargs.update({k: metrics[k] for k in ("oracle", "telemetry") if k in metrics})
    if "targets" in data:
        kwargs["targets"] = {k: dict(v) if isinstance(v, Mapping) else v for k, v in data["targets"].items()}
    kwargs.update({k: stats[k] for k in ("confidence", "families", "resamples") if k in stats})
    if sprt is not None:
        kwargs["sprt"] = dict(sprt)
    if "sweep" in data:
        kwargs["sweep"] = dict(data["sweep"].get("knobs", {}))
    if "restrict" in data:
        kwargs["restrict"] = list(data["restrict"].get("never", []))
    if "sensitivity" in data:
        kwargs["sensitivity"] = dict(data["sensitivity"])
    if "luck" in data and "reps" in data["luck"]:
        from .luck import replicate_arms  # seeds are the blocks; replicates are the arms

        base = next(iter(arms.values()), {}) if len(arms) <= 1 else None
        if base is not None:
            kwargs["arms"] = replicate_arms(data["luck"]["reps"], base)
            kwargs.pop("control", None)
    kwargs.update({{"dir": "out_dir"}.get(k, k): output[k] for k in ("dir", "formats", "records", "lang")
                   if k in output})
    if "kind" in backend:
        kwargs["backend"] = backend["kind"]
    if "jobs" in backend:
        kwargs["jobs"] = backend["jobs"]
    if "address" in backend:
        kwargs["address"] = backend["address"]
    if "type" not in exp:
        kwargs["type"] = ("sweep" if "sweep" in data else "restrict" if "restrict" in data
                          else "sensitivity" if "sensitivity" in data else "luck" if "luck" in data else "run")
    return expand(Experiment(**kwargs)).validate()


def load(path: str | Path) -> Experiment:
    """Read and validate an experiment file; a syntax error names the file and line."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such experiment file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: {exc}") from exc
    try:
        return from_dict(data)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from exc


def expand(exp: Experiment) -> Experiment:
    """Sweeps and restrictions become arms: one per grid point / per restriction."""
    if exp.sweep and len(exp.arms) <= 1:
        control = exp.control or "shipped"
        base = exp.arms.get(control, {})
        arms = {control: base}
        paths = list(exp.sweep)
        for where in paths:
            values = exp.sweep[where]
            if not isinstance(values, list) or not values:
                raise ValueError(f"sweep.knobs.{where}: expected a non-empty list of values, got {values!r}")
        for combo in itertools.product(*(exp.sweep[p] for p in paths)):
            name = ",".join(f"{p}={_shown(v)}" for p, v in zip(paths, combo, strict=True))
            params = json.loads(json.dumps(base.get("params", {})))
            for where, value in zip(paths, combo, strict=True):
                set_path(params, where, value)
            arms[name] = {**base, "params": params}
        exp.arms, exp.control = arms, control
    if exp.restrict and len(exp.arms) <= 1:
        control = exp.control or "shipped"
        base = exp.arms.get(control, {})
        arms = {control: base}
        first = (base.get("lineup") or exp.bots)[0]
        for pattern in exp.restrict:
            lineup = list(base.get("lineup") or exp.bots)
            if len(lineup) == 1:
                lineup = [lineup[0], lineup[0]]
            lineup[0] = f"never({pattern})/{first}"
            arms[f"never({pattern})"] = {**base, "lineup": lineup}
        exp.arms, exp.control = arms, control
    if exp.sensitivity is not None:
        from .sensitivity import expand as expand_screen  # the control plus each knob's -δ/+δ arms

        expand_screen(exp)
    if exp.type == "matrix" and len(exp.arms) <= 1:
        from .matrix import check_levels, matrix_arms  # one arm per pairing of the levels in bots.lineup

        levels = check_levels(exp.bots, exp.players)
        exp.arms = matrix_arms(levels, exp.players[0], exp.arms.get(exp.control or "", {}))
        exp.control = next(iter(exp.arms))
    return exp


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def validate(exp: Experiment) -> None:
    """Every check that needs no game played: kinds, names, ranges, knob paths, bot specs."""
    try:
        game = get_game(exp.game)
    except ValueError as exc:
        raise ValueError(f"experiment.game: {exc}") from None
    if exp.type not in TYPES:
        raise ValueError(f"experiment.type: must be one of {', '.join(TYPES)}; got {exp.type!r}")
    if not exp.players:
        raise ValueError("experiment.players: give at least one player count")
    for n in exp.players:
        if isinstance(n, bool) or not isinstance(n, int) or not game.min_players <= n <= game.max_players:
            raise ValueError(f"experiment.players: {game.title} takes {game.min_players}-{game.max_players} "
                             f"players; got {n!r}")
    if exp.blocks is None and not exp.sprt:
        raise ValueError("experiment.blocks: give a block count, or a [stats.sprt] to stop on")
    if exp.blocks is not None and (isinstance(exp.blocks, bool) or not isinstance(exp.blocks, int)
                                   or exp.blocks < 1):
        raise ValueError(f"experiment.blocks: must be a whole number of at least 1; got {exp.blocks!r}")
    if not exp.arms:
        raise ValueError("arms: give at least one arm (the first is the control)")
    if exp.control not in exp.arms:
        raise ValueError(f"experiment.control: {exp.control!r} is not an arm; arms: {', '.join(exp.arms)}")
    for group in exp.metrics:
        if group not in METRIC_GROUPS:
            raise ValueError(f"metrics.include: unknown group {group!r}; known: {', '.join(METRIC_GROUPS)}")
    if exp.oracle != "score":
        raise ValueError(f"metrics.oracle: only \"score\" is available in this version; got {exp.oracle!r}")
    if not 0 < exp.confidence < 1:
        raise ValueError(f"stats.confidence: must be between 0 and 1; got {exp.confidence!r}")
    for family, method in exp.families.items():
        if method not in ("holm", "bh"):
            raise ValueError(f"stats.families.{family}: must be \"holm\" or \"bh\"; got {method!r}")
    for metric, rule in exp.targets.items():
        _check_rule(f"targets.{metric}", rule)
    if exp.records not in ("none", "notable", "all"):
        raise ValueError(f"output.records: must be none, notable or all; got {exp.records!r}")
    if exp.lang not in ("en", "es", "fr"):
        raise ValueError(f"output.lang: must be en, es or fr; got {exp.lang!r}")
    _check_backend(exp)
    if exp.jobs != "auto" and (isinstance(exp.jobs, bool) or not isinstance(exp.jobs, int) or exp.jobs < 1):
        raise ValueError(f"backend.jobs: must be \"auto\" or a whole number of at least 1; got {exp.jobs!r}")
    for spec in [*exp.bots, *exp.robust]:
        try:
            check_spec(spec)
        except ValueError as exc:
            raise ValueError(f"bots.lineup: {exc}") from None
    for arm, spec in exp.arms.items():
        _known(f"arms.{arm}.", spec, ARM_KEYS)
        effective_content(game, spec.get("params"), where=f"arms.{arm}.params")
        for bot in spec.get("lineup") or []:
            try:
                check_spec(bot)
            except ValueError as exc:
                raise ValueError(f"arms.{arm}.lineup: {exc}") from None
        for n in exp.players:
            try:
                exp.arm_lineup(arm, n)
                game.new(n, seed=0, options=exp.arm_options(arm))
            except ValueError as exc:
                raise ValueError(f"arms.{arm}: {exc}") from None
    for arm, spec in exp.arms.items():
        replicate = spec.get("replicate", 0)
        if isinstance(replicate, bool) or not isinstance(replicate, int) or replicate < 0:
            raise ValueError(f"arms.{arm}.replicate: must be a whole number of at least 0; got {replicate!r}")
    if exp.type == "matrix":
        from .matrix import check_levels

        check_levels(exp.bots, exp.players)
    if exp.type == "luck":
        from .luck import check_experiment

        check_experiment(exp.arms, [exp.arm_lineup(a, n) for a in exp.arms for n in exp.players], exp.blocks,
                         exp.sprt)
    if exp.sprt is not None:
        _known("stats.sprt.", exp.sprt, SPRT_KEYS)
        for key in ("metric", "delta0", "delta1"):
            if key not in exp.sprt:
                raise ValueError(f"stats.sprt.{key}: missing; the test needs metric, delta0 and delta1")
        arm = exp.sprt.get("arm") or next((a for a in exp.arms if a != exp.control), None)
        if arm not in exp.arms or arm == exp.control:
            raise ValueError(f"stats.sprt.arm: must name an arm other than the control; got {arm!r}")


def _check_rule(where: str, rule: Any) -> None:
    if not isinstance(rule, Mapping) or len(rule) != 1 or next(iter(rule)) not in RULE_KEYS:
        raise ValueError(f"{where}: a target is {{ max = x }}, {{ min = x }} or {{ between = [a, b] }}; "
                         f"got {rule!r}")
    (kind, value), = rule.items()
    if kind == "between":
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
            raise ValueError(f"{where}.between: expected two numbers [low, high], got {value!r}")
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}.{kind}: expected a number, got {value!r}")


def _check_backend(exp: Experiment) -> None:
    """The backend's kind, and for Ray an installed ray and a well-formed address (whether the
    cluster answers is checked when the run starts, before its folder is made)."""
    from importlib.util import find_spec

    from .backends import KINDS
    from .ray_backend import check_address, missing_ray_message

    if exp.backend not in KINDS:
        raise ValueError(f"backend.kind: {exp.backend!r} is unknown; use one of {', '.join(KINDS)}")
    if exp.address is not None and exp.backend != "ray":
        raise ValueError(f"backend.address: only for kind = \"ray\" (--backend ray); the backend is {exp.backend!r}")
    if exp.backend == "ray":
        check_address(exp.address, "backend.address")
        if find_spec("ray") is None:
            raise ValueError(f"backend.kind: {missing_ray_message()}")


# ---- the resolved experiment.toml of a run ------------------------------------------------
def to_toml(exp: Experiment) -> str:
    """The resolved experiment as TOML (defaults filled in; sweeps and restrictions as arms)."""
    tables: dict[str, dict[str, Any]] = {
        "experiment": {"name": exp.name, "type": exp.type, "game": exp.game, "title": exp.title,
                       "question": exp.question, "players": exp.players, "seed": exp.seed,
                       "control": exp.control, "max_actions": exp.max_actions},
        "bots": {"lineup": exp.bots, "robust": exp.robust, "robust_blocks": exp.robust_blocks},
        "metrics": {"include": exp.metrics, "oracle": exp.oracle, "telemetry": exp.telemetry},
        "stats": {"confidence": exp.confidence, "families": exp.families, "resamples": exp.resamples},
        "output": {"dir": exp.out_dir, "formats": exp.formats, "records": exp.records, "lang": exp.lang},
        "backend": {"kind": exp.backend, "jobs": exp.jobs},
    }
    if exp.blocks is not None:
        tables["experiment"]["blocks"] = exp.blocks
    if exp.sprt:
        tables["stats"]["sprt"] = exp.sprt
    if exp.address:
        tables["backend"]["address"] = exp.address
    if exp.sensitivity:
        tables["sensitivity"] = {"knobs": exp.sensitivity.get("knobs", []), "delta": exp.sensitivity.get("delta", 1)}
    # The recipes stay beside the arms they made (which are written out below, so loading the file
    # does not expand them again): the file then gives the same fingerprint, and a sweep's
    # elasticities, when it is run again or resumed.
    if exp.sweep:
        tables["sweep"] = {"knobs": exp.sweep}
    if exp.restrict:
        tables["restrict"] = {"never": exp.restrict}
    lines: list[str] = []
    for name, table in tables.items():
        lines.append(f"[{name}]")
        lines += [f"{_key(k)} = {_value(v)}" for k, v in table.items() if v is not None]
        lines.append("")
    for arm, spec in exp.arms.items():
        lines.append(f"[arms.{_key(arm)}]")
        lines += [f"{_key(k)} = {_value(v)}" for k, v in spec.items()]
        lines.append("")
    if exp.targets:
        lines.append("[targets]")
        lines += [f"{_key(k)} = {_value(v)}" for k, v in exp.targets.items()]
        lines.append("")
    return "\n".join(lines)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"cannot write {value!r} to TOML")
