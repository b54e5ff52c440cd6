"""``ludoteca arena``: bots against bots, seats rotated, win rates with 95% intervals."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from .arena import Summary, run

console = Console()


def register(app: typer.Typer) -> None:
    app.command()(arena)


def arena(
    game_id: str = typer.Argument(..., metavar="GAME"),
    bots: str = typer.Option("hard,normal", "--bots", "-b",
                             help="Comma-separated bots: levels (easy, normal, hard, expert, learned) or kinds "
                                  "(random, greedy, ismcts, policy), optionally with settings as "
                                  "NAME:key=value, e.g. ismcts:iterations=300. The last bot fills "
                                  "any remaining seats."),
    players: int = typer.Option(None, "--players", "-p",
                                help="Seats per game (default: the number of bots, at least the "
                                     "game's minimum)."),
    games: int = typer.Option(20, "--games", "-n", help="Games to play; seats rotate each game."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    seed: int = typer.Option(0, "--seed", help="Game i uses seed + i; bot seeds derive from it."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option key=value (repeatable)."),
    out: Path = typer.Option(None, "--out", help="Write one JSON line per game (or CSV if FILE ends in .csv)."),
) -> None:
    """Bots play each other with seats rotated; per-bot win rate (Wilson 95%), score, length.

    A win shared by k seats counts 1/k.  With N players the fair share is 1/N: a bot beats
    the table ("beats: yes") when the lower end of its interval is above it; "no" when the
    upper end is below; "?" otherwise.  score and length are means per game; s/dec is the
    bot's mean thinking time per decision."""
    from ludoteca.cli import fail, load_game, parse_options

    game = load_game(game_id)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if players is None:
        players = min(max(len(names), game.min_players), game.max_players)
    if games < 1:
        fail(f"--games must be at least 1; got {games}")
    if jobs < 1:
        fail(f"--jobs must be at least 1; got {jobs}")
    options = parse_options(option)
    summary = Summary(players)
    lines: list[dict] = []
    try:
        results = run(game.id, names, players, games, jobs, seed, options)
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console) as progress:
            task = progress.add_task(f"{game.id} {players}p: {', '.join(names)}", total=games)
            for result in results:
                summary.add(result)
                lines.append(result)
                progress.advance(task)
    except ValueError as exc:
        fail(str(exc))
        return
    lines.sort(key=lambda r: r["index"])
    show(summary, game.title)
    if out is not None:
        write(out, lines)
        console.print(f"Per-game results written to {out}")


def show(summary: Summary, title: str) -> None:
    table = Table(title=f"{title}: {summary.games} games, {summary.players} players, "
                        f"fair share {summary.fair_share:.3f}")
    for column in ("bot", "seats", "wins", "rate", "95% CI", "beats", "score", "length", "s/dec"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for stats in sorted(summary.by_bot.values(), key=lambda s: -s.win_rate):
        low, high = stats.interval
        verdict = "yes" if low > summary.fair_share else "no" if high < summary.fair_share else "?"
        table.add_row(stats.label, str(stats.seats), f"{stats.wins:g}", f"{stats.win_rate:.3f}",
                      f"[{low:.3f}, {high:.3f}]", verdict, f"{stats.mean_score:.2f}",
                      f"{stats.mean_length:.1f}", f"{stats.seconds_per_decision:.3f}")
    console.print(table)
    if summary.unfinished:
        console.print(f"[bold yellow]{summary.unfinished} game(s) did not end within the action limit;[/] "
                      "they count as played with no winner.")


def write(path: Path, lines: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".csv":
        import csv

        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["index", "seed", "players", "seats", "scores", "winners", "shares",
                             "actions", "seconds"])
            for r in lines:
                writer.writerow([r["index"], r["seed"], r["players"], "|".join(r["seats"]),
                                 "|".join(map(str, r["scores"])), "|".join(map(str, r["winners"])),
                                 "|".join(f"{x:g}" for x in r["shares"]), r["actions"], r["seconds"]])
        return
    with path.open("w") as handle:
        for r in lines:
            handle.write(json.dumps(r) + "\n")
