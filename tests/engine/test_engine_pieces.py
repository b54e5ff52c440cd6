"""The engine's shared pieces: options, designer overrides, labels and the registry."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.engine.i18n import LANGS, check_lang, missing_translations, text
from ludoteca.engine.options import choice, flag, number, parse_cli_value, resolve
from ludoteca.engine.params import override

SPECS = {"mode": choice("a", "a", "b"), "fast": flag(False), "target": number(6, 6, 7)}


def test_options_fill_defaults_and_check_values():
    assert resolve("g", SPECS, None) == {"mode": "a", "fast": False, "target": 6}
    assert resolve("g", SPECS, {"target": 7.0}) == {"mode": "a", "fast": False, "target": 7}
    with pytest.raises(ValueError, match="unknown option 'speed' for g; known options: fast, mode, target"):
        resolve("g", SPECS, {"speed": 1})
    with pytest.raises(ValueError, match="option 'mode' must be one of 'a', 'b'; got 'c'"):
        resolve("g", SPECS, {"mode": "c"})
    with pytest.raises(ValueError, match="option 'fast' must be true or false"):
        resolve("g", SPECS, {"fast": "yes"})
    with pytest.raises(ValueError, match="option 'target' must be at most 7"):
        resolve("g", SPECS, {"target": 8})
    with pytest.raises(ValueError, match="option 'target' must be a whole number"):
        resolve("g", SPECS, {"target": 6.5})
    with pytest.raises(ValueError, match="options must be a mapping"):
        resolve("g", SPECS, ["mode"])  # type: ignore[arg-type]


def test_cli_option_values_parse_as_json_or_text():
    assert parse_cli_value("7") == 7
    assert parse_cli_value("true") is True
    assert parse_cli_value('{"a": 1}') == {"a": 1}
    assert parse_cli_value("rat-hot") == "rat-hot"


def test_params_override_is_deep_and_strict():
    base = {"cells": {"nk": {"cost": 2, "name": "NK"}}, "limit": 7, "list": [1, 2], "on": True}
    changed = override(base, {"cells": {"nk": {"cost": 3}}, "list": [5]})
    assert changed == {"cells": {"nk": {"cost": 3, "name": "NK"}}, "limit": 7, "list": [5], "on": True}
    assert base["cells"]["nk"]["cost"] == 2, "the base data must not change"
    with pytest.raises(ValueError, match=r"params\.cells\.nkk: unknown key; known keys here: nk"):
        override(base, {"cells": {"nkk": {}}})
    with pytest.raises(ValueError, match=r"params\.cells\.nk\.cost: expected a number, got 'three'"):
        override(base, {"cells": {"nk": {"cost": "three"}}})
    with pytest.raises(ValueError, match=r"params\.limit: expected a whole number, got 7.5"):
        override(base, {"limit": 7.5})
    with pytest.raises(ValueError, match=r"params\.on: expected true or false"):
        override(base, {"on": 1})
    with pytest.raises(ValueError, match=r"params\.cells: expected a mapping"):
        override(base, {"cells": 3})
    with pytest.raises(ValueError, match=r"params\.list: expected a list"):
        override(base, {"list": 3})


def test_labels_fall_back_to_english_and_report_gaps():
    catalogue = {"hi": {"en": "Hello {name}", "es": "Hola {name}", "fr": ""}}
    assert text(catalogue, "hi", "es", name="Ana") == "Hola Ana"
    assert text(catalogue, "hi", "fr", name="Ana") == "Hello Ana"
    assert missing_translations(catalogue) == ["hi:fr"]
    assert check_lang("fr") == "fr" and LANGS == ("en", "es", "fr")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        check_lang("de")


def test_registry_lists_games_and_names_unknown_ids():
    import ludoteca.games.dschunke  # noqa: F401  (binds ludoteca.games to the package)

    assert "dschunke" in ludoteca.games()
    assert ludoteca.games() == sorted(ludoteca.games())
    with pytest.raises(ValueError, match="unknown game 'chess'; available games: "):
        ludoteca.game("chess")


def test_illegal_action_is_a_value_error():
    assert issubclass(ludoteca.IllegalAction, ValueError)
    assert issubclass(ludoteca.RecordError, ValueError)


def test_a_determinized_state_cannot_be_replayed_into_the_true_one():
    """A bot given determinize() must not recover the true game from its record or seed."""
    import random

    state = ludoteca.game("dschunke").new(2, seed=8)
    state.apply(0, state.legal_actions(0)[0])
    sample = state.determinize(1, random.Random(1))
    assert sample.seed != state.seed
    assert sample.version == state.version and sample.view(1) == state.view(1)
    with pytest.raises(ludoteca.RecordError, match="determinized"):
        sample.record()
