"""The glossary: a word for every symbol the tables draw.

Pure data, no pygame. Each ``Term`` names a catalog entry (``glossary.<key>.name``
and ``glossary.<key>.text``: the word and one sentence), the section of the Rules &
help glossary page it is listed under, the small example the page draws for it
(``example``, read by ``game.ui.glossary_art``) and the catalog keys of the table
labels it explains (``labels``: a test holds every label the tables draw to this).

The tables declare where each symbol is (``Table.glossary_marks``: a rect and a
term key); a hover shows the term's sentence, holding ``?`` labels them all.

    >>> term("sabacc-pot").section
    'sabacc'
    >>> "sabacc.sabacc_pot" in term("sabacc-pot").labels
    True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.help.examples import SPIKE_KIND_EXAMPLES

#: The glossary page's sections, in order (``glossary.section.<name>`` heads each).
SECTIONS: tuple[str, ...] = (
    "table", "sabacc", "kessel", "kessel-tokens", "spike", "coruscant", "brag", "ninehalf",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Term:
    key: str
    section: str
    example: str  # what the glossary page draws: "<kind>:<argument>" (game.ui.glossary_art)
    labels: tuple[str, ...] = ()  # catalog keys of the table and log words it explains
    # The word and the sentence when the catalog already says them (a hand's name and
    # its rules-page caption, a token's name and help); else glossary.<key>.name/.text.
    name: str = ""
    text: str = ""


def _named(section: str, key: str, example: str, name: str, text: str) -> Term:
    return Term(key, section, example, (name,), name, text)


# The named hands above Nulrhek (which has an entry of its own), as the rules page shows them.
_SPIKE_KINDS = tuple(example for example in SPIKE_KIND_EXAMPLES if example[0] != "nulrhek")
_BRAG_KINDS = (
    ("prial", "prial", "3S 3H 3D"),
    ("running-flush", "running", "3H 2H AH"),
    ("run", "run", "AS KD QC"),
    ("flush", "flush", "KS 9S 4S"),
    ("pair", "pair", "QS QD 7C"),
    ("high-card", "nothing", "KS 9D 4C"),
)
_TOKENS = (
    "free-draw", "refund", "extra-refund", "embezzlement", "major-fraud", "cook-the-books",
    "markdown", "prime-sabacc", "general-tariff", "target-tariff", "general-audit",
    "target-audit", "embargo", "immunity", "exhaustion", "direct-transaction",
)  # fmt: skip


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
    Term("bet-chips", "table", "chips:6"),
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
    Term("your-total", "sabacc", "total", ("sabacc.your_total", "sabacc.kind.normal")),
    Term("named-hand", "sabacc", "cards:sabacc:idiot 2c 3s"),
    _named(
        "sabacc",
        "idiots-array",
        "cards:sabacc:idiot 2c 3s",
        "sabacc.kind.idiots-array",
        "help.sabacc.ranking.array",
    ),  # fmt: skip
    _named(
        "sabacc",
        "pure-sabacc",
        "cards:sabacc:15c 8f",
        "sabacc.kind.pure-sabacc",
        "help.sabacc.ranking.pure",
    ),  # fmt: skip
    Term("bombed-out", "sabacc", "cards:sabacc:15c 9s", ("sabacc.kind.bombed-out",)),
    Term("zero-hand", "sabacc", "cards:sabacc:7c 2f 4s 5t", ("sabacc.kind.zero",)),
    Term("straight", "sabacc", "cards:sabacc:3c 4f 5s 6t 7c", ("sabacc.kind.straight",)),
    Term("stake", "sabacc", "chips:5"),
    Term("interference-field", "sabacc", "field:7c"),
    Term("shift", "sabacc", "tag:shift", ("tables.shift_mark", "tables.shifted")),
    Term("shift-die", "sabacc", "die:4"),
    Term("khan-dice", "sabacc", "die:3 3"),
    Term("sudden-demise", "sabacc", "cards:sabacc:demise"),
    Term("card-number", "sabacc", "tag:number"),
    Term("locked", "sabacc", "tag:locked", ("sabacc.locked_mark",)),
    Term("force-side", "sabacc", "tag:side", ("sabacc.side.light", "sabacc.side.dark")),
    # ----------------------------------------------------------------- Kessel
    Term(
        "sand-blood", "kessel", "cards:kessel:s3 b3", ("kessel.family.sand", "kessel.family.blood")
    ),
    Term(
        "kessel-hand",
        "kessel",
        "cards:kessel:s2 b5",
        ("kt.your_hand", "kt.your_hand_impostor", "kessel.kind.no-sabacc"),
    ),  # fmt: skip
    _named(
        "kessel",
        "kessel-pure-sabacc",
        "cards:kessel:s-sylop b-sylop",
        "kessel.kind.pure-sabacc",
        "help.kessel.ranking.pure",
    ),  # fmt: skip
    _named(
        "kessel",
        "kessel-sabacc",
        "cards:kessel:s1 b1",
        "kessel.kind.sabacc",
        "help.kessel.ranking.best",
    ),  # fmt: skip
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
    Term("rule-badges", "kessel", "tag:badge", ("kt.prime_badge",)),
    Term("token-hit", "kessel", "outline:bad"),
    # A token's colour says what it does (game.ui.kessel_art.TOKEN_GROUP).
    Term("token-economy", "kessel", "token:refund"),
    Term("token-rule", "kessel", "token:markdown"),
    Term("token-charge", "kessel", "token:general-tariff"),
    Term("token-hand", "kessel", "token:exhaustion"),
    Term("token-defence", "kessel", "token:immunity"),
    Term("token-picked", "kessel", "outline:good"),
    Term("plate-news", "kessel", "tag:news", ("kt.immune", "kt.embargoed", "kt.starts")),
    *(
        _named(
            "kessel-tokens",
            f"token-{token}",
            f"token:{token}",
            f"kessel.token.{token}",
            f"kessel.help.{token}",
        )  # fmt: skip
        for token in _TOKENS
    ),
    # ---------------------------------------------------------- Corellian Spike
    Term("spike-dice", "spike", "spike-dice:1 2 3 4 5 6", ("spiketable.spike_dice",)),
    Term("sabacc-shift", "spike", "spike-dice:3 3", ("spikedice.shift",)),
    Term("spike-hand", "spike", "cards:spike:+9o -3t", ("spiketable.your_hand",)),
    Term("revealed-hand", "spike", "cards:spike:+5o -5t"),
    Term("zero", "spike", "cards:spike:+5o -5t sylop"),
    *(
        _named(
            "spike",
            f"spike-{kind}",
            f"cards:spike:{cards}",
            f"spike.kind.{kind}",
            f"help.corellian-spike.kind.{kind}",
        )  # fmt: skip
        for kind, cards in _SPIKE_KINDS
    ),
    Term("nulrhek", "spike", "cards:spike:+4o -5t", ("spike.kind.nulrhek",)),
    Term("gained-card", "spike", "drawn:+6t", ("spiketable.gained",)),
    # ---------------------------------------------------------- Coruscant Shift
    Term("target-dice", "coruscant", "target-dice", ("spiketable.target_dice",)),
    Term(
        "coruscant-hand",
        "coruscant",
        "cards:spike:+5t +3t",
        ("spiketable.yours", "spike.kind.coruscant"),
    ),  # fmt: skip
    Term("revealed-selection", "coruscant", "cards:spike:-6s +2t"),
    Term("selection", "coruscant", "tag:face-down", ("spiketable.face_down",)),
    Term("pot", "coruscant", "pot:single", ("spiketable.pot",)),
    Term("ante", "coruscant", "chips:2", ("spiketable.ante",)),
    # ------------------------------------------------------------------ Brag
    *(
        _named(
            "brag", f"brag-{kind}", f"cards:brag:{cards}", f"brag.kind.{kind}", f"help.brag.{page}"
        )  # fmt: skip
        for kind, page, cards in _BRAG_KINDS
    ),
    Term(
        "brag-column", "brag", "outline:gold", ("brag.set_n", "brag.tie", "polish2.brag.unplayed")
    ),  # fmt: skip
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
        "cards:ninehalf:5C 3D",
        ("nh.your_hand", "nh.dealer_total", "nh.showing", "nh.kind.bust"),
    ),  # fmt: skip
    _named(
        "ninehalf", "nh-natural", "cards:ninehalf:9S JH", "nh.kind.natural", "help.ninehalf.natural"
    ),  # fmt: skip
    _named(
        "ninehalf",
        "nh-jack-ten",
        "cards:ninehalf:JS TD",
        "nh.kind.jack-ten",
        "help.ninehalf.jackten",
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
    found = term(key)
    return found.name or f"glossary.{found.key}.name"


def text_key(key: str) -> str:
    found = term(key)
    return found.text or f"glossary.{found.key}.text"


def plain(words: str) -> str:
    """A catalog's words as the glossary shows them: without a caption's number ("2. ")
    or a banner's exclamation marks ("Pure Sabacc!", "¡Sabacc Puro!").

    >>> plain("2. Pure Sabacc: exactly +23."), plain("¡Sabacc Puro!")
    ('Pure Sabacc: exactly +23.', 'Sabacc Puro')
    """
    return re.sub(r"^\d+\.\s*", "", words.strip()).strip("!¡！")


def said(key: str) -> tuple[str, str]:
    """The term's word and sentence in the language of the moment, plain (a caption
    that opens with the word, "Prial: three of a rank", loses it: the word is beside it)."""
    from game import i18n

    name = plain(i18n.t(name_key(key)))
    sentence = plain(i18n.t(text_key(key)))
    for colon in (": ", "：", ":"):
        if sentence.casefold().startswith((name + colon).casefold()):
            sentence = sentence[len(name + colon) :].strip()
            sentence = sentence[:1].upper() + sentence[1:]
            break
    return name, sentence


def in_section(section: str) -> list[Term]:
    return [t for t in TERMS if t.section == section]


def explaining(label_key: str) -> Term | None:
    """The term that explains the table label ``label_key`` (None: no term does)."""
    return next((t for t in TERMS if label_key in t.labels), None)
