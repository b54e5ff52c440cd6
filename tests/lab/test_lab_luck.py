"""How much the deal decides: ICC, winner entropy and decided-by-seed on known tables, the
replicate seed plan, bad inputs, and one small end-to-end run of ``ludoteca lab luck``."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.lab import luck, stats
from ludoteca.lab.experiment import Experiment, from_dict
from ludoteca.lab.runner import Plan

runner = CliRunner()


def test_icc_of_known_tables() -> None:
    # The seed decides everything: replicates agree, seeds differ -> 1.
    assert luck.icc(np.array([[1.0, 1.0], [0.0, 0.0]])) == pytest.approx(1.0)
    # Seeds alike, replicates opposite: MSB 0, MSW 0.5 -> (0 − 0.5)/(0 + 0.5) = −1.
    assert luck.icc(np.array([[1.0, 0.0], [1.0, 0.0]])) == pytest.approx(-1.0)
    # No variance at all: 0, as stats.icc_oneway.
    assert luck.icc(np.zeros((3, 4))) == 0.0
    table = np.random.default_rng(7).random((6, 5))
    assert luck.icc(table) == pytest.approx(stats.icc_oneway(list(table)))
    # A stack of tables (bootstrap form): one ICC each.
    stack = np.stack([table, table[::-1], np.zeros((6, 5))])
    assert np.allclose(luck.icc(stack), [stats.icc_oneway(list(table))] * 2 + [0.0])


def test_winner_entropy_of_known_distributions() -> None:
    # seeds x replicates x seats; shares of 1/k count as shared wins.
    always_seat0 = np.array([[[1.0, 0.0, 0.0]] * 4])
    even_three = np.array([[[1, 0, 0], [0, 1, 0], [0, 0, 1]]], dtype=float)
    half_half = np.array([[[1, 0, 0], [0, 1, 0]]], dtype=float)
    shared = np.array([[[0.5, 0.5]]])
    assert luck.winner_entropy(always_seat0)[0] == 0.0
    assert luck.winner_entropy(even_three)[0] == pytest.approx(1.0)
    assert luck.winner_entropy(half_half)[0] == pytest.approx(1 / math.log2(3))
    assert luck.winner_entropy(shared)[0] == pytest.approx(1.0)


def test_decided_by_seed_counts_ninety_percent() -> None:
    nine = np.array([[[1.0, 0.0]] * 9 + [[0.0, 1.0]]])
    eight = np.array([[[1.0, 0.0]] * 8 + [[0.0, 1.0]] * 2])
    assert luck.decided(nine).tolist() == [True]
    assert luck.decided(eight).tolist() == [False]


def test_identical_replicates_give_no_icc() -> None:
    shares = np.array([[[1.0, 0.0]] * 3, [[0.0, 1.0]] * 3])
    data = luck.LuckData(2, np.arange(2), shares, np.array([False, False]), 0)
    rows, block = luck.summarise(data, 3)
    assert rows == [] and block["status"] == "identical" and block["varied_seeds"] == 0


def test_summary_of_a_known_table() -> None:
    # 4 seeds x 2 replicates, 2 seats: seeds 0 and 1 decided, seeds 2 and 3 split.
    shares = np.array([[[1, 0], [1, 0]], [[0, 1], [0, 1]], [[1, 0], [0, 1]], [[0, 1], [1, 0]]], dtype=float)
    data = luck.LuckData(2, np.arange(4), shares, np.array([True] * 4), 0)
    rows, block = luck.summarise(data, 2, seed=3, resamples=300)
    by = {(r["metric"], r["key"]): r for r in rows}
    assert by[("seed_icc", "0")]["value"] == pytest.approx(stats.icc_oneway([[1, 1], [0, 0], [1, 0], [0, 1]]))
    assert by[("seed_entropy", None)]["value"] == pytest.approx(0.5)
    assert by[("decided_by_seed", None)]["value"] == 0.5 and by[("decided_by_seed", None)]["method"] == "wilson"
    assert block["decided_seeds"] == 2 and block["status"] == "ok"


def test_replicates_share_the_deal_and_not_the_bot_seeds() -> None:
    exp = Experiment(game="herbalism", players=[3], bots=["random"], blocks=3, type="luck",
                     arms=luck.replicate_arms(3)).validate()
    plan = Plan.of(exp)
    tasks = [plan.task(arm, 3, 1, 0) for arm in exp.arms]
    assert len({t.seed for t in tasks}) == 1
    assert len({t.bot_seeds for t in tasks}) == 3
    # Replicate 0 keeps the ordinary seed plan.
    ordinary = Plan.of(Experiment(game="herbalism", players=[3], bots=["random"], blocks=3).validate())
    assert tasks[0].bot_seeds == ordinary.task("shipped", 3, 1, 0).bot_seeds


def test_a_luck_file_expands_to_replicates() -> None:
    exp = from_dict({"experiment": {"game": "herbalism", "players": 3, "blocks": 4},
                     "bots": {"lineup": ["random"]}, "luck": {"reps": 3}})
    assert exp.type == "luck" and list(exp.arms) == ["rep0", "rep1", "rep2"]
    assert [spec["replicate"] for spec in exp.arms.values()] == [0, 1, 2]


@pytest.mark.parametrize(("data", "message"), [
    ({"luck": {"reps": 1}}, "luck.reps: a luck experiment needs at least 2 replicates"),
    ({"luck": {"reps": 3}, "experiment": {"blocks": 1}}, "experiment.blocks: a luck experiment needs at least 2 seeds"),
    ({"luck": {"reps": 3}, "bots": {"lineup": ["easy", "random"]}}, "the same bot in every seat"),
])
def test_bad_luck_files_are_refused(data: dict, message: str) -> None:
    base = {"experiment": {"game": "herbalism", "players": 3, "blocks": 4}, "bots": {"lineup": ["random"]}}
    for table, values in data.items():
        base[table] = {**base.get(table, {}), **values}
    with pytest.raises(ValueError, match=message):
        from_dict(base)


@pytest.mark.parametrize(("args", "message"), [
    (["--reps", "1"], "--reps: a luck experiment needs at least 2 replicates"),
    (["--seeds", "1"], "--seeds: a luck experiment needs at least 2 seeds"),
    (["--bots", "easy,random"], "--bots: luck takes one bot spec"),
    (["--bots", "sorcerer"], "unknown bot 'sorcerer'"),
])
def test_the_command_refuses_bad_input_without_playing(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "luck", "herbalism", "--players", "3", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output and not any(tmp_path.iterdir())


def test_lab_luck_end_to_end_on_herbalism(tmp_path: Path) -> None:
    """random bots, 3 players, 8 seeds x 3 replicates: the ICC equals the games table's own."""
    result = runner.invoke(app, ["lab", "luck", "herbalism", "--players", "3", "--bots", "random", "--seeds", "8",
                                 "--reps", "3", "--jobs", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "How much the deal decides" in result.output
    run = next(p for p in tmp_path.iterdir() if (p / "metrics.json").exists())
    m = json.loads((run / "metrics.json").read_text())
    (block,) = m["luck"]
    assert (block["seeds"], block["replicates"], block["status"]) == (8, 3, "ok")
    assert m["deltas"] == []
    shares: dict[int, dict[str, list[float]]] = {}
    seeds: dict[int, set[int]] = {}
    with gzip.open(run / "games.jsonl.gz", "rt") as fh:
        for line in fh:
            g = json.loads(line)
            shares.setdefault(g["block"], {})[g["arm"]] = g["shares"]
            seeds.setdefault(g["block"], set()).add(g["seed"])
    assert all(len(s) == 1 for s in seeds.values())  # every replicate of a block deals the same game
    by = {(r["metric"], r["key"]): r for r in m["estimates"] if r["arm"] == "luck"}
    for seat in range(3):
        groups = [[shares[b][f"rep{r}"][seat] for r in range(3)] for b in sorted(shares)]
        assert by[("seed_icc", str(seat))]["value"] == pytest.approx(stats.icc_oneway(groups))
    assert "Combien la donne" not in (run / "report.html").read_text()  # English report by default
    assert "How much the deal decides" in (run / "report.html").read_text()


def test_a_luck_runs_resolved_toml_reloads_the_same() -> None:
    import tomllib

    from ludoteca.lab.experiment import to_toml

    exp = from_dict({"experiment": {"game": "herbalism", "players": 3, "blocks": 4},
                     "bots": {"lineup": ["random"]}, "luck": {"reps": 3}})
    again = from_dict(tomllib.loads(to_toml(exp)))  # what --resume reads back from the run folder
    assert again.arms == exp.arms and again.type == "luck"
