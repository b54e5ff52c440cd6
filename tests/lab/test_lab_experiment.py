"""Experiment files: validation errors name the path, and every shipped example loads and runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.lab import api
from ludoteca.lab.experiment import Experiment, expand, from_dict, load, to_toml
from ludoteca.lab.runner import fingerprint

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "experiments").glob("*.toml"))


# ---- validation -----------------------------------------------------------------------------
def _base() -> dict:
    return {"experiment": {"game": "immunity", "players": 3, "blocks": 2},
            "bots": {"lineup": ["random"]}}


@pytest.mark.parametrize("change, message", [
    ({"stats": {"sprt": {"metric": "actions", "delta0": 0, "delta1": 5, "delta": 1}}},
     "stats.sprt.delta: unknown key; known keys here: metric, arm, delta0"),
    ({"experiment": {"game": "immunity", "players": 3, "blocks": 2, "seeds": 3}},
     "experiment.seeds: unknown key; known keys here: name, game"),
    ({"arms": {"shipped": {}, "n3": {"params": {"cells": {"neutrofil": {"cost": 3}}}}}},
     "arms.n3.params.cells.neutrofil: unknown key; known keys here: adipocyte"),
    ({"arms": {"shipped": {}, "n99": {"params": {"cells": {"neutrophil": {"cost": 99}}}}}},
     "arms.n99.params.cells.neutrophil.cost: must be from 0 to 20; got 99"),
    ({"arms": {"shipped": {}, "x": {"prams": {}}}}, "arms.x.prams: unknown key; known keys here: params"),
    ({"targets": {"seat_gap": {"below": 0.05}}}, "targets.seat_gap: a target is"),
    ({"bots": {"lineup": ["normall"]}}, "bots.lineup: unknown bot 'normall'"),
    ({"experiment": {"game": "immunity", "players": 9, "blocks": 2}}, "experiment.players: Immunity takes"),
    ({"stats": {"confidence": "high"}}, "stats.confidence: expected a number"),
])
def test_bad_experiment_files_name_the_path(change: dict, message: str) -> None:
    data = {**_base(), **change}
    with pytest.raises(ValueError) as caught:
        from_dict(data)
    assert message in str(caught.value)


def test_a_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[experiment\ngame = 1\n")
    with pytest.raises(ValueError, match="bad.toml"):
        load(bad)



# ---- shipped examples -----------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_experiment_loads_and_runs(path: Path, tmp_path: Path) -> None:
    """LAB.md §10: every shipped example loads and runs a few blocks, with its own bots and arms
    (records off: replaying notable games is tested in test_lab_pairing.py)."""
    exp = load(path)
    exp.blocks, exp.sprt, exp.records = 2, None, "none"
    run = api.run(exp, jobs=1, run_dir=tmp_path / "run")
    m = run.metrics
    assert m["method"]["blocks"] == 2 and m["method"]["stop"] == "blocks"
    rotations = {int(n): r for n, r in run.manifest["rotations"].items()}
    assert m["health"]["games"] == 2 * len(m["experiment"]["arms"]) * sum(rotations.values())
    assert len(run.games()) == m["health"]["games"]
    for target in exp.targets:
        assert any(v["target"] == target for v in m["verdicts"]), target


def test_examples_are_shipped() -> None:
    assert {"immunity-neutrophil.toml"} <= {p.name for p in EXAMPLES} and len(EXAMPLES) >= 4


# ---- the planner command -------------------------------------------------------------------------
def test_lab_plan_scales_the_pilot_spread_and_names_a_wrong_metric() -> None:
    """LAB.md §5: n_blocks ≈ (z_{1-α/2} + z_{1-β})²·σ_Δ²/δ², σ_Δ from a short paired pilot."""
    import re

    from typer.testing import CliRunner

    from ludoteca.lab.cli import app
    from ludoteca.lab.planner import plan_blocks

    change = '{"cells": {"neutrophil": {"cost": 3}}}'
    args = ["plan", "immunity", "--players", "3", "--bots", "random", "--b", change, "--pilot", "8", "--jobs", "1"]
    result = CliRunner().invoke(app, [*args, "--metric", "actions", "--delta", "5"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # Rich may wrap the sentence whatever COLUMNS says
    found = re.search(r"σ_Δ per block ≈ ([0-9.e+-]+) \(pilot of 8 blocks\).*about (\d+) blocks", text)
    assert found, result.output
    assert abs(int(found[2]) - plan_blocks(float(found[1]), 5)) <= 1  # σ is printed to 4 digits
    wrong = CliRunner().invoke(app, [*args, "--metric", "actoins", "--delta", "5"])
    assert wrong.exit_code != 0 and "known metrics:" in wrong.output and "actions" in wrong.output


def test_a_play_only_install_is_told_how_to_add_the_lab(monkeypatch) -> None:
    """`make run` installs no lab extra: every lab command but `knobs` says what is missing
    and how to add it, before any game is played."""
    import sys

    from typer.testing import CliRunner

    from ludoteca.cli import app

    monkeypatch.setitem(sys.modules, "scipy", None)  # as if not installed
    result = CliRunner().invoke(app, ["lab", "seats", "dschunke", "-b", "random", "-n", "2"])
    assert result.exit_code == 2
    assert "needs scipy (the 'lab' extra)" in result.output and "pip install -e '.[lab]'" in result.output
    listed = CliRunner().invoke(app, ["lab", "knobs", "dschunke"])
    assert listed.exit_code == 0, listed.output


@pytest.mark.parametrize("exp", [
    Experiment(game="immunity", type="sweep", sweep={"cells.neutrophil.cost": [1, 2, 3]}),
    Experiment(game="immunity", type="restrict", restrict=["buy:cell=macrophage"]),
    Experiment(game="dschunke", type="matrix", bots=["random", "easy", "normal"]),
    Experiment(game="immunity", type="sensitivity", sensitivity={"knobs": ["cells.neutrophil.cost"], "delta": 1}),
    Experiment(game="dschunke", type="compare", arms={"a": {}, "b": {"params": {"scoring": {}}}}),
], ids=["sweep", "restrict", "matrix", "sensitivity", "compare"])
def test_a_run_folders_experiment_file_is_the_same_experiment(exp: Experiment, tmp_path: Path) -> None:
    """LAB.md §6.1: ``experiment.toml`` is the resolved experiment.  Loaded again it has the same
    fingerprint (so ``lab run`` of it can resume or reuse the run) and keeps its recipe (a sweep's
    knobs give its elasticities); before, a sweep's or a restriction's recipe was dropped."""
    exp = expand(exp).validate()
    path = tmp_path / "experiment.toml"
    path.write_text(to_toml(exp), encoding="utf-8")
    again = load(path)
    assert fingerprint(again) == fingerprint(exp)
    assert (again.arms, again.sweep, again.restrict, again.type) == (exp.arms, exp.sweep, exp.restrict, exp.type)
