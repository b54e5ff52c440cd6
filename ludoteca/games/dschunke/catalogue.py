"""What every piece on a Dschunke table does, with its numbers, read from the content of a
table's options (so a designer's ``params`` shows in the page at once), and the reference
tables a player consults: the pile's make-up, the crates in it and the scoring table.

Entry ids (``data-card`` on the board) are for lookup only: ``crate:<kind>`` for the goods,
the rat and the empty crate, ``strip:start-strip`` for the start strip and ``strip:<make-up>``
for a strip of the pile, its make-up written as its three crates joined by "." with "-" inside
a crate ("red-rice.empty.green-fish"), read in whichever direction sorts first, since a strip
turned round is the same strip.  The web board builds the same ids (``boards/dschunke.js``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.engine.i18n import text

from .content import COLOURS, EMPTY, GOODS, RAT, Content
from .labels import CATALOGUE as WORDS
from .labels import points_words, strip_label
from .scoring import group_points

START_ID = "strip:start-strip"
#: The largest group the scoring table lists (the rule book's table stops at 11).
TABLE_TOP = 11

CATALOGUE = {
    "strip_kind": {"en": "Strip", "es": "Baldosa", "fr": "Tuile"},
    "crate_kind": {"en": "Crate", "es": "Caja", "fr": "Caisse"},
    "goods_kind": {"en": "Goods crate", "es": "Caja de mercancía", "fr": "Caisse de marchandise"},
    "spice_kind": {"en": "Spice crate (Rat Hot)", "es": "Caja de especia (Rat Hot)",
                   "fr": "Caisse d'épice (Rat Hot)"},
    "Rice": {"en": "Rice", "es": "Arroz", "fr": "Riz"},
    "Vegetables": {"en": "Vegetables", "es": "Verduras", "fr": "Légumes"},
    "Spice": {"en": "Spice", "es": "Especias", "fr": "Épices"},
    "Fish": {"en": "Fish", "es": "Pescado", "fr": "Poisson"},
    "Rat": {"en": "Rat", "es": "Rata", "fr": "Rat"},
    "Empty": {"en": "Empty", "es": "Vacía", "fr": "Vide"},
    "start_name": {"en": "Start strip", "es": "Baldosa de salida", "fr": "Tuile de départ"},
    "goods_text": {
        "en": "Each {good} crate belongs to the player of its colour. At the end, every group of {least} or more "
              "{good} crates of one colour touching side by side, seen from above at any height, scores "
              "n(n+1)/2 for that colour: {examples}. A lone crate scores nothing.",
        "es": "Cada caja de {good} es del jugador de su color. Al final, cada grupo de {least} o "
              "más cajas de {good} de un color que se tocan por un lado, vistas desde arriba a cualquier "
              "altura, da n(n+1)/2 a ese color: {examples}. Una caja aislada no puntúa.",
        "fr": "Chaque caisse de {good} appartient au joueur de sa couleur. À la fin, chaque groupe d'au moins "
              "{least} caisses de {good} d'une couleur qui se touchent par un côté, vues d'en haut à "
              "n'importe quelle hauteur, rapporte n(n+1)/2 à cette couleur : {examples}. Une caisse "
              "seule ne marque rien.",
    },
    "spice_text": {
        "en": "In Rat Hot every good is a spice. Each group of two or more {good} crates of one colour "
              "that a strip forms or changes scores at once for that colour, whoever laid the strip: "
              "{pair} for two crates, {larger} for three or more. At the end every visible group "
              "scores the same way once more.",
        "es": "En Rat Hot toda mercancía es una especia. Cada grupo de dos o más cajas de {good} de un "
              "color que una baldosa forma o cambia puntúa al momento para ese color, la coloque quien "
              "la coloque: {pair} por dos cajas, {larger} por tres o más. Al final cada grupo visible "
              "vuelve a puntuar igual.",
        "fr": "Dans Rat Hot toute marchandise est une épice. Chaque groupe de deux caisses de {good} ou "
              "plus d'une couleur qu'une tuile forme ou change marque aussitôt pour cette couleur, quel "
              "que soit le poseur : {pair} pour deux caisses, {larger} pour trois ou plus. À la fin "
              "chaque groupe visible marque encore de la même façon.",
    },
    "rat_text": {
        "en": "A rat spoils goods. Each rat of your colour still visible at the end changes your score "
              "by {penalty}: cover yours, leave your opponent's showing.",
        "es": "Una rata estropea las mercancías. Cada rata de tu color que siga a la vista al final "
              "cambia tu puntuación en {penalty}: tapa las tuyas y deja a la vista las del rival.",
        "fr": "Un rat gâte les marchandises. Chaque rat de votre couleur encore visible à la fin change "
              "votre score de {penalty} : couvrez les vôtres, laissez voir ceux de l'adversaire.",
    },
    "rat_hot_rat_text": {
        "en": "Rats cost nothing at the end, but a player who ends their own turn with {limit} or more "
              "visible rats of their colour loses the game at once.",
        "es": "Las ratas no restan al final, pero quien termina su propio turno con {limit} o más ratas "
              "de su color a la vista pierde la partida en el acto.",
        "fr": "Les rats ne coûtent rien à la fin, mais qui finit son propre tour avec {limit} rats "
              "visibles de sa couleur ou plus perd aussitôt la partie.",
    },
    "empty_text": {
        "en": "An empty crate scores nothing; laid on top, it hides whatever lies beneath it.",
        "es": "Una caja vacía no puntúa; colocada encima, tapa lo que haya debajo.",
        "fr": "Une caisse vide ne marque rien ; posée dessus, elle cache ce qui est dessous.",
    },
    "start_text": {
        "en": "Lies in the middle of the table from the start, its middle crate marked S; the first "
              "strips are laid touching it. Its crates: {crates}.",
        "es": "Está en el centro de la mesa desde el principio, con una S en la caja del medio; las "
              "primeras baldosas se colocan tocándola. Sus cajas: {crates}.",
        "fr": "Elle est au milieu de la table dès le début, la caisse du milieu marquée S ; les "
              "premières tuiles se posent contre elle. Ses caisses : {crates}.",
    },
    "strip_text": {
        "en": "Three crates: {crates}. Lay it on the table touching the deck, or level on two or more "
              "strips (never exactly on one); what it covers no longer counts. {brings}.",
        "es": "Tres cajas: {crates}. Colócala en la mesa tocando la cubierta, o nivelada sobre dos o "
              "más baldosas (nunca justo encima de una); lo que tapa deja de contar. {brings}.",
        "fr": "Trois caisses : {crates}. Posez-la sur la table contre le pont, ou à plat sur deux tuiles "
              "ou plus (jamais exactement sur une seule) ; ce qu'elle couvre ne compte plus. {brings}.",
    },
    "brings": {"en": "It shows {what}", "es": "Muestra {what}", "fr": "Elle montre {what}"},
    "brings_nothing": {"en": "It shows only empty crates", "es": "Solo muestra cajas vacías",
                       "fr": "Elle ne montre que des caisses vides"},
    "for_colour": {"en": "{crates} for {who}", "es": "{crates} para {who}", "fr": "{crates} pour {who}"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    # facts and tables
    "in_pile": {"en": "In the pile", "es": "En el montón", "fr": "Dans la pioche"},
    "per_colour": {"en": "{red} red, {green} green", "es": "{red} rojas, {green} verdes",
                   "fr": "{red} rouges, {green} vertes"},
    "group_of": {"en": "Group of {n}", "es": "Grupo de {n}", "fr": "Groupe de {n}"},
    "group_of_more": {"en": "Group of {n} or more", "es": "Grupo de {n} o más", "fr": "Groupe de {n} ou plus"},
    "each_at_end": {"en": "Each visible at the end", "es": "Cada una a la vista al final",
                    "fr": "Chacun visible à la fin"},
    "rats_that_lose": {"en": "Visible rats that lose", "es": "Ratas a la vista que hacen perder",
                       "fr": "Rats visibles qui font perdre"},
    "crates_fact": {"en": "Crates", "es": "Cajas", "fr": "Caisses"},
    "red_crates": {"en": "Red crates", "es": "Cajas rojas", "fr": "Caisses rouges"},
    "green_crates": {"en": "Green crates", "es": "Cajas verdes", "fr": "Caisses vertes"},
    "empty_crates": {"en": "Empty crates", "es": "Cajas vacías", "fr": "Caisses vides"},
    "none": {"en": "none", "es": "ninguna", "fr": "aucune"},
    "pile_title": {"en": "Strips in the pile", "es": "Baldosas del montón", "fr": "Tuiles de la pioche"},
    "pile_columns": {"en": "Strip|How many", "es": "Baldosa|Cuántas", "fr": "Tuile|Combien"},
    "pile_note": {
        "en": "{total} strips in the pile, shuffled face down, plus the start strip on the table.",
        "es": "{total} baldosas en el montón, barajadas boca abajo, más la baldosa de salida en la mesa.",
        "fr": "{total} tuiles dans la pioche, mélangées face cachée, plus la tuile de départ sur la table.",
    },
    "crates_title": {"en": "Crates in the pile", "es": "Cajas del montón", "fr": "Caisses de la pioche"},
    "crates_columns": {"en": "Crate|Red|Green", "es": "Caja|Rojas|Verdes", "fr": "Caisse|Rouges|Vertes"},
    "empty_note": {"en": "And {n} empty crates, which belong to nobody.",
                   "es": "Y {n} cajas vacías, que no son de nadie.",
                   "fr": "Et {n} caisses vides, qui ne sont à personne."},
    "scoring_title": {"en": "Scoring", "es": "Puntuación", "fr": "Décompte"},
    "scoring_columns": {"en": "Visible group of one good and colour|Points",
                        "es": "Grupo visible de una mercancía y un color|Puntos",
                        "fr": "Groupe visible d'une marchandise et d'une couleur|Points"},
    "scoring_note": {
        "en": "At the end only. A lone crate scores nothing; each visible rat of your colour counts {penalty}.",
        "es": "Solo al final. Una caja aislada no puntúa; cada rata de tu color a la vista cuenta {penalty}.",
        "fr": "À la fin seulement. Une caisse seule ne marque rien ; chaque rat visible de votre couleur "
              "compte {penalty}.",
    },
    "rat_hot_note": {
        "en": "When a strip forms or changes a group, and again for every visible group at the end. Rats "
              "cost nothing, but ending your turn with {limit} visible rats of yours loses the game.",
        "es": "Cuando una baldosa forma o cambia un grupo, y otra vez por cada grupo visible al final. Las "
              "ratas no restan, pero terminar tu turno con {limit} ratas tuyas a la vista te hace perder.",
        "fr": "Quand une tuile forme ou change un groupe, puis pour chaque groupe visible à la fin. Les rats "
              "ne coûtent rien, mais finir votre tour avec {limit} de vos rats visibles fait perdre.",
    },
}


def crate_code(crate: str) -> str:
    """A crate in an id: "red-rice", "green-rat", "empty"."""
    return crate.replace(" ", "-")


def strip_id(crates: list[str]) -> str:
    """The catalogue id of a strip of the pile: its make-up, read the way that sorts first."""
    forward = ".".join(crate_code(c) for c in crates)
    backward = ".".join(crate_code(c) for c in reversed(crates))
    return f"strip:{min(forward, backward)}"


def _words(key: str, lang: str, **values: Any) -> str:
    return text(CATALOGUE, key, lang, **values)


def _count_crates(content: Content) -> Counter[str]:
    return Counter(crate for strip in content.tiles for crate in strip)


def _per_colour(counts: Counter[str], kind: str, lang: str) -> str:
    return _words("per_colour", lang, red=counts[f"red {kind}"], green=counts[f"green {kind}"])


def catalogue(content: Content, rat_hot: bool, lang: str) -> list[dict[str, Any]]:
    """Every kind of piece: the four goods, the rat, the empty crate, the start strip and each
    make-up of strip in the pile (in the order the pile first lists them)."""
    counts = _count_crates(content)
    entries = [goods_entry(good, content, rat_hot, counts, lang) for good in GOODS]
    entries.append(rat_entry(content, rat_hot, counts, lang))
    entries.append({"id": f"crate:{EMPTY}", "kind": _words("crate_kind", lang), "name": _words("Empty", lang),
                    "text": _words("empty_text", lang), "facts": [[_words("in_pile", lang), str(counts[EMPTY])]]})
    entries.append({"id": START_ID, "kind": _words("strip_kind", lang), "name": _words("start_name", lang),
                    "text": _words("start_text", lang, crates=strip_label(content.start, lang)),
                    "facts": [[_words("crates_fact", lang), strip_label(content.start, lang)]]})
    return entries + strip_entries(content, lang)


def goods_entry(good: str, content: Content, rat_hot: bool, counts: Counter[str], lang: str) -> dict[str, Any]:
    word = text(WORDS, good, lang)
    facts = [[_words("in_pile", lang), _per_colour(counts, good, lang)]]
    if rat_hot:
        pair, larger = points_words(content.pair_points, lang), points_words(content.larger_points, lang)
        body = _words("spice_text", lang, good=word, pair=pair, larger=larger)
        facts += [[_words("group_of", lang, n=2), pair], [_words("group_of_more", lang, n=3), larger]]
        kind = "spice_kind"
    else:
        least = content.min_group
        sizes = range(least, least + 3)
        examples = ", ".join(f"{n}→{group_points(n, content, False)}" for n in sizes)
        body = _words("goods_text", lang, good=word, least=least, examples=examples)
        facts += [[_words("group_of", lang, n=n), points_words(group_points(n, content, False), lang)] for n in sizes]
        kind = "goods_kind"
    return {"id": f"crate:{good}", "kind": _words(kind, lang), "name": _words(good.capitalize(), lang),
            "text": body, "facts": facts}


def rat_entry(content: Content, rat_hot: bool, counts: Counter[str], lang: str) -> dict[str, Any]:
    facts = [[_words("in_pile", lang), _per_colour(counts, RAT, lang)]]
    if rat_hot:
        body = _words("rat_hot_rat_text", lang, limit=content.rat_limit)
        facts.append([_words("rats_that_lose", lang), str(content.rat_limit)])
    else:
        penalty = f"{content.rat_penalty:+d}"
        body = _words("rat_text", lang, penalty=penalty)
        facts.append([_words("each_at_end", lang), penalty])
    return {"id": f"crate:{RAT}", "kind": _words("crate_kind", lang), "name": _words("Rat", lang),
            "text": body, "facts": facts}


def _shows(crates: list[str], lang: str) -> str:
    """What a strip brings each colour: "rice and spice for Red, rat for Green"."""
    parts = []
    for colour in COLOURS:
        mine = [text(WORDS, c.split(" ", 1)[1], lang) for c in crates if c != EMPTY and c.startswith(colour)]
        if mine:
            parts.append(_words("for_colour", lang, crates=", ".join(mine), who=text(WORDS, colour.capitalize(), lang)))
    if not parts:
        return _words("brings_nothing", lang)
    return _words("brings", lang, what=_words("and", lang).join(parts))


def strip_entries(content: Content, lang: str) -> list[dict[str, Any]]:
    """One entry per make-up of strip in the pile, with how many the pile holds."""
    found: dict[str, list[str]] = {}
    counts: Counter[str] = Counter()
    for crates in content.tiles:
        key = strip_id(crates)
        found.setdefault(key, crates)
        counts[key] += 1
    entries = []
    for key, crates in found.items():
        shown = strip_label(crates, lang)
        by_colour = [[_words(f"{colour}_crates", lang),
                      ", ".join(text(WORDS, c.split(" ", 1)[1], lang) for c in crates if c.startswith(colour))
                      or _words("none", lang)] for colour in COLOURS]
        entries.append({"id": key, "kind": _words("strip_kind", lang), "name": shown,
                        "text": _words("strip_text", lang, crates=shown, brings=_shows(crates, lang)),
                        "facts": [[_words("in_pile", lang), str(counts[key])], *by_colour,
                                  [_words("empty_crates", lang), str(crates.count(EMPTY))]]})
    return entries


def reference(content: Content, rat_hot: bool, lang: str) -> list[dict[str, Any]]:
    """The pile's make-up, the crates in it and the scoring table, for these rules."""
    entries = strip_entries(content, lang)
    how_many = {entry["id"]: entry["facts"][0][1] for entry in entries}
    pile = {"title": _words("pile_title", lang), "columns": _words("pile_columns", lang).split("|"),
            "rows": [[entry["name"], how_many[entry["id"]]] for entry in entries],
            "note": _words("pile_note", lang, total=len(content.tiles))}
    counts = _count_crates(content)
    rows = [[_words(kind.capitalize(), lang), str(counts[f"red {kind}"]), str(counts[f"green {kind}"])]
            for kind in (*GOODS, RAT)]
    crates = {"title": _words("crates_title", lang), "columns": _words("crates_columns", lang).split("|"),
              "rows": rows, "note": _words("empty_note", lang, n=counts[EMPTY])}
    if rat_hot:
        score_rows = [["2", points_words(content.pair_points, lang)],
                      ["3+", points_words(content.larger_points, lang)]]
        note = _words("rat_hot_note", lang, limit=content.rat_limit)
    else:
        score_rows = [[str(n), points_words(group_points(n, content, False), lang)]
                      for n in range(content.min_group, max(TABLE_TOP, content.min_group) + 1)]
        note = _words("scoring_note", lang, penalty=f"{content.rat_penalty:+d}")
    scoring = {"title": _words("scoring_title", lang), "columns": _words("scoring_columns", lang).split("|"),
               "rows": score_rows, "note": note}
    return [pile, crates, scoring]
