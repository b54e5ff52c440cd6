"""The seed plan, line-ups and rotations, restriction patterns and the knob listing (LAB.md §2, §7)."""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

from ludoteca.engine import game as get_game
from ludoteca.lab import seeds
from ludoteca.lab.experiment import Experiment
from ludoteca.lab.knobs import knobs
from ludoteca.lab.lineup import Pattern, line_up, rotations
from ludoteca.lab.runner import Plan

ROOT = Path(__file__).resolve().parents[2]


# ---- seed plan ------------------------------------------------------------------------------
def test_block_seed_is_the_spec_formula() -> None:
    """LAB.md §2: s_b = int(sha256(f"{exp_seed}/block/{b}").hexdigest()[:12], 16)."""
    for exp_seed, block in ((2026, 0), (2026, 17), (0, 3)):
        digest = hashlib.sha256(f"{exp_seed}/block/{block}".encode()).hexdigest()
        assert seeds.block_seed(exp_seed, block) == int(digest[:12], 16)
    assert seeds.block_seed(2026, 1) != seeds.block_seed(2026, 2)
    assert seeds.block_seed(2026, 1) != seeds.block_seed(2027, 1)


def test_bot_seed_keyed_by_block_and_entry_never_by_arm() -> None:
    """LAB.md §2: bot seed sha256(f"{exp_seed}/bot/{b}/{entry}"): arms share bot randomness."""
    digest = hashlib.sha256(b"2026/bot/5/1").hexdigest()
    assert seeds.bot_seed(2026, 5, 1) == int(digest[:12], 16)
    assert len({seeds.bot_seed(2026, b, e) for b in range(4) for e in range(3)}) == 12
    exp = Experiment(game="dschunke", players=[2], bots=["random", "greedy"], blocks=1,
                     arms={"a": {}, "b": {"params": {}}})
    plan = Plan.of(exp)
    a, b = plan.task("a", 2, 0, 1), plan.task("b", 2, 0, 1)
    assert a.seed == b.seed and a.bot_seeds == b.bot_seeds


def test_rotation_skipped_only_when_every_seat_holds_one_spec() -> None:
    assert rotations([line_up(["normal"], 3)]) == 1
    assert rotations([line_up(["normal"], 3), line_up(["never(buy:cell=x)/normal", "normal"], 3)]) == 3
    assert line_up(["hard", "normal"], 4) == ["hard", "normal", "normal", "normal"]


def test_restriction_patterns() -> None:
    buy = {"type": "buy", "cell": "macrophage"}
    never_keys = Pattern.parse("cells.macro*")
    assert Pattern.parse("buy:cell=macrophage").forbids(None, buy, lambda s, a, seat: [], 0)
    assert Pattern.parse("buy:cell=*").forbids(None, buy, lambda s, a, seat: [], 0)
    assert not Pattern.parse("buy:cell=neutrophil").forbids(None, buy, lambda s, a, seat: [], 0)
    assert never_keys.forbids(None, buy, lambda s, a, seat: ["cells.macrophage"], 0)
    assert not never_keys.forbids(None, buy, lambda s, a, seat: ["cells.neutrophil"], 0)


# ---- knobs ----------------------------------------------------------------------------------
def test_knobs_list_value_path_and_declared_range() -> None:
    package = type(get_game("immunity")).__module__.rsplit(".", 1)[0]
    path = ROOT / package.replace(".", "/") / "content.toml"
    content = tomllib.loads(path.read_text())
    found = {k.path: k for k in knobs("immunity")}
    neutrophil = found["cells.neutrophil.cost"]
    assert neutrophil.value == content["cells"]["neutrophil"]["cost"]
    assert [neutrophil.low, neutrophil.high] == content["ranges"]["cells.*.cost"]
    assert "cells.neutrophil.name" not in found  # text is not a knob
    assert {k.path for k in knobs("immunity", "cells.*.cost")} == {f"cells.{c}.cost" for c in content["cells"]}
