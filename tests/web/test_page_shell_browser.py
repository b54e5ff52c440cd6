"""The page's own side of issue 14, independent of any game's words: the card tooltip and
inspect panel, the log's groups and "all"/"new", what a redraw must keep (an open menu, focus,
folded boxes), and the regressions of the bugs the issue lists (a stray "null" on the replay
page, "Copied!" when nothing was copied, replay symbols drawn as boxes)."""

from __future__ import annotations

import re

import pytest
from board_driver import CHROMIUM, play_generic_to_the_end
from newcomer import DESKTOP, PHONE, create_table, new_page, open_table

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser  # noqa: E402

#: The example game: short, and drawn by the generic board.
GAME = "thirty-one"
ENTRY = {"id": "test:lantern", "kind": "Tool", "name": "Lantern", "text": "Lights two rooms at once.",
         "facts": [["Cost", "3"], ["Range", "2 rooms"]]}


def at_table(browser: Browser, base: str, *, viewport: dict = DESKTOP, touch: bool = False):
    page = new_page(browser, base, viewport=viewport, touch=touch)
    table = create_table(page, GAME, 2)
    open_table(page, base, table, GAME)
    return page, table


def give_card(page, table: str) -> None:
    """A catalogue (as the server sends it) and one board element that shows its entry."""
    reference = [{"title": "Rooms", "columns": ["Room", "Light"], "rows": [["Hall", "2"]], "note": "Lit rooms score."}]
    page.evaluate("([table, entry, reference]) => window.__deliver({type: 'catalogue', table, lang: 'en',"
                  " entries: [entry], reference})", [table, ENTRY, reference])
    page.wait_for_selector("#reference")
    page.evaluate("""(id) => { const b = document.createElement('span'); b.textContent = 'Lantern';
        b.id = 'lantern'; b.dataset.card = id; document.querySelector('#board').append(b); }""", ENTRY["id"])


def test_a_card_shows_what_it_does_on_hover_focus_and_tap(web_server, browser: Browser) -> None:
    page, table = at_table(browser, web_server.url)
    give_card(page, table)
    page.hover("#lantern")
    tip = page.locator("#card-tip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    for words in ("Lantern", "Tool", "Lights two rooms at once.", "Cost", "3", "Range", "2 rooms"):
        assert words in text
    page.mouse.move(0, 0)
    tip.wait_for(state="hidden")
    page.focus("#lantern")  # a card is reachable by keyboard, and says what it does there too
    tip.wait_for(state="visible")
    assert page.get_attribute("#lantern", "tabindex") == "0"
    assert page.get_attribute("#lantern", "aria-describedby") == "card-tip"
    page.keyboard.press("Enter")  # the keyboard's tap: the inspect panel, closed by Escape
    page.locator("#card-panel").wait_for(state="visible")
    assert "2 rooms" in page.inner_text("#card-panel")
    page.keyboard.press("Escape")
    page.locator("#card-panel").wait_for(state="detached")
    # The reference tables are on the table page, folded under "Reference".
    page.click("#reference summary")
    assert "Hall" in page.inner_text("#reference") and "Lit rooms score." in page.inner_text("#reference")
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()

    phone, table = at_table(browser, web_server.url, viewport=PHONE, touch=True)
    give_card(phone, table)
    phone.tap("#lantern")
    panel = phone.locator("#card-panel")
    panel.wait_for(state="visible")
    assert "Lights two rooms at once." in panel.inner_text() and "2 rooms" in panel.inner_text()
    close = phone.locator("#card-close").bounding_box()
    assert close and close["width"] >= 44 and close["height"] >= 44  # a finger-sized target
    phone.tap("#card-close")
    panel.wait_for(state="detached")
    assert phone.errors == []  # type: ignore[attr-defined]
    phone.context.close()


def test_the_log_groups_lines_under_sections_and_all_replaces(web_server, browser: Browser) -> None:
    page, table = at_table(browser, web_server.url)
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    events = [{"version": 1, "label": "Round 1", "section": True, "event": {}},
              {"version": 1, "label": "Ana drew a card.", "section": False, "event": {}},
              {"version": 2, "label": "Round 2", "section": True, "event": {}},
              {"version": 2, "label": "Bruno passed.", "section": False, "event": {}}]
    page.evaluate("(m) => window.__deliver(m)", {**state, "log": "all", "events": events})
    page.wait_for_function("() => document.querySelectorAll('#log .log-group').length === 2")
    groups = page.eval_on_selector_all("#log .log-group", "gs => gs.map((g) => g.innerText.split('\\n'))")
    assert groups == [["Round 1", "Ana drew a card."], ["Round 2", "Bruno passed."]]
    page.evaluate("(m) => window.__deliver(m)", {**state, "log": "new", "version": 3,
                                                  "events": [{"version": 3, "label": "Ana won.", "section": False}]})
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('Ana won.')")
    page.evaluate("(m) => window.__deliver(m)", {**state, "log": "all", "version": 3,
                                                  "events": [{"version": 1, "label": "Ronda 1", "section": True}]})
    page.wait_for_function("() => document.querySelector('#log').innerText.trim() === 'Ronda 1'")
    page.context.close()


def test_a_redraw_keeps_an_open_menu_focus_and_folded_boxes(web_server, browser: Browser) -> None:
    """Another seat's move redraws the table with the same legal moves for me: what I was doing
    stays (before, the menu closed and focus was lost)."""
    page, table = at_table(browser, web_server.url)
    page.wait_for_selector("#board section.actions button.action")
    page.evaluate("""() => { const m = document.createElement('div'); m.className = 'choice-menu';
        const b = document.createElement('button'); b.textContent = 'one of several'; m.append(b);
        document.querySelector('#board').prepend(m); }""")
    page.focus("#board section.actions button.action[data-index='0']")
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    page.evaluate("(m) => window.__deliver(m)", {**state, "version": state["version"] + 1, "events": []})
    page.wait_for_function(f"() => document.querySelector('main').dataset.version === '{state['version'] + 1}'")
    assert page.locator(".choice-menu").count() == 1
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"
    # With other legal moves the menu would offer stale moves: it goes.
    page.evaluate("(m) => window.__deliver(m)", {**state, "version": state["version"] + 2, "events": [],
                                                  "legal": state["legal"][:1]})
    page.wait_for_function(f"() => document.querySelector('main').dataset.version === '{state['version'] + 2}'")
    assert page.locator(".choice-menu").count() == 0
    page.context.close()


def test_a_redraw_keeps_a_box_the_reader_scrolled(web_server, browser: Browser) -> None:
    """On a phone Immunity's hand is a row that scrolls sideways: a redraw (another seat's move)
    leaves it where the reader scrolled it, and a row scrolled back to the start stays there."""
    page = new_page(browser, web_server.url, viewport=PHONE, touch=True)
    table = create_table(page, "immunity", 2)
    open_table(page, web_server.url, table, "immunity")
    hand = ".im-hand-cards"
    page.wait_for_selector(hand)
    assert page.evaluate(f"() => document.querySelector('{hand}').scrollWidth > "
                         f"document.querySelector('{hand}').clientWidth"), "the hand does not scroll on a phone"
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    for step, wanted in enumerate((150, 0), start=1):
        page.evaluate(f"(x) => {{ document.querySelector('{hand}').scrollLeft = x; }}", wanted)
        page.wait_for_timeout(300)  # the scroll event comes on the next frame; the row snaps to a card
        left = page.evaluate(f"() => document.querySelector('{hand}').scrollLeft")
        assert left > 50 if wanted else left < 50  # scrolled along, then back to the first card
        old = page.evaluate_handle(f"() => document.querySelector('{hand}')")
        page.evaluate("(m) => window.__deliver(m)", {**state, "version": state["version"] + step, "events": []})
        page.wait_for_function(f"() => document.querySelector('main').dataset.version === '{state['version'] + step}'")
        assert page.evaluate(f"(old) => document.querySelector('{hand}') !== old", old)  # drawn anew
        assert page.evaluate(f"() => document.querySelector('{hand}').scrollLeft") == left
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_copy_without_the_clipboard_api_selects_the_link_and_says_so(web_server, browser: Browser) -> None:
    """Plain http on another host has no navigator.clipboard: never "Copied!"."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});")
    page = context.new_page()
    page.goto(web_server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    table = create_table(page, GAME, 2)
    open_table(page, web_server.url, table, GAME)
    page.click("#copy-invite")
    assert page.text_content("#copy-invite") == "Select and copy (Ctrl+C)"
    selected = page.evaluate("() => { const i = document.activeElement; return i.id === 'invite'"
                             " && i.selectionStart === 0 && i.selectionEnd === i.value.length; }")
    assert selected
    context.close()


def test_the_replay_has_no_stray_null_and_draws_its_symbols(web_server, browser: Browser) -> None:
    page, table = at_table(browser, web_server.url)
    play_generic_to_the_end(page, seed=3)
    page.goto(f"{web_server.url}/#/replay/{table}")
    page.wait_for_selector("#replay-step")
    total = int(re.findall(r"\d+", page.text_content("#replay-step") or "")[-1])
    for step in (0, 1, total):
        if step:
            page.evaluate(f"() => {{ location.hash = '#/replay/{table}'; }}")
        while int(re.findall(r"\d+", page.text_content("#replay-step") or "")[0]) < step:
            before = page.text_content("#replay-step")
            page.click("#replay-next" if step < total else "#replay-last")
            page.wait_for_function("(b) => document.querySelector('#replay-step').textContent !== b", arg=before)
        texts = page.evaluate("""() => { const out = []; const walk = document.createTreeWalker(
            document.querySelector('main'), NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) out.push(walk.currentNode.data.trim());
            return out; }""")
        assert "null" not in texts, f"a stray 'null' at step {step}"
    controls = page.inner_text(".replay-controls")
    assert not re.search("[\u2300-\u23ff\u25b6\u25c0\U0001f300-\U0001faff]", controls), controls
    assert page.locator(".replay-controls button svg.icon").count() == 5
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_status_names_who_decides_and_a_thinking_bot(web_server, browser: Browser) -> None:
    """Not my decision: the status names the seat that decides, by the table's name, and says
    when a bot is searching; my decision: "Your turn" and the game's prompt under it."""
    page, table = at_table(browser, web_server.url)
    assert page.get_attribute("#table-rules", "href") == f"/rules/{GAME}?lang=en"  # the rules, from the table
    state = page.evaluate("() => window.__messages.filter((m) => m.type === 'state').at(-1)")
    page.evaluate("(m) => window.__deliver(m)", {**state, "version": state["version"] + 1, "legal": [], "to_move": [1],
                                                  "names": ["Ana", "Bot 2 (normal)"], "prompt": "", "thinking": []})
    page.wait_for_function("() => document.querySelector('#status').textContent === 'Waiting for Bot 2 (normal)'")
    assert page.locator("#prompt").is_hidden()
    page.evaluate("(table) => window.__deliver({type: 'thinking', table, seats: [1]})", table)
    page.wait_for_function("() => document.querySelector('#status').textContent === 'Bot 2 (normal) is thinking…'")
    mine = {**state, "version": state["version"] + 2, "prompt": "Choose a card to keep"}
    page.evaluate("(m) => window.__deliver(m)", mine)
    page.wait_for_function("() => document.querySelector('#status').textContent === 'Your turn'")
    assert page.text_content("#prompt") == "Choose a card to keep"
    page.context.close()
