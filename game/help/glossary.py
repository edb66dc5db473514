"""The glossary: a word for every symbol the tables draw.

Pure data, no pygame. Each ``Term`` names a catalog entry (``glossary.<key>.name``
and ``glossary.<key>.text``: the word and one sentence), the section of the Rules &
help glossary page it is listed under, the small example the page draws for it
(``example``, read by ``game.ui.glossary_art``) and the catalog keys of the table
labels it explains (``labels``: a test holds every label the tables draw to this).

The tables declare where each symbol is (``KitTable.glossary_marks``: a rect and a
term key); a hover shows the term's sentence, holding ``?`` labels them all.

    >>> term("sabacc-pot").section
    'sabacc'
    >>> "sabacc.sabacc_pot" in term("sabacc-pot").labels
    True
"""

from __future__ import annotations

from dataclasses import dataclass

#: The glossary page's sections, in order (``glossary.section.<name>`` heads each).
SECTIONS: tuple[str, ...] = ("table", "sabacc", "kessel", "spike", "coruscant", "brag", "ninehalf")


@dataclass(frozen=True, slots=True)
class Term:
    key: str
    section: str
    example: str  # what the glossary page draws: "<kind>:<argument>" (game.ui.glossary_art)
    labels: tuple[str, ...] = ()  # catalog keys of the table words this term explains


TERMS: tuple[Term, ...] = (
    # ----------------------------------------------------------- every table
    Term("nameplate", "table", "plate"),
    Term("turn-marker", "table", "turn"),
    Term("deck", "table", "back:sabacc", ("sabacc.deck",)),
    Term(
        "discard-pile",
        "table",
        "card:sabacc:7c",
        ("sabacc.discards", "kt.discards", "spiketable.discard"),
    ),  # fmt: skip
    Term("stake", "table", "chips:6"),
    Term(
        "dealer-puck",
        "table",
        "puck:dealer",
        ("sabacc.dealer_mark", "nh.dealer_mark", "spiketable.dealer_mark"),
    ),  # fmt: skip
    Term("status-tag", "table", "tag:info", ("spiketable.note.out", "kt.out", "nh.sitting_out")),
    Term("winner", "table", "outline:good", ("sabacc.winner",)),
    # ---------------------------------------------------- Classic and family
    Term("hand-pot", "sabacc", "pot:hand", ("sabacc.hand_pot", "spiketable.hand_pot")),
    Term("sabacc-pot", "sabacc", "pot:sabacc", ("sabacc.sabacc_pot", "spiketable.sabacc_pot")),
    Term("lead", "sabacc", "tag:lead", ("sabacc.lead_mark",)),
    Term("your-total", "sabacc", "total", ("sabacc.your_total",)),
    Term("named-hand", "sabacc", "cards:sabacc:idiot 2c 3s"),
    Term("bombed-out", "sabacc", "cards:sabacc:15c 9s"),
    Term("interference-field", "sabacc", "field:7c"),
    Term("shift", "sabacc", "tag:shift", ("tables.shift_mark", "tables.shifted")),
    Term("shift-die", "sabacc", "die:4"),
    Term("sudden-demise", "sabacc", "cards:sabacc:demise"),
    Term("card-number", "sabacc", "tag:number"),
    Term("locked", "sabacc", "tag:locked", ("sabacc.locked_mark",)),
    Term("force-side", "sabacc", "tag:side", ("sabacc.side.light", "sabacc.side.dark")),
    # ----------------------------------------------------------------- Kessel
    Term(
        "sand-blood", "kessel", "cards:kessel:s3 b3", ("kessel.family.sand", "kessel.family.blood")
    ),
    Term("kessel-hand", "kessel", "cards:kessel:s2 b5", ("kt.your_hand", "kt.your_hand_impostor")),
    Term("kessel-first", "kessel", "puck:1"),
    Term("kessel-pot", "kessel", "chips:3", ("kt.pot",)),
    Term("drawn-card", "kessel", "drawn:b4", ("kt.drawn",)),
    Term("impostor", "kessel", "cards:kessel:s-imp", ("kt.dice.impostor",)),
    Term("impostor-dice", "kessel", "die:5"),
    Term("sylop", "kessel", "sylop:b-sylop", ("kt.sylop_copies",)),
    Term("token", "kessel", "token:free-draw"),
    Term("token-playable", "kessel", "token-ring:free-draw"),
    Term("token-waiting", "kessel", "token-dim:refund"),
    Term("token-empty", "kessel", "ring"),
    Term("token-hidden", "kessel", "token-back"),
    Term("token-played", "kessel", "token:target-tariff"),
    Term("rule-badges", "kessel", "tag:badge"),
    Term("token-hit", "kessel", "outline:bad"),
    Term(
        "plate-news", "kessel", "tag:news", ("kt.immune", "kt.embargoed", "kt.starts")
    ),  # fmt: skip
    # ---------------------------------------------------------- Corellian Spike
    Term("spike-dice", "spike", "spike-dice:1 2 3 4 5 6", ("spiketable.spike_dice",)),
    Term("sabacc-shift", "spike", "spike-dice:3 3", ("spikedice.shift",)),
    Term("spike-hand", "spike", "cards:spike:+9o -3t", ("spiketable.your_hand",)),
    Term("zero", "spike", "cards:spike:+5o -5t sylop"),
    Term("nulrhek", "spike", "cards:spike:+4o -5t"),
    Term("gained-card", "spike", "drawn:+6t", ("spiketable.gained",)),
    # ---------------------------------------------------------- Coruscant Shift
    Term("target-dice", "coruscant", "target-dice", ("spiketable.target_dice",)),
    Term("coruscant-hand", "coruscant", "cards:spike:+5t +3t", ("spiketable.yours",)),
    Term("selection", "coruscant", "tag:face-down", ("spiketable.face_down",)),
    Term("pot", "coruscant", "pot:single", ("spiketable.pot",)),
    Term("ante", "coruscant", "chips:2", ("spiketable.ante",)),
    # ------------------------------------------------------------------ Brag
    Term(
        "brag-column", "brag", "outline:gold", ("brag.set_n", "brag.tie", "polish2.brag.unplayed")
    ),
    Term("brag-slot", "brag", "slot", ("brag.slot_empty", "brag.slot_count")),
    Term("brag-valid", "brag", "label:good"),
    Term("brag-invalid", "brag", "label:bad"),
    Term("brag-won-you", "brag", "label:good-won"),
    Term("brag-won-other", "brag", "label:gold-won"),
    Term("brag-points", "brag", "tag:points", ("brag.points_short",)),
    Term("brag-spare", "brag", "back:brag", ("brag.spare",)),
    Term("brag-discarded", "brag", "veil:7C", ("brag.discarded",)),
    Term("brag-fouled", "brag", "tag:fouled", ("brag.fouled",)),
    # --------------------------------------------------------- Nine and a Half
    Term("nh-challengeable", "ninehalf", "outline:good"),
    Term("nh-chosen", "ninehalf", "outline:gold"),
    Term("nh-duty", "ninehalf", "tag:duty", ("nh.duty", "nh.duty_after_draw", "nh.duty_met")),
    Term("nh-hidden", "ninehalf", "tag:hidden", ("nh.hidden",)),
    Term(
        "nh-value",
        "ninehalf",
        "cards:ninehalf:JS TD",
        ("nh.your_hand", "nh.dealer_total", "nh.showing"),
    ),  # fmt: skip
    Term("nh-limit", "ninehalf", "tag:limit", ("nh.limit_plaque",)),
    Term("nh-result", "ninehalf", "tag:result"),
)

_BY_KEY: dict[str, Term] = {t.key: t for t in TERMS}


def term(key: str) -> Term:
    """The term ``key``; ValueError naming it if the glossary has no such term."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"the glossary has no term {key!r}") from None


def has_term(key: str) -> bool:
    return key in _BY_KEY


def name_key(key: str) -> str:
    return f"glossary.{term(key).key}.name"


def text_key(key: str) -> str:
    return f"glossary.{term(key).key}.text"


def in_section(section: str) -> list[Term]:
    return [t for t in TERMS if t.section == section]


def explaining(label_key: str) -> Term | None:
    """The term that explains the table label ``label_key`` (None: no term does)."""
    return next((t for t in TERMS if label_key in t.labels), None)
