"""Issue 14's "done when", in Chromium, for every registered game: a newcomer can learn the
game at its table.  Each card kind on the board says what it does (hover at 1280×800, tap on a
390×844 touch screen) in en, es and fr, and a ``params`` change to a number shows in its
tooltip; over a whole game (one seat clicking its legal moves, bots in the others) the prompt
names every decision, no log line shows a content id, ``[``, ``{`` or a coordinate pair, a
language switch re-words every line and a reload brings back the whole log; the end breaks
every score down and names the winners; every preset made from the lobby gives a table whose
options are what the form showed.

These checks need the server's words (W1) and each game's catalogue, prompts and breakdown
(the game helpers): a game fails here until its side is done, with a message that says what
is missing."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from board_driver import CHROMIUM, TIMEOUT
from newcomer import (
    DESKTOP,
    PHONE,
    WORD,
    catalogue,
    click_a_move,
    content_ids,
    create_table,
    log_lines,
    my_turn_or_end,
    new_page,
    open_table,
    words_problem,
)

import ludoteca
from ludoteca.engine import registry
from ludoteca.engine.content import RANGES_TABLE, load_toml
from ludoteca.engine.i18n import generic_prompt

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402

GAMES = registry.all_games()
#: The games with components to explain (the teaching example Thirty-One has a plain deck).
CARD_GAMES = registry.games()
LANGS = ("en", "es", "fr")


def players_for(game_id: str) -> int:
    g = ludoteca.game(game_id)
    return 2 if g.min_players <= 2 <= g.max_players else g.min_players


def table_page(browser: Browser, base: str, game: str, lang: str, *, touch: bool = False,
               options: dict | None = None) -> Page:
    page = new_page(browser, base, lang, viewport=PHONE if touch else DESKTOP, touch=touch)
    open_table(page, base, create_table(page, game, players_for(game), options), game)
    page.wait_for_function("() => window.__messages.some((m) => m.type === 'catalogue')", timeout=5000)
    return page


def cards_by_kind(page: Page, entries: list[dict[str, Any]]) -> dict[str, str]:
    """One board element per catalogue kind present: kind -> a CSS selector for it (a non-move
    element first, where the kind has one)."""
    kinds = {e["id"]: e["kind"] for e in entries}
    found = page.eval_on_selector_all("#board [data-card]", """nodes => nodes.filter((n) => {
        const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
        .map((n) => [n.dataset.card, !!n.closest('.hot')])""")
    chosen: dict[str, tuple[str, bool]] = {}
    for card, move in found:
        kind = kinds.get(card)
        if kind and (kind not in chosen or (chosen[kind][1] and not move)):
            chosen[kind] = (card, move)
    return {kind: f"#board [data-card=\"{card}\"]" for kind, (card, _move) in chosen.items()}


def shown_words(entry: dict[str, Any]) -> list[str]:
    return [entry["name"], entry["text"], *[part for fact in entry.get("facts", []) for part in fact]]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_each_card_kind_says_what_it_does_on_hover_and_tap(web_server, browser: Browser, game: str) -> None:
    # Hover on a desktop in every language; tap on a phone in one (the panel is the same code).
    for lang, touch in [*((lang, False) for lang in LANGS), ("fr", True)]:
        page = table_page(browser, web_server.url, game, lang, touch=touch)
        entries = catalogue(page)
        assert entries, f"{game}: the server sent no catalogue entries ({lang})"
        by_id = {e["id"]: e for e in entries}
        kinds = cards_by_kind(page, entries)
        assert kinds, f"{game}: the board marks no component with data-card"
        for kind, selector in kinds.items():
            card = page.locator(selector).first
            entry = by_id[card.get_attribute("data-card") or ""]
            if touch:
                if card.evaluate("n => !!n.closest('.hot')"):  # a move: the long press inspects it
                    card.dispatch_event("pointerdown", {"pointerType": "touch"})
                    card.dispatch_event("contextmenu")
                else:
                    card.tap()
                box = page.locator("#card-panel")
            else:
                card.scroll_into_view_if_needed()
                card.hover()
                box = page.locator("#card-tip")
            box.wait_for(state="visible", timeout=5000)
            text = box.inner_text()
            missing = [w for w in shown_words(entry) if w not in text]
            assert not missing, f"{game} {lang} {kind}: {missing} not shown for {entry['id']}"
            if touch:
                page.locator("#card-close").click()
                box.wait_for(state="detached", timeout=5000)
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def number_changes(game_id: str, limit: int = 60) -> Iterator[tuple[dict, str, list[str]]]:
    """Params that change one number of the content and the catalogue entry that shows it:
    (params, entry id, the changed fact)."""
    g = ludoteca.game(game_id)
    package = type(g).__module__.rpartition(".")[0]
    try:
        data = load_toml(package, "content.toml")
    except (FileNotFoundError, ModuleNotFoundError, ValueError):
        return
    data.pop(RANGES_TABLE, None)
    before = {e["id"]: e.get("facts", []) for e in g.catalogue({}, "en")}

    def leaves(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], int]]:
        if isinstance(node, dict):
            for key, value in node.items():
                yield from leaves(value, (*path, key))
        elif isinstance(node, int) and not isinstance(node, bool):
            yield path, node

    tried = 0
    for path, value in leaves(data, ()):
        for new in (value + 1, value - 1):
            params: dict[str, Any] = new
            for key in reversed(path):
                params = {key: params}
            try:
                g.new(players_for(game_id), 1, {"params": params})
                after = g.catalogue({"params": params}, "en")
            except ValueError:
                continue
            for entry in after:
                changed = [f for f in entry.get("facts", []) if f not in before.get(entry["id"], [])]
                if changed and str(new) in changed[0][1]:
                    yield params, entry["id"], changed[0]
                    break
            break
        tried += 1
        if tried >= limit:
            return


@pytest.mark.parametrize("game", CARD_GAMES)
def test_a_params_number_shows_in_its_tooltip(web_server, browser: Browser, game: str) -> None:
    candidates = list(number_changes(game))
    assert candidates, f"{game}: no params number changes a catalogue fact"
    for params, card, (what, value) in candidates[:6]:
        page = table_page(browser, web_server.url, game, "en", options={"params": params})
        node = page.locator(f"#board [data-card=\"{card}\"]")
        rng = random.Random(2)
        for _ in range(30):  # the component may come into play after a few moves
            if node.count() or not my_turn_or_end(page):
                break
            click_a_move(page, rng)
        if not node.count():
            page.context.close()
            continue  # that component did not show: try another number
        my_turn_or_end(page)  # the bots' replies drawn, so the board is still while we point
        # By keyboard focus, which every card takes: a board may lay a move over the component (a
        # Dschunke spot over its crate), so where a pointer lands is the board's business and is
        # tested with hover above.
        node.first.focus()
        page.locator("#card-tip").wait_for(state="visible", timeout=5000)
        text = page.inner_text("#card-tip")
        assert what in text and value in text, f"{game}: params {params} should show {what} {value}: {text!r}"
        page.context.close()
        return
    pytest.fail(f"{game}: none of the components whose numbers params change came on the board")


def test_a_board_redrawn_under_the_pointer_shows_the_new_cards_tooltip(web_server, browser: Browser) -> None:
    # Another seat's move redraws the board while the mouse rests on a card: the browser sends
    # no new pointer event, so the page itself must show the tip of the card now under it (and
    # hide it where no card is), or the tip lies about the card or vanishes.
    page = table_page(browser, web_server.url, "dice-hospital", "en")
    entries = catalogue(page)
    by_id = {e["id"]: e for e in entries}
    selector = next(iter(cards_by_kind(page, entries).values()))
    card = page.locator(selector).first
    first = card.get_attribute("data-card") or ""
    other = next(e for e in entries if e["id"] != first and e["name"] != by_id[first]["name"])
    card.scroll_into_view_if_needed()
    card.hover()
    tip = page.locator("#card-tip")
    tip.wait_for(state="visible", timeout=5000)
    assert by_id[first]["name"] in tip.inner_text()
    # The redraw, as the board does it: the old elements go, and a moment later new ones come.
    page.evaluate("() => { const board = document.querySelector('#board');"
                  " window.__saved = [...board.childNodes]; board.replaceChildren(); }")
    tip.wait_for(state="hidden", timeout=5000)
    page.evaluate("([sel, id]) => { document.querySelector('#board').replaceChildren(...window.__saved);"
                  " for (const n of document.querySelectorAll(sel)) n.dataset.card = id; }", [selector, other["id"]])
    tip.wait_for(state="visible", timeout=5000)
    assert other["name"] in tip.inner_text(), tip.inner_text()
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def names_of(page: Page) -> list[str]:
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    return state.get("names") or []


def ids_for(page: Page, lang: str) -> dict[str, str]:
    """The content ids of the newest catalogue in ``lang``; read again only when a catalogue
    arrives (copying it out of the page at every decision was half of a whole game's time)."""
    count = page.evaluate("() => window.__messages.filter((m) => m.type === 'catalogue').length")
    cache = page.__dict__.setdefault("_content_ids", {})
    if (lang, count) not in cache:
        found = page.evaluate("(lang) => window.__messages.filter((m) => m.type === 'catalogue' && m.lang === lang)"
                              ".map((m) => m.entries)", lang)
        cache[(lang, count)] = content_ids(found[-1]) if found else content_ids(catalogue(page))
    return cache[(lang, count)]


def without_names(line: str, names: list[str]) -> str:
    for name in names:
        line = line.replace(name, "")
    return line


def log_versions(page: Page) -> list[str]:
    return page.eval_on_selector_all("#log h4, #log li", "nodes => nodes.map((n) => n.dataset.version)")


def switch_language(page: Page, lang: str) -> None:
    """The header's switch; the server answers with the whole log in that language."""
    count = page.evaluate("() => window.__messages.filter((m) => m.type === 'state' && m.log === 'all').length")
    page.select_option("#lang", lang)
    page.wait_for_function("(n) => window.__messages.filter((m) => m.type === 'state' && m.log === 'all').length > n",
                           arg=count, timeout=10000)
    page.wait_for_timeout(200)


def log_entries(page: Page) -> list[tuple[int, str]]:
    """The log as (version of the move that wrote it, text), read in one go."""
    found = page.eval_on_selector_all("#log h4, #log li",
                                      "nodes => nodes.map((n) => [n.dataset.version, n.textContent])")
    return [(int(version or -1), text) for version, text in found]


def switched_rewords_every_line(page: Page, game: str, old: str, new: str) -> None:
    """A language switch: every line comes again for the same move, none with words left as
    they were.  Bots may move meanwhile (Dice Hospital's hospitals activate at the same time):
    their lines come after, for later moves."""
    before, names = log_entries(page), names_of(page)
    switch_language(page, new)
    after = log_entries(page)
    assert len(after) >= len(before), f"{game}: {len(before)} lines before the switch, {len(after)} after"
    assert [v for v, _ in after[:len(before)]] == [v for v, _ in before], f"{game}: the switch reordered the log"
    last = max((v for v, _ in before), default=-1)
    assert all(v > last for v, _ in after[len(before):]), f"{game}: lines of earlier moves came after the switch"
    same = [a for (_, a), (_, b) in zip(before, after, strict=False) if a == b and WORD.search(without_names(a, names))]
    assert not same, f"{game}: lines still in {old} after switching to {new}: {same[:3]}"


def reload_brings_the_whole_log(page: Page, game: str) -> None:
    """A reload: the same lines of the same moves (their words may be re-derived: Dschunke's
    grid references follow the deck as drawn now)."""
    versions = log_versions(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("(n) => document.querySelectorAll('#log h4, #log li').length >= n", arg=len(versions),
                           timeout=TIMEOUT)
    assert log_versions(page)[:len(versions)] == versions, f"{game}: the log after a reload is not the whole log"


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_reads_as_words(web_server, browser: Browser, game: str) -> None:
    """en at the start, es after a few of my moves, a reload, fr later (or at the end, for a
    short game): every line checked in the language it was shown in."""
    # Dice Hospital in four rounds, not eight: every phase and decision still comes up, in half
    # the clicks (the whole test took two minutes with the full game).
    options = {"params": {"rules": {"rounds": 4}}} if game == "dice-hospital" else None
    page = table_page(browser, web_server.url, game, "en", options=options)
    rng = random.Random(5)
    lang, checked, decisions, reloaded = "en", 0, 0, False
    while my_turn_or_end(page):
        version = int(page.get_attribute("main", "data-version") or "0")
        ids = ids_for(page, lang)
        prompt = (page.text_content("#prompt") or "").strip()
        assert prompt and prompt != generic_prompt(lang), f"{game} v{version}: the prompt says {prompt!r}"
        assert not words_problem(prompt, ids), f"{game} prompt {prompt!r}: {words_problem(prompt, ids)}"
        lines = log_lines(page)
        for line in lines[checked:]:
            problem = words_problem(line, ids)
            assert not problem, f"{game} ({lang}) log line {line!r}: {problem}"
        checked = len(lines)
        if (lang == "en" and decisions >= 3) or (lang == "es" and reloaded and decisions >= 9):
            new = "es" if lang == "en" else "fr"
            switched_rewords_every_line(page, game, lang, new)
            lang, checked = new, 0
            continue
        if lang == "es" and not reloaded and decisions >= 6:
            reload_brings_the_whole_log(page, game)
            reloaded = True
            continue
        click_a_move(page, rng)
        decisions += 1
    if not reloaded:
        reload_brings_the_whole_log(page, game)
    for new in ("es", "fr")[("en", "es", "fr").index(lang):]:
        switched_rewords_every_line(page, game, lang, new)
        lang, checked = new, 0
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    for line in log_lines(page)[checked:]:
        assert not words_problem(line, ids_for(page, lang)), f"{game} log line {line!r}"
    breakdown = state.get("breakdown")
    assert breakdown, f"{game}: no score breakdown at the end"
    for seat in breakdown:
        assert abs(sum(points for _words, points in seat["lines"]) - state["scores"][seat["seat"]]) < 1e-9
        assert seat["total"] == state["scores"][seat["seat"]]
    tables = page.eval_on_selector_all("#game-over table.breakdown", """ts => ts.map((t) => ({
        seat: Number(t.dataset.seat),
        points: [...t.querySelectorAll('tbody td.points')].map((d) => Number(d.textContent)),
        total: Number(t.querySelector('tfoot td.points').textContent)}))""")
    assert len(tables) == len(state["scores"])
    for shown in tables:
        assert abs(sum(shown["points"]) - shown["total"]) < 1e-9 and shown["total"] == state["scores"][shown["seat"]]
    winners = page.text_content("#game-over .winners") or ""
    for w in state["winners"]:
        assert str(w + 1) in winners and state["names"][w] in winners, f"{game}: winner {w} not named in {winners!r}"
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def form_values(page: Page, game: str) -> dict[str, Any]:
    """The options exactly as the lobby form shows them."""
    return page.evaluate("""(game) => Object.fromEntries([...document.querySelectorAll(
        `form.create[data-game='${game}'] [data-option]`)].map((label) => {
        const input = label.querySelector('select, input, textarea');
        const items = label.querySelector('.option-items');
        let value;
        if (items) value = [...items.querySelectorAll('input:checked')].map((box) => JSON.parse(box.value));
        else if (input.tagName === 'SELECT') value = JSON.parse(input.value);
        else if (input.type === 'checkbox') value = input.checked;
        else if (input.type === 'number') value = Number(input.value);
        else if (input.tagName === 'TEXTAREA') value = input.value.trim() ? JSON.parse(input.value) : {};
        else value = input.value;
        return [label.dataset.option, value]; }))""", game)


@pytest.mark.parametrize("game", registry.games())
def test_every_preset_gives_the_table_the_form_showed(web_server, browser: Browser, game: str) -> None:
    page = new_page(browser, web_server.url, "en")
    info = next(g for g in page.evaluate("async () => (await fetch('/api/games?lang=en')).json()") if g["id"] == game)
    presets = info.get("presets")
    assert presets is not None or not info.get("variants"), f"{game}: variants but no presets from the server"
    for preset in [None, *(presets or [])]:
        page.goto(web_server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        form = page.locator(f"form.create[data-game='{game}']")
        if preset:
            form.locator("select[name='preset']").select_option(preset["id"])
            assert form.locator("details.options").get_attribute("open") is not None  # the change is seen
        shown = form_values(page, game)
        with page.expect_response(lambda r: r.url.endswith("/api/tables") and r.request.method == "POST") as created:
            form.locator("button.create-table").click()
        assert created.value.ok, created.value.text()
        table = created.value.json()["id"]
        got = page.evaluate("async (id) => (await fetch('/api/tables/' + id)).json()", table)["options"]
        assert {k: got[k] for k in shown} == shown, f"{game} preset {preset and preset['id']}: the table got {got}"


@pytest.mark.parametrize("game", registry.games())
def test_the_lobby_reads_as_words_in_every_language(web_server, browser: Browser, game: str) -> None:
    for lang in LANGS:
        page = new_page(browser, web_server.url, lang)
        card = page.locator(f"article.game[data-game='{game}']")
        form = card.locator("form.create")
        labels = form.locator(".option-label").all_text_contents()
        code = [label for label in labels if "_" in label or re.fullmatch(r"[a-z0-9-]+", label)]
        assert not code, f"{game} ({lang}): options named by code: {code}"
        choices = form.locator(".option select option").all_text_contents()
        assert not [c for c in choices if "_" in c], f"{game} ({lang}): choices named by code"
        # Only a designer's params may be typed as data: no other option is a raw text box
        # (Herbalism's action cards in play are one box to tick per card, by name).
        typed = form.locator(".option textarea").evaluate_all(
            "nodes => nodes.filter(n => !n.closest('details.designers')).map(n => n.name)")
        assert typed == [], f"{game} ({lang}): options typed as raw data: {typed}"
        params = form.locator("[data-option='params']")
        if params.count():
            assert params.evaluate("n => !!n.closest('details.designers')"), "params must sit under 'For designers'"
        seats = form.locator(".seats-form label").all_text_contents()
        assert re.search(r"1\b", seats[0]) and not re.search(r"\b0\b", " ".join(seats)), seats
        counts = form.locator("select[name='players'] option").all_text_contents()
        marked = [i for i, c in enumerate(counts) if "(" in c]
        assert marked == list(range(len(counts) - len(marked), len(counts))), f"experimental counts not last: {counts}"
        facts = card.locator(".game-facts").text_content() or ""
        assert re.search(r"\d+\s*(–\d+)?\s*min", facts), f"{game} ({lang}): no play time in {facts!r}"
        rules = card.locator("a.rules-link").get_attribute("href") or ""
        assert rules.startswith(f"/rules/{game}") and f"lang={lang}" in rules, rules
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()

