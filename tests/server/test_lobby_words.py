"""Issue 14 over the real server: the lobby in plain words (/api/games?lang), variants as
presets whose table is exactly what the form showed, a variant and options that disagree
refused, the rules pages, the favicon, and the language switch on the WebSocket."""

from __future__ import annotations

import json
import re
import struct
import time
import uuid
import zlib
from pathlib import Path
from typing import Any

import pytest
from server_harness import UNTHROTTLED, Guest, Server, join, receive, send

import ludoteca
from ludoteca import engine

SERVER_ENV = UNTHROTTLED  # one table per preset of every game: more than a person makes in an hour
LANGS = ("en", "es", "fr")


def test_the_games_list_speaks_the_asked_language(server: Server) -> None:
    guest = Guest(server)
    for lang in LANGS:
        games = {g["id"]: g for g in guest.http.get("/api/games", params={"lang": lang}).json()}
        assert sorted(games) == sorted(ludoteca.games())
        for game_id, info in games.items():
            game = engine.game(game_id)
            assert info["pitch"] == game.description[lang]
            assert info["rules"] == f"/rules/{game_id}?lang={lang}"
            assert info["minutes"] == list(game.play_minutes) and info["complexity"] == game.complexity
            assert sorted(info["players"]) == list(range(game.min_players, game.max_players + 1))
            experimental = [n for n in info["players"] if n in game.experimental_players]
            assert info["players"][len(info["players"]) - len(experimental):] == experimental  # last
            for option in info["options"]:
                spec = game.option_specs[option["name"]]
                assert option["label"] == spec.label_in(option["name"], lang)
                assert option["help"] == spec.help_in(lang)
                assert option["designers"] is (option["name"] == "params")
                if spec.choices is not None:
                    assert [c["value"] for c in option["choices"]] == list(spec.choices)
                    assert all(c["label"] == spec.choice_in(c["value"], lang) for c in option["choices"])
            assert [p["id"] for p in info["presets"]] == list(game.variants)
            assert all(p["name"] and p["description"] for p in info["presets"])
    dice = {g["id"]: g for g in guest.http.get("/api/games").json()}["dice-hospital"]
    assert dice["players"] == [2, 3, 4, 1]  # "1 (experimental)" was listed first
    params = {o["name"]: o for o in dice["options"]}["params"]
    es = {o["name"]: o for o in next(g for g in guest.http.get("/api/games?lang=es").json()
                                     if g["id"] == "dice-hospital")["options"]}["params"]
    assert params["label"] == "Content numbers" and es["label"] == "Números del contenido"
    assert es["help"].startswith("Para diseñadores")


def test_an_unknown_language_is_refused_by_name(server: Server) -> None:
    response = Guest(server).http.get("/api/games", params={"lang": "de"})
    assert response.status_code == 400 and "unknown language 'de'" in response.json()["detail"]


@pytest.mark.parametrize("game_id", ludoteca.games())
def test_every_preset_gives_a_table_with_exactly_the_options_it_showed(server: Server, game_id: str) -> None:
    """Issue 14: pick the "rat-hot" variant, the Options panel still says "dschunke", and the
    table gets Rat Hot.  Now the preset fills the form, and the form is what the table gets,
    with or without the variant's name."""
    guest = Guest(server)
    info = next(g for g in guest.http.get("/api/games").json() if g["id"] == game_id)
    players = max(2, info["min_players"])
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    for preset in info["presets"]:
        named = guest.create(game_id, seats, variant=preset["id"], options=preset["options"])
        assert named["options"] == preset["options"], preset["id"]
        unnamed = guest.create(game_id, seats, options=preset["options"])
        assert unnamed["options"] == preset["options"], preset["id"]
        bare = guest.create(game_id, seats, variant=preset["id"])
        assert bare["options"] == preset["options"], preset["id"]


def test_a_variant_and_options_that_disagree_are_refused_naming_the_option(server: Server) -> None:
    guest = Guest(server)
    before = guest.http.get("/api/my-tables").json()
    response = guest.http.post("/api/tables", json={"game": "dschunke", "players": 2, "variant": "rat-hot",
                                                    "options": {"rules": "dschunke"},
                                                    "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert response.status_code == 400
    assert "option 'rules' is 'dschunke' but the variant 'rat-hot' sets it to 'rat-hot'" in response.json()["detail"]
    response = guest.http.post("/api/tables", json={"game": "dschunke", "players": 2, "variant": "nope"})
    assert response.status_code == 400 and "unknown variant 'nope'" in response.json()["detail"]
    assert guest.http.get("/api/my-tables").json() == before


@pytest.mark.parametrize("game_id", ludoteca.games())
def test_each_game_has_a_rules_page_in_each_language(server: Server, game_id: str) -> None:
    game = engine.game(game_id)
    for lang in LANGS:
        response = Guest(server).http.get(f"/rules/{game_id}", params={"lang": lang})
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
        page = response.text
        assert f'<html lang="{lang}">' in page and game.title in page
        assert game.description[lang] in page.replace("&#x27;", "'")
        assert all(f'href="/rules/{game_id}?lang={code}"' in page for code in LANGS)
        assert 'href="/"' in page and '<link rel="stylesheet" href="/static/style.css">' in page
        assert "<script" not in page and not re.search(r"(src|href)=\"(https?:)?//", page)
        assert "script-src 'self'" in response.headers["content-security-policy"]  # the site's own policy
        for name, spec in game.option_specs.items():
            assert spec.label_in(name, lang).replace("'", "&#x27;") in page


def test_a_rules_page_for_an_unknown_game_or_language_says_so(server: Server) -> None:
    guest = Guest(server)
    missing = guest.http.get("/rules/chess", params={"lang": "fr"})
    assert missing.status_code == 404 and "Aucun jeu ne s&#x27;appelle « chess » ici." in missing.text
    assert 'href="/rules/dschunke?lang=fr"' in missing.text
    bad = guest.http.get("/rules/dschunke", params={"lang": "de"})
    assert bad.status_code == 400 and "There is no page in the language “de”" in bad.text


def test_the_favicon_is_an_icon(server: Server) -> None:
    """Issue 14: ``/favicon.ico`` answered 404."""
    response = Guest(server).http.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"] == "image/x-icon"
    data = response.content
    assert struct.unpack("<HHH", data[:6]) == (0, 1, 1)
    width, height, _c, _r, _p, _bits, size, offset = struct.unpack("<BBBBHHII", data[6:22])
    image = data[offset:offset + size]
    assert (width, height) == (32, 32) and image.startswith(b"\x89PNG\r\n\x1a\n")
    length = struct.unpack(">I", image[33:37])[0]
    pixels = zlib.decompress(image[41:41 + length])
    assert len(pixels) == 32 * (1 + 32 * 4)  # a whole 32 x 32 RGBA image


def test_a_language_switch_on_the_socket_resends_catalogue_and_whole_log(server: Server) -> None:
    guest = Guest(server)
    table = guest.create("thirty-one", [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    with guest.socket() as ws:
        send(ws, type="join", table=table["id"], lang="en")
        assert receive(ws)["type"] == "catalogue"
        first = receive(ws, "state", table=table["id"])
        assert first["log"] == "all" and first["names"] == [first["seats"][0]["name"], "Bot (random)"]
        send(ws, type="lang", lang="fr")
        assert receive(ws, "catalogue")["lang"] == "fr"
        french = receive(ws, "state", table=table["id"], log="all")
        assert french["names"][1] == "Bot (aléatoire)"
        assert len(french["events"]) >= len(first["events"])
        send(ws, type="lang", lang="de", ref=3)
        error = receive(ws, "error")
        assert error["code"] == "bad_request" and "got 'de'" in error["message"] and error["ref"] == 3
        send(ws, type="lang")
        assert receive(ws, "error")["code"] == "bad_message"
        assert join(ws, table["id"])["names"][1] == "Bot (aléatoire)"  # the connection kept French


def test_the_whole_log_across_two_processes_on_postgres_and_redis(tmp_path: Path) -> None:
    """Ana plays on one process, Ben on another: every line Ben's page got live equals the whole
    log either process sends on a reload."""
    from services import postgres_url, redis_url
    from websockets.sync.client import connect

    env = {**UNTHROTTLED, "DATABASE_URL": postgres_url(), "REDIS_URL": redis_url(), "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env), Server(tmp_path, env)

    def until(ws: Any, table_id: str, version: int, lines: list) -> dict:
        """State messages up to the one at ``version``, their log lines added to ``lines``."""
        deadline = time.monotonic() + 10
        while True:
            message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message["type"] == "state" and message["table"] == table_id:
                lines.extend((e["version"], e["label"]) for e in message["events"])
                if message["version"] >= version:
                    return message

    try:
        first.start()
        second.start()
        ana, ben = Guest(first), Guest(second)
        table = ana.create("thirty-one", [{"kind": "me"}, {"kind": "open"}], options={"rounds": 1})
        assert ben.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
        with ana.socket() as ws_a, ben.socket() as ws_b:
            send(ws_a, type="join", table=table["id"])
            send(ws_b, type="join", table=table["id"])
            seen: dict[int, list] = {0: [], 1: []}
            states = {0: until(ws_a, table["id"], 0, seen[0]), 1: until(ws_b, table["id"], 0, seen[1])}
            while states[0]["status"] != "finished":
                seat = states[0]["to_move"][0]
                mover = ws_a if seat == 0 else ws_b
                version = states[seat]["version"]
                send(mover, type="act", table=table["id"], seat=seat, version=version,
                     action=states[seat]["legal"][0]["action"])
                states = {0: until(ws_a, table["id"], version + 1, seen[0]),
                          1: until(ws_b, table["id"], version + 1, seen[1])}
        for server_ in (second, first):  # a reload on Ben's process, then on the other one
            with connect(server_.ws_url, additional_headers={"Cookie": ben.cookie()}, open_timeout=10) as ws:
                reloaded = join(ws, table["id"])
                assert reloaded["log"] == "all"
                assert [(e["version"], e["label"]) for e in reloaded["events"]] == seen[1]
        assert len(seen[1]) > 3
    finally:
        first.stop()
        second.stop()


def test_a_list_of_named_things_is_offered_item_by_item(server: Server) -> None:
    """Herbalism's action cards in play: each card by its name, to tick, never a raw list."""
    games = {g["id"]: g for g in Guest(server).http.get("/api/games", params={"lang": "es"}).json()}
    [spec] = [o for o in games["herbalism"]["options"] if o["name"] == "advanced_actions"]
    assert spec["kind"] == "list"
    names = {item["value"]: item["label"] for item in spec["items"]}
    assert set(names) == set(spec["default"]) and names["curing"] == "Curación"
