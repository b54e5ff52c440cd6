"""``lab tune``: the grid, the distance from the targets, a deterministic search that finds a
known optimum, one small real run with its confirmation on fresh seeds, and bad inputs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.lab import seeds
from ludoteca.lab.cli import app
from ludoteca.lab.tune import Space, check_targets, confirm_seed, distance, miss, parse_range, search, space


# ---- the grid --------------------------------------------------------------------------------
def test_ranges_parse_and_narrow_the_declared_values() -> None:
    assert parse_range("cells.neutrophil.cost=1..4") == ("cells.neutrophil.cost", 1.0, 4.0)
    grid = space("immunity", ["cells.neutrophil.cost", "cells.macrophage.cost"], ["cells.neutrophil.cost=1..4"])
    assert grid.values["cells.neutrophil.cost"] == [1.0, 2.0, 3.0, 4.0]
    assert grid.values["cells.macrophage.cost"] == [float(v) for v in range(0, 21)]  # declared 0..20
    assert grid.control == {"cells.neutrophil.cost": 1.0, "cells.macrophage.cost": 5.0}
    assert grid.start() == (0, 5) and grid.size() == 84


@pytest.mark.parametrize("patterns, ranges, message", [
    (["cells.neutrophil.cost"], ["cells.neutrophil.cost=1-4"], "--range: write KNOB=LOW..HIGH"),
    (["cells.neutrophil.cost"], ["cells.neutrophil.cost=4..1"], "the low end is above the high end"),
    (["cells.neutrophil.cost"], ["cells.neutrophil.cost=0..30"], "outside the declared range 0..20"),
    (["cells.neutrophil.cost"], ["cells.macrophage.cost=1..3"], "is not one of the knobs searched"),
    (["cells.neutrophil.cost"], ["cells.neutrophil.cost=2..2"], "can take only 2 in its range"),
    (["nothing.*"], [], "matches no knob of immunity"),
])
def test_bad_grids_are_refused(patterns, ranges, message) -> None:
    with pytest.raises(ValueError) as info:
        space("immunity", patterns, ranges)
    assert message in str(info.value)


# ---- the objective ---------------------------------------------------------------------------
def test_the_distance_is_each_miss_as_a_share_of_its_target_summed() -> None:
    assert miss(0.15, {"max": 0.05}) == pytest.approx(2.0)
    assert miss(0.04, {"max": 0.05}) == 0.0
    assert miss(0.1, {"min": 0.2}) == pytest.approx(0.5)
    assert miss(250, {"between": [150, 220]}) == pytest.approx(30 / 70)
    assert miss(100, {"between": [150, 220]}) == pytest.approx(50 / 70)
    assert miss(3, {"max": 0}) == 3.0
    assert miss(float("nan"), {"max": 1}) == float("inf")
    targets = {"seat_gap": {"max": 0.05}, "actions": {"between": [150, 220]}, "comeback_rate": {"min": 0.2}}
    assert distance({"seat_gap": 0.15, "actions": 250, "comeback_rate": 0.3}, targets) == pytest.approx(2 + 3 / 7)


@pytest.mark.parametrize("targets, message", [
    ({}, "give at least one"),
    ({"seat_gapp": {"max": 0.05}}, "--target seat_gapp: unknown metric"),
    ({"score": {"min": 3}}, "score is measured per seat or key; name one, e.g. score[0]"),
    ({"actions": {"most": 3}}, "write metric:max=x"),
    ({"actions": {"between": [220, 150]}}, "between needs two numbers, low first"),
])
def test_bad_targets_are_refused(targets, message) -> None:
    with pytest.raises(ValueError) as info:
        check_targets(targets)
    assert message in str(info.value)


# ---- the search ------------------------------------------------------------------------------
def _grid() -> Space:
    values = [float(v) for v in range(11)]
    return Space(["x", "y", "z"], {"x": values, "y": values, "z": values}, {"x": 5.0, "y": 5.0, "z": 5.0})


def _objective(points):
    return [(abs(p["x"] - 2) + abs(p["y"] - 7) + abs(p["z"] - 9), dict(p)) for p in points]


def test_the_search_finds_a_known_optimum_within_its_budget_and_is_deterministic() -> None:
    calls: list[int] = []

    def counted(points):
        calls.append(len(points))
        return _objective(points)

    history = search(_grid(), counted, budget=120, seed=7)
    best = history[0]
    assert _grid().point(best.index) == {"x": 2.0, "y": 7.0, "z": 9.0} and best.distance == 0
    assert len(history) == sum(calls) == 120  # the budget counts distinct candidates, each evaluated once
    assert len({e.index for e in history}) == 120
    again = search(_grid(), _objective, budget=120, seed=7)
    assert [(e.index, e.distance, e.generation) for e in again] == [(e.index, e.distance, e.generation)
                                                                   for e in history]
    other = search(_grid(), _objective, budget=120, seed=8)
    assert [e.index for e in other] != [e.index for e in history]


def test_ties_go_to_the_smallest_change_from_the_control() -> None:
    history = search(_grid(), lambda points: [(0.0, {}) for _ in points], budget=10, seed=1)
    assert history[0].index == (5, 5, 5) and history[0].steps == 0
    small = Space(["x"], {"x": [0.0, 1.0]}, {"x": 0.0})
    assert len(search(small, lambda points: [(1.0, {}) for _ in points], budget=50, seed=1)) == 2  # exhausted


def test_confirmation_seeds_are_another_seed_plan() -> None:
    assert confirm_seed(2026) != 2026
    assert {seeds.block_seed(confirm_seed(2026), b) for b in range(50)}.isdisjoint(
        {seeds.block_seed(2026, b) for b in range(50)})


# ---- a real run ------------------------------------------------------------------------------
def test_a_tiny_dschunke_tune_finds_the_lightest_rat_penalty_and_confirms_it(tmp_path: Path) -> None:
    args = ["tune", "dschunke", "--knobs", "scoring.rat_penalty", "--range", "scoring.rat_penalty=-3..0",
            "--target", "score[0]:min=1000", "--target", "actions:max=5000", "--budget", "4", "--blocks", "6",
            "--confirm-blocks", "8", "--bots", "random", "--jobs", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    (run,) = [p for p in tmp_path.iterdir() if not p.name.startswith(".")]
    m = json.loads((run / "metrics.json").read_text())
    tune = m["tune"]
    assert tune["evaluated"] == 4 and tune["search_games"] == 4 * 6
    assert tune["best"][0]["changes"] == {"scoring.rat_penalty": 0.0}  # no penalty: the highest score
    assert [c["point"]["scoring.rat_penalty"] for c in tune["best"]] == [0.0, -1.0, -2.0, -3.0]
    assert tune["best"][1]["changes"] == {} and tune["best"][1]["steps"] == 0  # -1 is the control
    assert m["experiment"]["arms"] == ["control", "best"] and m["experiment"]["seed"] == confirm_seed(2026)
    assert m["method"]["blocks"] == 8
    verdicts = {(v["target"], v["arm"]): v["verdict"] for v in m["verdicts"]}
    assert verdicts[("score[0]", "best")] == "missed" and verdicts[("actions", "best")] == "met"
    with (run / "search.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4 and set(rows[0]) >= {"generation", "scoring.rat_penalty", "score[0]", "distance"}
    report = (run / "report.html").read_text()
    assert 'id="tune"' in report and "Tuning search" in report
    assert "Searched 4 candidates on 6 blocks each" in " ".join(result.output.split())


@pytest.mark.parametrize("args, message", [
    (["--target", "nonsense:max=1"], "--target nonsense: unknown metric"),
    (["--target", "actions:max=x"], "--target: write metric:max=x"),
    (["--target", "actions:max=300", "--range", "scoring.rat_penalty=-3"], "--range: write KNOB=LOW..HIGH"),
    (["--target", "actions:max=300", "--budget", "0"], "--budget: must be at least 1"),
])
def test_bad_tune_command_lines_stop_and_write_nothing(tmp_path: Path, args, message) -> None:
    result = CliRunner().invoke(app, ["tune", "dschunke", "--knobs", "scoring.rat_penalty", "--bots", "random",
                                      "--jobs", "1", "--out", str(tmp_path), *args], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert [p for p in tmp_path.iterdir() if not p.name.startswith(".")] == []
