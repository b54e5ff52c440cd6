"""The report and the diff on a real run of the lab (Dschunke, random bots, a few blocks)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludoteca import lab
from ludoteca.lab.diff import diff
from ludoteca.lab.report import write_report


def test_report_and_diff_of_a_real_run(tmp_path: Path) -> None:
    exp = lab.Experiment(game="dschunke", players=[2], bots=["random"], blocks=12, seed=5,
                         arms={"shipped": {}, "again": {}})
    run = lab.run(exp, jobs=1, out=tmp_path)
    html = write_report(run.path, lang="fr").read_text(encoding="utf-8")
    sections = re.findall(r'<section id="([a-z]+)">', html)
    assert sections[:3] == ["question", "health", "fairness"] and "games" in sections and "method" in sections
    assert "Part de victoires par siège" in html and not re.search(r"https?://|<script", html)
    replay = re.findall(r"ludoteca replay ([^<]+\.json)", html)
    assert replay and all(Path(p).exists() for p in replay)
    # An arm identical to the control is the same games: the paired differences are exactly 0.
    result = json.loads((diff(run.path, run.path, out=tmp_path / "d").parent / "diff.json").read_text())
    assert result["paired"] and all((r["value"], r["low"], r["high"]) == (0.0, 0.0, 0.0) for r in result["metrics"])
