"""Resume (LAB.md §8): a run killed at any moment finishes with ``--resume`` into exactly the tables
an uninterrupted run writes; Ctrl-C prints the command that does it; a changed experiment, or a
folder without a checkpoint, is refused with a message and nothing in the folder changes.

Herbalism with random bots (about 5 ms a game) keeps every run to a few seconds.  The timing
table holds the clock, the one thing no two runs share, so it is compared on its keys.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.lab import api, backends, runner
from ludoteca.lab.checkpoint import Checkpoint
from ludoteca.lab.experiment import Experiment, expand, load

EXPERIMENT = """\
[experiment]
name = "resume check"
game = "herbalism"
players = 2
seed = {seed}
blocks = {blocks}

[bots]
lineup = ["random"]

[arms.shipped]
[arms.answer_5]
params = {{ scoring = {{ answer_right = 5 }} }}

[metrics]
telemetry = ["score"]
"""
#: The tables whose bytes must match (decompressed); timing is compared on its keys.
TABLES = ("games", "seats", "series")
CLI = [sys.executable, "-c", "from ludoteca.cli import app; app()"]


def _experiment_file(folder: Path, seed: int = 7, blocks: int = 300) -> Path:
    path = folder / "exp.toml"
    path.write_text(EXPERIMENT.format(seed=seed, blocks=blocks), encoding="utf-8")
    return path


def _checkpointed(run: Path) -> int:
    """How many blocks the checkpoint holds (its files are named by their first and last block)."""
    names = [p.name for p in (run / "checkpoint").glob("blocks-*.jsonl.gz")]
    return max((int(name.split("-")[2].split(".")[0]) + 1 for name in names), default=0)


def _rows(run: Path, table: str) -> bytes:
    return gzip.decompress((run / f"{table}.jsonl.gz").read_bytes())


def _assert_same_outputs(run: Path, reference: Path) -> None:
    """Every table equal; the metrics equal but for the clock (cpu_s); the same records."""
    for table in TABLES:
        assert _rows(run, table) == _rows(reference, table), table
    keys = [[(r["arm"], r["players"], r["block"], r["rotation"]) for r in map(json.loads, rows.splitlines())]
            for rows in (_rows(run, "timing"), _rows(reference, "timing"))]
    assert keys[0] == keys[1] and len(keys[0]) > 0
    a, b = (json.loads((p / "metrics.json").read_text(encoding="utf-8")) for p in (run, reference))
    for kind in ("estimates", "deltas"):
        assert [e for e in a[kind] if e["metric"] != "cpu_s"] == [e for e in b[kind] if e["metric"] != "cpu_s"], kind
    for part in ("verdicts", "notable", "sprt", "dead_content", "experiment"):
        assert a[part] == b[part], part
    assert a["method"]["blocks"] == b["method"]["blocks"] and a["method"]["stop"] == b["method"]["stop"] == "blocks"
    records = [sorted(p.name for p in (folder / "records").iterdir()) for folder in (run, reference)]
    assert records[0] == records[1] and records[0]
    for name in records[0]:
        assert (run / "records" / name).read_bytes() == (reference / "records" / name).read_bytes(), name


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and a hash of its bytes (to show that nothing changed)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_run_killed_at_half_resumes_to_the_tables_of_an_uninterrupted_run(tmp_path: Path) -> None:
    """LAB.md §8: kill at 50% (SIGKILL, the run and its workers), resume, compare every table."""
    exp_file = _experiment_file(tmp_path)
    planned = 300
    killed = subprocess.Popen([*CLI, "lab", "run", str(exp_file), "--out", "runs", "--jobs", "2", "--no-cache"],
                              cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    runs = tmp_path / "runs"
    deadline = time.monotonic() + 90
    run = None
    try:
        while time.monotonic() < deadline and killed.poll() is None:
            found = [p for p in runs.glob("*") if p.is_dir() and not p.name.startswith(".")] if runs.exists() else []
            if found and _checkpointed(found[0]) >= planned // 2:
                run = found[0]
                break
            time.sleep(0.01)
    finally:
        if killed.poll() is None:
            os.killpg(killed.pid, signal.SIGKILL)  # the parent and its pool workers, at once
        killed.wait(timeout=30)
    assert run is not None, f"the run ended (or stalled) before half its blocks: {killed.stderr.read()!r}"
    assert killed.returncode == -signal.SIGKILL
    kept = _checkpointed(run)
    assert planned // 2 <= kept < planned, kept
    assert not (run / "metrics.json").exists()  # killed mid-run: no tables, no metrics

    # Resumed in this process through the API (the CLI's --resume is the same call: see the Ctrl-C test).
    finished = api.run(load(exp_file), resume=run, jobs=2, cache=False)
    assert finished.path == run
    assert finished.manifest["resume"] == {"blocks": kept} and finished.manifest["blocks"] == planned

    reference = api.run(load(exp_file), jobs=1, run_dir=tmp_path / "uninterrupted", cache=False)
    _assert_same_outputs(run, reference.path)
    assert not (run / ".parts").exists() and not (run / ".columns").exists()

    # Finished: the checkpoint keeps only its header, marked complete; resuming replays nothing.
    assert sorted(p.name for p in (run / "checkpoint").iterdir()) == ["checkpoint.json"]
    meta = Checkpoint(run).read_meta()
    assert meta["complete"] is True and meta["blocks"] == planned and meta["stop"] == "blocks"
    before = _snapshot(run)
    again = CliRunner().invoke(app, ["lab", "run", str(exp_file), "--resume", str(run)], env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    # compared without spaces: the console folds long lines (the run's path) at its own width
    assert "alreadycomplete(300blocks):nothingwasplayed" in "".join(again.output.split())
    assert _snapshot(run) == before


def _interrupt_at(monkeypatch, nth: int) -> None:
    """Ctrl-C on the ``nth`` wait for results, with one block a chunk (inline, two chunks a wait)."""
    waits = {"n": 0}
    real_wait = runner.wait

    def interrupted(*args, **kwargs):
        waits["n"] += 1
        if waits["n"] == nth:
            raise KeyboardInterrupt
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(runner, "wait", interrupted)
    monkeypatch.setattr(runner, "CHUNK_CPU_S", 0.0)
    monkeypatch.setattr(backends.InlineBackend, "chunk_cpu_s", 0.0, raising=False)


def test_ctrl_c_prints_the_resume_command_and_resume_finishes_the_sweep(tmp_path: Path, monkeypatch) -> None:
    """Ctrl-C keeps the finished blocks and prints the command; ``lab run --resume RUN`` needs no
    file (the checkpoint holds the exact sweep, which the run's experiment.toml does not)."""
    real_wait = runner.wait
    _interrupt_at(monkeypatch, 4)
    args = ["lab", "sweep", "herbalism", "--param", "scoring.answer_right=5", "--players", "2", "--bots", "random",
            "--blocks", "40", "--seed", "7", "--jobs", "1", "--out", str(tmp_path / "runs")]
    first = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
    assert first.exit_code == 0, first.output
    (run,) = [p for p in (tmp_path / "runs").iterdir() if not p.name.startswith(".")]
    kept = json.loads((run / "manifest.json").read_text(encoding="utf-8"))["blocks"]
    assert 0 < kept < 40
    assert f"Interrupted after {kept} of 40 blocks" in first.output
    assert f"ludoteca lab run --resume {run}" in " ".join(first.output.split())
    assert Checkpoint(run).read_meta()["complete"] is False and _checkpointed(run) == kept

    monkeypatch.undo()
    assert runner.wait is real_wait
    second = CliRunner().invoke(app, ["lab", "run", "--resume", str(run), "--jobs", "1"], env={"COLUMNS": "200"})
    assert second.exit_code == 0, second.output
    assert f"{kept} blocks reloaded from the checkpoint" in second.output

    sweep = expand(Experiment(game="herbalism", players=[2], bots=["random"], seed=7, blocks=40, type="sweep",
                              sweep={"scoring.answer_right": [5]}, name="herbalism sweep"))
    reference = api.run(sweep, jobs=1, run_dir=tmp_path / "uninterrupted", cache=False)
    for table in ("games", "seats"):
        assert _rows(run, table) == _rows(reference.path, table), table
    m = json.loads((run / "metrics.json").read_text(encoding="utf-8"))
    assert m["method"]["blocks"] == 40 and m["method"]["stop"] == "blocks"
    assert [e for e in m["estimates"] if e["metric"] == "elasticity"] == \
        [e for e in reference.metrics["estimates"] if e["metric"] == "elasticity"]


@pytest.fixture
def interrupted_run(tmp_path: Path, monkeypatch) -> tuple[Path, Path]:
    """A run of 6 blocks interrupted after 4 (Ctrl-C), and its experiment file."""
    exp_file = _experiment_file(tmp_path, blocks=6)
    _interrupt_at(monkeypatch, 2)
    run = api.run(load(exp_file), jobs=1, run_dir=tmp_path / "run", cache=False)
    monkeypatch.undo()
    assert run.manifest["stop"] == "interrupted" and run.manifest["blocks"] == 4
    return exp_file, run.path


def test_resume_refuses_a_changed_experiment_naming_the_change_and_touches_nothing(interrupted_run) -> None:
    exp_file, run = interrupted_run
    before = _snapshot(run)
    exp_file.write_text(EXPERIMENT.format(seed=8, blocks=6).replace("answer_right = 5", "answer_right = 6"),
                        encoding="utf-8")
    result = CliRunner().invoke(app, ["lab", "run", str(exp_file), "--resume", str(run)], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "is not the one the run was started with" in text
    assert "seed: 7 -> 8" in text
    assert "arms.answer_5.params.scoring.answer_right: 5 -> 6" in text
    assert "Traceback" not in result.output
    with pytest.raises(ValueError, match=r"changed: .*seed: 7 -> 8"):
        api.run(load(exp_file), resume=run)
    with pytest.raises(ValueError, match="blocks: 6 -> 7"):  # more blocks is another experiment too
        exp = load(_experiment_file(exp_file.parent, blocks=7))
        api.run(exp, resume=run)
    assert _snapshot(run) == before


def test_resume_refuses_a_folder_without_a_checkpoint(tmp_path: Path, interrupted_run) -> None:
    exp_file, _run = interrupted_run
    plain = tmp_path / "not-a-run"
    plain.mkdir()
    (plain / "notes.txt").write_text("hello", encoding="utf-8")
    result = CliRunner().invoke(app, ["lab", "run", str(exp_file), "--resume", str(plain)], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert "has no checkpoint" in " ".join(result.output.split())
    assert sorted(p.name for p in plain.iterdir()) == ["notes.txt"]
    missing = CliRunner().invoke(app, ["lab", "run", "--resume", str(tmp_path / "nowhere")], env={"COLUMNS": "300"})
    assert missing.exit_code == 2 and "no such run folder" in missing.output
    assert not (tmp_path / "nowhere").exists()
    neither = CliRunner().invoke(app, ["lab", "run"], env={"COLUMNS": "300"})
    assert neither.exit_code == 2 and "give an experiment file" in neither.output


def test_an_unreadable_checkpoint_file_is_played_again(interrupted_run, tmp_path: Path) -> None:
    """A checkpoint file a lost write left unreadable ends the saved prefix: its blocks are played
    again, and the tables still equal an uninterrupted run's."""
    exp_file, run = interrupted_run
    files = sorted((run / "checkpoint").glob("blocks-*.jsonl.gz"))
    assert files
    files[-1].write_bytes(b"not gzip")
    finished = api.run(load(exp_file), resume=run, cache=False)
    assert finished.manifest["blocks"] == 6
    reference = api.run(load(exp_file), jobs=1, run_dir=tmp_path / "uninterrupted", cache=False)
    for table in TABLES:
        assert _rows(run, table) == _rows(reference.path, table), table


def test_workers_end_with_a_parent_killed_outright(tmp_path: Path) -> None:
    """A ``kill -9`` of the run alone (not its process group, as a shell's ``kill`` or the
    out-of-memory killer does it) takes the pool's workers with it: none is left asleep."""
    exp_file = _experiment_file(tmp_path, blocks=3000)
    parent = subprocess.Popen([*CLI, "lab", "run", str(exp_file), "--out", "runs", "--jobs", "2", "--no-cache"],
                              cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    children = Path(f"/proc/{parent.pid}/task/{parent.pid}/children")
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and parent.poll() is None:
            assert time.monotonic() < deadline, "the run never started its two workers"
            workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
            time.sleep(0.05)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 15
        while alive := [pid for pid in workers if _running(pid)]:
            assert time.monotonic() < deadline, f"workers {alive} outlived their killed parent"
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(parent.pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_checkpoint_is_written_at_least_every_tenth_of_the_plan(tmp_path: Path, monkeypatch) -> None:
    """However fast blocks are played, a killed run loses at most a tenth of its plan (and the
    kill at half its blocks above always finds a checkpoint between half and the end)."""
    from ludoteca.lab import checkpoint

    monkeypatch.setattr(checkpoint, "FLUSH_S", 3600.0)        # only the count decides here
    kept = Checkpoint(tmp_path)
    kept.start("fingerprint", {}, {}, "code", planned=300)
    for block in range(90):
        kept.add(block, [], [])
    files = sorted(p.name for p in (tmp_path / "checkpoint").glob("blocks-*.jsonl.gz"))
    assert files == ["blocks-0000000-0000029.jsonl.gz", "blocks-0000030-0000059.jsonl.gz",
                     "blocks-0000060-0000089.jsonl.gz"]
