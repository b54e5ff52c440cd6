"""Add or change one board word in the three client catalogues at once (en, es, fr).

    .venv/bin/python tests/web/add_words.py dj_zoom_in "Zoom in" "Acercar" "Zoom avant"

Several people may add words at the same time: each call reads, changes and writes the files in
one go, keeping their layout (two-space JSON, generated ``name.*`` keys last)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

I18N = Path(__file__).resolve().parents[2] / "ludoteca" / "web" / "i18n"


def add(key: str, words: dict[str, str]) -> None:
    if key.startswith("name."):
        raise SystemExit("name.* keys are generated: run tests/web/board_names.py")
    for lang, text in words.items():
        path = I18N / f"{lang}.json"
        catalogue = json.loads(path.read_text())
        own = {k: v for k, v in catalogue.items() if not k.startswith("name.")}
        own[key] = text
        own.update({k: v for k, v in catalogue.items() if k.startswith("name.")})
        path.write_text(json.dumps(own, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    add(sys.argv[1], dict(zip(("en", "es", "fr"), sys.argv[2:], strict=True)))
