"""The Ray backend: the same chunks as the local pool, shipped as one ``ray.remote`` task each.

Why this shape (LAB.md §9):
- Never implied.  Only ``--backend ray`` or ``[backend] kind = "ray"`` reach this module, and
  only then is ``ray`` imported; a ``RAY_ADDRESS`` in the environment is read only after Ray
  was asked for.
- A local Ray (no address) is a private one: no dashboard, no usage statistics, ``num_cpus`` =
  jobs, every service on 127.0.0.1, a fresh authentication token kept in the environment of
  its own processes (not written to ``~/.ray``), and its temporary folder under the run folder.
  Ray binds unix sockets below that folder, and a socket path may not exceed 107 bytes, so Ray
  is handed a short link in the system's temporary folder that points into the run folder.
- With an address, the run joins that cluster and only disconnects at the end: a cluster we
  did not start is never shut down.
- Results stream with ``ray.wait`` from a bridge thread that resolves the
  ``concurrent.futures.Future`` the runner waits on, so the runner keeps one loop for every
  backend and commits blocks in block order, whatever order the tasks end in.
- Every task reports its node's code fingerprint and the content hash of the arms it played; a
  node that differs from this machine aborts the run with its name, before any of its games is
  committed: a node running other rules would silently change the tables.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import socket
import tempfile
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future, InvalidStateError
from pathlib import Path
from typing import Any

#: A Ray task should cost at least this much CPU: Ray's dispatch costs 0.6-1.2 ms a task.
RAY_CHUNK_CPU_S = 5.0
#: The longest unix socket path Linux accepts (``sun_path`` is 108 bytes with its NUL).
SOCKET_PATH_MAX = 107
#: What Ray appends to its temporary folder for its longest socket path:
#: ``/session_2026-12-02_04-18-41_075882_<pid>/sockets/plasma_store`` and some margin.
RAY_SOCKET_SUFFIX = 72
#: The object store of a local Ray: chunk results are a few MB, so 256 MiB is ample.
OBJECT_STORE_BYTES = 256 * 2**20
#: How long the bridge thread waits in ``ray.wait`` before looking for new tasks.
WAIT_S = 0.2
#: How long to wait for an existing cluster to answer before calling its address wrong.
CONNECT_TIMEOUT_S = 3.0

_ADDRESS = re.compile(r"^(?:ray://)?(?P<host>\[[0-9a-fA-F:]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})$")


def missing_ray_message() -> str:
    """What to say when ``--backend ray`` is asked for and ray is not installed."""
    return ("the ray backend needs the 'ray' package (the 'distributed' extra): run `make install`, "
            "or `pip install -e '.[distributed]'` in this checkout")


def check_address(address: str | None, where: str = "--ray-address") -> None:
    """Raise ValueError unless ``address`` is "auto", "host:port" or "ray://host:port"."""
    if address is None or address == "auto":
        return
    match = _ADDRESS.match(address) if isinstance(address, str) else None
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ValueError(f"{where}: {address!r} is not a Ray address; expected host:port (e.g. 127.0.0.1:6379), "
                         f"ray://host:10001 or auto")


def _answers(address: str) -> str | None:
    """None when something accepts a TCP connection at ``address``, else why not."""
    match = _ADDRESS.match(address)
    if match is None:  # "auto": Ray finds the cluster itself
        return None
    host = match["host"].strip("[]")
    try:
        with socket.create_connection((host, int(match["port"])), timeout=CONNECT_TIMEOUT_S):
            return None
    except OSError as exc:
        return str(exc) or type(exc).__name__


def short_temp_link(target: Path) -> Path | None:
    """Make ``target``; when Ray's socket paths below it would exceed :data:`SOCKET_PATH_MAX`,
    also a short link to it in the system's temporary folder, to hand Ray instead (returned, to
    be removed after the run); else None."""
    target.mkdir(parents=True, exist_ok=True)
    if len(os.fsencode(str(target))) + RAY_SOCKET_SUFFIX <= SOCKET_PATH_MAX:
        return None
    for base in (tempfile.gettempdir(), "/tmp"):
        link = Path(base) / f"ludoteca-ray-{secrets.token_hex(4)}"
        if len(os.fsencode(str(link))) + RAY_SOCKET_SUFFIX <= SOCKET_PATH_MAX:
            link.symlink_to(target.resolve(), target_is_directory=True)
            return link
    raise ValueError(f"no temporary folder is short enough for Ray's sockets (TMPDIR={tempfile.gettempdir()!r}); "
                     f"set TMPDIR to a short path such as /tmp")


# ---- what runs on a node -------------------------------------------------------------------------
_content_seen: dict[tuple[str, str], str] = {}


def node_facts(tasks: Any) -> dict[str, Any]:
    """This node's identity, its code fingerprint, and the content hash of every arm in ``tasks``
    (computed once per worker process and arm)."""
    import json

    import ray

    from ludoteca.engine import game as get_game

    from .codehash import code_fingerprint
    from .gamedata import content_hash

    content: dict[str, str] = {}
    for task in tasks if isinstance(tasks, list) else []:
        if task.arm in content:
            continue
        params = dict(task.options).get("params")
        key = (task.game, json.dumps(params, sort_keys=True, default=str))
        if key not in _content_seen:
            _content_seen[key] = content_hash(get_game(task.game), params)
        content[task.arm] = _content_seen[key]
    return {"node": ray.get_runtime_context().get_node_id(), "ip": ray.util.get_node_ip_address(),
            "host": socket.gethostname(), "code": code_fingerprint(), "content": content}


def run_chunk(fn: Callable[..., Any], *args: Any) -> tuple[dict[str, Any], Any]:
    """The task body: the node's facts first, then the chunk's results."""
    return node_facts(args[0] if args else None), fn(*args)


def node_mismatch(facts: Mapping[str, Any], expected: Mapping[str, Any]) -> str | None:
    """Why a node's results may not be used (its code or an arm's content differs), or None."""
    name = f"node {facts.get('ip')} ({facts.get('host')}, Ray node {str(facts.get('node'))[:12]})"
    if expected.get("code") and facts.get("code") != expected["code"]:
        return (f"{name} runs different game code (fingerprint {str(facts.get('code'))[:12]}, here "
                f"{expected['code'][:12]}): install the same ludoteca checkout on every node; the run stopped")
    for arm, digest in facts.get("content", {}).items():
        want = expected.get("content", {}).get(arm)
        if want is not None and digest != want:
            return (f"{name} has different content for arm {arm!r} (content hash {digest[:12]}, here {want[:12]}): "
                    f"its content files differ from this machine's; the run stopped")
    return None


# ---- the backend ---------------------------------------------------------------------------------
class RayBackend:
    """Chunks as Ray tasks; see the module docstring.  Use as a context manager."""

    kind = "ray"
    chunk_cpu_s = RAY_CHUNK_CPU_S

    def __init__(self, jobs: int | None = None, address: str | None = None, run_dir: Path | None = None,
                 expected: Mapping[str, Any] | None = None) -> None:
        os.environ["RAY_USAGE_STATS_ENABLED"] = "0"  # before ray is imported, and for every process it starts
        try:
            import ray
        except ImportError as exc:
            raise ValueError(missing_ray_message()) from exc
        self.ray = ray
        self.address_from = "--ray-address or [backend] address" if address else None
        if address is None and os.environ.get("RAY_ADDRESS"):
            address, self.address_from = os.environ["RAY_ADDRESS"], "RAY_ADDRESS"
        check_address(address, "RAY_ADDRESS" if self.address_from == "RAY_ADDRESS" else "--ray-address")
        if address is not None:
            why = _answers(address)
            if why is not None:
                raise ValueError(f"Ray address {address!r} (from {self.address_from}): nothing answers there "
                                 f"({why}); start the cluster (`ray start --head`) or fix the address")
        self.address = address
        self.jobs = jobs  # None: every CPU of this machine, or of the cluster joined
        self.workers = jobs or os.cpu_count() or 1
        self.run_dir = Path(run_dir) if run_dir is not None else None
        self.expected = dict(expected or {})
        self.started = False  # True when this run started the Ray it uses
        self.temp: Path | None = None
        self.link: Path | None = None
        self.nodes: dict[str, dict[str, Any]] = {}
        self.failure: str | None = None
        self._env: dict[str, str | None] = {}
        self._pending: dict[Any, Future] = {}
        self._cond = threading.Condition()
        self._closing = False
        self._thread: threading.Thread | None = None
        self._task: Any = None

    # ---- start and stop -----------------------------------------------------------------
    def __enter__(self) -> RayBackend:
        ray = self.ray
        if ray.is_initialized():
            raise ValueError("Ray is already initialised in this process; the lab starts and stops its own connection")
        try:
            if self.address is None:
                self._start_local()
            else:
                ray.init(address=self.address, logging_level=logging.ERROR, log_to_driver=False,
                         namespace="ludoteca-lab")
                if self.jobs is None:  # "auto": as many chunks at work as the cluster has CPUs
                    self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
            self._task = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        except BaseException:
            self._stop()
            raise
        self._thread = threading.Thread(target=self._stream, name="ludoteca-ray-bridge", daemon=True)
        self._thread.start()
        return self

    def _start_local(self) -> None:
        """A private Ray on this machine, on 127.0.0.1 only, with its files under the run folder."""
        base = (self.run_dir / "ray" if self.run_dir is not None
                else Path(tempfile.mkdtemp(prefix="ludoteca-ray-"))).absolute()  # Ray wants an absolute path
        self.temp, self.link = base, short_temp_link(base)
        # A fresh token guards this Ray's services; kept in the environment its processes inherit.
        env = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32), "RAY_AUTH_TOKEN_PATH": None,
               "RAY_ADDRESS": None}
        for name, value in env.items():
            self._env[name] = os.environ.get(name)
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _reread_auth()
        self.started = True
        self.ray.init(address="local", num_cpus=self.workers, include_dashboard=False, _node_ip_address="127.0.0.1",
                      _temp_dir=str(self.link or self.temp), object_store_memory=OBJECT_STORE_BYTES,
                      logging_level=logging.ERROR, log_to_driver=False, namespace="ludoteca-lab")

    def __exit__(self, *exc: Any) -> None:
        self._stop()

    def _stop(self) -> None:
        with self._cond:
            self._closing = True
            pending, self._pending = dict(self._pending), {}
            self._cond.notify_all()
        for ref, future in pending.items():
            with contextlib.suppress(Exception):  # the task may be finished, or its node gone
                self.ray.cancel(ref, force=True)
            _fail(future, RuntimeError("the Ray backend stopped before this chunk finished"))
        if self._thread is not None:
            self._thread.join(timeout=10)
        # Disconnects from a cluster we joined (it keeps running); stops the Ray we started.
        self.ray.shutdown()
        for name, value in self._env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        if self._env:
            _reread_auth()
        self._env = {}
        if self.link is not None:
            self.link.unlink(missing_ok=True)

    # ---- chunks -------------------------------------------------------------------------
    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        assert self._task is not None, "use the backend as a context manager"
        # Left pending, so Ctrl-C cancels it: the runner then stops at once.  (Ctrl-C also reaches
        # Ray's own services in this process group, so a chunk in flight could never come back.)
        future: Future = Future()
        ref = self._task.remote(fn, *args)
        with self._cond:
            self._pending[ref] = future
            self._cond.notify_all()
        return future

    def _stream(self) -> None:
        """The bridge: ``ray.wait`` for any finished task, check its node, resolve its future."""
        ray = self.ray
        while True:
            with self._cond:
                while not self._pending and not self._closing:
                    self._cond.wait()
                if self._closing:
                    return
                refs = list(self._pending)
            try:
                ready, _ = ray.wait(refs, num_returns=1, timeout=WAIT_S)
            except Exception as exc:  # noqa: BLE001 - Ray itself failed: every waiting chunk fails with it
                with self._cond:
                    pending, self._pending = dict(self._pending), {}
                for future in pending.values():
                    _fail(future, exc)
                continue
            for ref in ready:
                with self._cond:
                    future = self._pending.pop(ref, None)
                if future is None:
                    continue
                try:
                    facts, results = ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - handed to the runner through the future
                    _fail(future, exc)
                    continue
                why = node_mismatch(facts, self.expected)
                if why is not None:
                    self.failure = why
                    _fail(future, ValueError(why))
                    continue
                node = self.nodes.setdefault(facts["node"], {"ip": facts["ip"], "host": facts["host"], "tasks": 0,
                                                             "code": facts["code"]})
                node["tasks"] += 1
                with contextlib.suppress(InvalidStateError):
                    future.set_result(results)

    # ---- provenance ---------------------------------------------------------------------
    def manifest(self) -> dict[str, Any]:
        """What the run's manifest records about Ray: where it ran, and where its files are."""
        temp = None
        if self.temp is not None:
            run_dir = self.run_dir.absolute() if self.run_dir is not None else None
            temp = (str(self.temp.relative_to(run_dir)) if run_dir is not None and self.temp.is_relative_to(run_dir)
                    else str(self.temp))
        return {"version": self.ray.__version__, "started_here": self.started,
                "address": self.address, "address_from": self.address_from, "num_cpus": self.workers if self.started
                else None, "temp_dir": temp, "temp_link": str(self.link) if self.link is not None else None,
                "nodes": [{"node": node_id, **info} for node_id, info in sorted(self.nodes.items())]}


def _reread_auth() -> None:
    """Ray reads RAY_AUTH_MODE and the token once per process and caches them: make this
    process read them again (what ``ray.init`` does itself when it turns token mode on)."""
    from ray._raylet import AuthenticationTokenLoader, Config

    Config.initialize("")
    AuthenticationTokenLoader.instance().reset_cache()


def _fail(future: Future, exc: BaseException) -> None:
    with contextlib.suppress(InvalidStateError):
        future.set_exception(exc)
