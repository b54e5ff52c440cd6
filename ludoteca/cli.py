"""The ``ludoteca`` command: list games, play in the terminal, replay records, benchmark."""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TimeElapsedColumn
from rich.table import Table

from . import engine
from .engine.i18n import visible
from .engine.options import parse_cli_value

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ludoteca: modern board games with the rules enforced.")
console = Console()

#: Other layers add their commands here (each module has ``register(app)``).
COMMAND_MODULES: tuple[str, ...] = ("ludoteca.server.cli", "ludoteca.bots.cli")


def fail(message: str) -> None:
    console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            fail(f"--option takes key=value; got {pair!r}")
        key, raw = pair.split("=", 1)
        options[key.strip()] = parse_cli_value(raw)
    return options


def load_game(game_id: str) -> engine.Game:
    try:
        return engine.game(game_id)
    except ValueError as exc:
        fail(str(exc))
        raise


@app.command()
def games() -> None:
    """A table of the games, their player counts and options with defaults."""
    table = Table(title="Ludoteca games")
    for column in ("id", "title", "players", "options (default)"):
        table.add_column(column)
    for game_id in engine.games():
        g = engine.game(game_id)
        players = f"{g.min_players}-{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        if g.experimental_players:
            players += f" ({', '.join(map(str, g.experimental_players))} experimental)"
        options = "\n".join(f"{name} = {json.dumps(value)}" for name, value in g.options.items())
        table.add_row(g.id, g.title, players, options)
    console.print(table)


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int = typer.Option(None, "--players", "-p", help="Number of players (default: the minimum)."),
    seat: int = typer.Option(0, "--seat", "-s", help="Your seat; the others are bots."),
    bots: str = typer.Option("random", "--bots", "-b", help="Bot level or kind for the other seats."),
    seed: int = typer.Option(None, "--seed", help="Seed for the deal and dice."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option key=value (repeatable)."),
    lang: str = typer.Option("en", "--lang", help="Language of labels: en, es or fr."),
    records: Path = typer.Option(Path("records"), "--records", help="Folder for the saved record."),
    watch: bool = typer.Option(False, "--watch", help="Bots play every seat; you watch."),
) -> None:
    """Play in the terminal against bots; the record is saved at the end."""
    from . import bots as bot_module

    game = load_game(game_id)
    try:
        state = game.new(players, seed=seed, options=parse_options(option))
        engine.i18n.check_lang(lang)
        if not watch and not 0 <= seat < state.players:
            raise ValueError(f"--seat must be from 0 to {state.players - 1}; got {seat}")
        seat_bots = {s: bot_module.make(bots, seed=state.seed + s) for s in range(state.players)
                     if watch or s != seat}
    except ValueError as exc:
        fail(str(exc))
        return
    interactive = sys.stdin.isatty()
    console.print(f"[bold]{game.title}[/] — {state.players} players, seed {state.seed}. "
                  f"{'Watching' if watch else f'You are seat {seat}'}; bots: {bots}.")
    while not state.is_over:
        movers = state.to_move
        mover = next((s for s in movers if s not in seat_bots), movers[0])
        if mover in seat_bots:
            # Only the events the watching seat may see: a bot's action itself can be secret.
            show_events(state, state.apply(mover, seat_bots[mover].choose(state, mover)),
                        None if watch else seat, lang)
            continue
        show_view(game, state.view(mover), lang)
        legal = state.legal_actions(mover)
        action = ask_action(state, mover, legal, lang, interactive, game)
        if action is None:
            console.print("Left the game; nothing saved.")
            raise typer.Exit(1)
        show_events(state, state.apply(mover, action), mover, lang)
    final_view = state.view(None if watch else seat)
    show_view(game, final_view, lang)
    console.print(f"[bold]Game over.[/] {final_line(state, lang)}", soft_wrap=True)
    for line in breakdown_lines(state, lang):
        console.print(f"  {escape(line)}", soft_wrap=True)
    records.mkdir(parents=True, exist_ok=True)
    path = records / f"{game.id}-{state.seed}-{int(time.time())}.json"
    path.write_text(json.dumps(state.record(), indent=1))
    console.print(f"Record saved to {path} (ludoteca replay {path})")


def final_line(state: engine.State, lang: str = "en") -> str:
    """The end in words: every seat's score and who won (never a raw list)."""
    scores = ", ".join(f"{state.player(seat, lang)} {score:g}" for seat, score in enumerate(state.scores))
    winners = state.winners
    if not winners:
        return f"Scores: {scores}. Nobody won."
    names = " and ".join(state.player(seat, lang) for seat in winners)
    return f"Scores: {scores}. {'Winners' if len(winners) > 1 else 'Winner'}: {names}."


def breakdown_lines(state: engine.State, lang: str = "en") -> list[str]:
    """How each final score was made (the game's ``score_breakdown``), one line per seat."""
    return [f"{state.player(seat, lang)}: " + ", ".join(f"{what} {points:+g}" for what, points in lines)
            + f" = {state.scores[seat]:g}" for seat, lines in enumerate(state.score_breakdown(lang))]


def ask_action(state: engine.State, seat: int, legal: list[dict], lang: str,
               interactive: bool, game: engine.Game | None = None) -> dict | None:
    """Ask for a move: a number, a unique part of a label, the game's own notation
    (``Game.parse_move``), or ``? topic`` for what a component does (``Game.explain``)."""
    labels = [state.describe(a, lang) for a in legal]
    console.print(f"[bold]{escape(state.prompt(seat, lang))}[/]")
    table = Table(show_header=False, box=None, padding=(0, 2))
    columns = 1 if len(labels) <= 12 else 2 if len(labels) <= 60 else 3
    for _ in range(columns):
        table.add_column()
    rows = -(-len(labels) // columns)
    for r in range(rows):
        table.add_row(*[f"[cyan]{i + 1:>3}[/] {escape(labels[i])}" if (i := r + c * rows) < len(labels) else ""
                        for c in range(columns)])
    console.print(table)
    while True:
        try:
            raw = input(f"{state.player(seat, lang)}, choose 1-{len(legal)} (q to quit): ").strip()
        except EOFError:
            return None
        if raw.lower() in ("q", "quit", "exit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        if game is not None and raw.startswith("?"):
            text = game.explain(raw[1:].strip(), state.view(seat), lang)
            console.print(escape(text) if text else f"[red]Nothing is called {escape(raw[1:].strip())!r} here.[/]")
            continue
        if game is not None and raw:
            try:
                move = game.parse_move(state, seat, raw, lang)
            except ValueError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")
                continue
            if move is not None:
                return dict(move)
        matches = [i for i, label in enumerate(labels) if raw and raw.lower() in label.lower()]
        if len(matches) == 1:
            return legal[matches[0]]
        console.print(f"[red]Type a number from 1 to {len(legal)}, or a unique part of a label "
                      f"(? name: what a component does).[/]")
        if not interactive and not raw:
            return None


def show_view(game: engine.Game, view: dict, lang: str) -> None:
    render = getattr(game, "render_text", None)
    if render is not None:
        console.print(render(view, lang))
    else:
        from rich.pretty import Pretty

        console.print(Pretty({k: v for k, v in view.items() if k not in ("game",)}, max_length=20))


def show_events(state: engine.State, events: list[dict], seat: int | None, lang: str) -> None:
    for event in events:
        if not visible(event, seat):
            continue
        console.print(f"  [yellow]•[/] {escape(state.describe_event(event, lang))}")


@app.command()
def replay(
    path: Path = typer.Argument(..., exists=True, dir_okay=False, help="A saved record (JSON)."),
    step: bool = typer.Option(None, "--step/--all", help="Wait for Enter between actions."),
    lang: str = typer.Option("en", "--lang"),
) -> None:
    """Step through a saved record, action by action."""
    try:
        record = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        fail(f"{path} is not JSON: {exc}")
        return
    if not isinstance(record, dict) or "game" not in record:
        fail(f"{path} is not a Ludoteca record (no 'game' entry)")
    game = load_game(str(record["game"]))
    try:
        game.replay(record)  # validates the whole record before showing anything
        state = game.new(record["players"], record["seed"], record["options"])
    except ValueError as exc:
        fail(str(exc))
        return
    wait = sys.stdin.isatty() if step is None else step
    for number, (seat, action) in enumerate(record["actions"], start=1):
        # What happened, as a spectator's log reads it; the action's own label is worded as a
        # choice ("Place your cure marker..."), so it is shown only when no public event says more.
        events = [e for e in state.apply(seat, action) if "to" not in e]
        if not events:
            console.print(f"[cyan]{number:>4}[/] {state.player(seat, lang)}: {escape(state.describe(action, lang))}")
        for index, event in enumerate(events):
            lead = f"[cyan]{number:>4}[/]" if index == 0 else "    "
            console.print(f"{lead} {escape(state.describe_event(event, lang))}")
        if wait:
            input()
    show_view(game, state.view(None), lang)
    console.print(final_line(state, lang), soft_wrap=True)
    for line in breakdown_lines(state, lang):
        console.print(f"  {escape(line)}", soft_wrap=True)


@app.command()
def bench(
    game_id: str = typer.Argument(None, metavar="[GAME]", help="One game; all if omitted."),
    seconds: float = typer.Option(3.0, "--seconds", help="CPU seconds per game and player count."),
    players: int = typer.Option(None, "--players", "-p", help="One player count; all if omitted."),
    seed: int = typer.Option(0, "--seed"),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option key=value (repeatable)."),
    json_out: Path = typer.Option(None, "--json", help="Also write the figures as JSON lines."),
    path: str = typer.Option("trusted", "--path",
                             help="trusted: actions from the engine's own legal list, not judged again "
                                  "(bots, replays); checked: judged like an action from outside; "
                                  "both: each, side by side."),
) -> None:
    """Random playouts: games/s, actions/s, µs per legal_actions+apply and peak memory."""
    from .bench import PATHS, run

    if path not in (*PATHS, "both"):
        fail(f"--path must be trusted, checked or both; got {path!r}")
    paths = list(PATHS) if path == "both" else [path]

    ids = [load_game(game_id).id] if game_id else engine.games()
    options = parse_options(option)
    jobs = []
    for gid in ids:
        g = engine.game(gid)
        counts = [players] if players else list(range(g.min_players, g.max_players + 1))
        jobs += [(gid, n, p) for n in counts for p in paths]
    title = f"Random playouts, {seconds:g} CPU s each, one core"
    table = Table(title=title if path == "both" else f"{title}, {path} path")
    columns = ["game", "players", "path", "games", "games/s", "actions/s", "µs/action", "peak KiB"]
    if path != "both":
        columns.remove("path")
    for column in columns:
        table.add_column(column, justify="right")
    results = []
    with Progress("[progress.description]{task.description}", BarColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as progress:
        for gid, n, p in jobs:
            task = progress.add_task(f"{gid} {n}p {p}", total=seconds)
            try:
                result = run(gid, n, seconds, seed, options,
                             progress=lambda done, task=task: progress.update(task, completed=done), path=p)
            except ValueError as exc:
                fail(str(exc))
                return
            results.append(result)
            table.add_row(gid, str(n), *([p] if path == "both" else []), str(result.games),
                          f"{result.games_per_s:,.1f}",
                          f"{result.actions_per_s:,.0f}", f"{result.us_per_action:,.1f}",
                          f"{result.peak_kib:,.0f}")
    console.print(table)
    if json_out:
        with json_out.open("a") as out:
            for r in results:
                out.write(json.dumps({"game": r.game, "players": r.players, "path": r.path, "games": r.games,
                                      "games_per_s": r.games_per_s, "actions_per_s": r.actions_per_s,
                                      "us_per_action": r.us_per_action, "peak_kib": r.peak_kib}) + "\n")


def _register_layers() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)


_register_layers()

from .lab.cli import app as lab_app  # noqa: E402  (the balance lab: ludoteca lab ...)

app.add_typer(lab_app, name="lab")

if __name__ == "__main__":
    random.seed()
    app()
