"""The prompt line: what the seat to move is asked to decide now, in words (web and terminal
show the same line).

A turn is "robará dos baldosas ... y las pondrá en la mesa, según le convenga y en el orden que
prefiera": with two strips drawn the player first chooses which to lay first, then places it,
then places the other; red's opening strip and green's last one come alone.  In Rat Hot a
player close to the rat limit is reminded of it, since ending the turn there loses the game.
Everything here is public (both players see the drawn strips), so any seat may read it.
"""

from __future__ import annotations

from typing import Any, Protocol

from ludoteca.engine.i18n import text

from .content import COLOURS, Content
from .labels import strip_label
from .scoring import visible_rats

CATALOGUE = {
    "pick": {
        "en": "Choose which strip to lay first: {first}, or {second}",
        "es": "Elige qué baldosa colocas primero: {first}, o {second}",
        "fr": "Choisissez la tuile à poser en premier : {first}, ou {second}",
    },
    "pick_alike": {
        "en": "Both drawn strips are alike ({strip}): choose one to lay first",
        "es": "Las dos baldosas robadas son iguales ({strip}): elige una para colocarla primero",
        "fr": "Les deux tuiles piochées sont pareilles ({strip}) : choisissez-en une à poser en premier",
    },
    "first": {
        "en": "Place your first strip, {strip}: touching the deck, or level on two or more strips",
        "es": "Coloca tu primera baldosa, {strip}: tocando la cubierta, o nivelada sobre dos o más baldosas",
        "fr": "Posez votre première tuile, {strip} : contre le pont, ou à plat sur deux tuiles ou plus",
    },
    "second": {
        "en": "Place your second strip, {strip}",
        "es": "Coloca tu segunda baldosa, {strip}",
        "fr": "Posez votre seconde tuile, {strip}",
    },
    "opening": {
        "en": "Open the game: place your strip, {strip}, touching the start strip",
        "es": "Abre la partida: coloca tu baldosa, {strip}, tocando la baldosa de salida",
        "fr": "Ouvrez la partie : posez votre tuile, {strip}, contre la tuile de départ",
    },
    "last": {
        "en": "Place the last strip of the game, {strip}",
        "es": "Coloca la última baldosa de la partida, {strip}",
        "fr": "Posez la dernière tuile de la partie, {strip}",
    },
    "rats": {
        "en": " — you show {rats} of your rats; ending your turn with {limit} loses the game",
        "es": " — muestras {rats} de tus ratas; terminar el turno con {limit} te hace perder",
        "fr": " — vous montrez {rats} de vos rats ; finir votre tour avec {limit} vous fait perdre",
    },
}


class Table(Protocol):
    """The parts of the state a prompt reads."""

    phase: str
    drawn: list[int]
    picked: int | None
    placed: list[list[Any]]
    set_aside: list[int]
    options: dict[str, Any]
    rat_hot: bool
    content: Content
    board: Any

    @property
    def to_place(self) -> int | None: ...

    def strip(self, tile: int) -> list[str]: ...


def laid_this_turn(state: Table) -> int:
    """How many strips the player to move has already laid this turn (0 or 1): the opening turn
    draws one or two strips (option ``opening``), every later turn two."""
    done = len(state.placed) - 1 + len(state.set_aside)  # the start strip is not laid by anyone
    opening = 1 if state.options["opening"] == "one-strip" else 2
    return done if done < opening else (done - opening) % 2


def prompt(state: Table, seat: int, lang: str) -> str:
    """The decision of ``seat`` (who is to move) in one line."""
    if state.phase == "pick":
        first, second = (state.strip(tile) for tile in state.drawn)
        if first == second or first == second[::-1]:
            return text(CATALOGUE, "pick_alike", lang, strip=strip_label(first, lang))
        return text(CATALOGUE, "pick", lang, first=strip_label(first, lang), second=strip_label(second, lang))
    strip = strip_label(state.strip(state.to_place), lang)  # type: ignore[arg-type]
    if state.picked is not None:
        line = text(CATALOGUE, "first", lang, strip=strip)
    elif laid_this_turn(state) == 1:
        line = text(CATALOGUE, "second", lang, strip=strip)
    elif len(state.placed) == 1:
        line = text(CATALOGUE, "opening", lang, strip=strip)
    else:
        line = text(CATALOGUE, "last", lang, strip=strip)
    return line + rat_warning(state, seat, lang)


def rat_warning(state: Table, seat: int, lang: str) -> str:
    """Rat Hot: "you show 2 of your rats; ending your turn with 3 loses" once one more would lose."""
    if not state.rat_hot:
        return ""
    rats, limit = visible_rats(state.board, COLOURS[seat]), state.content.rat_limit
    if rats < limit - 1:
        return ""
    return text(CATALOGUE, "rats", lang, rats=rats, limit=limit)

