"""``ludoteca lab``: the balance lab's commands (docs/lab.md).  Each builds an Experiment and
calls the same Python API a notebook uses; heavy modules load inside the commands."""

from __future__ import annotations

import functools
import inspect
import json
import shlex
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="The balance lab: paired simulations with intervals, and a report.")
console = Console()

BOTS_HELP = "Bots per seat before rotation (comma-separated); the last fills the remaining seats."


#: What the lab's statistics and report need beyond playing (the `lab` extra of pyproject.toml).
EXTRA_MODULES = ("scipy", "matplotlib")


@app.callback()
def _needs_the_lab_extra(ctx: typer.Context) -> None:
    """A play-only install (`make run`) lacks the lab's libraries: say how to add them, before
    any game is played, instead of failing half-way with an import error."""
    if ctx.invoked_subcommand == "knobs":
        return  # listing the knobs needs only the games
    missing = []
    for name in EXTRA_MODULES:
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
    if missing:
        _fail(f"the balance lab needs {' and '.join(missing)} (the 'lab' extra): run `make install`, "
              f"or `pip install -e '.[lab]'` in this checkout")


def _fail(message: str) -> None:
    console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def _json(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        _fail(f"{what}: not JSON ({exc}); e.g. '{{\"cells\": {{\"neutrophil\": {{\"cost\": 3}}}}}}'")
    if not isinstance(value, dict):
        _fail(f"{what}: expected a JSON object, got {text!r}")
    return value


def _players(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        _fail(f"--players: whole numbers separated by commas; got {text!r}")
        return []


def _execute(exp: Any, jobs: str, max_minutes: float | None, out: Path | None, report: bool = True,
             no_cache: bool = False, resume: Path | None = None, source: Path | None = None,
             cache_dir: Path | None = None) -> Path:
    """Validate, run with a live progress display, print the headline numbers.  ``resume``: the run
    folder to finish; ``source``: the experiment file, for the resume command printed when a run
    stops early; ``no_cache``/``cache_dir``: play every game, or reuse the block cache there."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from . import api
    from .checkpoint import Checkpoint

    if _BACKEND.get("backend"):
        exp.backend = _BACKEND["backend"]
    if _BACKEND.get("address"):
        exp.address = _BACKEND["address"]
    try:
        exp.validate()
        was_complete = resume is not None and bool(Checkpoint(resume).read_meta().get("complete"))
    except ValueError as exc:
        _fail(str(exc))
        raise
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.fields[live]}"), console=console, transient=False,
                  disable=was_complete) as progress:
        tasks = {arm: progress.add_task(arm, total=exp.blocks or None, live="") for arm in exp.arms}

        def show(live: Any) -> None:
            for arm, task in tasks.items():
                progress.update(task, completed=live.done, total=live.planned,
                                live=f"{live.estimates.get(arm, '')} {live.llr}".strip())

        try:
            run = api.run(exp, jobs=jobs, out=out, max_minutes=max_minutes, progress=show,
                          command="ludoteca " + " ".join(sys.argv[1:]), resume=resume,
                          cache=False if no_cache else cache_dir)
        except ValueError as exc:
            _fail(str(exc))
            raise
    if was_complete:
        console.print(f"{run.path} is already complete ({run.manifest['blocks']} blocks): nothing was played; "
                      f"its tables, metrics and report are as they were.")
        _summary(run)
        return run.path
    if exp.type == "sensitivity":
        from .sensitivity import print_summary

        print_summary(console, run)
    else:
        _summary(run)
    _resume_hint(run, source)
    if report:
        try:
            path = run.write_report(exp.lang)
            console.print(f"Report: {path}")
        except (ImportError, AttributeError) as exc:
            console.print(f"[yellow]No report written ({exc}).[/]")
    return run.path


def _resume_hint(run: Any, source: Path | None) -> None:
    """After Ctrl-C or the time budget: the blocks kept, and the command that plays the rest."""
    stop = run.manifest.get("stop")
    if stop not in ("interrupted", "budget"):
        return
    why = "Interrupted" if stop == "interrupted" else "Out of time (--max-minutes)"
    given = f"{shlex.quote(str(source))} " if source is not None else ""
    console.print(f"{why} after {run.manifest['blocks']} of {run.manifest['planned_blocks']} blocks; every "
                  f"finished block is kept. To play the rest:\n  ludoteca lab run {given}--resume "
                  f"{shlex.quote(str(run.path))}", soft_wrap=True)


def _reuse(health: dict[str, Any], manifest: dict[str, Any]) -> str:
    """", 120 played, 40 reused from the block cache, 80 reloaded by the resume" (what applies)."""
    parts = []
    reused = health.get("games_reused") or 0
    if reused:
        parts.append(f"{health.get('games_played', 0)} played, {reused} reused from the block cache")
    resumed = (manifest.get("resume") or {}).get("blocks")
    if resumed:
        parts.append(f"{resumed} blocks reloaded from the checkpoint")
    return f" ({'; '.join(parts)})" if parts else ""


def _summary(run: Any) -> None:
    m = run.metrics
    console.print(f"[bold]{escape(m['experiment']['name'])}[/]: {m['health']['games']} games"
                  f"{_reuse(m['health'], run.manifest)}, "
                  f"{m['method']['blocks']} blocks, stop: {m['method']['stop']}, "
                  f"{m['health']['cpu_s']:.1f} CPU s, {m['health']['wall_s']:.1f} s wall")
    table = Table(title="Headline estimates (95% intervals)")
    for column in ("metric", "key", "arm", "players", "value", "interval", "method"):
        table.add_column(column)
    wanted = ("seat_win_share", "turn_order_win_share", "seat_gap", "actions", "rounds", "score",
              "restriction_value", "binding_rate", "changed_rate", "unfinished_rate")
    for row in m["estimates"]:
        if row["metric"] in wanted:
            table.add_row(row["metric"], str(row["key"] or ""), row["arm"], str(row["players"]),
                          f"{row['value']:.4g}", _interval(row), row["method"])
    console.print(table)
    if m["deltas"]:
        deltas = Table(title=f"Paired differences to {m['experiment']['control']} (95% intervals)")
        for column in ("metric", "key", "arm", "players", "Δ", "interval", "p (Holm)", "VRF"):
            deltas.add_column(column)
        for row in m["deltas"]:
            if row["metric"] in wanted:
                vrf = row["extra"].get("vrf")
                deltas.add_row(row["metric"], str(row["key"] or ""), row["arm"], str(row["players"]),
                               f"{row['value']:+.4g}", _interval(row),
                               "" if row["p_adj"] is None else f"{row['p_adj']:.3g}",
                               "" if vrf is None else f"{vrf:.2f}")
        console.print(deltas)
    for v in m["verdicts"]:
        console.print(f"target {v['target']} {v['rule']} — {v['arm']} {v['players']}p: "
                      f"[bold]{v['verdict']}[/] ({v['value']:.4g} {_interval(v)})")
    console.print(f"Run folder: {run.path}")


def _interval(row: dict[str, Any]) -> str:
    if row.get("low") is None or row.get("high") is None:
        return "—"
    return f"[{row['low']:.4g}, {row['high']:.4g}]"


def _experiment(**kwargs: Any) -> Any:
    from .experiment import Experiment, expand

    try:
        return expand(Experiment(**kwargs))
    except (ValueError, TypeError) as exc:
        _fail(str(exc))


Jobs = typer.Option("auto", "--jobs", "-j", help="Worker processes (auto: every CPU; 1: inline).")
Blocks = typer.Option(200, "--blocks", "-n", help="Blocks: seeds played under every arm and rotation.")
Seed = typer.Option(2026, "--seed", help="Experiment seed; every game and bot seed derives from it.")
Out = typer.Option(None, "--out", help="Parent folder of the run folder (default: runs).")
MaxMinutes = typer.Option(None, "--max-minutes", help="Stop after this many minutes (finished blocks kept).")
NoCache = typer.Option(False, "--no-cache", help="Play every game; do not reuse games from the block cache "
                                                "(<out>/.cache) nor add to it.")
BackendKind = typer.Option(None, "--backend", help="Where games run: local (default, a process pool) or ray "
                                                   "(never implied, not even by RAY_ADDRESS; docs/lab.md).")
RayAddress = typer.Option(None, "--ray-address", metavar="ADDR",
                          help="With --backend ray: join this Ray cluster (host:port, ray://host:10001 or auto) "
                               "instead of starting a private one on 127.0.0.1.")
#: The --backend and --ray-address of the command being run, applied by _execute.
_BACKEND: dict[str, str | None] = {}


def _backend_flags(command: Callable[..., Any]) -> Callable[..., Any]:
    """Give a command that plays games through :func:`_execute` the --backend and --ray-address
    flags: one decorator, instead of two more parameters threaded through every command."""

    @functools.wraps(command)
    def wrapper(*args: Any, backend: str | None = None, ray_address: str | None = None, **kwargs: Any) -> Any:
        _BACKEND.clear()
        _BACKEND.update(backend=backend, address=ray_address)
        return command(*args, **kwargs)

    signature = inspect.signature(command, eval_str=True)
    extra = [inspect.Parameter("backend", inspect.Parameter.KEYWORD_ONLY, default=BackendKind, annotation=str),
             inspect.Parameter("ray_address", inspect.Parameter.KEYWORD_ONLY, default=RayAddress, annotation=str)]
    wrapper.__signature__ = signature.replace(parameters=[*signature.parameters.values(), *extra])  # type: ignore
    wrapper.__annotations__ = {**command.__annotations__, "backend": "str", "ray_address": "str"}
    return wrapper


@app.command()
def knobs(game_id: str = typer.Argument(..., metavar="GAME"),
          pattern: str = typer.Option(None, "--match", help="Only paths matching, e.g. 'cells.*.cost'.")) -> None:
    """Every tunable number: its params path, current value and declared range."""
    from .knobs import knobs as list_knobs

    try:
        found = list_knobs(game_id, pattern)
    except ValueError as exc:
        _fail(str(exc))
        return
    table = Table(title=f"Knobs of {game_id} (change with params; ranges are enforced)")
    for column in ("path", "value", "kind", "range"):
        table.add_column(column)
    for k in found:
        table.add_row(k.path, str(k.value), k.kind, "—" if k.low is None else f"{k.low:g} to {k.high:g}")
    console.print(table)
    console.print(f"{len(found)} knobs.")


@app.command()
def plan(game_id: str = typer.Argument(..., metavar="GAME"),
         metric: str = typer.Option("actions", "--metric"),
         delta: float = typer.Option(..., "--delta", help="The smallest change worth detecting."),
         bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
         players: int = typer.Option(None, "--players", "-p"),
         b: str = typer.Option('{}', "--b", help="The changed arm's params (JSON) for the pilot."),
         pilot: int = typer.Option(30, "--pilot", help="Pilot blocks to measure the spread."),
         pilot_seconds: float = typer.Option(60.0, "--pilot-seconds",
                                             help="Stop the pilot after this long (LAB.md §5: a 60-s pilot)."),
         jobs: str = Jobs, seed: int = Seed) -> None:
    """How many blocks a precision needs: a short paired pilot, then the planner."""
    from ludoteca.engine import game as get_game

    from . import api
    from .planner import plan_blocks

    try:
        n = players or get_game(game_id).min_players
    except ValueError as exc:
        _fail(str(exc))
        return
    exp = _experiment(game=game_id, players=[n], bots=bots.split(","), seed=seed, blocks=pilot, type="compare",
                      arms={"a": {}, "b": {"params": _json(b, "--b")}}, records="none",
                      out_dir=tempfile.mkdtemp(prefix="ludoteca-lab-pilot-"))
    run = api.run(exp, jobs=jobs, max_minutes=pilot_seconds / 60, cache=False)  # a throwaway pilot
    pilot = run.metrics["method"]["blocks"]
    # σ_Δ is the sd of the per-block differences: the paired SE of the pilot's delta times √n.
    # A metric with keys (seat_win_share) without one given takes its first key, and says so.
    name, _, key = metric.partition("[")
    rows = [d for d in run.metrics["deltas"] if d["metric"] == name and (not key or d["key"] == key.rstrip("]"))]
    if not rows:
        known = sorted({d["metric"] for d in run.metrics["deltas"]})
        _fail(f"--metric: no paired difference {metric!r} in the pilot; known metrics: {', '.join(known)}")
        return
    row = rows[0]
    if row["key"] is not None and not key:
        metric = f"{name}[{row['key']}]"
    se = row["extra"].get("se_paired") or row["extra"].get("se_unpaired") or 0.0
    sigma = float(se) * row["n"] ** 0.5
    if sigma <= 0:
        _fail(f"--metric {metric}: it did not vary in {pilot} pilot blocks; plan on another metric or a longer pilot")
        return
    blocks = plan_blocks(sigma, delta)
    cpu = run.metrics["health"]["cpu_s"] / max(1, run.metrics["health"]["games"])
    per_block = run.metrics["health"]["games"] / max(1, run.metrics["method"]["blocks"])
    console.print(f"σ_Δ per block ≈ {sigma:.4g} (pilot of {pilot} blocks). To detect Δ = {delta:g} on {metric} "
                  f"at 80% power, α = 0.05: about [bold]{blocks}[/] blocks, {blocks * per_block:.0f} games, "
                  f"≈ {blocks * per_block * cpu / 60:.1f} CPU-minutes.")


@app.command()
@_backend_flags
def seats(game_id: str = typer.Argument(..., metavar="GAME"),
          players: str = typer.Option("2", "--players", "-p", help="Player counts, e.g. 3 or 3,4."),
          bots: str = typer.Option("normal", "--bots", "-b", help="One tier per run, e.g. normal,random."),
          blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
          max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
          no_cache: bool = NoCache) -> None:
    """Is any seat or turn-order position favoured?  Every seat with an interval, Holm, χ²."""
    tiers = [t.strip() for t in bots.split(",") if t.strip()]
    arms = {tier: {"lineup": [tier]} for tier in tiers}
    exp = _experiment(game=game_id, players=_players(players), bots=[tiers[0]] if tiers else [], seed=seed,
                      blocks=blocks, type="seats", arms=arms, name=f"{game_id} seats", lang=lang,
                      question="Is any seat or turn-order position favoured?")
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


@app.command()
@_backend_flags
def compare(game_id: str = typer.Argument(..., metavar="GAME"),
            a: str = typer.Option("{}", "--a", help="Control arm params (JSON)."),
            b: str = typer.Option(..., "--b", help="Changed arm params (JSON)."),
            players: str = typer.Option("2", "--players", "-p"),
            bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
            blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
            sprt: str = typer.Option(None, "--sprt", help="metric=actions,delta0=0,delta1=5[,arm=b]"),
            question: str = typer.Option("", "--question"),
            target: list[str] = typer.Option([], "--target", help="metric:max=x, metric:min=x (repeatable)."),
            max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
            no_cache: bool = NoCache) -> None:
    """Did my rule change do what I wanted?  Paired differences with intervals on every metric."""
    sprt_spec = None
    if sprt:
        sprt_spec = {}
        for pair in sprt.split(","):
            key, _, value = pair.partition("=")
            try:
                sprt_spec[key.strip()] = value.strip() if key.strip() in ("metric", "arm") else float(value)
            except ValueError:
                _fail(f"--sprt: {key} must be a number; got {value!r}")
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(","), seed=seed,
                      blocks=None if sprt_spec else blocks, type="compare",
                      arms={"a": {"params": _json(a, "--a")}, "b": {"params": _json(b, "--b")}},
                      sprt=sprt_spec, name=f"{game_id} compare", question=question, lang=lang,
                      targets=_targets(target))
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


def _targets(items: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        metric, _, rule = item.partition(":")
        kind, _, value = rule.partition("=")
        try:
            out[metric] = {kind: [float(v) for v in value.split(",")] if kind == "between" else float(value)}
        except ValueError:
            _fail(f"--target: write metric:max=x, metric:min=x or metric:between=a,b; got {item!r}")
    return out


@app.command()
@_backend_flags
def sweep(game_id: str = typer.Argument(..., metavar="GAME"),
          param: list[str] = typer.Option(..., "--param", help="PATH=v1,v2,... (one or two)."),
          players: str = typer.Option("2", "--players", "-p"),
          bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
          blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
          max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
          no_cache: bool = NoCache) -> None:
    """Which value is right?  Every grid point paired to the shipped content, with slopes."""
    knobs_: dict[str, list[Any]] = {}
    for item in param:
        path, _, values = item.partition("=")
        if not values:
            _fail(f"--param: write PATH=v1,v2,...; got {item!r}")
        knobs_[path.strip()] = [json.loads(v) if v.strip().lstrip("-").replace(".", "", 1).isdigit() else v.strip()
                                for v in values.split(",")]
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(","), seed=seed, blocks=blocks,
                      type="sweep", sweep=knobs_, name=f"{game_id} sweep", lang=lang)
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


@app.command()
@_backend_flags
def restrict(game_id: str = typer.Argument(..., metavar="GAME"),
             never: list[str] = typer.Option(..., "--never", help="An action pattern (buy:cell=macrophage) "
                                                                  "or content key (cells.macrophage); repeatable."),
             players: str = typer.Option("2", "--players", "-p"),
             bots: str = typer.Option("normal", "--bots", "-b", help="The base bot of every seat."),
             blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
             max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
             no_cache: bool = NoCache) -> None:
    """Is X dominant or dispensable?  One seat forbidden X; its value and how often it bound."""
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(",")[:1], seed=seed, blocks=blocks,
                      type="restrict", restrict=never, name=f"{game_id} restrict", lang=lang)
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


@app.command()
@_backend_flags
def profile(game_id: str = typer.Argument(..., metavar="GAME"),
            players: str = typer.Option("2", "--players", "-p"),
            bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
            oracle: str = typer.Option("score", "--oracle"),
            blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
            max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
            no_cache: bool = NoCache) -> None:
    """How long and tense is a game?  Length, decisions, branching, lead changes, drama."""
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(","), seed=seed, blocks=blocks,
                      type="profile", oracle=oracle, name=f"{game_id} profile", lang=lang)
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


@app.command()
@_backend_flags
def matrix(game_id: str = typer.Argument(..., metavar="GAME"),
           bots: str = typer.Option("random,easy,normal,hard", "--bots", "-b",
                                    help="The levels, weakest first (comma-separated)."),
           players: int = typer.Option(2, "--players", "-p", help="One player count."),
           blocks: int = typer.Option(16, "--blocks", "-n", help="Blocks: seeds played by every pairing and rotation."),
           seed: int = Seed, jobs: str = Jobs, out: Path = Out,
           max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
           no_cache: bool = NoCache) -> None:
    """Does skill win?  Every level against every other: win shares, ratings, transitivity, skill expression."""
    levels = [t.strip() for t in bots.split(",") if t.strip()]
    exp = _experiment(game=game_id, players=[players], bots=levels, seed=seed, blocks=blocks, type="matrix",
                      records="none", name=f"{game_id} matrix", lang=lang,
                      question="Does skill win? Are the bot levels ordered?")
    path = _execute(exp, jobs, max_minutes, out, no_cache=no_cache)
    _matrix_summary(_load_metrics(path))


def _load_metrics(path: Path) -> dict[str, Any]:
    return json.loads((path / "metrics.json").read_text(encoding="utf-8"))


def _cell(row: dict[str, Any] | None, digits: int = 2) -> str:
    if row is None:
        return "—"
    if row.get("low") is None or row.get("high") is None:
        return f"{row['value']:.{digits}f}"
    return f"{row['value']:.{digits}f} [{row['low']:.{digits}f}, {row['high']:.{digits}f}]"


def _matrix_summary(m: dict[str, Any]) -> None:
    block = m.get("matrix")
    if not block:
        return
    levels, cells = block["levels"], {(c["a"], c["b"]): c for c in block["cells"]}
    table = Table(title=f"Win share of the row level alone against {block['players'] - 1} of the column level "
                        f"(fair {block['fair']:.3g}; 95% intervals over {block['blocks']} blocks)")
    table.add_column("level")
    for level in levels:
        table.add_column(level)
    for a in levels:
        table.add_row(a, *("·" if a == b else _cell(cells.get((a, b))) for b in levels))
    console.print(table)
    ratings = Table(title=f"Ratings, Elo scale ({block['rating_model']}; {block['anchor']} = 0; bootstrap over blocks)")
    for column in ("level", "rating", "95% interval"):
        ratings.add_column(column)
    for r in block["ratings"]:
        ratings.add_row(r["level"], f"{r['value']:+.0f}", "anchor" if r["extra"].get("anchor") else
                        f"[{r['low']:+.0f}, {r['high']:+.0f}]")
    console.print(ratings)
    spread = block["rating_spread"]
    console.print(f"Rating spread (strongest − weakest): {_cell(spread, 0)}")
    t = block["transitivity"]
    found = "; ".join(" > ".join(v["cycle"]) + (" (confirmed by the intervals)" if v["confirmed"] else "")
                      for v in t["violations"]) or "none"
    console.print(f"Transitivity: {len(t['violations'])} cycle(s) in {t['triples']} triples: {found}. "
                  f"Cells whose interval excludes the fair share: {block['ordered_cells']} of {block['cells_played']}; "
                  f"pairs whose head-to-head edge excludes 0: {block['ordered_pairs']} of {block['pairs']}.")
    console.print(f"Order by rating: {' < '.join(block['order_by_rating'])} "
                  f"({'as listed' if block['order_as_listed'] else 'not as listed'}).")
    s = block.get("skill_expression")
    if s:
        console.print(f"Skill expression, {s['top']} alone against {s['bottom']} "
                      f"(0 = no edge, 1 = always wins): {_cell(s)}")


@app.command()
@_backend_flags
def luck(game_id: str = typer.Argument(..., metavar="GAME"),
         seeds: int = typer.Option(200, "--seeds", "-s", help="Deals (game seeds): the blocks."),
         reps: int = typer.Option(10, "--reps", "-r", help="Replicates per seed, each with its own bot seeds."),
         bots: str = typer.Option("normal", "--bots", "-b", help="The bot of every seat (one spec)."),
         players: str = typer.Option("2", "--players", "-p", help="Player counts, e.g. 3 or 2,3."),
         seed: int = Seed, jobs: str = Jobs, out: Path = Out,
         max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
         no_cache: bool = NoCache) -> None:
    """How much does the deal decide?  Seed ICC, winner entropy, share of seeds decided by the deal."""
    from .luck import replicate_arms

    specs = [t.strip() for t in bots.split(",") if t.strip()]
    if len(specs) != 1:
        _fail(f"--bots: luck takes one bot spec for every seat (one run per tier); got {bots!r}")
    if seeds < 2:
        _fail(f"--seeds: a luck experiment needs at least 2 seeds; got {seeds}")
    try:
        arms = replicate_arms(reps, where="--reps")
    except ValueError as exc:
        _fail(str(exc))
        return
    exp = _experiment(game=game_id, players=_players(players), bots=specs, seed=seed, blocks=seeds, type="luck",
                      arms=arms, records="none", name=f"{game_id} luck", lang=lang,
                      question="How much does the deal decide?")
    path = _execute(exp, jobs, max_minutes, out, no_cache=no_cache)
    _luck_summary(_load_metrics(path))


def _luck_summary(m: dict[str, Any]) -> None:
    for block in m.get("luck") or []:
        head = (f"{block['players']} players: {block['seeds']} seeds x {block['replicates']} replicates"
                + (f" ({block['dropped_seeds']} seeds left out: an unfinished replicate)" if block["dropped_seeds"]
                   else ""))
        if block["status"] == "identical":
            console.print(f"{head}: every replicate of every seed played the same game — these bots add no "
                          f"randomness here, so the seed decides everything by construction and no ICC is given. "
                          f"Use bots with randomness (easy, hard, random).")
            continue
        if block["status"] != "ok":
            console.print(f"{head}: too few seeds for an estimate.")
            continue
        est = block["estimates"]
        console.print(f"{head}; replicates differed on {block['varied_seeds']} seeds.")
        table = Table(title="How much the deal decides (95% intervals)")
        for column in ("measure", "value", "meaning"):
            table.add_column(column)
        table.add_row("seed ICC (mean over seats)", _cell(est["seed_icc"], 3),
                      "share of a seat's result explained by the deal (0 none, 1 all)")
        for s in range(block["players"]):
            table.add_row(f"  seat {s}", _cell(est[f"seed_icc[{s}]"], 3), "")
        table.add_row("seed entropy", _cell(est["seed_entropy"], 3),
                      "how open the winner is on one deal (1 any seat, 0 fixed)")
        table.add_row("decided by seed", _cell(est["decided_by_seed"], 3),
                      f"share of deals where one seat wins ≥ {block['decided_at']:.0%} of replicates "
                      f"({block['decided_seeds']} of {block['seeds']})")
        console.print(table)


@app.command()
@_backend_flags
def sensitivity(game_id: str = typer.Argument(..., metavar="GAME"),
                knobs_: list[str] = typer.Option([], "--knobs", "-k",
                                                 help="Knob globs, e.g. 'cells.*.cost' (repeatable; default: "
                                                      "every numeric knob)."),
                delta: str = typer.Option("1", "--delta", "-d", help="Absolute step (1) or relative (10%)."),
                players: str = typer.Option("2", "--players", "-p"),
                bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
                blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
                max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang"),
                no_cache: bool = NoCache) -> None:
    """Which knobs matter at all?  Each knob at −δ and +δ, paired to the shipped content, BH over knobs."""
    patterns = [p.strip() for item in knobs_ for p in item.split(",") if p.strip()]
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(","), seed=seed, blocks=blocks,
                      type="sensitivity", sensitivity={"knobs": patterns, "delta": delta}, records="none",
                      name=f"{game_id} sensitivity", lang=lang, question="Which knobs matter at all?")
    _execute(exp, jobs, max_minutes, out, no_cache=no_cache)


@app.command()
def tune(game_id: str = typer.Argument(..., metavar="GAME"),
         knobs_: list[str] = typer.Option(..., "--knobs", "-k", help="Knob globs to search (repeatable)."),
         target: list[str] = typer.Option(..., "--target", help="metric:max=x, metric:min=x, metric:between=a,b "
                                                                  "(repeatable)."),
         range_: list[str] = typer.Option([], "--range", help="Narrow a knob: KNOB=LOW..HIGH (repeatable)."),
         budget: int = typer.Option(40, "--budget", help="Distinct candidates evaluated (the control included)."),
         blocks: int = typer.Option(30, "--blocks", "-n", help="Blocks per candidate (the same for every one)."),
         confirm_blocks: int = typer.Option(200, "--confirm-blocks", help="Blocks of the confirmation (fresh seeds)."),
         confirm: int = typer.Option(1, "--confirm", help="How many of the best candidates to confirm."),
         players: str = typer.Option("2", "--players", "-p"),
         bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
         seed: int = Seed, jobs: str = Jobs, out: Path = Out, lang: str = typer.Option("en", "--lang")) -> None:
    """Find values that meet the targets: a search on paired blocks, then a confirmation on fresh seeds."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from . import tune as tuning
    from .api import load

    patterns = [p.strip() for item in knobs_ for p in item.split(",") if p.strip()]
    targets = _targets(target)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.fields[live]}"), console=console) as progress:
        tasks: dict[str, Any] = {}

        def show(stage: str, done: int, total: int, live: str) -> None:
            if stage not in tasks:
                words = {"search": "search (candidates)", "confirm": "confirmation (blocks)"}[stage]
                tasks[stage] = progress.add_task(words, total=total, live="")
            progress.update(tasks[stage], completed=done, total=total, live=live)

        try:
            path = tuning.run(game_id, patterns, targets, players=_players(players), bots=bots.split(","),
                              ranges=range_, budget=budget, batch_blocks=blocks, confirm_blocks=confirm_blocks,
                              confirm=confirm, seed=seed, jobs=jobs, out=out or "runs", lang=lang, progress=show,
                              command="ludoteca " + " ".join(sys.argv[1:]))
        except ValueError as exc:
            _fail(str(exc))
            return
    run = load(path)
    t = run.metrics["tune"]
    console.print(f"Searched {t['evaluated']} candidates on {t['batch_blocks']} blocks each "
                  f"({t['search_games']} games, {t['search_cpu_s']:.1f} CPU s). Best on the search blocks:")
    for rank, c in enumerate(t["best"][:5], start=1):
        changed = ", ".join(f"{k} = {v:g}" for k, v in c["changes"].items()) or "(the control)"
        console.print(f"  {rank}. {escape(changed)} — distance {c['distance']:.3g}")
    _summary(run)
    console.print(f"Report: {path / 'report.html'}")


@app.command("run")
def run_file(path: Path = typer.Argument(None, metavar="[EXPERIMENT.toml]",
                                         help="The experiment file (optional with --resume: the run's own)."),
             backend: str = BackendKind, ray_address: str = RayAddress,
             jobs: str = typer.Option(None, "--jobs", "-j"), out: Path = Out, max_minutes: float = MaxMinutes,
             blocks: int = typer.Option(None, "--blocks", help="Override the file's block count."),
             resume: Path = typer.Option(None, "--resume", metavar="RUN",
                                         help="Finish this interrupted run in its folder: play only the blocks its "
                                              "checkpoint lacks (refused if the experiment changed)."),
             no_cache: bool = NoCache,
             cache_dir: Path = typer.Option(None, "--cache-dir", help="The block cache's folder "
                                                                      "(default: <out>/.cache).")) -> None:
    """Run an experiment file (validated before any game is played), or finish one with --resume."""
    from .checkpoint import experiment_of
    from .experiment import load

    if path is None and resume is None:
        _fail("give an experiment file (ludoteca lab run EXPERIMENT.toml), or a run to finish (--resume RUN)")
    try:
        exp = load(path) if path is not None else experiment_of(resume)
    except ValueError as exc:
        _fail(str(exc))
        return
    if blocks is not None:
        exp.blocks = blocks
    if backend:
        exp.backend = backend
    if ray_address:
        exp.address = ray_address
    _execute(exp, jobs or exp.jobs, max_minutes, out, no_cache=no_cache, resume=resume, source=path,
             cache_dir=cache_dir)


@app.command()
def report(run: Path = typer.Argument(..., exists=True, file_okay=False),
           lang: str = typer.Option("en", "--lang"),
           open_: bool = typer.Option(False, "--open", help="Open it in the browser.")) -> None:
    """Write (again) the run's report.html."""
    from .api import load

    try:
        path = load(run).write_report(lang)
    except ValueError as exc:
        _fail(str(exc))
        return
    console.print(f"Report: {path}")
    if open_:
        import webbrowser

        webbrowser.open(path.resolve().as_uri())


@app.command("diff")
def diff_runs(run_a: Path = typer.Argument(..., exists=True, file_okay=False),
              run_b: Path = typer.Argument(..., exists=True, file_okay=False)) -> None:
    """Compare two runs: paired when they share the seed plan; content diff; verdicts."""
    from .api import diff

    try:
        console.print(f"Diff: {diff(run_a, run_b)}")
    except ValueError as exc:
        _fail(str(exc))
