"""The arena: seat rotation, fractional shared wins, Wilson intervals and the CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludoteca.bots.arena import Summary, line_up, seating, wilson
from ludoteca.cli import app


def test_wilson_interval_known_values():
    """Wilson score interval, z = 1.96: 50/100 gives about [0.404, 0.596]."""
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_line_up_fills_the_table_with_the_last_bot_and_rotation_is_fair():
    """1 hard against 3 normal at four players; over 4 games each entry sits in each seat once."""
    assert line_up(["hard", "normal"], 4) == ["hard", "normal", "normal", "normal"]
    with pytest.raises(ValueError, match="do not fit 2 seats"):
        line_up(["a", "b", "c"], 2)
    seats_of_entry_0 = sorted(seating(["hard", "normal"], 4, i).index(0) for i in range(4))
    assert seats_of_entry_0 == [0, 1, 2, 3]


def test_shared_wins_count_as_fractions():
    summary = Summary(players=2)
    base = {"actions": 10, "think": [0.0, 0.0], "decisions": [5, 5], "scores": [3, 3]}
    summary.add({**base, "seats": ["a", "b"], "shares": [0.5, 0.5]})
    summary.add({**base, "seats": ["b", "a"], "shares": [1.0, 0.0]})
    assert summary.by_bot["a"].wins == 0.5
    assert summary.by_bot["b"].wins == 1.5
    assert summary.by_bot["a"].win_rate == 0.25


def test_arena_cli_smoke(tmp_path):
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(app, ["arena", "dschunke", "--bots", "random,easy",
                                      "--games", "2", "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in lines] == [0, 1]
    assert lines[0]["seats"] == ["random", "easy"]
    assert lines[1]["seats"] == ["easy", "random"]
    assert all(sum(r["shares"]) == pytest.approx(1.0) for r in lines)


def test_arena_cli_parallel_jobs_and_csv(tmp_path):
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(app, ["arena", "dschunke", "--bots", "random,random", "--games", "2",
                                      "--jobs", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[0].startswith("index,seed,players,seats")
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "wizard"], "unknown bot 'wizard'"),
    (["--bots", "random,random,random"], "do not fit"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_arena_cli_errors_name_the_problem(args, message):
    result = CliRunner().invoke(app, ["arena", "dschunke", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_game_over_the_action_limit_is_reported_unfinished_with_no_winner():
    from ludoteca.bots.arena import play_game

    result = play_game("dschunke", 2, ["random", "random"], index=0, seed=1, max_actions=5)
    assert result["unfinished"] is True
    assert result["actions"] == 5
    assert result["winners"] == [] and result["shares"] == [0.0, 0.0]
    summary = Summary(players=2)
    summary.add(result)
    assert summary.unfinished == 1
