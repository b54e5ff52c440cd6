"""The HTTP side of the server's defences, against a real server: no request from another
origin changes anything, the page cannot be framed, bodies are bounded and typed, cookies
expire and rotate without costing seats, and no guest may pass for a bot."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import httpx
import pytest
from server_harness import CSRF_HEADER, Guest, Server, join, play_turns

from ludoteca.server.identity import COOKIE, CSRF_COOKIE, Identity
from ludoteca.server.identity import Guest as GuestId

CHROMIUM = Path("/usr/bin/chromium")
DAY = 24 * 3600


@pytest.fixture
def finished(server: Server) -> tuple[Guest, str]:
    """A guest whose game against a bot is over: the rematch button is what an attacker wants."""
    victim = Guest(server)
    table = victim.create()
    with victim.socket() as ws:
        assert play_turns(ws, table["id"], 0, join(ws, table["id"]))["status"] == "finished"
    return victim, table["id"]


def table_next(guest: Guest, table_id: str) -> str | None:
    return guest.http.get(f"/api/tables/{table_id}").json()["next"]


def secret_of(server: Server) -> str:
    return (server.data_dir / "secret.key").read_text().strip()


def cookies_of(guest: Guest) -> dict[str, str]:
    return {c.name: c.value for c in guest.http.cookies.jar}


# ---- cross-site requests ------------------------------------------------------------------------
def test_a_rematch_needs_the_page_origin_and_its_token(server: Server, finished: tuple[Guest, str]) -> None:
    victim, table_id = finished
    url = f"{server.url}/api/tables/{table_id}/again"
    cookies = {COOKIE: cookies_of(victim)[COOKIE]}  # what a browser attaches to any same-site request
    evil = f"http://127.0.0.1:{server.port + 1}"
    attempts = [  # a plain HTML form from another port of the same host, in its variations
        ({"Origin": evil, "Sec-Fetch-Site": "same-site", "Content-Type": "application/x-www-form-urlencoded"},
         "bad_origin", "not accepted"),
        ({"Origin": evil, "Content-Type": "text/plain"}, "bad_origin", "not accepted"),
        ({"Sec-Fetch-Site": "same-site", "Content-Type": "text/plain"}, "bad_origin", "another site"),
        ({"Content-Type": "text/plain"}, "csrf", "X-CSRF-Token"),  # an old browser sending no Origin
        ({"Origin": server.url, CSRF_HEADER: "forged-token"}, "csrf", "security token"),
    ]
    for headers, code, words in attempts:
        response = httpx.post(url, headers=headers, cookies=cookies, content=b"x=1")
        assert response.status_code == 403, (headers, response.text)
        assert response.json()["code"] == code and words in response.json()["detail"], headers
        assert table_next(victim, table_id) is None
    # another guest's valid token is no good either: the token belongs to the guest
    other = Guest(server)
    stolen = cookies_of(other)[CSRF_COOKIE]
    response = httpx.post(url, headers={CSRF_HEADER: stolen}, cookies=cookies, json={})
    assert response.status_code == 403 and response.json()["code"] == "csrf"
    assert table_next(victim, table_id) is None
    # a cross-origin script cannot even send the header: the preflight is not granted
    preflight = httpx.options(url, headers={"Origin": evil, "Access-Control-Request-Method": "POST",
                                            "Access-Control-Request-Headers": "x-csrf-token,content-type"})
    assert "access-control-allow-origin" not in preflight.headers
    # the game's own page (its origin, its token) may
    response = victim.http.post(f"/api/tables/{table_id}/again", json={}, headers={"Origin": server.url,
                                                                                  "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 200 and table_next(victim, table_id) == response.json()["id"]


def test_every_state_changing_route_refuses_a_request_without_the_token(server: Server) -> None:
    guest = Guest(server)
    table = guest.create(seats=[{"kind": "me"}, {"kind": "open"}])
    cookies = {COOKIE: cookies_of(guest)[COOKIE]}
    before = guest.http.get("/api/my-tables").json()
    for path, body in [("/api/me", {"name": "Mallory"}), ("/api/tables", {"game": "dschunke"}),
                       (f"/api/tables/{table['id']}/sit", {"seat": 1}), (f"/api/tables/{table['id']}/again", {})]:
        response = httpx.post(server.url + path, json=body, cookies=cookies)
        assert response.status_code == 403 and response.json()["code"] == "csrf", path
    assert guest.http.get("/api/me").json()["name"] != "Mallory"
    assert guest.http.get("/api/my-tables").json() == before
    assert guest.http.get(f"/api/tables/{table['id']}").json()["seats"][1]["kind"] == "open"


def test_an_odd_cookie_of_another_app_on_the_host_does_not_hide_the_guest(server: Server) -> None:
    guest = Guest(server)
    jar = cookies_of(guest)
    header = f'other=a b; weird={{"x":1}}; {COOKIE}={jar[COOKIE]}; {CSRF_COOKIE}={jar[CSRF_COOKIE]}'
    response = httpx.post(server.url + "/api/me", headers={"Cookie": header, CSRF_HEADER: jar[CSRF_COOKIE]},
                          json={"name": "Odd"})
    assert response.status_code == 200 and response.json() == {"name": "Odd", "account": None}, response.text
    identity = Identity(secret_of(server))
    renamed, before = identity.read(response.cookies[COOKIE]), identity.read(jar[COOKIE])
    assert renamed is not None and before is not None and renamed.id == before.id and renamed.name == "Odd"


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/app.js", "/api/no-such-route"])
def test_every_response_forbids_framing_sniffing_and_foreign_scripts(server: Server, path: str) -> None:
    response = httpx.get(server.url + path)
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy and "default-src 'self'" in policy
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"


# ---- bodies ---------------------------------------------------------------------------------------
def test_a_2_mb_body_gets_413_with_a_clear_error_and_changes_nothing(server: Server) -> None:
    guest = Guest(server)
    before = guest.http.get("/api/my-tables").json()
    big = json.dumps({"game": "dschunke", "seats": [{"kind": "me"}, {"kind": "open"}], "pad": "x" * 2_000_000})
    by_length = guest.http.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert by_length.status_code == 413
    assert by_length.json() == {"code": "too_large",
                                "detail": f"a request body may be at most 65536 bytes; this one has {len(big)}"}

    def chunks() -> Iterator[bytes]:  # no Content-Length: the bytes that arrive are counted
        for start in range(0, len(big), 100_000):
            yield big[start:start + 100_000].encode()

    streamed = guest.http.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and streamed.json() == by_length.json()
    assert guest.http.get("/api/my-tables").json() == before
    under = guest.http.post("/api/me", json={"name": "y" * 60_000})  # under the limit: judged on its merits
    assert under.status_code == 400 and "1 to 32" in under.json()["detail"]


@pytest.mark.parametrize("raw, status, code, words", [
    (b"{not json", 400, "bad_json", "not valid JSON"),
    (b'{"game": "dschunke", "players": ' + b"9" * 60 + b"}", 400, "bad_json", "integer too long: 60 digits"),
    (b"[" * 40 + b"]" * 40, 400, "bad_json", "nested too deep: 40 levels"),
    (b'{"game": "dschunke", "players": NaN}', 400, "bad_json", "NaN is not a JSON number"),
    (b'{"game": "\\ud800"}', 400, "bad_json", "lone surrogate"),
    (b'{"game": "\xff"}', 400, "bad_json", "invalid UTF-8"),
    (b"[1, 2]", 422, "invalid", "body: must be a JSON object"),
    (b'{"game": "dschunke", "players": true}', 422, "invalid", "players: must be a whole number"),
    (b'{"game": "dschunke", "players": "2"}', 422, "invalid", "players: must be a whole number"),
    (b'{"game": "dschunke", "players": 2.0}', 422, "invalid", "players: must be a whole number"),
    (b'{"game": "dschunke", "variant": ["rat-hot"]}', 422, "invalid", "variant: must be text"),
    (b'{"game": "dschunke", "variant": {"rules": "rat-hot"}}', 422, "invalid", "variant: must be text"),
    (b'{"game": "dschunke", "options": [1]}', 422, "invalid", "options: must be a mapping"),
    (b'{"game": "dschunke", "colour": "red"}', 422, "invalid", "colour: unknown field"),
    (b'{"players": 2}', 422, "invalid", "game: required"),
    (b'{"game": "dschunke", "seats": [{"kind": "me"}, {"kind": "robot"}]}', 422, "invalid", "seats.1.kind:"),
    (b'{"game": "herbalism", "options": {"params": {"nope": 1}}}', 400, "bad_request", "params.nope: unknown key"),
    (b'{"game": "herbalism", "options": {"params": [1]}}', 400, "bad_request", "option 'params'"),
    (b'{"game": "dschunke", "players": 10000000000000000000000000000000000000000}', 400, "bad_request",
     "takes 2-2 players"),
])
def test_bad_bodies_answer_4xx_naming_the_problem_and_create_nothing(server: Server, raw: bytes, status: int,
                                                                     code: str, words: str) -> None:
    guest = Guest(server)
    response = guest.http.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and words in response.json()["detail"], response.json()
    assert guest.http.get("/api/my-tables").json() == []


def test_a_body_that_is_not_json_is_refused_as_such(server: Server) -> None:
    guest = Guest(server)
    response = guest.http.post("/api/me", content=b"name=Eve",
                               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 415 and "Content-Type: application/json" in response.json()["detail"]
    bad_query = guest.http.get("/api/tables/abcdefgh/replay", params={"step": "many"})
    assert bad_query.status_code == 422 and bad_query.json()["detail"] == "step: must be a whole number"


# ---- cookies --------------------------------------------------------------------------------------
def test_cookies_are_secure_over_https(server: Server) -> None:
    """Behind a TLS proxy on this host (which says so with X-Forwarded-Proto) cookies carry
    Secure; over plain http they cannot (the browser would drop them)."""
    plain = httpx.get(server.url + "/api/me")
    assert all("secure" not in c.lower().split("; ") for c in plain.headers.get_list("set-cookie"))
    proxied = httpx.get(server.url + "/api/me", headers={"X-Forwarded-Proto": "https"})
    cookies = proxied.headers.get_list("set-cookie")
    assert {c.split("=", 1)[0] for c in cookies} == {COOKIE, CSRF_COOKIE}
    for c in cookies:
        parts = [p.strip().lower() for p in c.split(";")]
        assert "secure" in parts and "path=/" in parts and f"max-age={90 * DAY}" in parts, c
    by_name = {c.split("=", 1)[0]: [p.strip().lower() for p in c.split(";")] for c in cookies}
    assert "httponly" in by_name[COOKIE] and "httponly" not in by_name[CSRF_COOKIE]  # the page reads the token


def signed_at(identity: Identity, who: GuestId, when: float) -> str:
    with mock.patch("itsdangerous.timed.time.time", return_value=when):
        return identity.write(who)


def test_an_old_cookie_is_signed_again_for_the_same_guest_who_keeps_the_seats(server: Server) -> None:
    guest = Guest(server)
    table = guest.create()
    identity = Identity(secret_of(server))
    who = identity.read(cookies_of(guest)[COOKIE])
    assert who is not None
    old = signed_at(identity, who, time.time() - 2 * DAY)
    client = httpx.Client(base_url=server.url, cookies={COOKIE: old})
    response = client.get("/api/my-tables")
    assert [t["id"] for t in response.json()] == [table["id"]] and response.json()[0]["mine"] == [0]
    fresh = response.cookies[COOKIE]
    assert fresh != old and identity.read(fresh) == who
    assert not identity.inspect(fresh).reissue  # type: ignore[union-attr]
    again = client.get("/api/me")
    # a fresh cookie is left alone
    assert COOKIE not in again.cookies and again.json() == {"name": who.name, "account": None}


def test_an_expired_cookie_starts_a_new_guest(server: Server) -> None:
    guest = Guest(server)
    guest.create()
    identity = Identity(secret_of(server))
    who = identity.read(cookies_of(guest)[COOKIE])
    assert who is not None
    expired = signed_at(identity, who, time.time() - 91 * DAY)
    response = httpx.get(server.url + "/api/my-tables", cookies={COOKIE: expired})
    assert response.json() == []
    replaced = identity.read(response.cookies[COOKIE])
    assert replaced is not None and replaced.id != who.id
    # and the expired cookie carries no authority: it cannot pass the CSRF check for the old guest
    response = httpx.post(server.url + "/api/me", cookies={COOKIE: expired},
                          headers={CSRF_HEADER: identity.csrf_token(who)}, json={"name": "Ghost"})
    assert response.status_code == 403 and response.json()["code"] == "csrf"


def test_a_cookie_from_before_timestamps_is_accepted_once_and_reissued(server: Server) -> None:
    from itsdangerous import URLSafeSerializer

    guest = Guest(server)
    table = guest.create()
    identity = Identity(secret_of(server))
    who = identity.read(cookies_of(guest)[COOKIE])
    assert who is not None
    legacy = URLSafeSerializer(secret_of(server), salt="ludoteca-guest").dumps({"id": who.id, "name": who.name})
    response = httpx.get(server.url + "/api/my-tables", cookies={COOKIE: legacy})
    assert [t["id"] for t in response.json()] == [table["id"]]
    reissued = identity.read(response.cookies[COOKIE])  # the same guest (a legacy cookie has no session id)
    assert reissued is not None and (reissued.id, reissued.name) == (who.id, who.name)
    assert response.cookies[COOKIE] != legacy


# ---- names ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Bot", "bot (hard)", "BOT", "Bot (normal)", "botanist", "  bot", "Ｂｏｔ",
                                  "(Bot) easy", "_bot"])
def test_names_a_bot_could_be_mistaken_for_are_refused(server: Server, name: str) -> None:
    guest = Guest(server)
    before = guest.http.get("/api/me").json()["name"]
    response = guest.http.post("/api/me", json={"name": name})
    assert response.status_code == 400
    assert 'names starting with "Bot" are kept for the bots' in response.json()["detail"]
    assert guest.http.get("/api/me").json()["name"] == before


@pytest.mark.parametrize("name", ["Robot", "Abbot", "Ana", "B0t-fan"])
def test_other_names_are_taken_as_they_are(server: Server, name: str) -> None:
    guest = Guest(server)
    assert guest.http.post("/api/me", json={"name": name}).json() == {"name": name, "account": None}
    assert guest.http.get("/api/me").json() == {"name": name, "account": None}


# ---- in a real browser ------------------------------------------------------------------------------
class Attacker:
    """A page on another port of the same host (the same site, another origin)."""

    def __init__(self, pages: dict[str, str]) -> None:
        handler = self._handler(pages)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @staticmethod
    def _handler(pages: dict[str, str]) -> type[http.server.BaseHTTPRequestHandler]:
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
                body = pages.get(self.path, "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args: object) -> None:
                pass

        return Handler

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")
def test_in_chromium_another_origin_cannot_post_a_rematch_nor_frame_the_table(
        server: Server, finished: tuple[Guest, str]) -> None:
    from playwright.sync_api import sync_playwright

    victim, table_id = finished
    table_url = f"{server.url}/#/table/{table_id}"
    attacker = Attacker({
        "/form.html": f"""<form id="f" method="POST" action="{server.url}/api/tables/{table_id}/again"
            enctype="text/plain"><input name='{{"a":"' value='"}}'></form>
            <script>document.getElementById("f").submit()</script>""",
        "/frame.html": f'<iframe id="victim" src="{table_url}" width="800" height="600"></iframe>',
    })
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                        args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
            context = browser.new_context()
            context.add_cookies([{"name": name, "value": value, "url": server.url}
                                 for name, value in cookies_of(victim).items()])
            page = context.new_page()
            console: list[str] = []
            page.on("console", lambda message: console.append(message.text))
            with page.expect_response(lambda r: r.url.endswith("/again")) as posted:
                page.goto(attacker.url + "/form.html")
            assert posted.value.status == 403 and posted.value.json()["code"] == "bad_origin"
            assert table_next(victim, table_id) is None

            page.goto(attacker.url + "/frame.html")
            page.wait_for_function("() => !!document.querySelector('#victim')")
            deadline = time.monotonic() + 10
            while not any("frame-ancestors" in line for line in console) and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            assert any("frame-ancestors 'none'" in line for line in console), console
            framed = [f for f in page.frames if f is not page.main_frame]
            assert framed and all(not f.url.startswith(server.url) for f in framed), [f.url for f in framed]

            own = context.new_page()  # the game's own page, under the same policy, works as before
            problems: list[str] = []
            own.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            own.on("pageerror", lambda error: problems.append(str(error)))
            own.goto(f"{server.url}/#/table/{table_id}")
            own.wait_for_selector("#game-over #play-again")
            own.click("#play-again")
            own.wait_for_function("() => document.querySelector('main').dataset.version === '0'")
            assert table_next(victim, table_id) is not None and problems == []
            browser.close()
    finally:
        attacker.close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")
def test_in_chromium_every_board_draws_under_the_policy_without_a_violation(server: Server) -> None:
    """The policy forbids inline styles and eval: each game's own board (and the lobby, the
    live socket) must work without either, so not one violation may be reported."""
    from playwright.sync_api import sync_playwright

    from ludoteca import engine

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
        try:
            for game_id in engine.games():
                game = engine.game(game_id)
                guest = Guest(server)
                players = max(2, game.min_players)
                table = guest.create(game=game_id, seats=[{"kind": "me"}] + [{"kind": "bot", "level": "random"}]
                                     * (players - 1))
                context = browser.new_context()
                context.add_cookies([{"name": name, "value": value, "url": server.url}
                                     for name, value in cookies_of(guest).items()])
                page = context.new_page()
                problems: list[str] = []
                page.on("console", lambda m, into=problems: into.append(m.text)
                        if m.type == "error" and "Failed to load resource" not in m.text else None)
                page.on("response", lambda r, into=problems: into.append(f"{r.status} {r.url}")
                        if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
                page.on("pageerror", lambda error, into=problems: into.append(str(error)))
                page.goto(f"{server.url}/#/table/{table['id']}")
                try:
                    page.wait_for_selector("#board *", timeout=15000)
                except Exception as exc:  # say why the board is missing, not only that it is
                    raise AssertionError(f"{game_id}: no board drawn; {problems}") from exc
                page.wait_for_function("() => document.querySelector('main').dataset.version !== undefined")
                page.wait_for_timeout(300)
                assert problems == [], (game_id, problems)
                context.close()
        finally:
            browser.close()


def test_a_csrf_token_of_any_bytes_is_refused_not_crashed() -> None:
    """A header may carry bytes that are not ASCII; the check must say no, never raise
    (the fuzz once found ``compare_digest`` raising TypeError on such text: an HTTP 500)."""
    from ludoteca.server.identity import Identity

    identity = Identity("a test secret")
    guest = identity.new_guest()
    good = identity.csrf_token(guest)
    assert identity.csrf_ok(guest, good)
    for odd in ("\xff\xfe", "é" + good[1:], "\udcff", "", None):
        assert identity.csrf_ok(guest, odd) is False
