"""`lab diff` of two synthetic runs: paired when the seed plan matches, Welch when not (LAB.md §6.3)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludoteca.lab.diff import diff
from ludoteca.lab.report_synthetic import synthetic_run

COST_3 = {"cells": {"neutrophil": {"cost": 3}}}


def _result(path: Path) -> dict:
    return json.loads((path.parent / "diff.json").read_text(encoding="utf-8"))


def _well_formed(html: str) -> None:
    stack: list[str] = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag != "meta":
                stack.append(tag)

        def handle_endtag(self, tag):
            assert stack and stack.pop() == tag, tag

    P().feed(html)
    assert stack == []
    assert not re.search(r"https?://|<script", html)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("diff")
    return {"a": synthetic_run(root / "a", games=600, arms=("shipped",), seed=1),
            "same": synthetic_run(root / "same", games=600, arms=("shipped",), seed=1),
            "b": synthetic_run(root / "b", games=600, arms=("shipped",), seed=2, shift=10, params=COST_3),
            "other_seed": synthetic_run(root / "other", games=600, arms=("shipped",), seed=2, shift=10,
                                        exp_seed=7, params=COST_3)}


def test_identical_runs_differ_by_exactly_zero(runs: dict[str, Path], tmp_path: Path) -> None:
    result = _result(diff(runs["a"], runs["same"], out=tmp_path))
    assert result["paired"] and result["why_unpaired"] == []
    assert result["content"][0]["changes"] == []
    assert len(result["metrics"]) > 15
    for row in result["metrics"]:
        assert (row["value"], row["low"], row["high"]) == (0.0, 0.0, 0.0), row["metric"]
    assert {t["verdict"] for t in result["targets"]} == {"no_change"}


def test_a_rule_change_is_paired_named_and_judged(runs: dict[str, Path]) -> None:
    html_path = diff(runs["a"], runs["b"])
    assert html_path == runs["b"] / "diff.html"
    result = _result(html_path)
    assert result["paired"]
    assert result["content"][0]["changes"] == [{"path": "cells.neutrophil.cost", "a": 1, "b": 3,
                                                "a_known": True, "b_known": True}]
    actions = next(r for r in result["metrics"] if r["metric"] == "actions")
    # Every game of B is 10 actions longer before rounding and the floor; the shared block luck
    # cancels in the paired difference, so its interval holds 10 and pairing pays.
    assert actions["method"] == "paired-t" and actions["low"] < 10 < actions["high"]
    assert actions["extra"]["vrf"] > 3
    verdicts = {t["target"]: t for t in result["targets"]}
    assert verdicts["actions"]["verdict"] == "better"  # 172 → 182: toward the middle of [150, 220]
    assert verdicts["seat_gap"]["method"] == "paired-bootstrap"
    assert sorted(t["p_adj"] >= t["p"] for t in result["targets"]) == [True, True]  # Holm never lowers p
    html = html_path.read_text(encoding="utf-8")
    _well_formed(html)
    assert "cells.neutrophil.cost" in html and "▲ better" in html


def test_runs_without_a_shared_seed_plan_are_unpaired_and_say_why(runs: dict[str, Path], tmp_path: Path) -> None:
    html_path = diff(runs["a"], runs["other_seed"], out=tmp_path, lang="es")
    result = _result(html_path)
    assert not result["paired"] and result["why_unpaired"] == [{"what": "seed", "a": 2026, "b": 7}]
    methods = {r["method"] for r in result["metrics"]}
    assert methods == {"welch", "bootstrap-unpaired"}
    html = html_path.read_text(encoding="utf-8")
    _well_formed(html)
    assert "Sin emparejar" in html and "semilla: 2026 ≠ 7" in html and 'lang="es"' in html


def test_a_folder_that_is_not_a_run_is_named(tmp_path: Path, runs: dict[str, Path]) -> None:
    with pytest.raises(FileNotFoundError, match="metrics.json: not found"):
        diff(tmp_path, runs["a"])
    assert not (runs["a"] / "diff.json").exists()
