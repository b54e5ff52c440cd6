"""``/lab``: the balance lab in the browser, for the server's owner only (docs/lab.md, "The lab page").

Who is the owner: whoever holds the owner key.  The page is off unless the server was started
with ``--lab RUNS_FOLDER`` (``LUDOTECA_LAB_DIR``); then ``/lab`` answers only a browser holding
the owner cookie, which ``/lab?key=<owner key>`` sets.  The key comes from ``--lab-key`` /
``LUDOTECA_LAB_KEY``, or is made at start and printed once in the terminal as a link, like
Jupyter's token.  Keys and cookies are compared in constant time; the cookie is HttpOnly,
SameSite=Strict and limited to ``/lab``, and holds a keyed hash of the key, never the key.

Why so strict for a page of one's own server: the lab spends the machine's processors, so a
visitor must not start runs, and report pages are the owner's unpublished numbers.  Every
request that changes something also passes the site's CSRF guard (``security.py``), and the
lab's own check refuses any page of another origin, including those ``--allow-origin`` lets
play.  Everyone else gets 403 and a page saying, in words, that the lab is the owner's; with
the lab off, ``/lab`` is a plain 404.

Reports and diffs are the lab's own self-contained HTML (inline styles, no script), served
under a sandboxing Content-Security-Policy: they run no script and reach nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import json
import os
import secrets
import urllib.parse
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.websockets import WebSocketDisconnect

from ludoteca import engine

from . import lab_runs, safejson
from .lab_jobs import Busy, LabJobs, write_diff, write_report
from .origins import origin_allowed
from .table_words import LEVEL_WORDS

WEB = Path(__file__).resolve().parent.parent / "web"
COOKIE = "ludoteca_lab"
#: How long the owner cookie lasts (a generated key changes at every start anyway).
COOKIE_AGE = 30 * 24 * 3600
MIN_KEY = 16
DEFAULT_MAX_GAMES = 2000
#: Reports and diffs: no script, nothing fetched, a sandbox of their own, never framed.
REPORT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                 "form-action 'none'; frame-ancestors 'none'; sandbox")
OFF = ("The lab page is off on this server. Its owner turns it on by starting the server with "
       "`ludoteca serve --lab RUNS_FOLDER`.\n")

router = APIRouter(tags=["lab"], include_in_schema=False)


@dataclass(frozen=True)
class LabSettings:
    """The lab page's settings, read once at start (docs/server.md, "Limits and settings")."""

    runs: Path
    key: str
    key_generated: bool = False
    max_games: int = DEFAULT_MAX_GAMES
    jobs: int = 1

    @classmethod
    def from_env(cls) -> LabSettings | None:
        """None when the lab is off (no ``LUDOTECA_LAB_DIR``); a bad value stops the start,
        naming the flag and the variable."""
        raw = os.environ.get("LUDOTECA_LAB_DIR", "").strip()
        if not raw:
            return None
        runs = Path(raw).expanduser().resolve()
        if runs.exists() and not runs.is_dir():
            raise SystemExit(f"--lab / LUDOTECA_LAB_DIR: {runs} is a file; give the folder of the lab's runs")
        try:
            runs.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SystemExit(f"--lab / LUDOTECA_LAB_DIR: cannot make the folder {runs}: {exc.strerror}") from None
        key = os.environ.get("LUDOTECA_LAB_KEY", "")
        generated = not key
        if generated:
            key = secrets.token_urlsafe(32)
        elif len(key) < MIN_KEY or not key.isascii() or not key.isprintable() or " " in key:
            raise SystemExit(f"--lab-key / LUDOTECA_LAB_KEY: the owner key must be at least {MIN_KEY} printable "
                             "characters without spaces (leave it out to have one made at start)")
        return cls(runs, key, generated, _whole_env("LUDOTECA_LAB_MAX_GAMES", DEFAULT_MAX_GAMES),
                   _whole_env("LUDOTECA_LAB_JOBS", max(1, (os.cpu_count() or 2) - 1)))

    def cookie_value(self) -> str:
        return hmac.new(self.key.encode(), b"ludoteca-lab-owner", hashlib.sha256).hexdigest()

    def link(self, host: str, port: int) -> str:
        """The address to print at start: with the key when it was made here (the only place
        it is ever shown), without it when the owner chose it."""
        base = f"http://{host}:{port}/lab"
        return f"{base}?key={urllib.parse.quote(self.key, safe='')}" if self.key_generated else base


def _whole_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(f"{name} must be a whole number of at least 1; got {raw!r}")
    return int(raw)


@dataclass
class Lab:
    settings: LabSettings
    jobs: LabJobs


def install(app: FastAPI, settings: LabSettings | None = None) -> None:
    """Add the lab's routes; the page is on when ``settings`` (or the environment) gives a folder."""
    settings = settings or LabSettings.from_env()
    app.state.lab = Lab(settings, LabJobs()) if settings else None
    app.include_router(router)


async def close(app: FastAPI) -> None:
    lab: Lab | None = getattr(app.state, "lab", None)
    if lab is not None:
        await lab.jobs.close()


def announce(app: FastAPI, host: str, port: int) -> str | None:
    """The line ``ludoteca serve`` prints about the lab, or None when it is off."""
    lab: Lab | None = getattr(app.state, "lab", None)
    if lab is None:
        return None
    s = lab.settings
    how = ("open this link once in your browser (it holds the owner key, made now; keep it to yourself)"
           if s.key_generated else "open it with ?key=<your LUDOTECA_LAB_KEY> once")
    return (f"The lab page (for you only): {s.link(host, port)}\n  {how}; runs in {s.runs}, "
            f"at most {s.max_games} games a run, {s.jobs} worker process{'es' if s.jobs != 1 else ''}")


# ---- words and pages ------------------------------------------------------------------------------
@cache
def words(lang: str) -> dict[str, str]:
    """The web client's catalogue (ludoteca/web/i18n), for the few pages the server writes."""
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def page_lang(request: Request) -> str:
    asked = request.query_params.get("lang")
    if asked in lab_runs.LANGS:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in lab_runs.LANGS:
            return code
    return "en"


def refusal_page(lang: str, wrong_key: bool) -> HTMLResponse:
    w = words(lang)
    text = w["lab_forbidden_wrong_key" if wrong_key else "lab_forbidden_text"]
    body = (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(w["lab_forbidden_title"])} · Ludoteca</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body>'
            f'<header id="top"><a href="/" id="brand">Ludoteca</a></header>'
            f'<main><section class="card"><h1>{html.escape(w["lab_forbidden_title"])}</h1>'
            f'<p>{html.escape(text)}</p><p><a class="button-like" href="/">{html.escape(w["lab_back_to_lobby"])}</a>'
            f'</p></section></main></body></html>\n')
    return HTMLResponse(body, status_code=403, headers={"Cache-Control": "no-store"})


def html_page(lang: str, title: str, text: str, status: int) -> HTMLResponse:
    body = (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body>'
            f'<header id="top"><a href="/lab" id="brand">Ludoteca</a></header>'
            f'<main><section class="card"><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>'
            f'<p><a class="button-like" href="/lab">{html.escape(words(lang)["lab_back_to_lab"])}</a></p>'
            f'</section></main></body></html>\n')
    return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


# ---- who may come in ------------------------------------------------------------------------------
def lab_of(request: Request | WebSocket) -> Lab | None:
    return getattr(request.app.state, "lab", None)


def is_owner(lab: Lab, cookie: str | None) -> bool:
    return bool(cookie) and hmac.compare_digest(lab.settings.cookie_value().encode(),
                                                str(cookie).encode("utf-8", "surrogateescape"))


def same_origin(request: Request | WebSocket) -> bool:
    """No ``Origin`` (not a browser page) or exactly the served one: the lab trusts no other
    origin, not even those ``--allow-origin`` lets play."""
    scheme = request.url.scheme
    return origin_allowed(request.headers.get("origin"), request.headers.get("host"), scheme, ())


def refused(request: Request) -> Response | None:
    """The answer for anyone but the owner (None for the owner)."""
    lab = lab_of(request)
    if lab is None:
        return PlainTextResponse(OFF, status_code=404)
    if not is_owner(lab, request.cookies.get(COOKIE)):
        if request.url.path.startswith("/lab/api/"):
            return JSONResponse({"code": "not_owner", "detail": "the lab is for the server's owner"}, status_code=403)
        return refusal_page(page_lang(request), wrong_key=False)
    return None


def no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


# ---- the page -------------------------------------------------------------------------------------
@router.get("/lab")
async def lab_page(request: Request) -> Response:
    lab = lab_of(request)
    if lab is None:
        return PlainTextResponse(OFF, status_code=404)
    key = request.query_params.get("key")
    if key is not None:
        if not hmac.compare_digest(lab.settings.key.encode(), key.encode("utf-8", "surrogateescape")):
            return refusal_page(page_lang(request), wrong_key=True)
        # The key leaves the address bar (and the history) at once; the cookie stands for it.
        lang = request.query_params.get("lang")
        target = "/lab" + (f"?lang={lang}" if lang in lab_runs.LANGS else "")
        response = RedirectResponse(target, status_code=303, headers={"Cache-Control": "no-store"})
        secure = request.app.state.settings.secure_cookies or request.url.scheme == "https"
        response.set_cookie(COOKIE, lab.settings.cookie_value(), max_age=COOKIE_AGE, path="/lab", httponly=True,
                            samesite="strict", secure=secure)
        return response
    if (answer := refused(request)) is not None:
        return answer
    return FileResponse(WEB / "lab.html", headers={"Cache-Control": "no-store"})


def _games() -> dict[str, Any]:
    return {game_id: engine.game(game_id) for game_id in engine.games()}


def _levels(request: Request) -> list[str]:
    levels = getattr(request.app.state, "levels", None)
    if levels is None:
        from .seatbots import available_levels

        levels = request.app.state.levels = available_levels()
    return list(levels)


@router.get("/lab/api/state")
async def state(request: Request) -> Response:
    """Everything the page shows: the runs, the current run, and what the form offers."""
    if (answer := refused(request)) is not None:
        return answer
    lab = lab_of(request)
    assert lab is not None
    games = _games()
    titles = {game_id: game.title for game_id, game in games.items()}
    runs = await asyncio.to_thread(lab_runs.list_runs, lab.settings.runs, titles)
    job = lab.jobs.job
    if job is not None and job.state in ("starting", "running", "stopping", "writing"):
        for line in runs:
            if line["name"] == job.run:
                line["status"] = "running"
    form = {"games": [{"id": g.id, "title": g.title, "min": g.min_players, "max": g.max_players}
                      for g in games.values()],
            "levels": [{"id": level, "words": LEVEL_WORDS.get(level, {})} for level in _levels(request)],
            "types": list(lab_runs.FORM_TYPES), "max_games": lab.settings.max_games,
            "jobs": lab.settings.jobs, "seed": lab_runs.DEFAULT_SEED}
    return no_store(JSONResponse({"runs": runs, "job": job.public() if job else None, "form": form}))


def _origin_refusal(request: Request) -> Response | None:
    if not same_origin(request):
        return JSONResponse({"code": "bad_origin", "detail": "the lab takes requests from its own page only"},
                            status_code=403)
    return None


@router.post("/lab/api/runs")
async def start_run(request: Request) -> Response:
    """Start a small experiment from the form; every bad field is named and nothing runs."""
    if (answer := refused(request) or _origin_refusal(request)) is not None:
        return answer
    lab = lab_of(request)
    assert lab is not None
    raw = await request.body()
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return JSONResponse({"code": "unsupported_media_type", "detail": "send the form as JSON"}, status_code=415)
    try:
        form = safejson.loads(raw)
    except safejson.BadJSON as exc:
        return JSONResponse({"code": "bad_json", "detail": f"the form is refused: {exc}"}, status_code=400)
    if lab.jobs.busy():
        return _busy(lab)
    games = _games()
    try:
        asked = await asyncio.to_thread(lab_runs.parse_form, form,
                                        {g.id: (g.min_players, g.max_players) for g in games.values()},
                                        _levels(request), lab.settings.runs, lab.settings.max_games,
                                        lab.settings.jobs)
    except lab_runs.FormError as exc:
        return JSONResponse({"code": "invalid", "detail": str(exc), "errors": exc.errors}, status_code=422)
    try:
        job = await lab.jobs.start(asked.experiment, asked.games, asked.lang, games[asked.experiment.game].title)
    except Busy:
        return _busy(lab)
    return JSONResponse({"job": job.public()}, status_code=202)


def _busy(lab: Lab) -> Response:
    job = lab.jobs.job
    return JSONResponse({"code": "lab_busy", "detail": "a lab run is going on; wait for it to end, or stop it",
                         "job": job.public() if job else None}, status_code=409)


@router.post("/lab/api/stop")
async def stop_run(request: Request) -> Response:
    if (answer := refused(request) or _origin_refusal(request)) is not None:
        return answer
    lab = lab_of(request)
    assert lab is not None
    if not lab.jobs.stop():
        return JSONResponse({"code": "not_running", "detail": "no lab run is going on"}, status_code=409)
    return JSONResponse({"job": lab.jobs.job.public() if lab.jobs.job else None})


# ---- reports and diffs ----------------------------------------------------------------------------
def report_response(path: Path) -> Response:
    headers = {"Cache-Control": "no-store", "Content-Security-Policy": REPORT_POLICY}
    if path.suffix.lower() == ".html":
        return FileResponse(path, media_type="text/html; charset=utf-8", headers=headers)
    return FileResponse(path, headers=headers, filename=path.name, content_disposition_type="attachment")


@router.get("/lab/runs/{name}/{path:path}")
async def run_file(request: Request, name: str, path: str) -> Response:
    """A file of a run, report.html first (written on first opening when the run has none)."""
    if (answer := refused(request)) is not None:
        return answer
    lab = lab_of(request)
    assert lab is not None
    lang = page_lang(request)
    folder = lab_runs.run_folder(lab.settings.runs, name)
    if path == "report.html" and folder is not None and not (folder / "report.html").exists() \
            and (folder / "metrics.json").is_file():
        try:
            await lab.jobs.in_pool(write_report, str(folder), lang)
        except Exception as exc:  # noqa: BLE001 - a damaged run: said in words
            w = words(lang)
            return html_page(lang, w["lab_report_failed"], f"{w['lab_report_failed_text']} ({exc})", 422)
    found = lab_runs.run_file(lab.settings.runs, name, path)
    if found is None:
        w = words(lang)
        return html_page(lang, w["lab_no_such_file"], w["lab_no_such_file_text"], 404)
    return report_response(found)


@router.get("/lab/diff")
async def diff_page(request: Request, a: str = "", b: str = "") -> Response:
    """diff.html of two runs (written once, and again when either run is newer)."""
    if (answer := refused(request)) is not None:
        return answer
    lab = lab_of(request)
    assert lab is not None
    lang = page_lang(request)
    w = words(lang)
    runs = lab.settings.runs
    folder_a, folder_b = lab_runs.run_folder(runs, a), lab_runs.run_folder(runs, b)
    if folder_a is None or folder_b is None or not (folder_a / "metrics.json").is_file() \
            or not (folder_b / "metrics.json").is_file():
        return html_page(lang, w["lab_diff_failed"], w["lab_diff_pick_two"], 404)
    if folder_a == folder_b:
        return html_page(lang, w["lab_diff_failed"], w["lab_diff_same"], 422)
    pair = f"{folder_a.name}--{folder_b.name}-{lang}"
    if len(pair) > 200:  # a file name has at most 255 bytes
        pair = hashlib.sha256(pair.encode()).hexdigest()[:32]
    out = runs / ".diffs" / pair
    page = out / "diff.html"
    newest = max((folder_a / "metrics.json").stat().st_mtime, (folder_b / "metrics.json").stat().st_mtime)
    if not page.is_file() or page.stat().st_mtime < newest:
        try:
            await lab.jobs.in_pool(write_diff, str(folder_a), str(folder_b), str(out), lang)
        except Exception as exc:  # noqa: BLE001 - two runs that do not compare: said in words
            return html_page(lang, w["lab_diff_failed"], f"{w['lab_diff_failed_text']} ({exc})", 422)
    return report_response(page)


# ---- progress --------------------------------------------------------------------------------------
@router.websocket("/lab/ws")
async def lab_socket(ws: WebSocket) -> None:
    """The current run's state, pushed on every change (progress at most four times a second)."""
    lab = lab_of(ws)
    if lab is None or not same_origin(ws) or not is_owner(lab, ws.cookies.get(COOKIE)):
        await ws.close(code=1008)
        return
    await ws.accept()
    queue = lab.jobs.watch()
    async def send() -> None:
        while True:
            await ws.send_json(await queue.get())

    sender = asyncio.create_task(send(), name="ludoteca-lab-ws")
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sender.cancel()
        lab.jobs.unwatch(queue)
