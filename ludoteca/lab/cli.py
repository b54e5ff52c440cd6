"""``ludoteca lab``: the balance lab's commands (docs/lab.md).  Each builds an Experiment and
calls the same Python API a notebook uses; heavy modules load inside the commands."""

from __future__ import annotations

import json
import sys
import tempfile
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


def _execute(exp: Any, jobs: str, max_minutes: float | None, out: Path | None, report: bool = True) -> Path:
    """Validate, run with a live progress display, print the headline numbers."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from . import api

    try:
        exp.validate()
    except ValueError as exc:
        _fail(str(exc))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.fields[live]}"), console=console, transient=False) as progress:
        tasks = {arm: progress.add_task(arm, total=exp.blocks or None, live="") for arm in exp.arms}

        def show(live: Any) -> None:
            for arm, task in tasks.items():
                progress.update(task, completed=live.done, total=live.planned,
                                live=f"{live.estimates.get(arm, '')} {live.llr}".strip())

        try:
            run = api.run(exp, jobs=jobs, out=out, max_minutes=max_minutes, progress=show,
                          command="ludoteca " + " ".join(sys.argv[1:]))
        except ValueError as exc:
            _fail(str(exc))
            raise
    _summary(run)
    if report:
        try:
            path = run.write_report(exp.lang)
            console.print(f"Report: {path}")
        except (ImportError, AttributeError) as exc:
            console.print(f"[yellow]No report written ({exc}).[/]")
    return run.path


def _summary(run: Any) -> None:
    m = run.metrics
    console.print(f"[bold]{escape(m['experiment']['name'])}[/]: {m['health']['games']} games, "
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
    run = api.run(exp, jobs=jobs, max_minutes=pilot_seconds / 60)
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
def seats(game_id: str = typer.Argument(..., metavar="GAME"),
          players: str = typer.Option("2", "--players", "-p", help="Player counts, e.g. 3 or 3,4."),
          bots: str = typer.Option("normal", "--bots", "-b", help="One tier per run, e.g. normal,random."),
          blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
          max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang")) -> None:
    """Is any seat or turn-order position favoured?  Every seat with an interval, Holm, χ²."""
    tiers = [t.strip() for t in bots.split(",") if t.strip()]
    arms = {tier: {"lineup": [tier]} for tier in tiers}
    exp = _experiment(game=game_id, players=_players(players), bots=[tiers[0]] if tiers else [], seed=seed,
                      blocks=blocks, type="seats", arms=arms, name=f"{game_id} seats", lang=lang,
                      question="Is any seat or turn-order position favoured?")
    _execute(exp, jobs, max_minutes, out)


@app.command()
def compare(game_id: str = typer.Argument(..., metavar="GAME"),
            a: str = typer.Option("{}", "--a", help="Control arm params (JSON)."),
            b: str = typer.Option(..., "--b", help="Changed arm params (JSON)."),
            players: str = typer.Option("2", "--players", "-p"),
            bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
            blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
            sprt: str = typer.Option(None, "--sprt", help="metric=actions,delta0=0,delta1=5[,arm=b]"),
            question: str = typer.Option("", "--question"),
            target: list[str] = typer.Option([], "--target", help="metric:max=x, metric:min=x (repeatable)."),
            max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang")) -> None:
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
    _execute(exp, jobs, max_minutes, out)


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
def sweep(game_id: str = typer.Argument(..., metavar="GAME"),
          param: list[str] = typer.Option(..., "--param", help="PATH=v1,v2,... (one or two)."),
          players: str = typer.Option("2", "--players", "-p"),
          bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
          blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
          max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang")) -> None:
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
    _execute(exp, jobs, max_minutes, out)


@app.command()
def restrict(game_id: str = typer.Argument(..., metavar="GAME"),
             never: list[str] = typer.Option(..., "--never", help="An action pattern (buy:cell=macrophage) "
                                                                  "or content key (cells.macrophage); repeatable."),
             players: str = typer.Option("2", "--players", "-p"),
             bots: str = typer.Option("normal", "--bots", "-b", help="The base bot of every seat."),
             blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
             max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang")) -> None:
    """Is X dominant or dispensable?  One seat forbidden X; its value and how often it bound."""
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(",")[:1], seed=seed, blocks=blocks,
                      type="restrict", restrict=never, name=f"{game_id} restrict", lang=lang)
    _execute(exp, jobs, max_minutes, out)


@app.command()
def profile(game_id: str = typer.Argument(..., metavar="GAME"),
            players: str = typer.Option("2", "--players", "-p"),
            bots: str = typer.Option("normal", "--bots", "-b", help=BOTS_HELP),
            oracle: str = typer.Option("score", "--oracle"),
            blocks: int = Blocks, seed: int = Seed, jobs: str = Jobs, out: Path = Out,
            max_minutes: float = MaxMinutes, lang: str = typer.Option("en", "--lang")) -> None:
    """How long and tense is a game?  Length, decisions, branching, lead changes, drama."""
    exp = _experiment(game=game_id, players=_players(players), bots=bots.split(","), seed=seed, blocks=blocks,
                      type="profile", oracle=oracle, name=f"{game_id} profile", lang=lang)
    _execute(exp, jobs, max_minutes, out)


@app.command("run")
def run_file(path: Path = typer.Argument(..., metavar="EXPERIMENT.toml"),
             backend: str = typer.Option(None, "--backend", help="local (default)."),
             jobs: str = typer.Option(None, "--jobs", "-j"), out: Path = Out, max_minutes: float = MaxMinutes,
             blocks: int = typer.Option(None, "--blocks", help="Override the file's block count.")) -> None:
    """Run an experiment file (validated before any game is played)."""
    from .experiment import load

    try:
        exp = load(path)
    except ValueError as exc:
        _fail(str(exc))
        return
    if blocks is not None:
        exp.blocks = blocks
    if backend:
        exp.backend = backend
    _execute(exp, jobs or exp.jobs, max_minutes, out)


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
