"""Pairing gains precision on a real change, and restricted bots obey and report (LAB.md §9.1 (3))."""

from __future__ import annotations

import json
from pathlib import Path

from ludoteca.engine import game as get_game
from ludoteca.lab import api
from ludoteca.lab.experiment import Experiment, expand

NEVER_MACROPHAGE = "never(buy:cell=macrophage)"


def test_a_real_change_is_measured_more_precisely_paired(tmp_path: Path) -> None:
    """LAB.md §9.1 (3): a real change gives a variance-reduction factor > 1 (Immunity, random bots)."""
    exp = Experiment(game="immunity", players=[3], bots=["random"], blocks=120, type="compare", seed=9,
                     arms={"shipped": {}, "neutrophil_5": {"params": {"cells": {"neutrophil": {"cost": 5}}}}},
                     records="none")
    run = api.run(exp, jobs=2, run_dir=tmp_path / "run")
    delta = run.delta("actions", "neutrophil_5")
    assert delta.extra["vrf"] > 1
    assert delta.extra["se_paired"] < delta.extra["se_unpaired"]
    usage = run.delta("usage", "neutrophil_5", key="cells.neutrophil")
    assert usage.value < 0  # dearer neutrophils are bought less
    arms = run.manifest["arms"]
    assert arms["shipped"]["content_hash"] != arms["neutrophil_5"]["content_hash"]


def test_restricted_bot_obeys_reports_rates_and_its_records_replay(tmp_path: Path) -> None:
    exp = Experiment(game="immunity", players=[3], bots=["random"], blocks=6, type="restrict", seed=2,
                     restrict=["buy:cell=macrophage"])
    run = api.run(expand(exp), jobs=1, run_dir=tmp_path / "run")
    assert list(run.metrics["experiment"]["arms"]) == ["shipped", NEVER_MACROPHAGE]
    restricted = [s for s in run.seats() if s["binding"] is not None]
    assert restricted and {s["entry"] for s in restricted} == {0}
    assert all(s["arm"] == NEVER_MACROPHAGE for s in restricted)
    assert any(s["binding"] > 0 for s in restricted)
    assert all(0 <= s["changed"] <= s["binding"] <= s["restricted_decisions"] for s in restricted)
    spec = f"{NEVER_MACROPHAGE}/random"
    rate = run.metric("binding_rate", arm=NEVER_MACROPHAGE, key=spec)
    total = sum(s["binding"] for s in restricted) / sum(s["restricted_decisions"] for s in restricted)
    assert 0 < rate.value <= 1 and abs(rate.value - total) < 0.2
    game = get_game("immunity")
    games = {(g["arm"], g["block"], g["rotation"]): g for g in run.games()}
    notable = run.metrics["notable"]
    assert any(r["arm"] == NEVER_MACROPHAGE for r in notable)
    for record in notable:
        data = json.loads((run.path / record["record"]).read_text())
        state = game.replay(data)  # a full legality check of every action
        row = games[(record["arm"], record["block"], record["rotation"])]
        assert state.scores == row["scores"] and state.winners == row["winners"]
        if record["arm"] == NEVER_MACROPHAGE:
            seat = row["entries"].index(0)  # the restricted entry's seat in this rotation
            bought = [a for s, a in data["actions"] if s == seat and a == {"type": "buy", "cell": "macrophage"}]
            assert bought == [], "the restricted seat bought a macrophage"


def test_a_sweep_reports_elasticity_per_unit_of_the_knob(tmp_path: Path) -> None:
    """LAB.md §3 elasticity[θ->m]: "each +1 of neutrophil cost moves m by ...", paired over blocks."""
    exp = expand(Experiment(game="immunity", players=[3], bots=["random"], blocks=20, type="sweep", seed=4,
                            records="none", sweep={"cells.neutrophil.cost": [3, 5]}))
    run = api.run(exp, jobs=1, run_dir=tmp_path / "run")
    m = run.metrics
    assert m["experiment"]["sweep"]["values"]["cells.neutrophil.cost=5"] == {"cells.neutrophil.cost": 5}
    slopes = {e["key"]: e for e in m["estimates"] if e["metric"] == "elasticity"}
    usage = slopes["cells.neutrophil.cost->usage[cells.neutrophil]"]
    assert usage["n"] == 20 and usage["high"] < 0  # dearer neutrophils are bought less, per unit of cost
    assert abs(usage["value"] - usage["extra"]["ols_of_means"]) < 1e-9
    assert "cells.neutrophil.cost->actions" in slopes
