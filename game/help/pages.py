"""The illustrated rules pages: what each page says, in order, and which real cards it shows.

Pure data, no pygame: a page is a tuple of ``Block``s. Headings and paragraphs name a
catalog key (``help.<page>.<part>``); a card row names card codes and the hand kind the
row illustrates, so a test can hold every example to the engine's own evaluation (an
example that claimed a Pure Sabacc the engine did not see would fail). Every Sabacc page
opens with the common blocks (deck, ranking, pots) and goes on with its rule set's own.

Generated once from the rules text and then kept by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.help.examples import SPIKE_KIND_EXAMPLES


@dataclass(frozen=True, slots=True)
class Block:
    kind: str  # "h" heading, "p" paragraph, "cards" a row of real cards with a caption,
    # "term" a glossary term (its drawn example, word and sentence)
    key: str  # the catalog key of the heading, paragraph or caption; a term's key
    cards: tuple[str, ...] = ()
    shows: str = ""  # the hand kind the cards make (checked by the tests)


SABACC_COMMON: tuple[Block, ...] = (
    Block("h", "help.sabacc.aim", (), ""),
    Block("p", "help.sabacc.aim.text", (), ""),
    Block("h", "help.sabacc.deck", (), ""),
    Block("p", "help.sabacc.deck.text", (), ""),
    Block(
        "cards",
        "help.sabacc.deck.faces",
        ("idiot", "queen", "endurance", "balance", "demise", "moderation", "evil-one", "star"),
        "",
    ),
    Block("h", "help.sabacc.ranking", (), ""),
    Block("cards", "help.sabacc.ranking.array", ("idiot", "2c", "3s"), "idiots-array"),
    Block("cards", "help.sabacc.ranking.pure", ("15c", "8f"), "pure-sabacc"),
    Block("cards", "help.sabacc.ranking.pure_negative", ("star", "demise", "7c"), "pure-sabacc"),
    Block("cards", "help.sabacc.ranking.normal", ("11c", "11f"), "normal"),
    Block("cards", "help.sabacc.ranking.bombed", ("15c", "9s"), "bombed-out"),
    Block("h", "help.sabacc.pots", (), ""),
    Block("p", "help.sabacc.pots.text", (), ""),
)

# Each rule set's own blocks, after its game's opening (the registry's ``page`` and
# ``page_opening``, game.games): Sabacc's rule sets open with SABACC_COMMON.
CLASSIC: tuple[Block, ...] = (
    Block("h", "help.classic.round", (), ""),
    Block("p", "help.classic.ante", (), ""),
    Block("p", "help.classic.betting", (), ""),
    Block("p", "help.classic.shift", (), ""),
    Block("p", "help.classic.call", (), ""),
    Block("p", "help.classic.draw", (), ""),
    Block("h", "help.classic.demise", (), ""),
    Block("p", "help.classic.demise.text", (), ""),
    Block("h", "help.classic.local", (), ""),
    Block("p", "help.classic.local.text", (), ""),
)

TWO_EXCHANGE: tuple[Block, ...] = (
    Block("h", "help.two-exchange.flow", (), ""),
    Block("p", "help.two-exchange.ante", (), ""),
    Block("p", "help.two-exchange.exchange", (), ""),
    Block("p", "help.two-exchange.showdown", (), ""),
)

GREAT_KHAN: tuple[Block, ...] = (
    Block("h", "help.great-khan.flow", (), ""),
    Block("p", "help.great-khan.stake", (), ""),
    Block("p", "help.great-khan.dice", (), ""),
    Block("p", "help.great-khan.end", (), ""),
    Block("h", "polish2.help.great-khan.stake", (), ""),
    Block("p", "polish2.help.great-khan.stake.text", (), ""),
    Block("h", "polish2.help.great-khan.freeze", (), ""),
    Block("p", "polish2.help.great-khan.freeze.text", (), ""),
    Block("h", "polish2.help.great-khan.call", (), ""),
    Block("p", "polish2.help.great-khan.call.text", (), ""),
)

CENTRAN: tuple[Block, ...] = (
    Block("h", "help.centran.deck", (), ""),
    Block("p", "help.centran.deck.text", (), ""),
    Block("cards", "help.centran.wild", ("10c", "4f", "5s"), "pure-sabacc"),
)

FORCE: tuple[Block, ...] = (
    Block("h", "help.force.sides", (), ""),
    Block("p", "help.force.sides.text", (), ""),
    Block("p", "help.force.score", (), ""),
    Block("h", "polish2.help.force.call", (), ""),
    Block("p", "polish2.help.force.call.text", (), ""),
)

CLOUD_CITY: tuple[Block, ...] = (
    Block("h", "help.cloud-city.zero", (), ""),
    Block("p", "help.cloud-city.zero.text", (), ""),
)

FIGG: tuple[Block, ...] = (
    Block("h", "help.figg.odd", (), ""),
    Block("p", "help.figg.odd.text", (), ""),
    Block("cards", "help.figg.example", ("balance", "10c", "2f"), "pure-sabacc"),
)

EMPRESS_TETA: tuple[Block, ...] = (
    Block("h", "help.empress-teta.straight", (), ""),
    Block("p", "help.empress-teta.straight.text", (), ""),
    Block("cards", "help.empress-teta.example", ("3c", "4f", "5s", "6t", "7c"), "straight"),
)

RANDOM: tuple[Block, ...] = (
    Block("h", "help.random.random", (), ""),
    Block("p", "help.random.random.text", (), ""),
)
# Today's Sabacc with its own deck: no common Sabacc blocks (a game of its own).
CORELLIAN_SPIKE: tuple[Block, ...] = (
    Block("h", "help.corellian-spike.aim", (), ""),
    Block("p", "help.corellian-spike.aim.text", (), ""),
    Block("h", "help.corellian-spike.deck", (), ""),
    Block("p", "help.corellian-spike.deck.text", (), ""),
    Block("cards", "help.corellian-spike.deck.cards", ("+3o", "+7t", "-5s", "-10o", "sylop")),
    Block("h", "help.corellian-spike.flow", (), ""),
    Block("p", "help.corellian-spike.flow.cards", (), ""),
    Block("p", "help.corellian-spike.flow.bets", (), ""),
    Block("p", "help.corellian-spike.flow.dice", (), ""),
    Block("h", "help.corellian-spike.ranking", (), ""),
    Block("p", "help.corellian-spike.ranking.text", (), ""),
    *(
        Block("cards", f"help.corellian-spike.kind.{kind}", tuple(cards.split()), kind)
        for kind, cards in SPIKE_KIND_EXAMPLES
    ),
    Block("h", "help.corellian-spike.payout", (), ""),
    Block("p", "help.corellian-spike.payout.text", (), ""),
)

CORUSCANT_SHIFT: tuple[Block, ...] = (
    Block("h", "help.coruscant-shift.aim", (), ""),
    Block("p", "help.coruscant-shift.aim.text", (), ""),
    Block("h", "help.coruscant-shift.flow", (), ""),
    Block("p", "help.coruscant-shift.flow.deal", (), ""),
    Block("p", "help.coruscant-shift.flow.select", (), ""),
    Block("p", "help.coruscant-shift.flow.shift", (), ""),
    Block("h", "help.coruscant-shift.ranking", (), ""),
    Block("p", "help.coruscant-shift.ranking.text", (), ""),
    # The captions name the dice; tests/help holds each example to the ranking.
    Block("cards", "help.coruscant-shift.example.near", ("+9o",)),
    Block("cards", "help.coruscant-shift.example.far", ("+5t", "+3t")),
    Block("cards", "help.coruscant-shift.example.suit", ("-5s",)),
    Block("cards", "help.coruscant-shift.example.sylop", ("sylop", "+1t", "-1t")),
    Block("h", "help.coruscant-shift.end", (), ""),
    Block("p", "help.coruscant-shift.end.text", (), ""),
)

BRAG: tuple[Block, ...] = (
    Block("h", "help.brag.aim", (), ""),
    Block("p", "help.brag.aim.text", (), ""),
    Block("h", "help.brag.sets", (), ""),
    Block("cards", "help.brag.prial", ("3S", "3H", "3D"), "prial"),
    Block("cards", "help.brag.running", ("3H", "2H", "AH"), "running-flush"),
    Block("cards", "help.brag.run", ("AS", "KD", "QC"), "run"),
    Block("cards", "help.brag.flush", ("KS", "9S", "4S"), "flush"),
    Block("cards", "help.brag.pair", ("QS", "QD", "7C"), "pair"),
    Block("cards", "help.brag.nothing", ("KS", "9D", "4C"), "high-card"),
    Block("h", "help.brag.order", (), ""),
    Block("p", "help.brag.order.text", (), ""),
)

NINEHALF: tuple[Block, ...] = (
    Block("h", "help.ninehalf.aim", (), ""),
    Block("p", "help.ninehalf.aim.text", (), ""),
    Block("cards", "help.ninehalf.natural", ("9S", "JH"), "natural"),
    Block("cards", "help.ninehalf.jackten", ("JS", "TD"), "jack-ten"),
    Block("cards", "help.ninehalf.normal", ("5C", "3D"), "normal"),
    Block("cards", "help.ninehalf.bust", ("9S", "3H"), "bust"),
    Block("h", "help.ninehalf.deal", (), ""),
    Block("p", "help.ninehalf.deal.text", (), ""),
    Block("p", "help.ninehalf.dealer.text", (), ""),
)


# Kessel Sabacc (RULES.md §4.1) has its own decks and ranking: its pages open with
# their own blocks, not the older game's.
KESSEL_COMMON: tuple[Block, ...] = (
    Block("h", "help.kessel.aim", (), ""),
    Block("p", "help.kessel.aim.text", (), ""),
    Block("h", "help.kessel.deck", (), ""),
    Block("p", "help.kessel.deck.text", (), ""),
    Block("cards", "help.kessel.deck.cards", ("s1", "s6", "b3", "s-imp", "b-sylop"), ""),
    Block("h", "help.kessel.turn", (), ""),
    Block("p", "help.kessel.turn.text", (), ""),
    Block("h", "help.kessel.reveal", (), ""),
    Block("p", "help.kessel.reveal.text", (), ""),
    Block("h", "help.kessel.ranking", (), ""),
    Block("cards", "help.kessel.ranking.pure", ("s-sylop", "b-sylop"), "pure-sabacc"),
    Block("cards", "help.kessel.ranking.best", ("s1", "b1"), "sabacc"),
    Block("cards", "help.kessel.ranking.sylop", ("s-sylop", "b4"), "sabacc"),
    Block("cards", "help.kessel.ranking.impostor", ("s-imp:6", "b6"), "sabacc"),
    Block("cards", "help.kessel.ranking.low", ("s2", "b3"), "no-sabacc"),
    Block("cards", "help.kessel.ranking.far", ("s1", "b6"), "no-sabacc"),
    Block("h", "help.kessel.chips", (), ""),
    Block("p", "help.kessel.chips.text", (), ""),
)
KESSEL_SHIFT: tuple[Block, ...] = KESSEL_COMMON + (
    Block("h", "help.kessel-shift.tokens", (), ""),
    Block("p", "help.kessel-shift.tokens.text", (), ""),
    Block("p", "help.kessel-shift.targets.text", (), ""),
)


def _rules_presets(apart: bool) -> tuple[str, ...]:
    """The rule sets with a page, in the registry's order: of the games played in hands
    (``apart`` False) or of those counted apart (Kessel's rounds)."""
    from game import games

    return tuple(
        variant.name
        for head in games.all_games()
        for variant in head.variants
        if variant.page is not None and head.member(variant.name).counts_apart == apart
    )


#: Sabacc's rule sets but Kessel's, whose pages are a game's of its own.
SABACC_PRESETS: tuple[str, ...] = _rules_presets(apart=False)
#: The rule sets the Rules screen's selector offers: Kessel's after the others.
RULES_PRESETS: tuple[str, ...] = SABACC_PRESETS + _rules_presets(apart=True)


#: The Rules screen's last tab: every symbol of every table (game.help.glossary).
GLOSSARY = "glossary"


def glossary_page() -> tuple[Block, ...]:
    """The glossary as blocks: its intro, then each section's heading and terms (a
    "term" block draws the term's example beside its word and sentence)."""
    from game.help.glossary import SECTIONS, in_section

    blocks = [Block("p", "glossary.intro")]
    for section in SECTIONS:
        blocks.append(Block("h", f"glossary.section.{section}"))
        blocks += [Block("term", term.key) for term in in_section(section)]
    return tuple(blocks)


def page_id(game: str, preset: str | None = None) -> str:
    """``sabacc:<preset>`` for Sabacc, the game's name otherwise."""
    from game import games

    entry = games.get(game)
    return f"{game}:{preset or entry.default_variant}" if entry.has_presets else game


def page(page: str) -> tuple[Block, ...]:
    """The blocks of one page (``sabacc:classic``, ``brag``, ``ninehalf``, ``glossary``...):
    the ``page`` its registry entry names (a rule set's, after its game's
    ``page_opening``)."""
    from game import games

    if page == GLOSSARY:
        return glossary_page()
    game, colon, preset = page.partition(":")
    try:
        entry = games.get(game)
        if entry.has_presets != bool(colon) or bool(colon) != bool(preset):
            raise ValueError(page)
        variant = entry.preset(preset) if preset else None
    except ValueError:
        raise ValueError(f"no rules page for {page!r}") from None
    where = variant.page if variant is not None else entry.page
    if where is None:
        raise ValueError(f"no rules page for {page!r}")
    opening = entry.member(preset or None).page_opening
    blocks: tuple[Block, ...] = games.load(where)
    return (games.load(opening) if opening else ()) + blocks


def all_pages() -> list[str]:
    """Every game's rules page (the glossary, a page of another kind, is ``GLOSSARY``)."""
    from game import games

    return [
        page_id(head.id, preset)
        for head in games.all_games()
        for preset in (RULES_PRESETS if head.has_presets else (None,))
        if preset is None or preset in head.preset_names
    ]


def summary_key(rule_set: str) -> str:
    """The catalog key of a rule set's one-line description (quick play shows it)."""
    return f"help.summary.{rule_set.split(':', 1)[-1]}"
