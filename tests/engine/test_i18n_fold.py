"""One folding rule for every game's ``? topic`` lookup: case, accents, spaces and punctuation
never stop a player's word from finding its card."""

from ludoteca.engine.i18n import fold


def test_fold_ignores_case_accents_spaces_and_punctuation() -> None:
    assert fold("Alimentación") == fold("alimentacion") == "alimentacion"
    assert fold("NK cell") == fold("nk_cell") == "nkcell"
    assert fold("Células inmunes") == "celulasinmunes"
    assert fold("Cardiología") != fold("Oncología")


def test_every_game_finds_a_card_typed_without_accents() -> None:
    """The three games with ``? topic`` share the rule: a Spanish name typed plainly works."""
    import ludoteca

    dh = ludoteca.game("dice-hospital")
    state = dh.new(2, seed=1)
    assert "Cardiolog" in (dh.explain("cardiologia", state.view(0), "es") or "")
    im = ludoteca.game("immunity")
    state = im.new(2, seed=1)
    assert (im.explain("celulas", state.view(0), "es") or "").startswith("Células")
