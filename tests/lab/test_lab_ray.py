"""The Ray backend (LAB.md §9, §9.1 item 4): identical tables to the local pool, nothing
listening beyond loopback, no Ray process left; and the errors a user can meet.

The run itself happens in tests/lab/ray_probe.py inside a private network namespace
(``unshare -n``, loopback up): whatever Ray opens, it can reach nothing but 127.0.0.1 there,
and ``ss`` inside the namespace lists exactly Ray's sockets.  It needs root (CI runs as root)
or unprivileged user namespaces; elsewhere that test is skipped, saying why.
"""

from __future__ import annotations

import ipaddress
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.lab import ray_backend
from ludoteca.lab.backends import make_backend
from ludoteca.lab.experiment import Experiment, from_dict

PROBE = Path(__file__).with_name("ray_probe.py")


def _namespace_problem() -> str | None:
    """Why this machine cannot run the probe in a private network namespace, or None."""
    for tool in ("unshare", "ip", "ss"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed, so the Ray test cannot run in a private network namespace"
    try:
        done = subprocess.run(["unshare", "-n", "sh", "-c", "ip link set lo up"], capture_output=True, text=True,
                              timeout=20)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"`unshare -n` could not run here ({exc}), so the Ray test cannot run in a private network namespace"
    if done.returncode != 0:
        return (f"`unshare -n` is not permitted here ({done.stderr.strip() or done.returncode}): the Ray test "
                f"needs root or user namespaces to run Ray in a private network namespace")
    return None


def _is_loopback(address: str) -> bool:
    """``127.0.0.1:80``, ``[::ffff:127.0.0.1]:80``, ``[::1]:80`` and ``127.0.0.53%lo:53`` are loopback."""
    host = address.rsplit(":", 1)[0].strip("[]").split("%")[0]
    if host in ("*", "0.0.0.0", "::"):
        return False
    ip = ipaddress.ip_address(host)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def _left_processes(marker: str) -> list[str]:
    """Processes on the whole machine (the pid namespace is shared) carrying the probe's marker."""
    left = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"LUDOTECA_RAY_PROBE={marker}".encode() in (entry / "environ").read_bytes().split(b"\0"):
                left.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except OSError:
            continue
    return left


@pytest.mark.xdist_group("ray")
@pytest.mark.timeout(240)
def test_ray_gives_the_local_tables_listens_on_loopback_only_and_leaves_nothing(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray is not installed (the 'distributed' extra; `make install` adds it)")
    problem = _namespace_problem()
    if problem:
        pytest.skip(problem)
    marker = uuid.uuid4().hex
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}  # a RAY_ADDRESS here must not leak in
    env["LUDOTECA_RAY_PROBE"] = marker
    command = f"ip link set lo up && exec {sys.executable} {PROBE} {tmp_path}"
    done = subprocess.run(["unshare", "-n", "sh", "-c", command], capture_output=True, text=True, env=env,
                          timeout=200, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-4000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])

    assert result["games"] == [40, 40]
    assert result["bytes_equal"] == {"games.jsonl.gz": True, "seats.jsonl.gz": True}, result["digests"]
    assert result["fingerprints"][0] == result["fingerprints"][1]
    assert result["manifest_backend"] == ["local", "ray"]
    ray_info = result["manifest_ray"]
    assert ray_info["started_here"] is True and ray_info["num_cpus"] == 2 and ray_info["address"] is None
    # Ray's files are in the run folder, reached through a short link (removed) when its path is long
    assert ray_info["temp_dir"] == "ray" and any((tmp_path / "ray" / "ray").glob("session_*/logs/raylet.out"))
    assert ray_info["temp_link"] is None or not os.path.lexists(ray_info["temp_link"])
    assert [node["ip"] for node in ray_info["nodes"]] == ["127.0.0.1"]

    # The check sees Ray: its core services were up while the games ran ...
    during = " ".join(p["cmdline"] for p in result["during"])
    assert "gcs_server" in during and "raylet" in during, result["during"]
    listeners = result["listeners"]
    assert any("raylet" in row["process"] for row in listeners), listeners
    # ... every one of its sockets on loopback ...
    outside = [row for row in listeners if not _is_loopback(row["local"])]
    assert outside == [], outside
    # ... and nothing of it is left, inside the probe's view or on the machine.
    assert result["after"] == []
    assert _left_processes(marker) == []


def test_loopback_reading_of_ss_addresses() -> None:
    for address in ("127.0.0.1:6379", "[::ffff:127.0.0.1]:4000", "[::1]:80", "127.0.0.53%lo:53"):
        assert _is_loopback(address), address
    for address in ("0.0.0.0:6379", "*:8265", "[::]:80", "10.0.0.2:6379", "[::ffff:10.0.0.2]:80"):
        assert not _is_loopback(address), address


# ---- errors -------------------------------------------------------------------------------------
def test_without_ray_the_message_names_the_distributed_extra(monkeypatch) -> None:
    message = ray_backend.missing_ray_message()
    assert "'distributed' extra" in message and "pip install -e '.[distributed]'" in message
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if it were not installed
    with pytest.raises(ValueError) as caught:
        make_backend("ray", 2)
    assert str(caught.value) == message


def test_without_ray_an_experiment_asking_for_it_is_refused_before_any_game(monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    with pytest.raises(ValueError, match=r"^backend\.kind: the ray backend needs .*'distributed' extra"):
        Experiment(game="dschunke", backend="ray").validate()


def test_an_unknown_backend_is_refused_everywhere(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"^backend 'dask' is unknown; use one of local, inline, ray$"):
        make_backend("dask", 2)
    with pytest.raises(ValueError, match=r"^backend\.kind: 'dask' is unknown; use one of local, inline, ray$"):
        from_dict({"experiment": {"game": "dschunke"}, "backend": {"kind": "dask"}})
    from ludoteca.lab.cli import app

    path = tmp_path / "exp.toml"
    path.write_text('[experiment]\ngame = "dschunke"\nblocks = 2\n', encoding="utf-8")
    out = tmp_path / "runs"
    result = CliRunner().invoke(app, ["run", str(path), "--backend", "dask", "--out", str(out)])
    assert result.exit_code == 2 and "backend.kind: 'dask' is unknown" in result.output
    assert "Traceback" not in result.output and not out.exists()  # nothing played, nothing written


@pytest.mark.parametrize("address", ["head", "head:port", "http://head:6379", "head:0", "head:70000", ""])
def test_a_malformed_address_is_refused_before_any_game(address: str) -> None:
    with pytest.raises(ValueError, match=r"^backend\.address: .* is not a Ray address; expected host:port"):
        Experiment(game="dschunke", backend="ray", address=address).validate()


def test_an_address_without_the_ray_backend_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^backend\.address: only for kind = \"ray\""):
        from_dict({"experiment": {"game": "dschunke"}, "backend": {"address": "127.0.0.1:6379"}})


def test_an_address_where_nothing_answers_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray is not installed (the 'distributed' extra)")
    from ludoteca.lab.cli import app

    with pytest.raises(ValueError, match=r"^Ray address '127\.0\.0\.1:9' \(from --ray-address or \[backend\] "
                                         r"address\): nothing answers there"):
        make_backend("ray", 2, address="127.0.0.1:9")
    out = tmp_path / "runs"
    path = tmp_path / "exp.toml"
    path.write_text('[experiment]\ngame = "dschunke"\nblocks = 2\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["run", str(path), "--backend", "ray", "--ray-address", "127.0.0.1:9",
                                      "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "nothing answers there" in result.output and "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())  # no run folder was made


def test_ray_address_in_the_environment_never_picks_ray(tmp_path: Path, monkeypatch) -> None:
    """RAY_ADDRESS set, no --backend: the local pool runs, and ray is not even imported."""
    from ludoteca.lab import api

    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:9")
    monkeypatch.delitem(sys.modules, "ray", raising=False)
    monkeypatch.setitem(sys.modules, "ray", None)  # importing ray would raise: it must not happen
    run = api.run(Experiment(game="dschunke", players=[2], bots=["random"], blocks=2, records="none"),
                  jobs=1, run_dir=tmp_path / "run")
    assert run.manifest["backend"] == "inline" and "ray" not in run.manifest


def test_a_node_with_other_code_or_content_is_named() -> None:
    expected = {"code": "a" * 64, "content": {"shipped": "b" * 64}}
    facts = {"node": "f" * 56, "ip": "10.1.2.3", "host": "worker-7", "code": "a" * 64, "content": {"shipped": "b" * 64}}
    assert ray_backend.node_mismatch(facts, expected) is None
    why = ray_backend.node_mismatch({**facts, "code": "c" * 64}, expected)
    assert why == ("node 10.1.2.3 (worker-7, Ray node ffffffffffff) runs different game code (fingerprint "
                   "cccccccccccc, here aaaaaaaaaaaa): install the same ludoteca checkout on every node; "
                   "the run stopped")
    why = ray_backend.node_mismatch({**facts, "content": {"shipped": "d" * 64}}, expected)
    assert why is not None and why.startswith("node 10.1.2.3 (worker-7, Ray node ffffffffffff) has different content "
                                              "for arm 'shipped' (content hash dddddddddddd, here bbbbbbbbbbbb)")


def test_ray_sockets_get_a_short_link_when_the_run_folder_is_deep(tmp_path: Path) -> None:
    shallow = Path("/tmp") / f"r{uuid.uuid4().hex[:6]}"
    assert ray_backend.short_temp_link(shallow) is None and shallow.is_dir()
    shallow.rmdir()
    deep = tmp_path / ("d" * 60) / "run" / "ray"
    link = ray_backend.short_temp_link(deep)
    try:
        assert link is not None and deep.is_dir() and link.resolve() == deep.resolve()
        assert len(str(link)) + ray_backend.RAY_SOCKET_SUFFIX <= ray_backend.SOCKET_PATH_MAX
    finally:
        if link is not None:
            link.unlink()
