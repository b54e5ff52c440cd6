"""The block cache (LAB.md §8 Reuse): a second sweep with the same control plays no control game,
and its control rows are the first sweep's (renamed); a change of code or content misses.

A probe counts the games each arm really plays (``play_many`` of the inline backend), so "zero
control games" is observed, not only read from the manifest.  Herbalism, random bots, 30 blocks.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.lab import api, blockcache, gamedata, runner
from ludoteca.lab.experiment import Experiment
from ludoteca.lab.play import GameTask

BLOCKS = 30
ANSWER_5 = {"params": {"scoring": {"answer_right": 5}}}
ANSWER_1 = {"params": {"scoring": {"answer_right": 1}}}


def _sweep(arms: dict, **changes) -> Experiment:
    """Two arms (a control and a treatment) on one seed plan: seed, blocks, players and bots."""
    spec = dict(game="herbalism", players=[2], bots=["random"], seed=5, blocks=BLOCKS, type="compare",
                arms=arms, records="none", telemetry=["score"])
    spec.update(changes)
    return Experiment(**spec)


@pytest.fixture
def played(monkeypatch) -> Counter:
    """Games played per arm, counted where the inline backend calls ``play_many``."""
    counts: Counter = Counter()
    real = runner.play_many

    def probe(tasks: list[GameTask]):
        counts.update(task.arm for task in tasks)
        return real(tasks)

    monkeypatch.setattr(runner, "play_many", probe)
    return counts


def _rows(run: api.Run, table: str, arm: str) -> list[dict]:
    with gzip.open(run.path / f"{table}.jsonl.gz", "rt", encoding="utf-8") as lines:
        return [row for row in map(json.loads, lines) if row["arm"] == arm]


def _renamed(rows: list[dict], arm: str) -> list[dict]:
    return [{**row, "arm": arm} for row in rows]


def test_a_second_sweep_with_the_same_control_plays_no_control_game(tmp_path: Path, played: Counter) -> None:
    out = tmp_path / "runs"  # both runs in one folder: the cache is runs/.cache
    first = api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out)
    assert played == {"shipped": BLOCKS, "answer_5": BLOCKS}
    assert first.manifest["cache"]["games_reused"] == 0 and first.manifest["cache"]["entries_written"] == 2 * BLOCKS
    assert (out / ".cache").is_dir()

    played.clear()
    # Another sweep: another treatment, and the control named differently: the same games.
    second = api.run(_sweep({"base": {}, "answer_1": ANSWER_1}), jobs=1, out=out)
    assert played == {"answer_1": BLOCKS}  # not one control game played
    cache = second.manifest["cache"]
    assert cache["games_reused"] == BLOCKS and cache["games_played"] == BLOCKS
    assert cache["entries_found"] == BLOCKS and cache["entries_missed"] == BLOCKS
    health = second.metrics["health"]
    assert health["games"] == 2 * BLOCKS and health["games_reused"] == BLOCKS and health["games_played"] == BLOCKS
    # and the report says so, in words
    second.write_report()
    page = (second.path / "report.html").read_text(encoding="utf-8")
    assert f"{BLOCKS} of these games were reused from the block cache" in page
    assert "reused from the block cache" not in first.write_report().read_text(encoding="utf-8")

    for table in ("games", "seats", "timing", "series"):
        control = _rows(second, table, "base")
        assert control and control == _renamed(_rows(first, table, "shipped"), "base"), table
    # The control's numbers too (bootstrap intervals draw on each run's own RNG, so values only).
    estimates = [[(e["metric"], e["key"], e["value"], e["n"]) for e in run.metrics["estimates"] if e["arm"] == arm]
                 for run, arm in ((first, "shipped"), (second, "base"))]
    assert estimates[0] == estimates[1] and len(estimates[0]) > 20

    # The reused games are the games it would have played: the same sweep without the cache.
    played.clear()
    fresh = api.run(_sweep({"base": {}, "answer_1": ANSWER_1}), jobs=1, run_dir=tmp_path / "fresh", cache=False)
    assert played == {"base": BLOCKS, "answer_1": BLOCKS} and fresh.manifest["cache"] is None
    for table in ("games", "seats", "series"):
        assert gzip.decompress((fresh.path / f"{table}.jsonl.gz").read_bytes()) == \
            gzip.decompress((second.path / f"{table}.jsonl.gz").read_bytes()), table


def test_a_changed_code_or_content_misses_the_cache(tmp_path: Path, played: Counter, monkeypatch) -> None:
    out = tmp_path / "runs"
    api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out)
    played.clear()
    again = api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out)
    assert played == {} and again.manifest["cache"]["games_reused"] == 2 * BLOCKS  # all reused

    # The params written out at the shipped value: the same effective content, so the same games.
    explicit = api.run(_sweep({"shipped": {"params": {"scoring": {"answer_right": 3}}}, "answer_5": ANSWER_5}),
                       jobs=1, out=out)
    assert played == {} and explicit.manifest["cache"]["games_reused"] == 2 * BLOCKS

    with monkeypatch.context() as patch:  # other code that plays games
        patch.setattr(blockcache, "code_fingerprint", lambda: "0" * 64)
        other_code = api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out)
    assert played == {"shipped": BLOCKS, "answer_5": BLOCKS}
    assert other_code.manifest["cache"]["games_reused"] == 0

    played.clear()
    real = gamedata.shipped_content

    def edited(game):
        content, ranges = real(game)
        content["scoring"]["follow_right"] = 2  # the designer edited content.toml
        return content, ranges

    with monkeypatch.context() as patch:
        patch.setattr(gamedata, "shipped_content", edited)
        other_content = api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out)
    assert played == {"shipped": BLOCKS, "answer_5": BLOCKS}
    assert other_content.manifest["cache"]["games_reused"] == 0

    played.clear()
    api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}, seed=6), jobs=1, out=out)  # another seed plan
    assert played == {"shipped": BLOCKS, "answer_5": BLOCKS}
    played.clear()
    no_cache = api.run(_sweep({"shipped": {}, "answer_5": ANSWER_5}), jobs=1, out=out, cache=False)
    assert played == {"shipped": BLOCKS, "answer_5": BLOCKS} and no_cache.manifest["cache"] is None


def test_the_key_holds_what_changes_rows_and_not_the_arm_name() -> None:
    exp = _sweep({"shipped": {}, "answer_5": ANSWER_5})
    plan = runner.Plan.of(exp)

    def key(arm: str = "shipped", content: str = "c", block: int = 0, **task) -> str:
        tasks = [plan.task(arm, 2, block, r) for r in range(plan.rotations[2])]
        return blockcache.group_key([GameTask(**{**t.__dict__, **task}) for t in tasks], content)

    base = key()
    assert key(arm="answer_5") == base  # the name (and the params as written) are not in the key
    assert key(content="d") != base
    assert key(block=1) != base
    for change in ({"max_actions": 100}, {"series": False}, {"usage": False}, {"legal_keys": True},
                   {"record": True}, {"lineup": ("easy", "random")}, {"bot_seeds": (1, 2)}, {"seed": 1},
                   {"options": {"variant": "x"}}):
        assert key(**change) != base, change


def test_an_unreadable_pack_is_a_miss(tmp_path: Path, played: Counter) -> None:
    out = tmp_path / "runs"
    api.run(_sweep({"shipped": {}}, blocks=4), jobs=1, out=out)
    packs = list((out / ".cache").rglob("*.jsonl.gz"))
    assert packs
    for pack in packs:
        pack.write_bytes(b"not gzip")
    played.clear()
    run = api.run(_sweep({"shipped": {}}, blocks=4), jobs=1, out=out)
    assert played == {"shipped": 4} and run.manifest["cache"]["games_reused"] == 0
