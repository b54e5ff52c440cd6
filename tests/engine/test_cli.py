"""The ``ludoteca`` command: listing, a whole terminal game, replay and bench, and bad input."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import ludoteca
from ludoteca.bots import LEVELS, ISMCTSBot, PlayoutBot
from ludoteca.cli import app

runner = CliRunner()


def test_games_lists_every_game_with_options():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "dschunke" in result.output and "rules" in result.output


def test_play_a_whole_game_then_replay_its_record(tmp_path):
    """A person can play Dschunke to the end: here the answer is always action 1."""
    answers = "1\n" * 200
    result = runner.invoke(app, ["play", "dschunke", "--seed", "5", "--records", str(tmp_path)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output
    [record_path] = list(tmp_path.glob("dschunke-5-*.json"))
    record = json.loads(record_path.read_text())
    assert record["game"] == "dschunke" and record["seed"] == 5 and len(record["actions"]) == 62
    replay = runner.invoke(app, ["replay", str(record_path), "--all"])
    assert replay.exit_code == 0, replay.output
    lines = replay.output.strip().splitlines()
    [end] = [line for line in lines if line.startswith("Scores: ")]
    assert end.startswith("Scores: Player 1 ") and ("Winner" in end or "Nobody won" in end), end
    assert "[" not in end, "the end is told in words, never as a list"
    # then how each score was made, one line per player, each summing to its score
    breakdown = lines[lines.index(end) + 1:]
    assert [line.split(":")[0].strip() for line in breakdown] == ["Player 1", "Player 2"]
    # The replay tells what happened, as events: "Red laid ..." rather than "Lay ...".
    assert " laid " in replay.output


def test_the_prompt_explains_a_component_and_reads_the_games_own_notation(tmp_path):
    """'? name' prints what a component does (Game.explain); a move in the game's notation that
    is mistyped says why (Game.parse_move); neither is taken as a move."""
    result = runner.invoke(app, ["play", "immunity", "--seed", "3", "--players", "2", "--records", str(tmp_path)],
                           input="? neutrophil\n? nothing-of-that-name\nq\n")
    assert result.exit_code == 1
    assert "Neutrophil" in result.output and "cost" in result.output.lower()
    assert "Nothing is called 'nothing-of-that-name' here." in result.output
    result = runner.invoke(app, ["play", "dschunke", "--seed", "3", "--records", str(tmp_path)],
                           input="1\nZ99 E\nq\n")
    assert result.exit_code == 1 and "nothing saved" in result.output
    assert not list(tmp_path.iterdir())


def test_play_rejects_bad_input_clearly(tmp_path):
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output
    result = runner.invoke(app, ["play", "dschunke", "--option", "rules=rat-cold"])
    assert result.exit_code == 2 and "option 'rules' must be one of" in result.output
    result = runner.invoke(app, ["play", "dschunke", "--option", "rules"])
    assert result.exit_code == 2 and "key=value" in result.output
    result = runner.invoke(app, ["play", "dschunke", "--seat", "5"])
    assert result.exit_code == 2 and "--seat must be from 0 to 1" in result.output
    result = runner.invoke(app, ["play", "dschunke", "--seed", "1", "--records", str(tmp_path)],
                           input="999\nnonsense\nq\n")
    assert result.exit_code == 1
    assert "Type a number from 1 to" in result.output and "nothing saved" in result.output
    assert not list(tmp_path.iterdir())


def test_replay_refuses_foreign_or_broken_records(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "is not JSON" in result.output
    bad.write_text(json.dumps({"game": "dschunke", "version": 99, "players": 2, "seed": 1,
                               "options": {}, "actions": []}))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "version 99" in result.output
    bad.write_text(json.dumps([1, 2]))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not a Ludoteca record" in result.output


def test_bench_prints_the_figures(tmp_path):
    out = tmp_path / "bench.jsonl"
    result = runner.invoke(app, ["bench", "dschunke", "--seconds", "0.2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    for column in ("games/s", "actions/s", "µs/action", "peak KiB"):
        assert column in result.output
    figures = json.loads(out.read_text().splitlines()[0])
    assert figures["game"] == "dschunke" and figures["games"] >= 1 and figures["actions_per_s"] > 0
    assert figures["path"] == "trusted"


def test_bench_compares_the_trusted_and_checked_paths(tmp_path):
    """``--path both`` measures each path on the same games, one JSON line per path."""
    out = tmp_path / "bench.jsonl"
    result = runner.invoke(app, ["bench", "herbalism", "-p", "3", "--seconds", "0.2", "--path", "both",
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["path"] for line in out.read_text().splitlines()] == ["trusted", "checked"]
    refused = runner.invoke(app, ["bench", "herbalism", "--path", "fast"])
    assert refused.exit_code == 2 and "--path must be trusted, checked or both" in refused.output


def test_play_shows_only_what_your_seat_may_see():
    """Herbalism hands are secret: a bot's private hand-over must not be printed to the human."""
    import ludoteca.cli as cli
    from ludoteca.cli import show_events

    printed: list[str] = []
    original = cli.console.print
    cli.console.print = lambda *args, **kwargs: printed.append(" ".join(map(str, args)))  # type: ignore[method-assign]
    try:
        import ludoteca

        state = ludoteca.game("dschunke").new(2, seed=1)
        show_events(state, [{"type": "secret", "to": [1]}, {"type": "drew", "seat": 0, "tiles": [3]}], 0, "en")
    finally:
        cli.console.print = original  # type: ignore[method-assign]
    assert len(printed) == 1 and "drew" in printed[0]


def test_play_against_hard_bots_works_for_every_game(tmp_path, monkeypatch):
    """Issue 6: ``ludoteca play GAME --bots hard`` works in the terminal for every game.  The
    person answers "1" six times, then leaves; the hard bots (IS-MCTS) must have played
    legal moves in between (the engine refuses any other), each with the kind of search its
    game plays ``hard`` with (Dschunke: playouts, ``Game.bot_levels``)."""
    calls = []
    for kind in (ISMCTSBot, PlayoutBot):
        def counted(self, state, seat, original=kind.choose):
            action = original(self, state, seat)
            calls.append((state.game.id, self.name, type(self).__name__))
            return action

        monkeypatch.setattr(kind, "choose", counted)
    for game_id in ludoteca.games():
        players = max(2, ludoteca.game(game_id).min_players)  # the default (fewest) is solo in Dice Hospital
        result = runner.invoke(app, ["play", game_id, "--players", str(players), "--bots", "hard", "--seed", "2",
                                     "--records", str(tmp_path)], input="1\n" * 6)
        assert result.exit_code == 1 and "Left the game; nothing saved." in result.output, result.output[-2000:]
        assert "bots: hard" in result.output
        kind = {"ismcts": "ISMCTSBot", "playout": "PlayoutBot"}[
            ludoteca.game(game_id).bot_levels.get("hard", LEVELS["hard"])[0]]
        assert (game_id, "hard", kind) in calls, f"no hard bot decision in {game_id} by {kind}"
