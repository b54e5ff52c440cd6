"""Immunity's rules, read top to bottom like the rule book (immunity.es.txt).

A turn has five phases; in each one every player acts in this turn's order (the die roll of
phase 1).  A player's part of a phase is a short chain of small decisions, kept in
``queue`` (who still has to act in this phase, the acting seat first) and ``step``:

* ``main``    the phase's own actions (buy a cell, assign a clearing cell, contagion, exposure),
              plus ``done`` and playing a medical card, which both end the player's phase;
* ``end``     only ``done`` or a medical card (after a contagion or an exposure);
* ``discard`` phase 1's hand limit: discard one card at a time.

Everything without a choice (die rolls, draws, environment cards, the infection loop, damage)
happens automatically, and a part whose only legal action would be ``done`` ends by itself.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import Action, Event, State

from . import texts
from .content import Content, content_for
from .observation import Observation

DONE: Action = {"type": "done"}


class ImmunityState(Observation, State):
    FIELDS = (
        "turn", "phase", "order", "queue", "step", "started", "over", "seq", "rolls",
        "hands_med", "hands_path", "env1", "env2", "infections", "memory", "memory_box", "cells",
        "used",
        "bought", "damage", "tumours", "oxygen", "reserve", "oxygen_bonus", "defence_bonus",
        "env_played", "path_deck", "med_deck", "env_deck", "path_discard", "med_discard",
        "env_discard",
    )
    #: Undo never crosses these: face-down environment cards turned up, and infections they cause.
    REVEALS = frozenset({"reveal", "infected"})
    c: Content

    # ---- set-up ("PREPARACIÓN DEL JUEGO") --------------------------------------------------
    def setup(self) -> None:
        c = self.c = content_for(self.options["params"])
        n = self.players
        rules = c.rules
        self.turn = 0
        self.phase = 0
        self.order = list(range(n))
        self.queue: list[int] = []
        self.step = "main"
        self.started = False
        self.over = False
        self.seq = 0
        self.rolls = [0] * n
        self.path_deck = c.deck("pathogens")
        self.med_deck = c.deck("medical")
        self.env_deck = c.deck("environment")
        for deck in (self.path_deck, self.med_deck, self.env_deck):
            self.rng.shuffle(deck)
        self.path_discard: list[str] = []
        self.med_discard: list[str] = []
        self.env_discard: list[str] = []
        self.hands_med = [[] for _ in range(n)]
        self.hands_path = [[] for _ in range(n)]
        self.env1: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.env2: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.infections: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.memory: list[list[str]] = [[] for _ in range(n)]
        self.memory_box: list[list[str]] = [[] for _ in range(n)]  # pathogen cards kept there
        # "Poner un contador en las células de la primera fila del tablero."
        self.cells = [{cell: c.cells[cell].start for cell in c.cell_ids} for _ in range(n)]
        self.used = [{cell: 0 for cell in c.cell_ids} for _ in range(n)]
        self.bought = [{cell: 0 for cell in c.cell_ids} for _ in range(n)]
        self.damage = [{organ: 0 for organ in c.organs} for _ in range(n)]
        self.tumours = [{organ: 0 for organ in c.organs} for _ in range(n)]
        self.oxygen = [0] * n
        self.reserve = [0] * n
        self.oxygen_bonus = [0] * n
        self.defence_bonus = [0] * n
        self.env_played: list[list[str]] = [[] for _ in range(n)]
        events: list[Event] = []
        for seat in range(n):
            # "Repartir a cada jugador ... dos cartas del mazo médico y del mazo patógeno."
            self._draw_cards(seat, rules["setup_medical"], rules["setup_pathogen"], events)
            # "... otras dos cartas del mazo patógeno ... bocabajo, en sus casillas de ambiente 1 y 2."
            for env in (self.env1, self.env2):
                card = self._draw("path")
                if card is not None:
                    env[seat].append(self._entry(card, up=False, by=None, token=False))
        self._advance(events)

    # ---- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.over or not self.queue:
            return ()
        return (self.queue[0],)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[float]:
        """Health: minus the damage on your organs, each full (failed) organ counting extra."""
        return [-self.health_penalty(seat) for seat in range(self.players)]

    @property
    def winners(self) -> list[int]:
        """The healthiest player; ties go to fewer active infections, then are shared."""
        if not self.over:
            return []
        key = [(self.scores[s], -len(self.infections[s])) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]

    # ---- derived numbers ---------------------------------------------------------------------
    def health_penalty(self, seat: int) -> int:
        c = self.c
        damage = self.damage[seat]
        failed = sum(1 for o in c.organs if damage[o] >= c.organ_boxes[o])
        return sum(damage.values()) + failed * c.rules["failed_organ_penalty"]

    def defence(self, seat: int) -> int:
        """Immune defence: the cells' defence, card effects, minus what infections take away."""
        c = self.c
        cells = self.cells[seat]
        value = sum(cells[cell] * c.cells[cell].defence for cell in c.cell_ids)
        value -= sum(c.pathogens[i["p"]].defence_penalty for i in self.infections[seat])
        return value + self.defence_bonus[seat]

    def oxygen_income(self, seat: int) -> int:
        """Oxygen from the respiratory and digestive systems (less when damaged) and erythrocytes."""
        c = self.c
        every = c.rules["oxygen_lost_every"]
        damage = self.damage[seat]
        total = 0
        for organ in c.organs:
            base = c.organ_oxygen[organ]
            if base and damage[organ] < c.organ_boxes[organ]:
                total += max(0, base - damage[organ] // every)
        cells = self.cells[seat]
        total += sum(cells[cell] * c.cells[cell].oxygen for cell in c.cell_ids)
        return total

    def crowded(self) -> set[int]:
        """ "Demasiados patógenos": the players with the most cards in Environment 1 are no target.

        When every player ties, nobody is singled out (option ``full_tie_blocks`` changes this)."""
        if self.options["crowding"] == "both":
            counts = [len(self.env1[s]) + len(self.env2[s]) for s in range(self.players)]
        else:
            counts = [len(e) for e in self.env1]
        most = max(counts)
        if min(counts) == most and not self.options["full_tie_blocks"]:
            return set()
        return {s for s in range(self.players) if counts[s] == most}

    def neighbours(self, seat: int) -> list[int]:
        """The players to the left and right (one player when only two play)."""
        n = self.players
        return sorted({(seat + 1) % n, (seat - 1) % n} - {seat})

    def cap_left(self, seat: int, cell: str, buying: bool = False) -> int:
        """How many more cells of this type the player may still get ("máximo de 3 células de
        cada tipo"): on the board, or with option cell_cap='per_turn' bought this phase 2
        (cards that give cells are then not limited)."""
        limit = self.c.rules["max_cells_per_type"]
        if self.options["cell_cap"] == "per_turn":
            return limit - self.bought[seat][cell] if buying else limit
        return limit - self.cells[seat][cell]

    # ---- the turn machine --------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Run everything automatic until a player has a real choice (or the game ends)."""
        while not self.over:
            if not self.queue:
                self._next_phase(events)
                continue
            seat = self.queue[0]
            if not self.started:
                self.started = True
                self._start_part(seat, events)
            legal = self._legal_actions(seat)
            if legal and legal != [DONE]:
                self.remember_legal(seat, legal)
                return
            self._end_part(seat, events)

    def _next_phase(self, events: list[Event]) -> None:
        if self.phase in (0, 5):
            if self.turn >= len(self.c.life_line):
                self.over = True
                events.append({"type": "game_over", "scores": self.scores, "winners": self.winners})
                return
            self._start_turn(events)
            return
        self.phase += 1
        if self.phase == 5:
            self.queue = self._exposure_order()
        else:
            self.queue = list(self.order)
        self.started = False
        events.append({"type": "phase", "phase": self.phase})

    def _start_part(self, seat: int, events: list[Event]) -> None:
        self.step = "main"
        if self.phase == 1:
            self.step = "end"
        elif self.phase == 2:
            self._receive_oxygen(seat, events)
        elif self.phase == 3:
            self._immune_response(seat, events)
        elif self.phase == 5 and not self.hands_path[seat]:
            self.step = "end"

    def _end_part(self, seat: int, events: list[Event]) -> None:
        """The player's part of the phase ends (``done``, a medical card, or nothing to do)."""
        if self.phase == 1 and self._hand_size(seat) > self.c.rules["hand_limit"]:
            self.step = "discard"
            return
        if self.phase == 2:
            self._lose_unspent_oxygen(seat, events)
        elif self.phase == 3:
            self._infections_damage(seat, events)
        self.queue.pop(0)
        self.started = False
        self.step = "main"

    # ---- Fase 1. Inicio de turno -------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        c = self.c
        self.turn += 1
        self.phase = 1
        stage = c.life_line[self.turn - 1]
        events.append({"type": "turn", "turn": self.turn, "stage": stage})
        self.order = self._roll_for_order(events)
        self.env_played = [[] for _ in range(self.players)]
        for seat in self.order:
            self._draw_cards(seat, c.rules["draw_medical"], c.rules["draw_pathogen"], events)
            for _ in range(c.rules["environment_cards"]):
                card = self._draw("env")
                if card is not None:
                    self._play_environment(seat, card, stage, events)
        self.queue = list(self.order)
        self.started = False
        events.append({"type": "phase", "phase": 1})

    def _roll_for_order(self, events: list[Event]) -> list[int]:
        """Everyone rolls; the highest plays first, then the player to the left, and so on.

        Players tied for the highest roll again (among themselves) until one is highest."""
        sides = self.c.rules["die_sides"]
        rolls = [self.rng.randint(1, sides) for _ in range(self.players)]
        self.rolls = list(rolls)
        contenders = [s for s in range(self.players) if rolls[s] == max(rolls)]
        rerolls = []
        while len(contenders) > 1:
            again = {s: self.rng.randint(1, sides) for s in contenders}
            rerolls.append({str(s): v for s, v in again.items()})
            best = max(again.values())
            contenders = [s for s in contenders if again[s] == best]
        first = contenders[0]
        order = [(first + k) % self.players for k in range(self.players)]
        events.append({"type": "rolls", "rolls": rolls, "rerolls": rerolls, "order": order})
        return order

    def _play_environment(self, seat: int, card: str, stage: str, events: list[Event]) -> None:
        """Apply the environment card's effect for the current life stage, then discard it."""
        c = self.c
        effect = c.environment[card][stage]
        self.env_played[seat].append(card)
        events.append({"type": "environment", "seat": seat, "card": card, "stage": stage})
        for _ in range(effect["expose"]):
            drawn = self._draw("path")
            if drawn is not None:
                self.env1[seat].append(self._entry(drawn, up=False, by=None, token=False))
        self.oxygen_bonus[seat] += effect["oxygen"]
        self.defence_bonus[seat] += effect["defence"]
        self._draw_cards(seat, effect["draw_medical"], effect["draw_pathogen"], events)
        for organ in c.organs:
            self._hurt(seat, organ, effect["damage"][organ])
            self.damage[seat][organ] = max(0, self.damage[seat][organ] - effect["heal"][organ])
            self.tumours[seat][organ] += effect["tumour"][organ]
        for cell in c.cell_ids:
            gain = min(effect["gain_cell"][cell], max(0, self.cap_left(seat, cell)))
            self.cells[seat][cell] += gain
            self.cells[seat][cell] = max(0, self.cells[seat][cell] - effect["lose_cell"][cell])
        self.env_discard.append(card)

    def _hand_size(self, seat: int) -> int:
        return len(self.hands_med[seat]) + len(self.hands_path[seat])

    # ---- Fase 2. Preparación inmune ----------------------------------------------------------
    def _receive_oxygen(self, seat: int, events: list[Event]) -> None:
        income = self.oxygen_income(seat)
        total = max(0, income + self.oxygen_bonus[seat] + self.reserve[seat])
        events.append({"type": "oxygen", "seat": seat, "income": income,
                       "bonus": self.oxygen_bonus[seat], "stored": self.reserve[seat],
                       "total": total})
        self.oxygen[seat] = total
        self.oxygen_bonus[seat] = 0
        self.reserve[seat] = 0
        self.bought[seat] = {cell: 0 for cell in self.c.cell_ids}

    def _lose_unspent_oxygen(self, seat: int, events: list[Event]) -> None:
        """Unspent oxygen disappears, except what adipocytes store for the next turn."""
        c = self.c
        capacity = sum(self.cells[seat][cell] * c.cells[cell].store for cell in c.cell_ids)
        kept = min(self.oxygen[seat], capacity)
        lost = self.oxygen[seat] - kept
        self.reserve[seat] = kept
        self.oxygen[seat] = 0
        if kept or lost:
            events.append({"type": "oxygen_end", "seat": seat, "stored": kept, "lost": lost})

    # ---- Fase 3. Respuesta inmune ------------------------------------------------------------
    def _immune_response(self, seat: int, events: list[Event]) -> None:
        """Reveal, then the infection loop, then Environment 1 -> 2 -> discard."""
        c = self.c
        self.used[seat] = {cell: 0 for cell in c.cell_ids}
        # Reveal with the earliest placed card on top.
        pile = sorted(self.env1[seat] + self.env2[seat], key=lambda e: e["seq"])
        for entry in pile:
            entry["up"] = True
        events.append({"type": "reveal", "seat": seat, "cards": [e["p"] for e in pile]})
        memory = self.memory[seat]
        candidates = [e for e in pile if e["p"] not in memory]
        total = sum(c.pathogens[e["p"]].infectivity for e in candidates)
        infected: list[dict[str, Any]] = []
        start_defence = self.defence(seat)
        while candidates and total > self.defence(seat):
            entry = self._most_infective(candidates)
            candidates.remove(entry)
            total -= c.pathogens[entry["p"]].infectivity
            self._infect(seat, entry, events)
            infected.append(entry)
        # "NOTA: Al menos uno."
        if not infected and candidates:
            literal = self.options["at_least_one"] == "literal"
            if not literal or start_defence > total:
                entry = self._most_infective(candidates)
                self._infect(seat, entry, events)
                infected.append(entry)
        self.defence_bonus[seat] = 0
        # Environment 1 -> Environment 2 -> discard, for those that did not infect.
        gone = {e["seq"] for e in infected}
        for entry in self.env2[seat]:
            if entry["seq"] not in gone:
                self._discard_entry(entry)
        self.env2[seat] = [e for e in self.env1[seat] if e["seq"] not in gone]
        self.env1[seat] = []

    def _most_infective(self, candidates: list[dict[str, Any]]) -> dict[str, Any]:
        """Highest infectivity; among equals the upper card (placed first)."""
        pathogens = self.c.pathogens
        best = candidates[0]
        for entry in candidates[1:]:
            if pathogens[entry["p"]].infectivity > pathogens[best["p"]].infectivity:
                best = entry
        return best

    def _infect(self, seat: int, entry: dict[str, Any], events: list[Event]) -> None:
        pathogen = self.c.pathogens[entry["p"]]
        self.infections[seat].append({"p": entry["p"], "n": pathogen.extension,
                                      "token": entry["token"]})
        events.append({"type": "infected", "seat": seat, "pathogen": entry["p"],
                       "counters": pathogen.extension})

    def _remove_counters(self, seat: int, index: int, amount: int, events: list[Event]) -> None:
        infection = self.infections[seat][index]
        infection["n"] -= amount
        if infection["n"] <= 0:
            self._eliminate(seat, index, events)

    def _eliminate(self, seat: int, index: int, events: list[Event]) -> None:
        """A cleared pathogen goes to immune memory if the player owns a memory cell."""
        infection = self.infections[seat].pop(index)
        pid = infection["p"]
        remembered = any(self.cells[seat][cell] > 0 for cell in self.c.memory_cells)
        if remembered:
            if pid not in self.memory[seat]:
                self.memory[seat].append(pid)
            if not infection["token"]:
                self.memory_box[seat].append(pid)
        elif not infection["token"]:
            self.path_discard.append(pid)
        events.append({"type": "eliminated", "seat": seat, "pathogen": pid, "memory": remembered})

    def _infections_damage(self, seat: int, events: list[Event]) -> None:
        """Uncleared pathogens damage each target organ per counter, then gain a counter."""
        c = self.c
        rules = c.rules
        for infection in self.infections[seat]:
            pathogen = c.pathogens[infection["p"]]
            hits = infection["n"] * rules["damage_per_counter"]
            for organ in pathogen.targets:
                self._hurt(seat, organ, hits)
            if pathogen.oncogenic:
                self.tumours[seat][pathogen.targets[0]] += pathogen.oncogenic
            infection["n"] = min(rules["max_extension"], infection["n"] + rules["extension_growth"])
            events.append({"type": "damage", "seat": seat, "pathogen": infection["p"],
                           "organs": list(pathogen.targets), "amount": hits,
                           "counters": infection["n"]})
        for organ in c.organs:
            count = self.tumours[seat][organ]
            if count:
                self._hurt(seat, organ, count * rules["tumour_damage"])
                events.append({"type": "tumour_damage", "seat": seat, "organ": organ,
                               "amount": count * rules["tumour_damage"]})

    def _hurt(self, seat: int, organ: str, amount: int) -> None:
        if amount > 0:
            boxes = self.c.organ_boxes[organ]
            self.damage[seat][organ] = min(boxes, self.damage[seat][organ] + amount)

    # ---- Fase 5. Nueva exposición ------------------------------------------------------------
    def _exposure_order(self) -> list[int]:
        """The sickest player (most damage) starts; ties go to the earlier player this turn."""
        position = {seat: k for k, seat in enumerate(self.order)}
        sickness = {s: sum(self.damage[s].values()) for s in range(self.players)}
        ranked = sorted(range(self.players), key=lambda s: (-sickness[s], position[s]))
        if self.options["exposure_order"] == "by_damage":
            return ranked
        first = ranked[0]
        return [(first + k) % self.players for k in range(self.players)]

    # ---- cards and piles ---------------------------------------------------------------------
    def _entry(self, card: str, up: bool, by: int | None, token: bool) -> dict[str, Any]:
        self.seq += 1
        return {"p": card, "up": up, "seq": self.seq, "by": by, "token": token}

    def _discard_entry(self, entry: dict[str, Any]) -> None:
        if not entry["token"]:
            self.path_discard.append(entry["p"])

    def _draw(self, kind: str) -> str | None:
        deck: list[str] = getattr(self, f"{kind}_deck")
        if not deck:
            discard: list[str] = getattr(self, f"{kind}_discard")
            if not discard:
                return None
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop()

    def _draw_cards(self, seat: int, medical: int, pathogen: int, events: list[Event]) -> None:
        got_med = [card for card in (self._draw("med") for _ in range(medical)) if card]
        got_path = [card for card in (self._draw("path") for _ in range(pathogen)) if card]
        self.hands_med[seat].extend(got_med)
        self.hands_path[seat].extend(got_path)
        if got_med or got_path:
            events.append({"type": "draw", "seat": seat, "medical": len(got_med),
                           "pathogen": len(got_path)})
            events.append({"type": "drawn", "seat": seat, "cards": got_med + got_path,
                           "to": [seat]})

    # ---- legal actions -----------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        step = self.step
        if step == "discard":
            return [{"type": "discard", "card": card} for card in self._distinct_hand(seat)]
        if step == "end":
            return [DONE] + self._medical_actions(seat)
        phase = self.phase
        if phase == 2:
            main = self._buy_actions(seat)
        elif phase == 3:
            main = self._clear_actions(seat)
        elif phase == 4:
            main = self._contagion_actions(seat)
        elif phase == 5:
            main, may_decline = self._exposure_actions(seat)
            if not may_decline:
                return main
        else:
            main = []
        return main + [DONE] + self._medical_actions(seat)

    def _distinct_hand(self, seat: int) -> list[str]:
        return list(dict.fromkeys(self.hands_med[seat] + self.hands_path[seat]))

    def _buy_actions(self, seat: int) -> list[Action]:
        c = self.c
        oxygen = self.oxygen[seat]
        return [{"type": "buy", "cell": cell} for cell in c.cell_ids
                if c.cells[cell].cost <= oxygen and self.cap_left(seat, cell, buying=True) > 0]

    def _clear_actions(self, seat: int) -> list[Action]:
        c = self.c
        cells, used = self.cells[seat], self.used[seat]
        actions: list[Action] = []
        infections = self.infections[seat]
        for cell in c.clearing_cells:
            if cells[cell] - used[cell] <= 0:
                continue
            clears = c.cells[cell].clears
            for index, infection in enumerate(infections):
                if c.pathogens[infection["p"]].group in clears:
                    actions.append({"type": "clear", "cell": cell, "infection": index})
        for cell in c.tumour_cells:
            if cells[cell] - used[cell] <= 0:
                continue
            for organ in c.organs:
                if self.tumours[seat][organ] > 0:
                    actions.append({"type": "clear_tumour", "cell": cell, "organ": organ})
        return actions

    def _contagion_actions(self, seat: int) -> list[Action]:
        """Fase 4: one contagious infection (face up, as tokens) or one hand card (face down)."""
        c = self.c
        crowded = self.crowded()
        others = [s for s in range(self.players) if s != seat and s not in crowded]
        near = [s for s in self.neighbours(seat) if s not in crowded]
        actions: list[Action] = []
        for index, infection in enumerate(self.infections[seat]):
            mode = c.pathogens[infection["p"]].contagion
            if mode == "contact":
                actions.extend({"type": "spread", "infection": index, "seat": s} for s in near)
            elif (mode == "droplets" and near) or (mode == "air" and others):
                actions.append({"type": "spread", "infection": index, "seat": None})
        for card in dict.fromkeys(self.hands_path[seat]):
            mode = c.pathogens[card].contagion
            targets = near if mode in ("contact", "droplets") else others if mode == "air" else []
            actions.extend({"type": "spread_card", "card": card, "seat": s} for s in targets)
        return actions

    def _exposure_actions(self, seat: int) -> tuple[list[Action], bool]:
        """Fase 5: one hand pathogen face down on anyone not among the most loaded.

        Returns the actions and whether the player may decline (no card, no target, or the only
        target is the player alone with fewest cards)."""
        crowded = self.crowded()
        targets = [s for s in range(self.players) if s not in crowded]
        actions = [{"type": "expose", "card": card, "seat": s}
                   for card in dict.fromkeys(self.hands_path[seat]) for s in targets]
        return actions, not actions or targets == [seat]

    def _medical_actions(self, seat: int) -> list[Action]:
        """Every medical card in hand with every target it can take now."""
        hand = self.hands_med[seat]
        if not hand:
            return []
        c = self.c
        actions: list[Action] = []
        for card in dict.fromkeys(hand):
            med = c.medical[card]
            effect = med.effect
            if effect == "clear":
                targets = [(i, None) for i, inf in enumerate(self.infections[seat])
                           if c.pathogens[inf["p"]].group in med.groups]
            elif effect == "memory":
                known = self.memory[seat]
                targets = [(None, None)] if any(p not in known for p in med.pathogens) else []
            elif effect == "heal":
                targets = [(o, None) for o in c.organs if self.damage[seat][o] > 0]
            elif effect == "remove_tumour":
                targets = [(o, None) for o in c.organs if self.tumours[seat][o] > 0]
            elif effect == "oxygen":
                targets = [(None, None)]
            elif effect == "defence":
                if med.target == "self":
                    targets = [(None, None)]
                else:
                    targets = [(None, s) for s in range(self.players) if s != seat]
            elif effect == "gain_cell":
                targets = [(None, None)] if self.cap_left(seat, med.cell) > 0 else []
            else:  # spread_fluids
                crowded = self.crowded()
                others = [s for s in range(self.players) if s != seat and s not in crowded]
                targets = [(i, s) for i, inf in enumerate(self.infections[seat])
                           if c.pathogens[inf["p"]].contagion == "fluids" for s in others]
            actions.extend({"type": "medical", "card": card, "target": t, "seat": s}
                           for t, s in targets)
        return actions

    # ---- applying actions ----------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action["type"]
        if kind == "done":
            self._end_part(seat, events)
        elif kind == "discard":
            self._discard_from_hand(seat, action["card"], events)
        elif kind == "buy":
            self._buy(seat, action["cell"], events)
        elif kind == "clear":
            self._use_cell(seat, action["cell"])
            amount = self.c.cells[action["cell"]].clear
            events.append({"type": "cleared", "seat": seat, "cell": action["cell"],
                           "pathogen": self.infections[seat][action["infection"]]["p"],
                           "amount": amount})
            self._remove_counters(seat, action["infection"], amount, events)
        elif kind == "clear_tumour":
            self._clear_tumour(seat, action["cell"], action["organ"], events)
        elif kind == "spread":
            self._spread_infection(seat, action["infection"], action["seat"], events)
            self.step = "end"
        elif kind in ("spread_card", "expose"):
            self._place_from_hand(seat, action["card"], action["seat"], kind, events)
            self.step = "end"
        elif kind == "medical":
            self._play_medical(seat, action, events)
            self._end_part(seat, events)
        self._advance(events)
        return events

    def _discard_from_hand(self, seat: int, card: str, events: list[Event]) -> None:
        if card in self.hands_med[seat]:
            self.hands_med[seat].remove(card)
            self.med_discard.append(card)
        else:
            self.hands_path[seat].remove(card)
            self.path_discard.append(card)
        events.append({"type": "discard", "seat": seat, "card": card})
        if self._hand_size(seat) <= self.c.rules["hand_limit"]:
            self.queue.pop(0)
            self.started = False
            self.step = "main"

    def _buy(self, seat: int, cell: str, events: list[Event]) -> None:
        self.oxygen[seat] -= self.c.cells[cell].cost
        self.cells[seat][cell] += 1
        self.bought[seat][cell] += 1
        events.append({"type": "buy", "seat": seat, "cell": cell, "oxygen": self.oxygen[seat]})

    def _use_cell(self, seat: int, cell: str) -> None:
        """A cell acts once per phase 3; short-lived ones (neutrophils) die doing it."""
        if self.c.cells[cell].dies_on_use:
            self.cells[seat][cell] -= 1
        else:
            self.used[seat][cell] += 1

    def _clear_tumour(self, seat: int, cell: str, organ: str, events: list[Event]) -> None:
        self._use_cell(seat, cell)
        removed = min(self.tumours[seat][organ], self.c.cells[cell].clears_tumours)
        self.tumours[seat][organ] -= removed
        events.append({"type": "tumour_cleared", "seat": seat, "cell": cell, "organ": organ,
                       "amount": removed})

    def _spread_infection(self, seat: int, index: int, target: int | None,
                          events: list[Event]) -> None:
        """Contagion by contact (one neighbour), droplets (both neighbours) or air (everyone)."""
        pid = self.infections[seat][index]["p"]
        mode = self.c.pathogens[pid].contagion
        crowded = self.crowded()
        if target is not None:
            targets = [target]
        elif mode == "droplets":
            targets = [s for s in self.neighbours(seat) if s not in crowded]
        else:
            targets = [s for s in range(self.players) if s != seat and s not in crowded]
        for s in targets:
            self.env1[s].append(self._entry(pid, up=True, by=seat, token=True))
        events.append({"type": "contagion", "seat": seat, "pathogen": pid, "mode": mode,
                       "targets": targets})

    def _place_from_hand(self, seat: int, card: str, target: int, kind: str,
                         events: list[Event]) -> None:
        self.hands_path[seat].remove(card)
        self.env1[target].append(self._entry(card, up=False, by=seat, token=False))
        events.append({"type": kind, "seat": seat, "target": target})
        events.append({"type": f"{kind}_card", "seat": seat, "target": target, "card": card,
                       "to": [seat]})

    def _play_medical(self, seat: int, action: Action, events: list[Event]) -> None:
        c = self.c
        card, target, other = action["card"], action["target"], action["seat"]
        med = c.medical[card]
        self.hands_med[seat].remove(card)
        self.med_discard.append(card)
        events.append({"type": "medical", "seat": seat, "card": card, "target": target,
                       "other": other})
        effect = med.effect
        if effect == "clear":
            self._remove_counters(seat, target, med.amount, events)
        elif effect == "memory":
            for pid in med.pathogens:
                if pid not in self.memory[seat]:
                    self.memory[seat].append(pid)
        elif effect == "heal":
            self.damage[seat][target] = max(0, self.damage[seat][target] - med.amount)
        elif effect == "remove_tumour":
            self.tumours[seat][target] = max(0, self.tumours[seat][target] - med.amount)
        elif effect == "oxygen":
            self.oxygen_bonus[seat] += med.amount
        elif effect == "defence":
            self.defence_bonus[seat if other is None else other] += med.amount
        elif effect == "gain_cell":
            self.cells[seat][med.cell] += min(med.amount, self.cap_left(seat, med.cell))
        else:  # spread_fluids: a vector token of a fluid-borne infection
            pid = self.infections[seat][target]["p"]
            self.env1[other].append(self._entry(pid, up=True, by=seat, token=True))
            events.append({"type": "contagion", "seat": seat, "pathogen": pid, "mode": "fluids",
                           "targets": [other]})

    # ---- reinforcement-learning interop --------------------------------------------------------
    def action_index(self, action: Action) -> int:
        """A stable integer for ``action`` (see ``rl.ActionSpace``)."""
        from .rl import action_space

        return action_space().action_index(action)

    def index_action(self, index: int) -> Action:
        from .rl import action_space

        return action_space().index_action(index)

    # ---- plumbing --------------------------------------------------------------------------------
    def _load_fields(self, fields: dict[str, Any]) -> None:
        super()._load_fields(fields)
        self.c = content_for(self.options["params"])

    def _copy_fields(self, other: State) -> None:
        super()._copy_fields(other)
        other.c = self.c  # type: ignore[attr-defined]

    def _describe(self, action: Action, lang: str) -> str:
        return texts.describe_action(self, action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return texts.describe_event(self, event, lang)
