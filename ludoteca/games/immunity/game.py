"""Immunity's Game: metadata, options (the rulings a table may play differently), and thin
delegations to the heuristic, the terminal board and the RL encoding."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.engine import Game, State
from ludoteca.engine.i18n import check_lang
from ludoteca.engine.options import Option, choice, flag, params_option

from . import catalogue, encoding, explain, heuristic, lab_hooks, length, terminal
from .content import content_for
from .observer import ImmunityObserver
from .state import ImmunityState


class ImmunityGame(Game):
    id = "immunity"
    title = "Immunity"
    min_players = 2
    max_players = 5
    version = 1
    state_class = ImmunityState
    hidden_information = True
    description: ClassVar[dict[str, str]] = {
        "en": "Your immune system against viruses, bacteria, fungi and parasites over a whole "
              "life: buy immune cells with oxygen, fight infections, spread them to others. "
              "The healthiest player after 8 turns wins.",
        "es": "Tu sistema inmune contra virus, bacterias, hongos y parásitos durante toda una "
              "vida: compra células con oxígeno, combate infecciones y contagia a los demás. "
              "Gana el jugador más sano tras 8 turnos.",
        "fr": "Votre système immunitaire contre virus, bactéries, champignons et parasites "
              "toute une vie : achetez des cellules avec l'oxygène, combattez les infections, "
              "contaminez les autres. Le joueur le plus sain après 8 tours gagne.",
    }
    #: No box yet (a design in play-test, no BoardGameGeek entry): the project's estimate from the
    #: rule text (8 turns of 5 phases, every player acting in each) and Ludoteca's own tables.
    play_minutes: ClassVar[tuple[int, int]] = (45, 90)
    complexity: ClassVar[int] = 3
    #: Search bots overrule the look-ahead's move on a paired gain of half a standard error
    #: (default 1): at 300 iterations the search's evidence for a better move is rarely a full
    #: standard error.  At 2 players the search's leaves play 6 decisions as ``normal`` would
    #: (``leaf_greedy``: the opponents reply as a player would, not at random, and a phase
    #: part is valued once played), at 80 of ``hard``'s 300 iterations to stay in its CPU
    #: time: ``hard`` then won 0.614 [0.532, 0.691] of 140 fresh games against ``normal``,
    #: against 0.507 [0.439, 0.576] over 200 without (docs/games/immunity.md).  At 3 players
    #: and more the greedy leaf went over the CPU budget, so those tables search as before.
    search_hints: ClassVar[dict[str, float]] = {"confidence": 0.5, "leaf_greedy": 6, "iteration_scale": 0.2667,
                                                "leaf_players": 2}
    #: ``hard`` and ``expert`` are the playout search guided by the trained policy
    #: (``playout``'s ``trained=1``, docs/bots.md): the policy proposes the first move and
    #: plays every seat's playouts to the end of the game, and the search overrules it only on
    #: a significant gain.  The ladder, 2026-12-06, against ``normal``: 0.725 of 100 at 2
    #: players and 0.502 of 100 at 3, where the IS-MCTS ``hard`` won 0.607 of 243 and
    #: 0.351 of 200 (docs/bots.md).  Tables
    #: with other options than the policy was trained with play the levels as ``levels.py``
    #: defines them (IS-MCTS, with the hints above).
    #: The worlds are budgeted for 3 players (``samples_players``): at 4 and 5 a playout to the
    #: end is longer, so fewer worlds keep a decision within the level's CPU time (at 5
    #: players the full 12 and 32 took 0.37 and 1.01 CPU s a decision on a loaded machine).
    bot_levels: ClassVar = {
        "hard": ("playout", {"trained": 1, "samples": 12, "width": 3, "horizon": 0, "samples_players": 3,
                             "seconds": 1.0}),
        "expert": ("playout", {"trained": 1, "samples": 32, "width": 4, "horizon": 0, "samples_players": 3,
                               "seconds": 5.0}),
    }
    option_specs: ClassVar[dict[str, Option]] = {
        "params": params_option(),
        "at_least_one": choice(
            "always", "always", "literal",
            label={"en": "At least one infection (phase 3)", "es": "Al menos una infección (fase 3)",
                   "fr": "Au moins une infection (phase 3)"},
            help={"en": "The rule says a player whose defence beats the pathogens revealed is still infected "
                        "by one of them. Choose whether that also holds when defence and infectivity are equal.",
                  "es": "La regla dice que un jugador cuya defensa supera a los patógenos destapados se infecta "
                        "igualmente de uno. Elige si eso vale también cuando defensa e infectividad son iguales.",
                  "fr": "La règle dit qu'un joueur dont la défense dépasse les pathogènes révélés est quand même "
                        "infecté par l'un d'eux. Choisissez si cela vaut aussi quand défense et infectiosité "
                        "sont égales."},
            words={"always": {"en": "Always, even at equal values", "es": "Siempre, también con valores iguales",
                              "fr": "Toujours, même à valeurs égales"},
                   "literal": {"en": "Only when defence is strictly higher",
                               "es": "Solo si la defensa es estrictamente superior",
                               "fr": "Seulement si la défense est strictement supérieure"}}),
        "crowding": choice(
            "env1", "env1", "both",
            label={"en": "Who counts as most exposed", "es": "Quién cuenta como el más expuesto",
                   "fr": "Qui compte comme le plus exposé"},
            help={"en": "The player with the most cards cannot be targeted by contagion or new exposure. "
                        "Count the cards in Environment 1 only, or in both Environments.",
                  "es": "El jugador con más cartas no puede ser objetivo de contagio ni de nueva exposición. "
                        "Cuenta las cartas solo del Ambiente 1, o de los dos Ambientes.",
                  "fr": "Le joueur qui a le plus de cartes ne peut pas être visé par la contagion ni par une "
                        "nouvelle exposition. Comptez les cartes de l'Environnement 1 seulement, ou des deux."},
            words={"env1": {"en": "Cards in Environment 1", "es": "Cartas del Ambiente 1",
                            "fr": "Cartes de l'Environnement 1"},
                   "both": {"en": "Cards in both Environments", "es": "Cartas de los dos Ambientes",
                            "fr": "Cartes des deux Environnements"}}),
        "full_tie_blocks": flag(
            False,
            label={"en": "A full tie protects everyone", "es": "Un empate total protege a todos",
                   "fr": "Une égalité totale protège tout le monde"},
            help={"en": "When every player has the same number of cards, all of them count as most exposed, "
                        "so nobody can be targeted. Off: nobody is protected then.",
                  "es": "Cuando todos los jugadores tienen las mismas cartas, todos cuentan como los más "
                        "expuestos y nadie puede ser objetivo. Desactivado: entonces nadie está protegido.",
                  "fr": "Quand tous les joueurs ont autant de cartes, tous comptent comme les plus exposés et "
                        "personne ne peut être visé. Désactivé : personne n'est alors protégé."}),
        "cell_cap": choice(
            "owned", "owned", "per_turn",
            label={"en": "Limit of cells per type", "es": "Límite de células por tipo",
                   "fr": "Limite de cellules par type"},
            help={"en": "\"At most 3 cells of each type\": on your board at any time, or bought in one phase 2.",
                  "es": "«Un máximo de 3 células de cada tipo»: en tu tablero en todo momento, o compradas en "
                        "una misma fase 2.",
                  "fr": "« Au plus 3 cellules de chaque type » : sur votre plateau à tout moment, ou achetées "
                        "pendant une même phase 2."},
            words={"owned": {"en": "On your board", "es": "En tu tablero", "fr": "Sur votre plateau"},
                   "per_turn": {"en": "Bought in one turn", "es": "Compradas en un turno",
                                "fr": "Achetées en un tour"}}),
        "contagion": choice(
            "optional", "optional", "compulsory",
            label={"en": "Contagion (phase 4)", "es": "Contagio (fase 4)", "fr": "Contagion (phase 4)"},
            help={"en": "The rule says players \"may try\" to infect the others. Optional: a player may pass "
                        "even with a valid target. Compulsory: with a valid target a player must spread a "
                        "pathogen before ending the phase.",
                  "es": "La regla dice que los jugadores «podrán intentar» contagiar a los demás. Opcional: se "
                        "puede pasar aunque haya un objetivo válido. Obligatorio: con un objetivo válido hay que "
                        "contagiar un patógeno antes de terminar la fase.",
                  "fr": "La règle dit que les joueurs « peuvent tenter » de contaminer les autres. Facultative : "
                        "on peut passer même avec une cible valide. Obligatoire : avec une cible valide, il faut "
                        "transmettre un pathogène avant de finir la phase."},
            words={"optional": {"en": "Optional", "es": "Opcional", "fr": "Facultative"},
                   "compulsory": {"en": "Compulsory when there is a valid target",
                                  "es": "Obligatorio si hay un objetivo válido",
                                  "fr": "Obligatoire s'il y a une cible valide"}}),
        "exposure_order": choice(
            "sickest_then_clockwise", "sickest_then_clockwise", "by_damage",
            label={"en": "Order of new exposure (phase 5)", "es": "Orden de la nueva exposición (fase 5)",
                   "fr": "Ordre de la nouvelle exposition (phase 5)"},
            help={"en": "The sickest player (most damage) starts phase 5; then play goes to the left, or every "
                        "player follows in order of damage.",
                  "es": "El jugador más enfermo (más daño) empieza la fase 5; después se sigue hacia la "
                        "izquierda, o todos juegan por orden de daño.",
                  "fr": "Le joueur le plus malade (le plus de dégâts) commence la phase 5 ; ensuite on continue "
                        "vers la gauche, ou chacun joue dans l'ordre des dégâts."},
            words={"sickest_then_clockwise": {"en": "Sickest first, then to the left",
                                              "es": "El más enfermo primero, luego hacia la izquierda",
                                              "fr": "Le plus malade d'abord, puis vers la gauche"},
                   "by_damage": {"en": "Everyone by damage, most first", "es": "Todos por daño, de más a menos",
                                 "fr": "Tous selon les dégâts, du plus au moins"}}),
    }
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        "literal": {"at_least_one": "literal", "crowding": "both", "full_tie_blocks": True,
                    "cell_cap": "per_turn", "exposure_order": "by_damage"},
        # Every price here is above the shipped one (neutrophil 1, NK cell 3, macrophage 5).
        "expensive-cells": {"params": {"cells": {"neutrophil": {"cost": 3},
                                                 "macrophage": {"cost": 7},
                                                 "nk_cell": {"cost": 4}}}},
    }
    variant_words: ClassVar[dict[str, dict[str, dict[str, str]]]] = {
        "literal": {
            "en": {"name": "Literal reading",
                   "description": "Every open rule read word for word: no infection at equal values, both "
                                  "Environments count, a full tie protects everyone, 3 cells per type per "
                                  "turn, phase 5 by damage."},
            "es": {"name": "Lectura literal",
                   "description": "Cada regla abierta leída al pie de la letra: sin infección con valores "
                                  "iguales, cuentan los dos Ambientes, un empate total protege a todos, 3 "
                                  "células por tipo y turno, fase 5 por daño."},
            "fr": {"name": "Lecture littérale",
                   "description": "Chaque règle ouverte lue à la lettre : pas d'infection à valeurs égales, les "
                                  "deux Environnements comptent, une égalité totale protège tout le monde, 3 "
                                  "cellules par type et par tour, phase 5 selon les dégâts."}},
        "expensive-cells": {
            "en": {"name": "Expensive cells",
                   "description": "A play-test price list: neutrophils cost 3 oxygen, NK cells 4 and "
                                  "macrophages 7."},
            "es": {"name": "Células caras",
                   "description": "Precios de prueba: los neutrófilos cuestan 3 de oxígeno, las células NK 4 "
                                  "y los macrófagos 7."},
            "fr": {"name": "Cellules chères",
                   "description": "Des prix d'essai : les neutrophiles coûtent 3 oxygène, les cellules NK 4 et "
                                  "les macrophages 7."}},
    }

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        content_for(resolved["params"])  # a bad override fails here, naming its path
        # The game's own copy: the caller may reuse and change its mapping (a sweep), and
        # ``content_of`` relies on a state's params never changing.
        resolved["params"] = copy.deepcopy(resolved["params"])
        return resolved

    # ---- words for players: tooltips, reference tables (see :mod:`.catalogue`) ----------------
    def catalogue(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Every cell, pathogen, medical and environment card and organ, with what it does and
        its numbers, from the content of these options (a ``params`` price shows)."""
        return catalogue.entries(content_for(self.resolve_options(options)["params"]), check_lang(lang))

    def reference(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """The cell price table, the pathogen groups, the contagion modes and the life line."""
        return catalogue.reference(content_for(self.resolve_options(options)["params"]), check_lang(lang))

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """Own health against the best opponent's, plus defences and minus looming harm (the
        seat's view only; see :mod:`.heuristic`)."""
        return heuristic.evaluate(view, seat)

    def evaluate_state(self, state: State, seat: int) -> float:
        """The same value read straight from a (determinized) state, for the search bots."""
        return heuristic.evaluate_state(state, seat)

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        return terminal.render_text(view, lang)

    def explain(self, topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
        """``? neutrophil`` at the terminal: what a cell, pathogen, medical or environment card
        or organ does, with this game's numbers (see :mod:`.explain`)."""
        return explain.explain(topic, view, lang)

    # ---- balance-lab hooks (LAB.md §7.3; see :mod:`.lab_hooks`) ------------------------------
    def progress(self, state: State) -> tuple[int, int]:
        return lab_hooks.progress(state)

    def seat_order(self, state: State) -> list[int] | None:
        return lab_hooks.seat_order(state)

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        return lab_hooks.telemetry(state, seat)

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str]:
        return lab_hooks.content_keys(state, action)

    # ---- reinforcement-learning interop (see docs/games/immunity.md) -----------------------
    def num_distinct_actions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return encoding.ActionSpace.for_options(self.resolve_options(options)).size

    def observation_size(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return encoding.observation_size(content_for(self.resolve_options(options)["params"]))

    def observation_bounds(self, players: int,
                           options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
        """The least and the most each observation number can be (``encoding.bounds`` says why)."""
        return encoding.bounds(players, self.resolve_options(options))

    def encode(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(view)

    def observation_writer(self, players: int, options: Mapping[str, Any], seat: int | None) -> ImmunityObserver:
        """``encode(view(seat))`` written from the state, only the parts that changed
        (:mod:`.observer`; the options change no id, so the layout is always the same)."""
        return ImmunityObserver(players, seat)

    def max_game_length(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        """The most actions any legal game with these players and options can take, argued from
        the rules (:mod:`.length`): per seat and turn one ``done`` or medical card in each of the
        5 parts, one spread and one exposure, the phase-1 discards down to the hand limit, the
        phase-3 clears (one per cell owned of a type that acts) and, over the game, the buys
        the per-type cap allows; times the seats.  With the shipped content 256 a seat."""
        return length.max_game_length(players, self.resolve_options(options))


GAME = ImmunityGame()
