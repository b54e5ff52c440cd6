"""report.html opened offline in Debian's Chromium: every chart renders with a real size.

The page is loaded from a file:// URL with every other request aborted by a route, so a chart
that needed the network (a font, a script, a CDN image) would show up as a blocked request.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.lab.report import write_report
from ludoteca.lab.report_synthetic import synthetic_run

CHROMIUM = Path("/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's /usr/bin/chromium is not installed")
LAUNCH = {"executable_path": str(CHROMIUM), "headless": True,
          "args": ["--no-sandbox", "--disable-background-networking", "--disable-gpu"]}


def test_every_plot_renders_offline_with_a_size(tmp_path: Path) -> None:
    run = synthetic_run(tmp_path / "run", games=600, arms=("shipped", "cost_2", "cost_3"), sweep=True, restrict=True,
                        series=True)
    report = write_report(run, lang="fr")
    expected = report.read_text(encoding="utf-8").count("<svg ")
    blocked: list[str] = []

    def route(r) -> None:
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(**LAUNCH)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.route("**/*", route)
            page.goto(report.as_uri(), wait_until="load")
            sizes = page.eval_on_selector_all(
                "svg", "els => els.map(e => { const r = e.getBoundingClientRect();"
                       " return [r.width, r.height, e.querySelectorAll('path, use, text').length]; })")
            title = page.title()
        finally:
            browser.close()
    assert blocked == []
    assert "Rapport du laboratoire" in title
    assert len(sizes) == expected == 10
    for width, height, marks in sizes:
        assert width > 100 and height > 50 and marks > 10, (width, height, marks)
