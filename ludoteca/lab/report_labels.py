"""Every word the lab's report and diff show, in English, Spanish and French.

Why a catalogue of its own: the report is read by designers who never see metric ids, so each
id, section, verdict and caveat needs a label in the three languages the project speaks. It uses
the project's i18n helper (ludoteca.engine.i18n) so missing translations are caught by one test.
"""

from __future__ import annotations

from ludoteca.engine.i18n import LANGS, check_lang, missing_translations, text

__all__ = ["LABELS", "LANGS", "check_lang", "key_label", "label", "metric_label", "missing_translations"]

LABELS: dict[str, dict[str, str]] = {
    "title": {
        "en": "Balance lab report",
        "es": "Informe del laboratorio de equilibrio",
        "fr": "Rapport du laboratoire d'équilibrage",
    },
    "diff_title": {
        "en": "Rule-version comparison",
        "es": "Comparación de versiones de reglas",
        "fr": "Comparaison de versions des règles",
    },
    "sec_question": {
        "en": "Question and verdicts",
        "es": "Pregunta y veredictos",
        "fr": "Question et verdicts",
    },
    "sec_fairness": {
        "en": "Fairness",
        "es": "Equidad",
        "fr": "Équité",
    },
    "sec_skill": {
        "en": "Skill",
        "es": "Habilidad",
        "fr": "Habileté",
    },
    "sec_luck": {
        "en": "How much the deal decides",
        "es": "Cuánto decide el reparto",
        "fr": "Combien la donne décide",
    },
    "matrix_title": {
        "en": "Win share of the row level alone against {others} of the column level",
        "es": "Proporción de victorias del nivel de la fila, solo contra {others} del nivel de la columna",
        "fr": "Part de victoires du niveau de la ligne, seul contre {others} du niveau de la colonne",
    },
    "matrix_row": {
        "en": "alone at the table",
        "es": "solo en la mesa",
        "fr": "seul à la table",
    },
    "matrix_column": {
        "en": "the rest of the table",
        "es": "el resto de la mesa",
        "fr": "le reste de la table",
    },
    "matrix_caption": {
        "en": "Each cell: win share and its 95% interval over {blocks} blocks (seats rotated inside a block; "
              "shared wins count 1/k). Blue: above the fair share {fair}; orange: below.",
        "es": "Cada casilla: proporción de victorias y su intervalo del 95% sobre {blocks} bloques (asientos rotados "
              "dentro de cada bloque; las victorias compartidas cuentan 1/k). Azul: por encima del reparto justo "
              "{fair}; naranja: por debajo.",
        "fr": "Chaque case : part de victoires et son intervalle à 95 % sur {blocks} blocs (sièges tournés dans "
              "chaque bloc ; les victoires partagées comptent 1/k). Bleu : au-dessus de la part équitable {fair} ; "
              "orange : en dessous.",
    },
    "ratings_caption": {
        "en": "Ratings on the Elo scale ({model} fit; {anchor} = 0), with 95% bootstrap intervals over blocks.",
        "es": "Clasificaciones en escala Elo (ajuste {model}; {anchor} = 0), con intervalos bootstrap del 95% "
              "sobre bloques.",
        "fr": "Classements sur l'échelle Elo (ajustement {model} ; {anchor} = 0), avec intervalles bootstrap à "
              "95 % sur les blocs.",
    },
    "rating_spread_line": {
        "en": "Rating spread (strongest − weakest level): {value} {interval}.",
        "es": "Amplitud de las clasificaciones (nivel más fuerte − más débil): {value} {interval}.",
        "fr": "Écart des classements (niveau le plus fort − le plus faible) : {value} {interval}.",
    },
    "cycle_confirmed": {
        "en": "confirmed by the intervals",
        "es": "confirmado por los intervalos",
        "fr": "confirmé par les intervalles",
    },
    "no_cycles": {
        "en": "none",
        "es": "ninguno",
        "fr": "aucun",
    },
    "transitivity_line": {
        "en": "Transitivity: {cycles} cycle(s) among {triples} triples of levels ({found}). {ordered} of {cells} "
              "cells have an interval that excludes the fair share; {pairs_ordered} of {pairs} pairs have a "
              "head-to-head edge whose interval excludes 0.",
        "es": "Transitividad: {cycles} ciclo(s) entre {triples} tríos de niveles ({found}). {ordered} de {cells} "
              "casillas tienen un intervalo que excluye el reparto justo; {pairs_ordered} de {pairs} parejas tienen "
              "una ventaja directa cuyo intervalo excluye 0.",
        "fr": "Transitivité : {cycles} cycle(s) parmi {triples} triplets de niveaux ({found}). {ordered} cases sur "
              "{cells} ont un intervalle qui exclut la part équitable ; {pairs_ordered} paires sur {pairs} ont un "
              "avantage direct dont l'intervalle exclut 0.",
    },
    "order_listed": {
        "en": "Order by rating: {order} — the order the levels were listed in.",
        "es": "Orden por clasificación: {order}, el mismo en que se listaron los niveles.",
        "fr": "Ordre par classement : {order}, celui dans lequel les niveaux ont été listés.",
    },
    "order_not_listed": {
        "en": "Order by rating: {order} — not the order the levels were listed in.",
        "es": "Orden por clasificación: {order}, distinto del orden en que se listaron los niveles.",
        "fr": "Ordre par classement : {order}, différent de l'ordre dans lequel les niveaux ont été listés.",
    },
    "skill_line": {
        "en": "Skill expression, {top} alone against {bottom} (0 = no edge, 1 = always wins): {value} {interval}.",
        "es": "Expresión de la habilidad, {top} solo contra {bottom} (0 = sin ventaja, 1 = gana siempre): "
              "{value} {interval}.",
        "fr": "Expression de l'habileté, {top} seul contre {bottom} (0 = aucun avantage, 1 = gagne toujours) : "
              "{value} {interval}.",
    },
    "luck_head": {
        "en": "{seeds} deals × {reps} replicates (same deal, other bot randomness); the replicates differed on "
              "{varied} deals; {dropped} deals left out for an unfinished replicate.",
        "es": "{seeds} repartos × {reps} réplicas (mismo reparto, otro azar de los bots); las réplicas difirieron "
              "en {varied} repartos; {dropped} repartos excluidos por una réplica sin terminar.",
        "fr": "{seeds} donnes × {reps} répliques (même donne, autre hasard des bots) ; les répliques ont différé "
              "sur {varied} donnes ; {dropped} donnes écartées pour une réplique inachevée.",
    },
    "luck_identical": {
        "en": "Every replicate of every deal played the same game: these bots add no randomness here, so the deal "
              "decides everything by construction. No share is given; use bots with randomness (easy, hard, "
              "random).",
        "es": "Cada réplica de cada reparto jugó la misma partida: estos bots no añaden azar aquí, así que el "
              "reparto lo decide todo por construcción. No se da ninguna cifra; usa bots con azar (easy, hard, "
              "random).",
        "fr": "Chaque réplique de chaque donne a joué la même partie : ces bots n'ajoutent aucun hasard ici, donc "
              "la donne décide de tout par construction. Aucune valeur n'est donnée ; utilisez des bots avec du "
              "hasard (easy, hard, random).",
    },
    "luck_note": {
        "en": "Seed ICC: the share of a seat's result explained by the deal (0 none, 1 all). Seed entropy: how "
              "open the winner stays on one deal (1 any seat, 0 fixed). Decided by the seed: deals where one seat "
              "wins at least {pct}% of the replicates. Few replicates make the entropy look lower.",
        "es": "ICC de la semilla: fracción del resultado de un asiento explicada por el reparto (0 nada, 1 todo). "
              "Entropía: cuán abierto queda el ganador en un reparto (1 cualquier asiento, 0 fijo). Decididos por "
              "la semilla: repartos en que un asiento gana al menos el {pct}% de las réplicas. Con pocas réplicas "
              "la entropía parece menor.",
        "fr": "ICC de la graine : part du résultat d'un siège expliquée par la donne (0 rien, 1 tout). Entropie : "
              "à quel point le gagnant reste ouvert sur une donne (1 n'importe quel siège, 0 fixé). Décidées par "
              "la graine : donnes où un siège gagne au moins {pct} % des répliques. Peu de répliques font paraître "
              "l'entropie plus basse.",
    },
    "sec_deltas": {
        "en": "Differences to the control",
        "es": "Diferencias con el control",
        "fr": "Différences avec le témoin",
    },
    "sec_length": {
        "en": "Length and tension",
        "es": "Duración y tensión",
        "fr": "Durée et tension",
    },
    "sec_content": {
        "en": "Content",
        "es": "Contenido",
        "fr": "Contenu",
    },
    "sec_sweep": {
        "en": "Sweeps",
        "es": "Barridos",
        "fr": "Balayages",
    },
    "sec_games": {
        "en": "Games to look at",
        "es": "Partidas para revisar",
        "fr": "Parties à regarder",
    },
    "sec_method": {
        "en": "Method",
        "es": "Método",
        "fr": "Méthode",
    },
    "sec_reproduce": {
        "en": "Reproduce",
        "es": "Reproducir",
        "fr": "Reproduire",
    },
    "sec_health": {
        "en": "Run health",
        "es": "Estado de la ejecución",
        "fr": "État de l'exécution",
    },
    "sec_content_diff": {
        "en": "What changed in the content",
        "es": "Qué cambió en el contenido",
        "fr": "Ce qui a changé dans le contenu",
    },
    "sec_metric_diff": {
        "en": "Every metric, B − A",
        "es": "Cada métrica, B − A",
        "fr": "Chaque métrique, B − A",
    },
    "game": {
        "en": "Game",
        "es": "Juego",
        "fr": "Jeu",
    },
    "players": {
        "en": "Players",
        "es": "Jugadores",
        "fr": "Joueurs",
    },
    "n_players": {
        "en": "{n} players",
        "es": "{n} jugadores",
        "fr": "{n} joueurs",
    },
    "arm": {
        "en": "Arm",
        "es": "Variante",
        "fr": "Variante",
    },
    "control": {
        "en": "control",
        "es": "control",
        "fr": "témoin",
    },
    "metric": {
        "en": "Metric",
        "es": "Métrica",
        "fr": "Métrique",
    },
    "target": {
        "en": "Target",
        "es": "Objetivo",
        "fr": "Objectif",
    },
    "value": {
        "en": "Value",
        "es": "Valor",
        "fr": "Valeur",
    },
    "interval": {
        "en": "95% interval",
        "es": "Intervalo del 95 %",
        "fr": "Intervalle à 95 %",
    },
    "interval_c": {
        "en": "{pct}% interval",
        "es": "Intervalo del {pct} %",
        "fr": "Intervalle à {pct} %",
    },
    "verdict": {
        "en": "Verdict",
        "es": "Veredicto",
        "fr": "Verdict",
    },
    "robust": {
        "en": "Robust across bot tiers",
        "es": "Robusto entre niveles de bot",
        "fr": "Robuste entre niveaux de bot",
    },
    "yes": {
        "en": "yes",
        "es": "sí",
        "fr": "oui",
    },
    "no": {
        "en": "no",
        "es": "no",
        "fr": "non",
    },
    "not_checked": {
        "en": "not checked",
        "es": "no comprobado",
        "fr": "non vérifié",
    },
    "blocks": {
        "en": "Blocks",
        "es": "Bloques",
        "fr": "Blocs",
    },
    "games": {
        "en": "Games",
        "es": "Partidas",
        "fr": "Parties",
    },
    "what": {
        "en": "What",
        "es": "Qué",
        "fr": "Quoi",
    },
    "delta": {
        "en": "Change",
        "es": "Cambio",
        "fr": "Variation",
    },
    "p_adj": {
        "en": "Adjusted p",
        "es": "p ajustado",
        "fr": "p ajusté",
    },
    "significant": {
        "en": "Significant after correction",
        "es": "Significativo tras la corrección",
        "fr": "Significatif après correction",
    },
    "vrf": {
        "en": "Pairing gain (variance-reduction factor)",
        "es": "Ganancia del emparejamiento (factor de reducción de varianza)",
        "fr": "Gain de l'appariement (facteur de réduction de variance)",
    },
    "method_col": {
        "en": "Method",
        "es": "Método",
        "fr": "Méthode",
    },
    "none": {
        "en": "none",
        "es": "ninguno",
        "fr": "aucun",
    },
    "no_data": {
        "en": "No data for this section in this run.",
        "es": "Esta ejecución no tiene datos para esta sección.",
        "fr": "Cette exécution n'a pas de données pour cette section.",
    },
    "verdict_met": {
        "en": "met",
        "es": "cumplido",
        "fr": "atteint",
    },
    "verdict_missed": {
        "en": "missed",
        "es": "no cumplido",
        "fr": "manqué",
    },
    "verdict_unclear": {
        "en": "unclear",
        "es": "incierto",
        "fr": "incertain",
    },
    "verdict_better": {
        "en": "better",
        "es": "mejor",
        "fr": "meilleur",
    },
    "verdict_worse": {
        "en": "worse",
        "es": "peor",
        "fr": "pire",
    },
    "verdict_no_change": {
        "en": "no detectable change",
        "es": "sin cambio detectable",
        "fr": "aucun changement détectable",
    },
    "rule_max": {
        "en": "at most {a}",
        "es": "como máximo {a}",
        "fr": "au plus {a}",
    },
    "rule_min": {
        "en": "at least {a}",
        "es": "como mínimo {a}",
        "fr": "au moins {a}",
    },
    "rule_between": {
        "en": "between {a} and {b}",
        "es": "entre {a} y {b}",
        "fr": "entre {a} et {b}",
    },
    "no_question": {
        "en": "No question was written in the experiment file.",
        "es": "El archivo del experimento no incluye ninguna pregunta.",
        "fr": "Le fichier d'expérience ne contient aucune question.",
    },
    "no_targets": {
        "en": "No targets were set, so there are no verdicts; the numbers below still have intervals.",
        "es": "No se fijaron objetivos, así que no hay veredictos; las cifras de abajo siguen teniendo intervalos.",
        "fr": ("Aucun objectif n'a été fixé, donc pas de verdict ; les chiffres ci-dessous ont tout de même des "
               "intervalles."),
    },
    "fair_line": {
        "en": "fair share 1/{n}",
        "es": "reparto justo 1/{n}",
        "fr": "part équitable 1/{n}",
    },
    "fair_caption": {
        "en": "Win share per seat with its interval; the dashed line is a fair table.",
        "es": "Proporción de victorias por asiento con su intervalo; la línea discontinua es una mesa justa.",
        "fr": "Part de victoires par siège avec son intervalle ; la ligne pointillée est une table équitable.",
    },
    "turn_order": {
        "en": "By turn-order position",
        "es": "Por posición en el orden de turno",
        "fr": "Par position dans l'ordre du tour",
    },
    "uniformity": {
        "en": "Uniformity test over seats: χ² = {chi2}, df = {df}, p = {p}",
        "es": "Prueba de uniformidad entre asientos: χ² = {chi2}, gl = {df}, p = {p}",
        "fr": "Test d'uniformité entre sièges : χ² = {chi2}, ddl = {df}, p = {p}",
    },
    "seat_n": {
        "en": "Seat {n}",
        "es": "Asiento {n}",
        "fr": "Siège {n}",
    },
    "pos_n": {
        "en": "Turn position {n}",
        "es": "Posición de turno {n}",
        "fr": "Position de tour {n}",
    },
    "at_fraction": {
        "en": "at {pct}% of the game",
        "es": "al {pct} % de la partida",
        "fr": "à {pct} % de la partie",
    },
    "length_hist": {
        "en": "Actions per game (histogram)",
        "es": "Acciones por partida (histograma)",
        "fr": "Actions par partie (histogramme)",
    },
    "length_ecdf": {
        "en": "Actions per game (share of games at most x)",
        "es": "Acciones por partida (fracción de partidas con x o menos)",
        "fr": "Actions par partie (part des parties d'au plus x)",
    },
    "decided_ecdf": {
        "en": "Decided at (share of games decided by x)",
        "es": "Decidida en (fracción de partidas decididas en x)",
        "fr": "Décidée à (part des parties décidées à x)",
    },
    "share_of_games": {
        "en": "share of games",
        "es": "fracción de partidas",
        "fr": "part des parties",
    },
    "runaway": {
        "en": "Runaway-leader curve: P(a leader at x wins)",
        "es": "Curva del líder escapado: P(gana un líder en x)",
        "fr": "Courbe du meneur échappé : P(un meneur en x gagne)",
    },
    "share_of_game": {
        "en": "share of the game played",
        "es": "fracción de la partida jugada",
        "fr": "part de la partie jouée",
    },
    "p10_p50_p90": {
        "en": "p10 / median / p90",
        "es": "p10 / mediana / p90",
        "fr": "p10 / médiane / p90",
    },
    "content_key": {
        "en": "Content",
        "es": "Contenido",
        "fr": "Contenu",
    },
    "dead_content": {
        "en": "Never used in any game",
        "es": "Nunca usado en ninguna partida",
        "fr": "Jamais utilisé dans aucune partie",
    },
    "correlation_flag": {
        "en": "Correlation, not cause: good players may simply use it more. The restriction test measures cause.",
        "es": ("Correlación, no causa: los buenos jugadores quizá solo lo usan más. La prueba de restricción mide "
               "la causa."),
        "fr": ("Corrélation, pas cause : les bons joueurs l'utilisent peut-être simplement davantage. Le test de "
               "restriction mesure la cause."),
    },
    "restriction": {
        "en": "Restriction",
        "es": "Restricción",
        "fr": "Restriction",
    },
    "sweep_caption": {
        "en": "{metric} against {knob}; the band is the interval of each arm.",
        "es": "{metric} frente a {knob}; la banda es el intervalo de cada variante.",
        "fr": "{metric} en fonction de {knob} ; la bande est l'intervalle de chaque variante.",
    },
    "elasticity": {
        "en": "Elasticity: change of the metric per +1 of the knob",
        "es": "Elasticidad: cambio de la métrica por +1 del parámetro",
        "fr": "Élasticité : variation de la métrique par +1 du paramètre",
    },
    "knob": {
        "en": "Knob",
        "es": "Parámetro",
        "fr": "Paramètre",
    },
    "slope": {
        "en": "Per +1",
        "es": "Por +1",
        "fr": "Par +1",
    },
    "reason_longest": {
        "en": "the longest game",
        "es": "la partida más larga",
        "fr": "la partie la plus longue",
    },
    "reason_shortest": {
        "en": "the shortest game",
        "es": "la partida más corta",
        "fr": "la partie la plus courte",
    },
    "reason_comeback": {
        "en": "the biggest comeback",
        "es": "la mayor remontada",
        "fr": "la plus belle remontée",
    },
    "reason_margin": {
        "en": "the largest winning margin",
        "es": "el mayor margen de victoria",
        "fr": "la plus grande marge de victoire",
    },
    "reason_unfinished": {
        "en": "stopped by the action cap",
        "es": "detenida por el límite de acciones",
        "fr": "arrêtée par la limite d'actions",
    },
    "reason_random": {
        "en": "a game picked at random",
        "es": "una partida elegida al azar",
        "fr": "une partie choisie au hasard",
    },
    "reason": {
        "en": "Why",
        "es": "Por qué",
        "fr": "Pourquoi",
    },
    "command": {
        "en": "Command",
        "es": "Orden",
        "fr": "Commande",
    },
    "game_at": {
        "en": "block {block}, rotation {rotation}",
        "es": "bloque {block}, rotación {rotation}",
        "fr": "bloc {block}, rotation {rotation}",
    },
    "m_blocks": {
        "en": "{blocks} blocks; each block plays one seed under every arm{rot}.",
        "es": "{blocks} bloques; cada bloque juega una semilla con cada variante{rot}.",
        "fr": "{blocks} blocs ; chaque bloc joue une graine avec chaque variante{rot}.",
    },
    "m_rotations": {
        "en": " and every seat rotation",
        "es": " y cada rotación de asientos",
        "fr": " et chaque rotation des sièges",
    },
    "m_pairing": {
        "en": "Pairing factor achieved: {f}× fewer games than unpaired for the same precision.",
        "es": "Factor de emparejamiento logrado: {f}× menos partidas que sin emparejar para la misma precisión.",
        "fr": "Facteur d'appariement obtenu : {f}× moins de parties que sans appariement pour la même précision.",
    },
    "m_methods": {
        "en": "Interval methods used: {methods}.",
        "es": "Métodos de intervalo usados: {methods}.",
        "fr": "Méthodes d'intervalle utilisées : {methods}.",
    },
    "m_families": {
        "en": "Multiple-comparison families: {families}.",
        "es": "Familias de comparaciones múltiples: {families}.",
        "fr": "Familles de comparaisons multiples : {families}.",
    },
    "m_bots": {
        "en": "Bots: {bots}.",
        "es": "Bots: {bots}.",
        "fr": "Bots : {bots}.",
    },
    "m_stop": {
        "en": "Stopped because: {stop}.",
        "es": "Se detuvo porque: {stop}.",
        "fr": "Arrêt : {stop}.",
    },
    "stop_blocks": {
        "en": "all planned blocks were played",
        "es": "se jugaron todos los bloques previstos",
        "fr": "tous les blocs prévus ont été joués",
    },
    "stop_H0": {
        "en": "the sequential test accepted “no change” (H0)",
        "es": "la prueba secuencial aceptó «sin cambio» (H0)",
        "fr": "le test séquentiel a accepté « pas de changement » (H0)",
    },
    "stop_H1": {
        "en": "the sequential test accepted “a change” (H1)",
        "es": "la prueba secuencial aceptó «hay cambio» (H1)",
        "fr": "le test séquentiel a accepté « un changement » (H1)",
    },
    "stop_cap": {
        "en": "the sequential test reached its block cap undecided",
        "es": "la prueba secuencial llegó a su tope de bloques sin decidir",
        "fr": "le test séquentiel a atteint sa limite de blocs sans décider",
    },
    "stop_interrupted": {
        "en": "the run was interrupted",
        "es": "la ejecución se interrumpió",
        "fr": "l'exécution a été interrompue",
    },
    "stop_budget": {
        "en": "the time budget ran out",
        "es": "se agotó el presupuesto de tiempo",
        "fr": "le budget de temps était épuisé",
    },
    "sprt_title": {
        "en": "Sequential test on {metric} ({arm}): log-likelihood ratio per block",
        "es": "Prueba secuencial sobre {metric} ({arm}): razón de verosimilitud logarítmica por bloque",
        "fr": "Test séquentiel sur {metric} ({arm}) : log-rapport de vraisemblance par bloc",
    },
    "sprt_bounds": {
        "en": "decision bounds",
        "es": "límites de decisión",
        "fr": "bornes de décision",
    },
    "sprt_biased": {
        "en": "Stopped early: the estimate is biased toward the boundary it crossed.",
        "es": "Detenida pronto: la estimación está sesgada hacia el límite que cruzó.",
        "fr": "Arrêt anticipé : l'estimation est biaisée vers la borne franchie.",
    },
    "caveat": {
        "en": ("Bots, not people: these games were played by Ludoteca's bots. A conclusion that holds across bot "
               "tiers is more likely to hold at a real table, but it is still a prediction to check with people."),
        "es": ("Bots, no personas: estas partidas las jugaron los bots de Ludoteca. Una conclusión que se mantiene "
               "entre niveles de bot tiene más probabilidades de valer en una mesa real, pero sigue siendo una "
               "predicción que hay que comprobar con personas."),
        "fr": ("Des bots, pas des gens : ces parties ont été jouées par les bots de Ludoteca. Une conclusion qui "
               "tient entre niveaux de bot a plus de chances de tenir à une vraie table, mais cela reste une "
               "prédiction à vérifier avec des gens."),
    },
    "fingerprint": {
        "en": "Fingerprint",
        "es": "Huella",
        "fr": "Empreinte",
    },
    "reproduce_text": {
        "en": "The same command and code give the same games, byte for byte.",
        "es": "La misma orden y el mismo código dan las mismas partidas, byte a byte.",
        "fr": "La même commande et le même code donnent les mêmes parties, octet pour octet.",
    },
    "health_line": {
        "en": "{games} games, {unfinished} unfinished, {cpu} CPU s, {rate} games/s.",
        "es": "{games} partidas, {unfinished} sin terminar, {cpu} s de CPU, {rate} partidas/s.",
        "fr": "{games} parties, {unfinished} inachevées, {cpu} s CPU, {rate} parties/s.",
    },
    "reused_line": {
        "en": "{reused} of these games were reused from the block cache (the same rules, bots and seeds "
              "played before); {played} were played for this run.",
        "es": "{reused} de estas partidas se reutilizaron de la caché de bloques (las mismas reglas, bots y "
              "semillas ya jugadas); {played} se jugaron para esta ejecución.",
        "fr": "{reused} de ces parties ont été reprises du cache de blocs (mêmes règles, bots et graines déjà "
              "joués) ; {played} ont été jouées pour cette exécution.",
    },
    "unfinished_warning": {
        "en": "Warning: {pct}% of games hit the action cap; they are left out of win metrics.",
        "es": ("Aviso: el {pct} % de las partidas llegó al límite de acciones; quedan fuera de las métricas de "
               "victoria."),
        "fr": ("Attention : {pct} % des parties ont atteint la limite d'actions ; elles sont exclues des métriques "
               "de victoire."),
    },
    "paired": {
        "en": "Paired: both runs share the seed plan, so every difference is measured on equal luck.",
        "es": ("Emparejado: las dos ejecuciones comparten el plan de semillas, así que cada diferencia se mide con "
               "la misma suerte."),
        "fr": ("Apparié : les deux exécutions partagent le plan de graines, donc chaque différence est mesurée à "
               "chance égale."),
    },
    "unpaired": {
        "en": "Unpaired: the runs do not share a seed plan ({why}); differences use Welch intervals.",
        "es": ("Sin emparejar: las ejecuciones no comparten plan de semillas ({why}); las diferencias usan "
               "intervalos de Welch."),
        "fr": ("Non apparié : les exécutions ne partagent pas de plan de graines ({why}) ; les différences "
               "utilisent des intervalles de Welch."),
    },
    "no_content_change": {
        "en": "The effective content is the same in both runs.",
        "es": "El contenido efectivo es el mismo en las dos ejecuciones.",
        "fr": "Le contenu effectif est le même dans les deux exécutions.",
    },
    "rules_version": {
        "en": "Rules version: A {a}, B {b}.",
        "es": "Versión de las reglas: A {a}, B {b}.",
        "fr": "Version des règles : A {a}, B {b}.",
    },
    "run_a": {
        "en": "Run A",
        "es": "Ejecución A",
        "fr": "Exécution A",
    },
    "run_b": {
        "en": "Run B",
        "es": "Ejecución B",
        "fr": "Exécution B",
    },
    "key": {
        "en": "Where",
        "es": "Dónde",
        "fr": "Où",
    },
    "missing": {
        "en": "absent",
        "es": "ausente",
        "fr": "absent",
    },
    "content_edited": {
        "en": ("The content files differ between the runs (hash {a} → {b}); the manifests do not say which values "
               "changed."),
        "es": ("Los archivos de contenido difieren entre las ejecuciones (huella {a} → {b}); los manifiestos no "
               "dicen qué valores cambiaron."),
        "fr": ("Les fichiers de contenu diffèrent entre les exécutions (empreinte {a} → {b}) ; les manifestes ne "
               "disent pas quelles valeurs ont changé."),
    },
    "shipped_value": {
        "en": "as shipped",
        "es": "como se publicó",
        "fr": "comme livré",
    },
    "path": {
        "en": "Knob",
        "es": "Parámetro",
        "fr": "Paramètre",
    },
    "compared": {
        "en": "Compared",
        "es": "Comparado",
        "fr": "Comparé",
    },
    "why_differs": {
        "en": "{what}: {a} ≠ {b}",
        "es": "{what}: {a} ≠ {b}",
        "fr": "{what} : {a} ≠ {b}",
    },
    "why_no_manifest": {
        "en": "a manifest is missing",
        "es": "falta un manifiesto",
        "fr": "un manifeste manque",
    },
    "why_no_blocks": {
        "en": "no block in common",
        "es": "ningún bloque en común",
        "fr": "aucun bloc en commun",
    },
    "seed": {
        "en": "seed",
        "es": "semilla",
        "fr": "graine",
    },
    "holm_targets": {
        "en": "Verdicts use Holm's correction over the {n} targets.",
        "es": "Los veredictos usan la corrección de Holm sobre los {n} objetivos.",
        "fr": "Les verdicts utilisent la correction de Holm sur les {n} objectifs.",
    },
    "no_games_table": {
        "en": "Run {run} has no games table, so no metric can be compared.",
        "es": "La ejecución {run} no tiene tabla de partidas, así que no se puede comparar ninguna métrica.",
        "fr": "L'exécution {run} n'a pas de table des parties : aucune métrique ne peut être comparée.",
    },
    "lineup": {
        "en": "line-up",
        "es": "alineación",
        "fr": "alignement",
    },
    "entry_n": {
        "en": "Line-up entry {n}",
        "es": "Entrada {n} de la alineación",
        "fr": "Entrée {n} de l'alignement",
    },
    "sec_series": {
        "en": "Time series",
        "es": "Series temporales",
        "fr": "Séries temporelles",
    },
    "series_caption": {
        "en": "{q}: median at each checkpoint with the p10–p90 band, arms overlaid.",
        "es": "{q}: mediana en cada punto de control con la banda p10–p90, variantes superpuestas.",
        "fr": "{q} : médiane à chaque point de contrôle avec la bande p10–p90, variantes superposées.",
    },
    "checkpoint": {
        "en": "checkpoint (end of a round)",
        "es": "punto de control (fin de ronda)",
        "fr": "point de contrôle (fin de manche)",
    },
    "score_word": {
        "en": "Score",
        "es": "Puntuación",
        "fr": "Score",
    },
    "sec_sensitivity": {
        "en": "Sensitivity screen",
        "es": "Cribado de sensibilidad",
        "fr": "Criblage de sensibilité",
    },
    "sens_intro": {
        "en": "Each knob was moved down and up by δ = {delta} from the control, one at a time, on the same "
              "{blocks} blocks. A knob matters for a metric when its effect survives Benjamini-Hochberg over the "
              "knobs (false discovery rate {q}); its p is twice the smaller p of its two sides.",
        "es": "Cada parámetro se movió δ = {delta} hacia abajo y hacia arriba desde el control, de uno en uno, "
              "en los mismos {blocks} bloques. Un parámetro importa para una métrica cuando su efecto resiste a "
              "Benjamini-Hochberg sobre los parámetros (tasa de falsos descubrimientos {q}); su p es el doble de "
              "la p menor de sus dos lados.",
        "fr": "Chaque paramètre a été déplacé de δ = {delta} vers le bas et vers le haut depuis le témoin, un à "
              "la fois, sur les mêmes {blocks} blocs. Un paramètre compte pour une métrique quand son effet résiste "
              "à Benjamini-Hochberg sur les paramètres (taux de fausses découvertes {q}) ; son p est le double du "
              "plus petit p de ses deux côtés.",
    },
    "sens_minus": {
        "en": "−δ",
        "es": "−δ",
        "fr": "−δ",
    },
    "sens_plus": {
        "en": "+δ",
        "es": "+δ",
        "fr": "+δ",
    },
    "sens_axis": {
        "en": "Change from the control: {metric}",
        "es": "Cambio respecto al control: {metric}",
        "fr": "Variation par rapport au témoin : {metric}",
    },
    "sens_caption": {
        "en": "{metric}, {players} players: the change at −δ and +δ of each knob, largest effect on top; "
              "whiskers are the intervals.",
        "es": "{metric}, {players} jugadores: el cambio en −δ y +δ de cada parámetro, el mayor efecto arriba; "
              "los bigotes son los intervalos.",
        "fr": "{metric}, {players} joueurs : la variation à −δ et +δ de chaque paramètre, le plus grand effet en "
              "haut ; les moustaches sont les intervalles.",
    },
    "sens_control": {
        "en": "Control value",
        "es": "Valor de control",
        "fr": "Valeur témoin",
    },
    "sens_value_minus": {
        "en": "Value at −δ",
        "es": "Valor en −δ",
        "fr": "Valeur à −δ",
    },
    "sens_value_plus": {
        "en": "Value at +δ",
        "es": "Valor en +δ",
        "fr": "Valeur à +δ",
    },
    "sens_delta_minus": {
        "en": "Change at −δ",
        "es": "Cambio en −δ",
        "fr": "Variation à −δ",
    },
    "sens_delta_plus": {
        "en": "Change at +δ",
        "es": "Cambio en +δ",
        "fr": "Variation à +δ",
    },
    "sens_notes": {
        "en": "Sides not played as asked",
        "es": "Lados no jugados como se pidió",
        "fr": "Côtés non joués comme demandé",
    },
    "verdict_matters": {
        "en": "matters",
        "es": "importa",
        "fr": "compte",
    },
    "verdict_no_effect": {
        "en": "no detectable effect",
        "es": "sin efecto detectable",
        "fr": "aucun effet détectable",
    },
    "sec_tune": {
        "en": "Tuning search",
        "es": "Búsqueda de ajuste",
        "fr": "Recherche de réglage",
    },
    "tune_intro": {
        "en": "A (μ + λ) evolutionary search over {knobs} evaluated {evaluated} candidates, each on the same {blocks} "
              "blocks, by their distance from the targets (0: every target met on those blocks). The best was then "
              "played again on fresh seeds against the control: the verdicts and differences above are that "
              "confirmation.",
        "es": "Una búsqueda evolutiva (μ + λ) sobre {knobs} evaluó {evaluated} candidatos, cada uno en los mismos "
              "{blocks} bloques, por su distancia a los objetivos (0: todos los objetivos cumplidos en esos bloques). "
              "El mejor se jugó de nuevo con semillas nuevas frente al control: los veredictos y diferencias de "
              "arriba son esa confirmación.",
        "fr": "Une recherche évolutionnaire (μ + λ) sur {knobs} a évalué {evaluated} candidats, chacun sur les mêmes "
              "{blocks} blocs, par leur distance aux objectifs (0 : tous les objectifs atteints sur ces blocs). Le "
              "meilleur a ensuite été rejoué avec de nouvelles graines contre le témoin : les verdicts et "
              "différences ci-dessus sont cette confirmation.",
    },
    "tune_rank": {
        "en": "Rank",
        "es": "Puesto",
        "fr": "Rang",
    },
    "tune_distance": {
        "en": "Distance from the targets",
        "es": "Distancia a los objetivos",
        "fr": "Distance aux objectifs",
    },
    "tune_changes": {
        "en": "Changes from the control",
        "es": "Cambios respecto al control",
        "fr": "Changements par rapport au témoin",
    },
    "tune_generation": {
        "en": "Generation",
        "es": "Generación",
        "fr": "Génération",
    },
    "tune_none": {
        "en": "(the control)",
        "es": "(el control)",
        "fr": "(le témoin)",
    },
}

METRICS: dict[str, dict[str, str]] = {
    "seat_win_share": {
        "en": "Win share by seat",
        "es": "Proporción de victorias por asiento",
        "fr": "Part de victoires par siège",
    },
    "seat_advantage": {
        "en": "Seat advantage (win share − fair share)",
        "es": "Ventaja del asiento (victorias − reparto justo)",
        "fr": "Avantage du siège (victoires − part équitable)",
    },
    "seat_gap": {
        "en": "Seat gap (best − worst seat)",
        "es": "Brecha entre asientos (mejor − peor)",
        "fr": "Écart entre sièges (meilleur − pire)",
    },
    "seat_uniformity": {
        "en": "Seat uniformity test",
        "es": "Prueba de uniformidad de asientos",
        "fr": "Test d'uniformité des sièges",
    },
    "shared_win_rate": {
        "en": "Shared wins",
        "es": "Victorias compartidas",
        "fr": "Victoires partagées",
    },
    "unfinished_rate": {
        "en": "Unfinished games",
        "es": "Partidas sin terminar",
        "fr": "Parties inachevées",
    },
    "entry_win_share": {
        "en": "Win share by line-up entry",
        "es": "Proporción de victorias por bot de la alineación",
        "fr": "Part de victoires par entrée de l'alignement",
    },
    "skill_expression": {
        "en": "Skill expression",
        "es": "Expresión de la habilidad",
        "fr": "Expression de l'habileté",
    },
    "matrix": {
        "en": "Win share against each opponent",
        "es": "Proporción de victorias contra cada rival",
        "fr": "Part de victoires contre chaque adversaire",
    },
    "rating": {
        "en": "Rating (Elo scale)",
        "es": "Clasificación (escala Elo)",
        "fr": "Classement (échelle Elo)",
    },
    "rating_spread": {
        "en": "Rating spread (strongest − weakest)",
        "es": "Amplitud de las clasificaciones (más fuerte − más débil)",
        "fr": "Écart des classements (plus fort − plus faible)",
    },
    "actions": {
        "en": "Actions per game",
        "es": "Acciones por partida",
        "fr": "Actions par partie",
    },
    "decisions": {
        "en": "Decisions per seat",
        "es": "Decisiones por asiento",
        "fr": "Décisions par siège",
    },
    "rounds": {
        "en": "Rounds per game",
        "es": "Rondas por partida",
        "fr": "Manches par partie",
    },
    "cpu_s": {
        "en": "CPU seconds per game",
        "es": "Segundos de CPU por partida",
        "fr": "Secondes CPU par partie",
    },
    "wall_s": {
        "en": "Seconds per game",
        "es": "Segundos por partida",
        "fr": "Secondes par partie",
    },
    "decision_density": {
        "en": "Decision density (decisions per own action)",
        "es": "Densidad de decisiones (decisiones por acción propia)",
        "fr": "Densité de décisions (décisions par action propre)",
    },
    "branching": {
        "en": "Legal options at a decision",
        "es": "Opciones legales por decisión",
        "fr": "Options légales par décision",
    },
    "ideal_length": {
        "en": "Closeness to the ideal length",
        "es": "Cercanía a la duración ideal",
        "fr": "Proximité de la durée idéale",
    },
    "lead_changes": {
        "en": "Lead changes per game",
        "es": "Cambios de líder por partida",
        "fr": "Changements de meneur par partie",
    },
    "decided_at": {
        "en": "Decided at (share of the game)",
        "es": "Decidida en (fracción de la partida)",
        "fr": "Décidée à (fraction de la partie)",
    },
    "drama": {
        "en": "Drama (how far winners trailed)",
        "es": "Dramatismo (cuánto iban detrás los ganadores)",
        "fr": "Suspense (retard des gagnants)",
    },
    "comeback_rate": {
        "en": "Comebacks (winner last at half-time)",
        "es": "Remontadas (ganador último a mitad de partida)",
        "fr": "Remontées (gagnant dernier à mi-partie)",
    },
    "leader_wins": {
        "en": "The leader wins",
        "es": "Gana el líder",
        "fr": "Le meneur gagne",
    },
    "margin": {
        "en": "Winning margin",
        "es": "Margen de victoria",
        "fr": "Marge de victoire",
    },
    "stability": {
        "en": "Stability of the standings",
        "es": "Estabilidad de la clasificación",
        "fr": "Stabilité du classement",
    },
    "usage": {
        "en": "Uses per game and seat",
        "es": "Usos por partida y asiento",
        "fr": "Utilisations par partie et siège",
    },
    "dead_content": {
        "en": "Dead content",
        "es": "Contenido muerto",
        "fr": "Contenu mort",
    },
    "win_when_used": {
        "en": "Win share when used − when not",
        "es": "Victorias al usarlo − sin usarlo",
        "fr": "Victoires en l'utilisant − sans l'utiliser",
    },
    "restriction_value": {
        "en": "Restriction value (win share − fair share)",
        "es": "Valor de la restricción (victorias − reparto justo)",
        "fr": "Valeur de la restriction (victoires − part équitable)",
    },
    "binding_rate": {
        "en": "Restriction binding rate",
        "es": "Tasa en que la restricción actuó",
        "fr": "Taux où la restriction a joué",
    },
    "changed_rate": {
        "en": "Decisions changed by the restriction",
        "es": "Decisiones cambiadas por la restricción",
        "fr": "Décisions changées par la restriction",
    },
    "seed_icc": {
        "en": "Share of variance from the seed",
        "es": "Fracción de la varianza debida a la semilla",
        "fr": "Part de la variance due à la graine",
    },
    "seed_entropy": {
        "en": "Seed entropy",
        "es": "Entropía de la semilla",
        "fr": "Entropie de la graine",
    },
    "decided_by_seed": {
        "en": "Seeds that decide the winner",
        "es": "Semillas que deciden el ganador",
        "fr": "Graines qui décident du gagnant",
    },
    "elasticity": {
        "en": "Elasticity",
        "es": "Elasticidad",
        "fr": "Élasticité",
    },
    "cap_hits": {
        "en": "Bot time-cap hits per game",
        "es": "Veces por partida que un bot agotó su tiempo",
        "fr": "Dépassements du temps des bots par partie",
    },
    "turn_order_win_share": {
        "en": "Win share by turn-order position",
        "es": "Proporción de victorias por posición de turno",
        "fr": "Part de victoires par position dans le tour",
    },
    "score": {
        "en": "Final score",
        "es": "Puntuación final",
        "fr": "Score final",
    },
}

#: Metrics whose key is a seat number (the others key content, phases, fractions or entries).
SEAT_METRICS = frozenset({"seat_win_share", "seat_advantage", "decisions", "decision_density", "score", "seed_icc"})


def label(key: str, lang: str = "en", **values: object) -> str:
    """The label ``key`` in ``lang``, filled with ``values``."""
    return text(LABELS, key, lang, **values)


def metric_label(metric: str, lang: str = "en") -> str:
    """A metric id as words; a plug-in metric without a label shows its id with spaces."""
    if metric in METRICS:
        return text(METRICS, metric, lang)
    return metric.replace("_", " ").capitalize()


def key_label(metric: str, key: str | None, lang: str = "en") -> str:
    """The key of an estimate as words: seats, turn positions and game fractions get labels;
    content keys, phases and line-up entries are the designer's own names and stay as they are."""
    if key is None:
        return ""
    if key.startswith("pos") and key[3:].isdigit():
        return label("pos_n", lang, n=int(key[3:]))
    if key.isdigit() and metric in SEAT_METRICS:
        return label("seat_n", lang, n=int(key))
    if key.isdigit() and metric == "entry_win_share":
        return label("entry_n", lang, n=int(key))
    if metric == "leader_wins":
        try:
            return label("at_fraction", lang, pct=f"{float(key) * 100:g}")
        except ValueError:
            return key
    return key
