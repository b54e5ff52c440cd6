"""Runs inside a private network namespace (``unshare -n``, loopback up), started by
tests/lab/test_lab_ray.py: the same 40-game experiment on the local backend and on a local
Ray with 2 CPUs, every listening socket read with ``ss`` while Ray is up, and every process
left behind afterwards.  Prints one JSON object on its last line; the test judges it.

Why a separate process in a namespace: Ray 2.60.0 once listened beyond loopback on the host, and
the test must see every listener Ray opens without letting any of them reach a network.  Ray's
processes are told apart from everything else on the machine by a marker in their environment
(they inherit the driver's), so the check sees only this probe's Ray.

    python tests/lab/ray_probe.py OUT_DIR
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: Set in this process's environment; every process Ray starts for us inherits it.
MARKER = "LUDOTECA_RAY_PROBE"
#: How a process of Ray's shows in its command line.
RAY_CMDLINE = re.compile(r"raylet|gcs_server|ray::|/ray/|ray\.util|default_worker")
TABLES = ("games.jsonl.gz", "seats.jsonl.gz")


def marked_processes(marker: str) -> list[dict[str, Any]]:
    """Every process (but this one) whose environment carries ``MARKER=marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone meanwhile, or a kernel thread
            continue
        if f"{MARKER}={marker}".encode() in environ:
            found.append({"pid": int(entry.name), "cmdline": cmdline[:200], "ray": bool(RAY_CMDLINE.search(cmdline))})
    return found


def listeners() -> list[dict[str, str]]:
    """Every listening TCP socket and bound UDP socket in this namespace, with its process."""
    out = []
    for proto, flag in (("tcp", "-ltnpH"), ("udp", "-lunpH")):
        text = subprocess.run(["ss", flag], capture_output=True, text=True, check=True).stdout
        for line in text.splitlines():
            fields = line.split()
            if len(fields) >= 5:
                out.append({"proto": proto, "local": fields[3], "process": " ".join(fields[5:])[:120]})
    return out


def table_digests(run: Path) -> dict[str, str]:
    return {name: hashlib.sha256(gzip.decompress((run / name).read_bytes())).hexdigest() for name in TABLES}


def main() -> None:
    out = Path(sys.argv[1])
    marker = os.environ[MARKER]
    from ludoteca.lab import api
    from ludoteca.lab.experiment import Experiment

    def experiment() -> Experiment:
        return Experiment(game="dschunke", players=[2], bots=["random"], blocks=40, seed=7, type="seats",
                          records="none", formats=["csv"])

    result: dict[str, Any] = {"marker": marker}
    start = time.perf_counter()
    local = api.run(experiment(), backend="local", jobs=2, run_dir=out / "local")
    result["local_s"] = round(time.perf_counter() - start, 2)
    seen: dict[str, Any] = {}

    def while_up(_live: Any) -> None:
        if "listeners" not in seen:  # Ray is up: the runner calls this after each chunk comes back
            seen["listeners"] = listeners()
            seen["processes"] = marked_processes(marker)

    start = time.perf_counter()
    ray_run = api.run(experiment(), backend="ray", jobs=2, run_dir=out / "ray", progress=while_up)
    result["ray_s"] = round(time.perf_counter() - start, 2)
    result["listeners"] = seen.get("listeners", [])
    result["during"] = seen.get("processes", [])
    deadline = time.monotonic() + 15  # Ray's processes may take a moment to exit after shutdown
    while (left := marked_processes(marker)) and time.monotonic() < deadline:
        time.sleep(0.25)
    result["after"] = left
    result["games"] = [local.metrics["health"]["games"], ray_run.metrics["health"]["games"]]
    result["digests"] = {"local": table_digests(local.path), "ray": table_digests(ray_run.path)}
    result["bytes_equal"] = {name: (local.path / name).read_bytes() == (ray_run.path / name).read_bytes()
                             for name in TABLES}
    result["fingerprints"] = [local.manifest["fingerprint"], ray_run.manifest["fingerprint"]]
    result["manifest_backend"] = [local.manifest["backend"], ray_run.manifest["backend"]]
    result["manifest_ray"] = ray_run.manifest.get("ray")
    result["ray_address_env"] = os.environ.get("RAY_ADDRESS")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
