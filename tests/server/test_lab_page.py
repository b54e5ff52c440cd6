"""The /lab page (docs/lab.md, "The lab page"): off unless asked for, the owner's only, runs
listed (broken folders too), reports and diffs served from the runs folder and nothing outside
it, a small run started from the page with its progress over /lab/ws, the game cap, one run at
a time, and every bad form field named with nothing run.

In-process (FastAPI's TestClient, the real app and its middleware); the runs shown are made
once per module with the lab's API (Dschunke, random bots, 4 blocks: a fraction of a second).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import lab_page, lab_runs
from ludoteca.server.app import create_app
from ludoteca.server.config import Settings

KEY = "the-owner-key-for-tests-0123456789"
ORIGIN = "http://testserver"
CAP = 200
SMALL = {"game": "dschunke", "type": "seats", "players": 2, "bots": "random", "blocks": 4}


@contextmanager
def lab_env(**values: str | None) -> Iterator[None]:
    """The LUDOTECA_LAB_* variables for one create_app (the settings are read once, there)."""
    names = ("LUDOTECA_LAB_DIR", "LUDOTECA_LAB_KEY", "LUDOTECA_LAB_MAX_GAMES", "LUDOTECA_LAB_JOBS")
    saved = {name: os.environ.pop(name, None) for name in names}
    try:
        for name, value in values.items():
            if value is not None:
                os.environ[f"LUDOTECA_LAB_{name.upper()}"] = value
        yield
    finally:
        for name, value in saved.items():
            os.environ.pop(name, None)
            if value is not None:
                os.environ[name] = value


def make_app(data: Path, **lab: str | None) -> Any:
    data.mkdir(parents=True, exist_ok=True)
    settings = Settings(data_dir=data, database_url=f"sqlite:///{data / 'ludoteca.db'}", redis_url=None,
                        secret="s" * 40, bot_delay=0.0)
    with lab_env(**lab):
        return create_app(settings)


def small_run(folder: Path, seed: int = 1) -> Path:
    from ludoteca.lab import api
    from ludoteca.lab.experiment import Experiment

    exp = Experiment(game="dschunke", players=[2], bots=["random"], blocks=4, type="seats", seed=seed,
                     arms={"random": {"lineup": ["random"]}}, records="none", name="dschunke seats",
                     out_dir=str(folder.parent))
    return api.run(exp, jobs=1, run_dir=folder).path


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A runs folder: two finished runs, a half-written one, one with a damaged manifest, a
    folder that is no run, a hidden folder, and a secret file just outside."""
    root = tmp_path_factory.mktemp("lab")
    folder = root / "runs"
    folder.mkdir()
    small_run(folder / "seats-a")
    small_run(folder / "seats-b")
    (folder / "half-written").mkdir()
    (folder / "half-written" / "experiment.toml").write_text('[experiment]\ngame = "dschunke"\ntype = "compare"\n'
                                                             'name = "dschunke compare"\n')
    damaged = folder / "damaged"
    damaged.mkdir()
    (damaged / "manifest.json").write_text("{not json")
    (damaged / "metrics.json").write_text("[]")
    (folder / "holiday-photos").mkdir()
    (folder / "holiday-photos" / "beach.txt").write_text("sand")
    (folder / ".hidden").mkdir()
    (root / "secret.txt").write_text("the server's secrets")
    (folder / "seats-a" / "escape.html").symlink_to(root / "secret.txt")
    return folder


@pytest.fixture(scope="module")
def app(runs: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    return make_app(tmp_path_factory.mktemp("data"), dir=str(runs), key=KEY, max_games=str(CAP), jobs="1")


@pytest.fixture(scope="module")
def owner(app: Any) -> Iterator[TestClient]:
    """The owner's browser: logged in with the key, with the site's CSRF token for POSTs."""
    with TestClient(app) as c:
        assert c.get("/lab", params={"key": KEY}).status_code == 200  # after the redirect
        c.get("/api/me")
        c.headers.update({"X-CSRF-Token": c.cookies["ludoteca_csrf"], "Origin": ORIGIN})
        yield c


@pytest.fixture
def client(app: Any, owner: TestClient) -> TestClient:
    """Anyone else's browser, on the same server (the owner's client runs its start and stop)."""
    return TestClient(app)


# ---- off, refused, let in ---------------------------------------------------------------------------
def test_the_lab_is_off_without_a_runs_folder(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as c:
        for path in ("/lab", "/lab?key=" + KEY, "/lab/api/state", "/lab/runs/x/report.html", "/lab/diff?a=x&b=y"):
            response = c.get(path)
            assert response.status_code == 404, path
            assert response.headers["content-type"].startswith("text/plain")
            assert "ludoteca serve --lab RUNS_FOLDER" in response.text
        with pytest.raises(WebSocketDisconnect), c.websocket_connect("/lab/ws") as ws:
            ws.receive_json()


def test_without_the_key_everyone_gets_a_page_saying_the_lab_is_the_owners(client: TestClient) -> None:
    client.cookies.clear()
    response = client.get("/lab")
    assert response.status_code == 403
    assert "This page is for the server&#x27;s owner" in response.text
    assert "only the person who started the server may use it" in response.text
    spanish = client.get("/lab", headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert spanish.status_code == 403 and "Esta página es para quien administra el servidor" in spanish.text
    wrong = client.get("/lab", params={"key": KEY + "x"}, follow_redirects=False)
    assert wrong.status_code == 403 and "That owner key is not this server" in wrong.text
    assert "set-cookie" not in wrong.headers
    assert client.get("/lab/api/state").json() == {"code": "not_owner", "detail": "the lab is for the server's owner"}
    assert client.get("/lab/runs/seats-a/report.html").status_code == 403
    assert client.get("/lab/diff", params={"a": "seats-a", "b": "seats-b"}).status_code == 403
    client.cookies.set("ludoteca_lab", KEY, path="/lab")  # the key itself is not the cookie
    assert client.get("/lab/api/state").status_code == 403
    client.cookies.clear()
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/lab/ws") as ws:
        ws.receive_json()


def test_the_key_link_sets_a_strict_httponly_cookie_and_leaves_the_address(client: TestClient) -> None:
    client.cookies.clear()
    response = client.get("/lab", params={"key": KEY, "lang": "fr"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/lab?lang=fr"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("ludoteca_lab=")
    assert KEY not in cookie
    for part in ("HttpOnly", "SameSite=strict", "Path=/lab"):
        assert part.lower() in cookie.lower(), part
    page = client.get("/lab")
    assert page.status_code == 200
    assert '<script type="module" src="/static/lab.js"></script>' in page.text
    assert page.headers["cache-control"] == "no-store"
    client.cookies.clear()


# ---- the listing -----------------------------------------------------------------------------------
def test_the_listing_shows_runs_and_says_what_the_other_folders_are(owner: TestClient) -> None:
    data = owner.get("/lab/api/state").json()
    by_name = {line["name"]: line for line in data["runs"]}
    assert set(by_name) == {"seats-a", "seats-b", "half-written", "damaged", "holiday-photos"}
    a = by_name["seats-a"]
    assert (a["status"], a["game"], a["game_title"], a["type"], a["title"], a["games"], a["blocks"], a["stop"],
            a["players"], a["bots"]) == ("run", "dschunke", "Dschunke", "seats", "dschunke seats", 4, 4, "blocks",
                                          [2], ["random"])
    assert a["date"][:2] == "20"
    half = by_name["half-written"]
    assert (half["status"], half["game"], half["type"], half["games"]) == ("unfinished", "dschunke", "compare", None)
    assert by_name["damaged"]["status"] == "other"
    assert by_name["holiday-photos"]["status"] == "other"
    assert data["job"] is None
    form = data["form"]
    assert form["max_games"] == CAP and form["types"] == ["seats", "compare", "sweep"]
    assert {"id": "random", "words": {"en": "random", "es": "aleatorio", "fr": "aléatoire"}} in form["levels"]
    assert {"id": "dschunke", "title": "Dschunke", "min": 2, "max": 2} in form["games"]
    assert {"id": "immunity", "title": "Immunity", "min": 2, "max": 5} in form["games"]


# ---- reports, files and path checks ---------------------------------------------------------------
def test_a_report_is_written_on_first_opening_and_served_sandboxed(owner: TestClient, runs: Path) -> None:
    assert not (runs / "seats-a" / "report.html").exists()
    response = owner.get("/lab/runs/seats-a/report.html", params={"lang": "es"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "sandbox" in response.headers["content-security-policy"]
    assert "script-src" not in response.headers["content-security-policy"]  # default-src 'none': no script
    assert '<html lang="es">' in response.text
    assert (runs / "seats-a" / "report.html").is_file()
    assert owner.get("/lab/api/state").json()["runs"][-1]["name"] != ""  # still lists after writing
    data = owner.get("/lab/runs/seats-a/metrics.json")
    assert data.status_code == 200 and data.headers["content-disposition"].startswith("attachment")


@pytest.mark.parametrize("path", [
    "/lab/runs/seats-a/..%2F..%2Fsecret.txt",
    "/lab/runs/seats-a/%2e%2e/%2e%2e/secret.txt",
    "/lab/runs/seats-a/..%2fmanifest.json",
    "/lab/runs/..%2Fsecret.txt/report.html",
    "/lab/runs/%2e%2e/secret.txt",
    "/lab/runs/seats-a/escape.html",          # a link inside the run that leads out
    "/lab/runs/seats-a/%2Fetc%2Fpasswd",
    "/lab/runs/seats-a/..%5C..%5Csecret.txt",
    "/lab/runs/.hidden/report.html",
    "/lab/runs/seats-a/nothing.html",
    "/lab/runs/seats-a/games.jsonl.gz%00.html",
])
def test_paths_out_of_a_run_are_refused(owner: TestClient, path: str) -> None:
    response = owner.get(path)
    assert response.status_code == 404, path
    assert "the server's secrets" not in response.text
    assert "No such file in this run" in response.text


def test_the_path_checks_themselves(runs: Path) -> None:
    assert lab_runs.run_folder(runs, "seats-a") == (runs / "seats-a").resolve()
    for name in ("..", ".", "", ".hidden", "seats-a/..", "../runs/seats-a", "/etc", "missing"):
        assert lab_runs.run_folder(runs, name) is None, name
    assert lab_runs.run_file(runs, "seats-a", "manifest.json") == (runs / "seats-a" / "manifest.json").resolve()
    for path in ("../secret.txt", "../../secret.txt", "/etc/passwd", "escape.html", "a/../manifest.json",
                 "manifest.json/", ".columns", "records/../../secret.txt", "..\\secret.txt"):
        assert lab_runs.run_file(runs, "seats-a", path) is None, path


# ---- the diff -------------------------------------------------------------------------------------
def test_two_runs_diff_into_a_page_and_bad_pairs_are_refused(owner: TestClient, runs: Path) -> None:
    response = owner.get("/lab/diff", params={"a": "seats-a", "b": "seats-b", "lang": "en"})
    assert response.status_code == 200
    assert response.text.startswith("<!DOCTYPE html>") and "</html>" in response.text
    assert "sandbox" in response.headers["content-security-policy"]
    assert (runs / ".diffs" / "seats-a--seats-b-en" / "diff.html").is_file()
    assert not (runs / "seats-b" / "diff.html").exists()  # the runs themselves are left as they were
    assert owner.get("/lab/diff", params={"a": "seats-a", "b": "seats-a"}).status_code == 422
    for a, b in (("seats-a", "half-written"), ("seats-a", "../runs/seats-b"), ("seats-a", ""), ("nope", "seats-b")):
        refused = owner.get("/lab/diff", params={"a": a, "b": b})
        assert refused.status_code == 404, (a, b)
        assert "Choose two finished runs" in refused.text


# ---- starting runs ---------------------------------------------------------------------------------
def folders(runs: Path) -> set[str]:
    return {p.name for p in runs.iterdir()}


BAD_FORMS = [
    ({"game": "chess"}, "game", "lab_err_game"),
    ({"type": "tune"}, "type", "lab_err_type"),
    ({"players": 9}, "players", "lab_err_players"),
    ({"players": "two"}, "players", "lab_err_players"),
    ({"players": True}, "players", "lab_err_players"),
    ({"bots": "genius"}, "bots", "lab_err_bots"),
    ({"blocks": 0}, "blocks", "lab_err_blocks"),
    ({"blocks": "many"}, "blocks", "lab_err_blocks"),
    ({"blocks": 2.5}, "blocks", "lab_err_blocks"),
    ({"seed": -3}, "seed", "lab_err_seed"),
    ({"lang": "de"}, "lang", "lab_err_lang"),
    ({"type": "compare", "change": "cost = 3"}, "change", "lab_err_change_json"),
    ({"type": "compare", "change": "[1, 2]"}, "change", "lab_err_change_json"),
    ({"type": "compare", "change": '{"no_such_knob": 1}'}, "change", "lab_err_experiment"),
    ({"type": "sweep", "knob": "not a path", "values": "1,2"}, "knob", "lab_err_knob"),
    ({"type": "sweep", "knob": "rules.x", "values": "one,two"}, "values", "lab_err_values"),
    ({"type": "sweep", "knob": "no_such.knob", "values": "1,2"}, "knob", "lab_err_experiment"),
    ({"colour": "red"}, "colour", "lab_err_unknown_field"),
]


@pytest.mark.parametrize(("change", "field", "code"), BAD_FORMS)
def test_every_bad_field_is_named_and_nothing_runs(owner: TestClient, runs: Path, change: dict, field: str,
                                                    code: str) -> None:
    before = folders(runs)
    response = owner.post("/lab/api/runs", json={**SMALL, **change})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "invalid"
    assert [(e["field"], e["code"]) for e in body["errors"]] == [(field, code)]
    assert body["errors"][0]["message"].startswith(f"{field}: ")
    assert owner.app.state.lab.jobs.job is None
    assert folders(runs) == before


def test_several_bad_fields_are_all_named_at_once(owner: TestClient) -> None:
    response = owner.post("/lab/api/runs", json={"game": "immunity", "players": 7, "bots": "x", "blocks": -1})
    assert [e["field"] for e in response.json()["errors"]] == ["players", "bots", "blocks"]
    assert response.json()["errors"][0]["vars"] == {"min": 2, "max": 5}


def test_bodies_that_are_not_a_json_form_are_refused(owner: TestClient) -> None:
    assert owner.post("/lab/api/runs", content=b"game=dschunke",
                      headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code == 415
    assert owner.post("/lab/api/runs", content=b"{", headers={"Content-Type": "application/json"}).json()["code"] \
        == "bad_json"
    assert owner.post("/lab/api/runs", json=[1]).json()["errors"][0]["code"] == "lab_err_form"


def test_a_run_over_the_cap_is_refused_before_anything_runs(owner: TestClient, runs: Path) -> None:
    before = folders(runs)
    response = owner.post("/lab/api/runs", json={**SMALL, "type": "compare", "blocks": 150})
    assert response.status_code == 422
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("blocks", "lab_err_cap")
    assert error["vars"] == {"games": 300, "cap": CAP, "per_block": 2, "blocks": 100}
    assert "runs at most 200 from the page" in error["message"]
    sweep = owner.post("/lab/api/runs", json={**SMALL, "type": "sweep", "knob": "rules.x", "values": "1,2,3",
                                              "blocks": 60})
    assert sweep.json()["errors"][0]["code"] in ("lab_err_cap", "lab_err_experiment")
    assert owner.app.state.lab.jobs.job is None
    assert folders(runs) == before


def test_requests_from_another_page_or_without_the_token_are_refused(owner: TestClient) -> None:
    evil = owner.post("/lab/api/runs", json=SMALL, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and evil.json()["code"] == "bad_origin"
    no_token = owner.post("/lab/api/runs", json=SMALL, headers={"X-CSRF-Token": "forged"})
    assert no_token.status_code == 403 and no_token.json()["code"] == "csrf"
    evil_socket = owner.websocket_connect("/lab/ws", headers={"Origin": "http://evil.example"})
    with pytest.raises(WebSocketDisconnect), evil_socket as ws:
        ws.receive_json()
    assert owner.post("/lab/api/stop", json={}).json()["code"] == "not_running"
    assert owner.app.state.lab.jobs.job is None


@pytest.mark.timeout(90)
def test_a_small_run_from_the_page_streams_its_progress_and_a_second_is_refused(owner: TestClient,
                                                                                 runs: Path) -> None:
    before = folders(runs)
    with owner.websocket_connect("/lab/ws", headers={"Origin": ORIGIN}) as ws:
        assert ws.receive_json() == {"type": "lab_job", "job": None}
        started = owner.post("/lab/api/runs", json={**SMALL, "blocks": 6, "lang": "fr"})
        assert started.status_code == 202, started.text
        assert started.json()["job"]["planned_games"] == 6
        second = owner.post("/lab/api/runs", json=SMALL)
        assert second.status_code == 409 and second.json()["code"] == "lab_busy"
        seen = []
        while True:
            job = ws.receive_json()["job"]
            seen.append(job)
            if job["state"] in ("done", "failed", "stopped"):
                break
    states = [job["state"] for job in seen]
    assert job["state"] == "done", job
    assert (job["games"], job["done"], job["stop"], job["game_title"], job["type"]) == (6, 6, "blocks", "Dschunke",
                                                                                          "seats")
    assert "running" in states and "writing" in states
    assert any(j["games"] > 0 for j in seen if j["state"] == "running")
    (new,) = folders(runs) - before
    assert job["run"] == new
    report = (runs / new / "report.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in report
    listed = {line["name"]: line for line in owner.get("/lab/api/state").json()["runs"]}
    assert (listed[new]["status"], listed[new]["games"], listed[new]["report"]) == ("run", 6, True)
    assert json.loads((runs / new / "manifest.json").read_text())["command"] == "ludoteca serve --lab (the lab page)"


# ---- settings --------------------------------------------------------------------------------------
def test_bad_lab_settings_stop_the_start_naming_the_flag(tmp_path: Path) -> None:
    with lab_env(dir=str(tmp_path), key="short"), pytest.raises(SystemExit, match="--lab-key / LUDOTECA_LAB_KEY"):
        lab_page.LabSettings.from_env()
    (tmp_path / "a-file").write_text("")
    with lab_env(dir=str(tmp_path / "a-file")), pytest.raises(SystemExit, match="--lab / LUDOTECA_LAB_DIR"):
        lab_page.LabSettings.from_env()
    with lab_env(dir=str(tmp_path), max_games="lots"), pytest.raises(SystemExit, match="LUDOTECA_LAB_MAX_GAMES"):
        lab_page.LabSettings.from_env()
    with lab_env():
        assert lab_page.LabSettings.from_env() is None


def test_a_generated_key_is_printed_once_as_a_link(tmp_path: Path) -> None:
    from fastapi import FastAPI

    with lab_env(dir=str(tmp_path / "new-runs")):
        settings = lab_page.LabSettings.from_env()
    assert settings is not None and settings.key_generated and len(settings.key) >= 40
    assert (tmp_path / "new-runs").is_dir()
    generated = FastAPI()
    lab_page.install(generated, settings)
    line = lab_page.announce(generated, "127.0.0.1", 8123)
    assert line is not None and f"http://127.0.0.1:8123/lab?key={settings.key}" in line
    with lab_env(dir=str(tmp_path / "new-runs"), key=KEY):
        chosen = lab_page.LabSettings.from_env()
    assert chosen is not None and chosen.key == KEY and not chosen.key_generated
    assert chosen.link("127.0.0.1", 8123) == "http://127.0.0.1:8123/lab"
    assert chosen.cookie_value() != KEY and len(chosen.cookie_value()) == 64
    off = FastAPI()
    with lab_env():
        lab_page.install(off)
    assert lab_page.announce(off, "127.0.0.1", 8123) is None


@contextmanager
def sigint(disposition: Any) -> Iterator[None]:
    """This process's SIGINT set to ``disposition`` meanwhile (the lab process it spawns
    inherits an ignored one)."""
    before = signal.signal(signal.SIGINT, disposition)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("server_sigint", ["default", "ignored"])
def test_stop_keeps_what_was_played(owner: TestClient, runs: Path, server_sigint: str) -> None:
    """Stop is Ctrl-C for the run: the games under way finish and what was played is written.

    Also when the server ignores SIGINT, as a server started in the background by a script
    does (a non-interactive shell starts background commands so): the lab process inherited
    that and played every game on before it took SIGINT back itself (``take_ctrl_c``).  The
    bots are ``normal`` (about a tenth of a second a game), so the 200 games cannot all be
    played before the stop arrives."""
    disposition = signal.SIG_IGN if server_sigint == "ignored" else signal.default_int_handler
    with sigint(disposition), owner.websocket_connect("/lab/ws", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()
        form = {"game": "immunity", "type": "seats", "players": 3, "bots": "normal", "blocks": CAP}
        assert owner.post("/lab/api/runs", json=form).status_code == 202
        while True:
            job = ws.receive_json()["job"]
            if job["state"] == "running" and job["games"] > 0:
                break
            assert job["state"] in ("starting", "running"), job
        stopping = owner.post("/lab/api/stop", json={})
        assert stopping.status_code == 200 and stopping.json()["job"]["state"] == "stopping"
        while job["state"] not in ("done", "failed", "stopped"):
            job = ws.receive_json()["job"]
    assert (job["state"], job["stop"]) == ("done", "interrupted"), job
    assert 0 < job["games"] < CAP
    manifest = json.loads((runs / job["run"] / "manifest.json").read_text())
    assert (manifest["stop"], manifest["games"]) == ("interrupted", job["games"])
    assert (runs / job["run"] / "report.html").is_file()


def test_every_kind_of_experiment_is_named_in_words_in_every_language() -> None:
    """The run list says what each run asked ("bot levels against each other"), never "another
    experiment" for a kind the lab can run."""
    from ludoteca.lab.experiment import TYPES

    web = Path(lab_page.__file__).resolve().parent.parent / "web" / "i18n"
    for lang in ("en", "es", "fr"):
        words = json.loads((web / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [kind for kind in TYPES if not words.get(f"lab_kind_{kind}")]
        assert not missing, f"{lang}: no words for the experiment kinds {missing}"
