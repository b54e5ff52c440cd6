"""Immunity's state: the fields of a position, the set-up, and the end of the game.

The rules live in one module per part of the rule book (immunity.es.txt), mixed in here:
:mod:`.start` (Fase 1), :mod:`.preparation` (Fase 2), :mod:`.response` (Fase 3),
:mod:`.contagion` (Fases 4 and 5), :mod:`.medical` (the medical cards), run by the turn
machine in :mod:`.turns` from the phases declared in :mod:`.phases`; :mod:`.cards` holds the
decks and piles, :mod:`.body` the numbers derived from a player's board.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.engine import Action, Event, State

from . import encoding, ending, hidden, labels, phases, prompts
from .body import Body
from .cards import Cards
from .contagion import Contagion
from .content import Content, content_of
from .medical import MedicalCards
from .preparation import ImmunePreparation
from .response import ImmuneResponse
from .start import StartOfTurn
from .turns import TurnMachine
from .view import view

_OVER = phases.AFTER


class ImmunityState(TurnMachine, StartOfTurn, ImmunePreparation, ImmuneResponse, Contagion,
                    MedicalCards, Cards, Body, State):
    FIELDS = (
        # the turn: life-line position, phase, the acting player's part of it
        "turn", "phase", "step", "order", "queue", "part_started", "rolls", "placements",
        # each player's hands and body, one entry per seat
        "medical_hands", "pathogen_hands", "environment_1", "environment_2", "infections",
        "memory", "memory_box", "cells", "cells_used", "cells_bought", "damage", "tumours",
        "oxygen", "stored_oxygen", "oxygen_bonus", "defence_bonus", "environment_played",
        # the three decks and their discard piles
        "pathogen_deck", "medical_deck", "environment_deck",
        "pathogen_discard", "medical_discard", "environment_discard",
    )
    #: Every field's shape, so a clone copies them as such (ludoteca/engine/shapes.py): the
    #: search bots clone positions thousands of times a decision.
    FIELD_SHAPES: ClassVar = {
        "turn": "value", "phase": "value", "step": "value", "order": "list", "queue": "list",
        "part_started": "value", "rolls": "list", "placements": "value",
        "medical_hands": "rows", "pathogen_hands": "rows",
        "environment_1": "nested records", "environment_2": "nested records", "infections": "nested records",
        "memory": "rows", "memory_box": "rows",
        "cells": "records", "cells_used": "records", "cells_bought": "records", "damage": "records",
        "tumours": "records",
        "oxygen": "list", "stored_oxygen": "list", "oxygen_bonus": "list", "defence_bonus": "list",
        "environment_played": "rows",
        "pathogen_deck": "list", "medical_deck": "list", "environment_deck": "list",
        "pathogen_discard": "list", "medical_discard": "list", "environment_discard": "list",
    }
    PHASES = phases.TABLE
    #: What not every seat may see (the conformance suite's leak check deals these anew): hands,
    #: seen only by their owner, and the decks' order, seen by nobody.  Face-down environment
    #: cards are secret too, but single cards inside the Environments' records, so the game's
    #: own tests check those (tests/games/immunity/test_immunity_views.py).
    SECRETS: ClassVar = {
        "pathogen cards": {"pathogen_hands": "seat", "pathogen_deck": "nobody"},
        "medical cards": {"medical_hands": "seat", "medical_deck": "nobody"},
        "environment cards": {"environment_deck": "nobody"},
    }
    #: Undo never crosses these: face-down environment cards turned up, and infections they cause.
    REVEALS = frozenset({"reveal", "infected"})
    #: The checked content for this game's ``params`` (rebuilt by :meth:`derive`).
    content: Content

    # ---- set-up ("PREPARACIÓN DEL JUEGO") --------------------------------------------------
    def setup(self) -> None:
        content = self.content = content_of(self.options["params"])
        n = self.players
        rules = content.rules
        self.turn = 0
        self.phase = phases.BEFORE
        self.step = "main"
        self.order = list(range(n))
        self.queue: list[int] = []
        self.part_started = False
        self.rolls = [0] * n
        self.placements = 0
        self.pathogen_deck = content.deck("pathogens")
        self.medical_deck = content.deck("medical")
        self.environment_deck = content.deck("environment")
        for deck in (self.pathogen_deck, self.medical_deck, self.environment_deck):
            self.rng.shuffle(deck)
        self.pathogen_discard: list[str] = []
        self.medical_discard: list[str] = []
        self.environment_discard: list[str] = []
        self.medical_hands: list[list[str]] = [[] for _ in range(n)]
        self.pathogen_hands: list[list[str]] = [[] for _ in range(n)]
        self.environment_1: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.environment_2: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.infections: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.memory: list[list[str]] = [[] for _ in range(n)]
        self.memory_box: list[list[str]] = [[] for _ in range(n)]  # pathogen cards kept there
        # "Poner un contador en las células de la primera fila del tablero."
        self.cells = [{cell: content.cells[cell].start for cell in content.cell_ids} for _ in range(n)]
        self.cells_used = [{cell: 0 for cell in content.cell_ids} for _ in range(n)]
        self.cells_bought = [{cell: 0 for cell in content.cell_ids} for _ in range(n)]
        self.damage = [{organ: 0 for organ in content.organs} for _ in range(n)]
        self.tumours = [{organ: 0 for organ in content.organs} for _ in range(n)]
        self.oxygen = [0] * n
        self.stored_oxygen = [0] * n
        self.oxygen_bonus = [0] * n
        self.defence_bonus = [0] * n
        self.environment_played: list[list[str]] = [[] for _ in range(n)]
        events: list[Event] = []
        for seat in range(n):
            # "Repartir a cada jugador ... dos cartas del mazo médico y del mazo patógeno."
            self._draw_cards(seat, rules["setup_medical"], rules["setup_pathogen"], events)
            # "... otras dos cartas del mazo patógeno ... bocabajo, en sus casillas de ambiente 1 y 2."
            for environment in (self.environment_1, self.environment_2):
                card = self._draw("pathogen")
                if card is not None:
                    environment[seat].append(self._entry(card, up=False, by=None, token=False))
        self._advance(events)  # the first turn's phase 1 runs by itself up to the first choice

    def derive(self) -> None:
        """The content object is the one derived datum (shared by every state with these params)."""
        self.content = content_of(self.options["params"])

    # ---- the end ("OBJETIVO") --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def scores(self) -> list[float]:
        """Health: minus the damage on your organs, each full (failed) organ counting extra."""
        return [-self.health_penalty(seat) for seat in range(self.players)]

    @property
    def winners(self) -> list[int]:
        """The healthiest player; ties go to fewer active infections, then are shared."""
        if not self.is_over:
            return []
        key = [(self.scores[s], -len(self.infections[s])) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]

    # ---- what each seat sees, and a sample of what it cannot -------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        hidden.resample_hidden(self, seat, rng)

    # ---- words -------------------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        return labels.describe_action(self, action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return labels.describe_event(self, event, lang)

    def _prompt(self, seat: int, lang: str) -> str:
        return prompts.prompt(self, seat, lang)

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        return ending.score_breakdown(self, lang)

    # ---- reinforcement-learning interop ------------------------------------------------------
    def action_index(self, action: Action) -> int:
        """A stable integer for ``action`` (see ``encoding.ActionSpace``)."""
        return encoding.action_space().action_index(action)

    def index_action(self, index: int) -> Action:
        return encoding.action_space().index_action(index)
