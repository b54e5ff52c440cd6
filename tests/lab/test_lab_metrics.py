"""Per-game tension metrics, sweep elasticity, dead content and the play loop itself (LAB.md §3)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ludoteca.bots import make_spec
from ludoteca.engine import game as get_game
from ludoteca.lab import api, metrics, seeds, stats, tension
from ludoteca.lab.experiment import Experiment
from ludoteca.lab.play import GameTask, play


def test_tension_summary_of_a_see_saw_game() -> None:
    """LAB.md §3: lead_changes = #{t >= 2 : L_t != L_t-1}; decided_at = t*/T with t* = 1 + the
    last checkpoint at which no winner is in L_t; drama = mean over checkpoints where no winner
    leads of (max_s v - mean_w v_w); comeback: the winner strictly last at the checkpoint nearest
    50% of T; leader_wins@f looks at t = ceil(fT); stability = mean over seats of Var_t(v)."""
    values = [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]  # seat 1 wins; the lead swaps each time
    got = tension.summarise(values, [1])
    assert got["lead_changes"] == 3
    assert got["decided_at"] == 1.0  # no winner led at t = 3 (1-based), so t* = 4 = T
    assert got["drama"] == 1.0
    assert got["comeback"] is False  # at t = ceil(0.5 * 4) = 2 the winner leads
    assert got["leader_at"] == {"0.25": False, "0.5": True, "0.75": False}
    assert got["stability"] == pytest.approx(0.25)
    always = tension.summarise([[0.0, 1.0], [0.2, 1.0], [0.0, 1.0]], [1])
    assert always["decided_at"] == 0.0 and always["lead_changes"] == 0 and always["drama"] == 0.0
    assert tension.score_oracle([3, 3]) == [0.5, 0.5] and tension.score_oracle([1, 3, 2]) == [0.0, 1.0, 0.5]
    assert tension.margin([10, 7, 9], [0]) == 1.0 and tension.margin([5, 5], [0, 1]) == 0.0


def _column(rows: dict[int, float]) -> metrics.Column:
    column = metrics.Column()
    for block, value in rows.items():
        column.add(block, {("actions", None): [value, 1.0]})
    return column


def test_elasticity_is_the_block_paired_slope_per_unit() -> None:
    """LAB.md §3 elasticity[θ->m]: OLS slope of m on θ across sweep arms, block-paired."""
    rng = np.random.default_rng(1)
    knob = {"shipped": 1.0, "c2": 2.0, "c4": 4.0}
    luck = rng.normal(0, 30, size=40)  # a large block effect, shared by every arm
    columns = {(arm, 3): _column({b: 200 + luck[b] - 3.0 * x + rng.normal(0, 1) for b in range(40)})
               for arm, x in knob.items()}
    (row,) = [r for r in metrics.elasticity(columns, "cells.neutrophil.cost", knob, 3, 0.95)
              if r["key"] == "cells.neutrophil.cost->actions"]
    means = [float(np.mean(columns[(a, 3)].column(("actions", None)))) for a in knob]
    assert row["value"] == pytest.approx(stats.ols_slope(list(knob.values()), means).value)
    assert row["value"] == pytest.approx(row["extra"]["ols_of_means"])
    assert row["low"] < -3.0 < row["high"] and row["high"] - row["low"] < 1.0  # pairing removes the luck
    assert metrics.elasticity(columns, "k", {"shipped": 1.0, "c2": 1.0}, 3, 0.95) == []  # no spread in x


def test_the_lab_plays_the_same_games_as_a_bare_loop() -> None:
    """What the lab measures is the game a script would play: same seeds, same actions, same end."""
    game = get_game("immunity")
    for block in range(3):
        seed, bot_seeds = seeds.block_seed(1, block), tuple(seeds.bot_seed(1, block, e) for e in range(3))
        state = game.new(3, seed=seed)
        bots = [make_spec("random", seed=s) for s in bot_seeds]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply_trusted(seat, bots[seat].choose(state, seat))
        result = play(GameTask("immunity", 3, "a", {}, block, 0, seed, ("random",) * 3, bot_seeds))
        bare = play(GameTask("immunity", 3, "a", {}, block, 0, seed, ("random",) * 3, bot_seeds, usage=False))
        assert result.game["scores"] == [float(x) for x in state.scores]
        assert result.game["actions"] == len(state.record()["actions"]) == bare.game["actions"]
        assert sum(result.game["decisions"]) <= result.game["actions"]
        assert any(s["usage"] for s in result.seats) and not any(s["usage"] for s in bare.seats)
        timing = result.timing
        assert 0 < timing["game_s"] <= timing["wall_s"] and timing["lab_s"] >= 0


def test_dead_content_tells_never_chosen_from_never_legal(tmp_path: Path) -> None:
    """LAB.md §3 dead_content: keys with usage 0 over all games (and keys never even legal)."""
    exp = Experiment(game="immunity", players=[3], bots=["random"], blocks=3, seed=4, records="none",
                     metrics=["outcome", "usage", "legal"])
    run = api.run(exp, jobs=1, run_dir=tmp_path / "legal")
    (dead,) = run.metrics["dead_content"]
    used = {e["key"] for e in run.metrics["estimates"] if e["metric"] == "usage"}
    assert dead["keys"] and not set(dead["keys"]) & used
    assert set(dead["never_legal"]) <= set(dead["keys"])
    # Environment cards are dealt, never chosen: no action ever offers one.
    assert any(k.startswith("environment.") for k in dead["never_legal"])
    rows = {e["key"]: e for e in run.metrics["estimates"] if e["metric"] == "dead_content"}
    assert set(rows) == set(dead["keys"])
    assert all(rows[k]["extra"]["never_legal"] == (1.0 if k in dead["never_legal"] else 0.0) for k in rows)
    plain = api.run(Experiment(game="immunity", players=[3], bots=["random"], blocks=3, seed=4, records="none"),
                    jobs=1, run_dir=tmp_path / "plain")
    assert plain.metrics["dead_content"][0]["never_legal"] is None  # not measured unless asked
    assert [g["scores"] for g in plain.games()] == [g["scores"] for g in run.games()]


def _sums(block: int) -> dict:
    sums = {("actions", None): [200.0 + block % 7, 1.0], ("usage", "cells.x"): [float(block % 3), 3.0]}
    if block % 5:
        sums[("margin", None)] = [float(block), 1.0]  # missing in every fifth block: NaN there
    if block >= 250:
        sums[("usage", "cells.late")] = [1.0, 3.0]  # a key first seen after a spill: NaN before
    return sums


def test_spilled_columns_read_back_identically_and_stay_small(tmp_path: Path, monkeypatch) -> None:
    """The parent keeps the tail in memory and the rest on disk (LAB.md §10: 10^6 games <= 300 MB)."""
    import tracemalloc

    monkeypatch.setattr(metrics, "SPILL_BLOCKS", 100)
    memory, spilled = metrics.Column(), metrics.Column(spill=tmp_path / "cols")
    order = list(range(0, 1000, 2)) + list(range(1, 1000, 2))  # arrival order is not block order
    for block in order:
        memory.add(block, _sums(block))
        spilled.add(block, _sums(block))
    assert spilled.spilled >= 900 and len(spilled.values[("actions", None)]) <= 100
    for key in (("actions", None), ("margin", None), ("usage", "cells.x"), ("usage", "cells.late"), ("nope", None)):
        a, b = memory.sorted_values(key), spilled.sorted_values(key)
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1], equal_nan=True), key
    assert spilled.last(("usage", "cells.late")) == memory.last(("usage", "cells.late")) == 1.0 / 3.0
    tracemalloc.start()
    big = metrics.Column(spill=tmp_path / "big")
    for block in range(5000):
        big.add(block, {("k", str(i)): [1.0, 1.0] for i in range(50)})
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert current < 5000 * 50 * 8 / 4  # a quarter of what 50 float columns would hold in memory
