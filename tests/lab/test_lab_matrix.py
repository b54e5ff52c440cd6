"""The bot matrix: ratings, transitivity and skill expression on constructed data, the arms a
matrix expands to, bad inputs, and one small end-to-end run of ``ludoteca lab matrix``."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.lab import matrix
from ludoteca.lab.experiment import Experiment, expand

runner = CliRunner()


def _data(results: dict[tuple[str, str], list[float]], levels: list[str], players: int = 2) -> matrix.MatrixData:
    """Per-block shares of the first level alone against the second, mirrored at 2 players."""
    cells, arms = {}, []
    blocks = None
    for (a, b), shares in results.items():
        col = np.asarray(shares, dtype=float)
        blocks = np.arange(len(col))
        cells[(a, b)] = col
        arms.append((a, b, col))
        if players == 2:
            cells[(b, a)] = 1.0 - col
    return matrix.MatrixData(levels, players, blocks, cells, arms, players)


def test_ratings_follow_a_strict_order_and_nothing_is_cyclic() -> None:
    levels = ["C", "B", "A"]  # listed weakest first, as the CLI expects
    data = _data({("B", "C"): [1.0] * 10, ("A", "C"): [1.0] * 10, ("A", "B"): [1.0] * 10}, levels)
    rows, block = matrix.summarise(data, seed=1, resamples=200)
    ratings = {r["level"]: r for r in block["ratings"]}
    assert ratings["C"]["value"] == 0.0 and ratings["C"]["extra"]["anchor"] == 1.0
    assert 0 < ratings["B"]["value"] < ratings["A"]["value"]
    assert block["order_by_rating"] == ["C", "B", "A"] and block["order_as_listed"] is True
    assert block["transitivity"] == {"triples": 1, "violations": [], "confirmed": 0}
    assert block["ordered_cells"] == 6 and block["cells_played"] == 6
    assert block["skill_expression"]["value"] == 1.0  # A (top) always beats C (bottom)
    assert {r["metric"] for r in rows} == {"matrix", "skill_expression", "rating", "rating_spread"}


def test_a_cycle_is_flagged_and_confirmed_when_every_edge_is_clear() -> None:
    levels = ["A", "B", "C"]
    data = _data({("A", "B"): [0.9, 0.8, 1.0, 0.9], ("B", "C"): [0.8, 0.9, 0.9, 1.0],
                  ("C", "A"): [1.0, 0.9, 0.8, 0.9]}, levels)
    _, block = matrix.summarise(data, seed=1, resamples=200)
    assert block["transitivity"]["violations"] == [{"cycle": ["A", "B", "C", "A"], "confirmed": True}]
    # A cycle of equal strength: every rating equal to the anchor's.
    assert all(abs(r["value"]) < 1e-6 for r in block["ratings"])


def test_a_weak_cycle_is_listed_but_not_confirmed() -> None:
    data = _data({("A", "B"): [1.0, 0.0, 1.0], ("B", "C"): [1.0, 0.0, 1.0], ("C", "A"): [1.0, 0.0, 1.0]},
                 ["A", "B", "C"])
    _, block = matrix.summarise(data, seed=1, resamples=200)
    assert block["transitivity"]["violations"] == [{"cycle": ["A", "B", "C", "A"], "confirmed": False}]


def test_the_rating_fit_is_the_maximum_likelihood_scipy_finds() -> None:
    pairs = [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]  # 3 players: every ordered pair
    wins = np.array([3.0, 1.0, 5.0, 0.5, 2.0, 1.5])
    games = np.array([9.0, 9.0, 9.0, 9.0, 9.0, 9.0])
    ours = matrix.fit_ratings(wins, games, pairs, 3, 3)[0]

    def nll(free: np.ndarray) -> float:
        theta = np.concatenate([[0.0], free])
        w, g = wins + matrix.PSEUDO_GAMES / 3, games + matrix.PSEUDO_GAMES
        z = np.array([theta[i] - theta[j] for i, j in pairs]) - math.log(2)
        return float(-(w * -np.logaddexp(0, -z) + (g - w) * -np.logaddexp(0, z)).sum())

    theirs = minimize(nll, np.zeros(2), method="BFGS", options={"gtol": 1e-10}).x
    assert ours[0] == 0.0
    assert np.allclose(ours[1:], theirs, atol=1e-5)


def test_skill_expression_maps_the_share_and_its_interval() -> None:
    from ludoteca.lab.stats import Estimate

    se = matrix.skill_expression(Estimate(0.5, 1 / 3, 2 / 3, 10, "block-t"), 3)
    assert (se.value, se.low, se.high) == pytest.approx((0.25, 0.0, 0.5))


def test_a_matrix_expands_to_one_arm_per_pairing() -> None:
    two = expand(Experiment(game="herbalism", players=[2], bots=["random", "easy", "normal"], type="matrix"))
    assert two.arms == {"easy vs random": {"lineup": ["easy", "random"]},
                        "normal vs random": {"lineup": ["normal", "random"]},
                        "normal vs easy": {"lineup": ["normal", "easy"]}}
    three = expand(Experiment(game="herbalism", players=[3], bots=["random", "easy", "normal"], type="matrix"))
    assert len(three.arms) == 6 and three.arms["random vs easy"] == {"lineup": ["random", "easy"]}
    assert three.arm_lineup("random vs easy", 3) == ["random", "easy", "easy"]


@pytest.mark.parametrize(("bots", "players", "message"), [
    (["random", "nosuchbot"], [2], "bots.lineup: unknown bot 'nosuchbot'"),
    (["hard"], [2], "a matrix needs at least two different levels"),
    (["easy", "easy"], [2], "a matrix needs at least two different levels"),
    (["easy", "random", "easy"], [2], "easy listed twice"),
    (["random", "easy"], [2, 3], "a matrix takes one player count"),
])
def test_bad_matrices_are_refused_with_the_reason(bots: list[str], players: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        expand(Experiment(game="herbalism", players=players, bots=bots, type="matrix"))


def test_the_command_refuses_one_level_without_playing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["lab", "matrix", "herbalism", "--bots", "easy", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "a matrix needs at least two different levels" in " ".join(result.output.split())
    assert "Traceback" not in result.output and not any(tmp_path.iterdir())
    result = runner.invoke(app, ["lab", "matrix", "herbalism", "--bots", "random,grandmaster", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "unknown bot 'grandmaster'" in " ".join(result.output.split())


def test_lab_matrix_end_to_end_on_herbalism(tmp_path: Path) -> None:
    """random and easy at 3 players, 4 blocks: the cells equal the games table's own counts."""
    result = runner.invoke(app, ["lab", "matrix", "herbalism", "--bots", "random,easy", "--players", "3",
                                 "--blocks", "4", "--jobs", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Ratings, Elo scale" in text and "Skill expression, easy alone against random" in text
    run = next(p for p in tmp_path.iterdir() if (p / "metrics.json").exists())
    m = json.loads((run / "metrics.json").read_text())
    block = m["matrix"]
    assert block["levels"] == ["random", "easy"] and block["blocks"] == 4 and block["games_per_block"] == 3
    assert m["deltas"] == []  # pairings are not compared with each other
    # Recount every cell from the games table: the lone level's mean share per block, then over blocks.
    per_block: dict[tuple[str, str], dict[int, list[float]]] = {}
    with gzip.open(run / "games.jsonl.gz", "rt") as fh:
        for line in fh:
            g = json.loads(line)
            lone, others = g["arm"].split(" vs ")
            seat = g["entries"].index(0)
            per_block.setdefault((lone, others), {}).setdefault(g["block"], []).append(g["shares"][seat])
    for cell in block["cells"]:
        expected = np.mean([np.mean(v) for v in per_block[(cell["a"], cell["b"])].values()])
        assert cell["value"] == pytest.approx(expected)
        assert 0.0 <= cell["low"] <= cell["value"] <= cell["high"] <= 1.0
    ratings = {r["level"]: r for r in block["ratings"]}
    assert ratings["random"]["value"] == 0.0
    assert (run / "report.html").read_text().count("matrix-heat") >= 1


def test_the_markdown_tables_show_every_cell_and_rating() -> None:
    data = _data({("B", "C"): [1.0, 0.5, 1.0], ("A", "C"): [1.0] * 3, ("A", "B"): [1.0, 0.0, 1.0]}, ["C", "B", "A"])
    _, block = matrix.summarise(data, seed=1, resamples=200)
    text = matrix.markdown({"matrix": block, "health": {"games": 18, "cpu_s": 60.0, "wall_s": 30.0},
                            "method": {"stop": "blocks"}})
    assert "| **B** | 0.83 [0.12, 1.00] | · | 0.33 [0.00, 1.00] |" in text
    assert "| C | +0 | anchor |" in text and "3 blocks x 2 rotations per pairing, 18 games, 1.0 CPU-minutes" in text
    with pytest.raises(ValueError, match="no matrix in this run"):
        matrix.markdown({"estimates": []})


def test_a_matrix_file_expands_and_its_resolved_toml_reloads_the_same() -> None:
    import tomllib

    from ludoteca.lab.experiment import from_dict, to_toml

    exp = from_dict({"experiment": {"game": "herbalism", "players": 3, "blocks": 4, "type": "matrix"},
                     "bots": {"lineup": ["random", "easy"]}})
    assert list(exp.arms) == ["random vs easy", "easy vs random"]
    again = from_dict(tomllib.loads(to_toml(exp)))  # what --resume reads back from the run folder
    assert again.arms == exp.arms and again.type == "matrix" and again.bots == ["random", "easy"]
