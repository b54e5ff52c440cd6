"""Docs are part of the product: every link in the README and docs/ stays inside the repository
and names a file that exists, and no page sends a reader to a path outside the checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
OUTSIDE = re.compile(r"(?<![\w/.])\.\./shared\b|/work/shared")


def local_links(page: Path) -> list[str]:
    return [target for target in LINK.findall(page.read_text(encoding="utf-8"))
            if not re.match(r"^[a-z]+:", target) and not target.startswith("#")]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_inside_the_repository(page: Path) -> None:
    problems = []
    for target in local_links(page):
        resolved = (page.parent / target.split("#")[0]).resolve()
        if ROOT not in resolved.parents and resolved != ROOT:
            problems.append(f"{target}: outside the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file")
    assert not problems, f"{page.relative_to(ROOT)}: " + "; ".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_points_outside_the_checkout(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not OUTSIDE.search(text), f"{page.relative_to(ROOT)} mentions a path outside the repository"


def test_the_link_check_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("[gone](missing.md) [site](https://example.org) [here](#top)", encoding="utf-8")
    assert local_links(page) == ["missing.md"]
