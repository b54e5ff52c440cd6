"""report.html from synthetic run folders: well-formed, offline, every section with data, three
languages, deterministic, readable colours, and clear errors for a folder that is not a run."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludoteca.lab.report import write_report
from ludoteca.lab.report_html import CSS
from ludoteca.lab.report_labels import LABELS, LANGS, METRICS, label, missing_translations
from ludoteca.lab.report_synthetic import synthetic_run

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source", "track", "embed"}
FULL = ("question", "health", "fairness", "deltas", "length", "content", "sweep", "series", "games", "method",
        "reproduce")
SECTION_TITLE = {"question": "sec_question", "health": "sec_health", "fairness": "sec_fairness",
                 "deltas": "sec_deltas", "length": "sec_length", "content": "sec_content", "sweep": "sec_sweep",
                 "series": "sec_series",
                 "games": "sec_games", "method": "sec_method", "reproduce": "sec_reproduce"}


class Checker(HTMLParser):
    """Checks nesting (every non-void element closed in order) and collects what the tests need."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.sections: list[str] = []
        self.svgs = 0
        self.tags: set[str] = set()
        self.attrs: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs += [(k, v or "") for k, v in attrs]
        if tag == "section":
            self.sections.append(dict(attrs).get("id") or "")
        if tag == "svg":
            self.svgs += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs += [(k, v or "") for k, v in attrs]

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()


def parse(html: str) -> Checker:
    checker = Checker()
    checker.feed(html)
    checker.close()
    assert not checker.errors, checker.errors[:5]
    assert not checker.stack, f"unclosed: {checker.stack}"
    return checker


@pytest.fixture(scope="module")
def full_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synthetic_run(tmp_path_factory.mktemp("lab") / "run", games=600, arms=("shipped", "cost_2", "cost_3"),
                         sweep=True, restrict=True, series=True)


@pytest.mark.parametrize("lang", LANGS)
def test_report_is_well_formed_offline_and_has_every_section(full_run: Path, lang: str) -> None:
    html = write_report(full_run, lang=lang).read_text(encoding="utf-8")
    checker = parse(html)
    assert html.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in html
    assert checker.sections == list(FULL)
    for section in FULL:
        assert f"<h2>{label(SECTION_TITLE[section], lang)}</h2>".replace("'", "&#x27;") in html
    # Nothing to fetch: no URL at all, no script, no external resource element or attribute.
    assert not re.search(r"https?://", html)
    assert "//" not in "".join(v for k, v in checker.attrs if k in ("src", "href"))
    assert not checker.tags & {"script", "link", "img", "iframe", "object"}
    # fairness bars, length histogram+ECDF, decided-at ECDF, runaway curve, 2 sweep curves, 3 fan charts
    # (score, oxygen, damage), SPRT trace
    assert checker.svgs == 10
    assert all("aria-label=" in svg for svg in re.findall(r"<svg [^>]*>", html))


def test_verdicts_are_a_word_and_a_symbol_not_colour_alone(full_run: Path) -> None:
    html = write_report(full_run, lang="fr").read_text(encoding="utf-8")
    verdicts = json.loads((full_run / "metrics.json").read_text())["verdicts"]
    words = {"met": "✔ atteint", "missed": "✘ manqué", "unclear": "? incertain"}
    for v in verdicts:
        assert words[v["verdict"]] in html
    assert html.count('class="badge') == len(verdicts)


def test_labels_are_complete_in_three_languages() -> None:
    assert missing_translations(LABELS) == [] and missing_translations(METRICS) == []


def test_spanish_report_shows_spanish_words_not_ids(full_run: Path) -> None:
    html = write_report(full_run, lang="es").read_text(encoding="utf-8")
    text = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", html, flags=re.S)
    for word in ("Proporción de victorias por asiento", "Asiento 0", "Partidas para revisar", "Bots, no personas"):
        assert word in text
    for raw in ("seat_win_share", "seat_gap", "lead_changes", "comeback_rate"):
        assert raw not in text


def test_report_is_byte_identical_when_rewritten(full_run: Path) -> None:
    """Also from a fresh process: SVG ids come from the fixed hash salt, not from the process."""
    first = write_report(full_run).read_bytes()
    assert write_report(full_run).read_bytes() == first
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                    "from ludoteca.lab.report import write_report; write_report(Path(sys.argv[1]))", str(full_run)],
                   check=True, timeout=120)
    assert (full_run / "report.html").read_bytes() == first


def test_sections_without_data_are_left_out(tmp_path: Path) -> None:
    """A one-arm seats run with no games table, records, sweep or manifest."""
    run = synthetic_run(tmp_path / "seats", games=90, arms=("shipped",))
    (run / "games.jsonl.gz").unlink()
    (run / "manifest.json").unlink()
    metrics = json.loads((run / "metrics.json").read_text())
    metrics["notable"] = []
    metrics["estimates"] = [e for e in metrics["estimates"] if e["metric"] not in ("usage", "win_when_used")]
    (run / "metrics.json").write_text(json.dumps(metrics))
    checker = parse(write_report(run).read_text(encoding="utf-8"))
    assert checker.sections == ["question", "health", "fairness", "length", "method"]
    assert checker.svgs == 2  # fairness bars and runaway curve; no game rows, so no histogram


def test_not_a_run_folder_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="metrics.json: not found"):
        write_report(tmp_path)
    (tmp_path / "metrics.json").write_text(json.dumps({"schema": 7}))
    with pytest.raises(ValueError, match="schema 7; this report reads schema 1"):
        write_report(tmp_path)
    with pytest.raises(ValueError, match="unknown language 'de'"):
        write_report(tmp_path, lang="de")
    assert not (tmp_path / "report.html").exists()


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_every_text_colour_pair_meets_wcag_aa() -> None:
    """WCAG 2.1 §1.4.3: contrast of at least 4.5:1 for normal text; pairs read from the stylesheet."""
    pairs = re.findall(r"background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})", CSS)
    pairs += [("#ffffff", c) for c in re.findall(r"(?<![-\w])color:(#[0-9a-f]{6})", CSS)]
    assert len(pairs) >= 6
    for bg, fg in pairs:
        hi, lo = sorted((_luminance(bg), _luminance(fg)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (bg, fg)
