"""The Kessel Sabacc engine: presets ``kessel`` and ``kessel-shift`` (RULES.md §4.1).

A :class:`KesselState` is a whole game: rounds until one player is left.  It
follows game/rules/base.py: ``to_act()`` names the seat to move (or CHANCE /
BETWEEN / TERMINAL), ``legal_actions()`` lists what it may do, ``apply()``
does it and returns events; chance is explicit (the starting player, dealt
and drawn cards, dice, randomly dealt shift tokens).  One unit (``completed``)
is one round.

    >>> import random
    >>> from game.rules.base import resolve_chance
    >>> s = new_game(3)
    >>> _ = s.start_next(); _ = resolve_chance(s, random.Random(2))
    >>> s.phase, s.turn, s.chips, s.pots
    ('turn', 1, [6, 6, 6], [0, 0, 0])

Chips: each seat has a *stock* (``chips``) and a *pot* (``pots``, chips at
risk this round).  Penalties, lost pots and tariffs destroy chips; the
engine counts them in ``destroyed`` so that ``sum(chips) + sum(pots) +
destroyed`` only changes by re-buys.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from . import kessel_cards as kc
from . import kessel_events as ev
from . import kessel_showdown, kessel_tokens
from .base import BETWEEN, CHANCE, TERMINAL, Event, rebuy_amount, seat_number, whole_number
from .kessel_phases import (  # noqa: F401  (the engine's names, importable from here)
    _BOTH,
    _DEAL,
    _DRAW,
    _EXHAUST,
    _FLIP,
    _PRIME,
    _ROLL,
    _START,
    _TOKENS,
    DIE,
    DRAFTING,
    DRAWN,
    GAME_OVER,
    PICKING,
    ROUND_OVER,
    SETUP,
    SOURCES,
    TARGETED,
    TOKENS,
    TOKENS_EACH,
    TURN,
)
from .sabacc_rank import HandRank

PRESETS = ("kessel", "kessel-shift")
BUY_INS = {50: 4, 100: 5, 150: 6, 200: 8}  # credits -> starting stock (§4.1.2)


# -- options -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class KesselOptions:
    """Every option of RULES.md §4.1.9, defaults first."""

    preset: str = "kessel"
    buy_in: int = 150
    early_reveal: bool = True
    impostor_roll: str = "per-card"  # | "shared"
    diff_tiebreak: str = "lower-cards"  # | "none"
    token_mode: str = "choose"  # | "random" | "draft"
    tax_to: str = "burn"  # | "pot"
    embezzle_from: str = "pot"  # | "stock"
    audit_timing: str = "retrospective"  # | "prospective"
    cook_keeps_pure: bool = False
    prime_above_pure: bool = False
    sylop_bonus: bool = False

    def __post_init__(self) -> None:
        choices: dict[str, tuple[Any, ...]] = {
            "preset": PRESETS,
            "buy_in": tuple(BUY_INS),
            "impostor_roll": ("per-card", "shared"),
            "diff_tiebreak": ("lower-cards", "none"),
            "token_mode": ("choose", "random", "draft"),
            "tax_to": ("burn", "pot"),
            "embezzle_from": ("pot", "stock"),
            "audit_timing": ("retrospective", "prospective"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"Kessel option {name}={getattr(self, name)!r}; choose from "
                    + ", ".join(str(a) for a in allowed)
                )

    @property
    def shift_tokens(self) -> bool:
        return self.preset == "kessel-shift"

    @property
    def stock(self) -> int:
        return BUY_INS[self.buy_in]


# -- actions ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Stand:
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Draw:
    source: str  # one of SOURCES

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True, slots=True)
class KeepDrawn:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class ReturnDrawn:
    def __str__(self) -> str:
        return "return"


@dataclass(frozen=True, slots=True)
class PlayToken:
    token: str
    target: int | None = None

    def __str__(self) -> str:
        return self.token if self.target is None else f"{self.token} -> {self.target}"


@dataclass(frozen=True, slots=True)
class ChooseFace:
    value: int

    def __str__(self) -> str:
        return f"face {self.value}"


@dataclass(frozen=True, slots=True)
class PickTokens:
    tokens: tuple[str, ...]

    def __str__(self) -> str:
        return "pick " + ",".join(self.tokens)


@dataclass(frozen=True, slots=True)
class DraftToken:
    token: str

    def __str__(self) -> str:
        return f"draft {self.token}"


Action = Stand | Draw | KeepDrawn | ReturnDrawn | PlayToken | ChooseFace | PickTokens | DraftToken

TOKEN_SETS: tuple[tuple[str, ...], ...] = tuple(itertools.combinations(TOKENS, TOKENS_EACH))
PICK_ACTIONS: tuple[PickTokens, ...] = tuple(PickTokens(t) for t in TOKEN_SETS)


# -- the view -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class KesselView:
    """What one seat may know: its own hand and tokens, everything face up."""

    seat: int
    num_seats: int
    options: KesselOptions
    phase: str
    to_act: int
    round_no: int
    turn: int
    starting: int
    order: tuple[int, ...]  # this round's turn order
    hand: tuple[int, ...]  # own (sand, blood) as kessel_cards ints
    impostor_values: tuple[int | None, ...]  # own, once resolved
    revealed: tuple[tuple[int, ...] | None, ...]  # every hand after the reveal
    revealed_impostors: tuple[tuple[int | None, ...] | None, ...]
    chips: tuple[int, ...]  # stocks
    pots: tuple[int, ...]
    destroyed: int
    in_game: tuple[bool, ...]
    discards: tuple[tuple[int, ...], tuple[int, ...]]  # face-up piles, top last
    pile_sizes: tuple[int, int]
    drawn: int | None  # the card this seat just drew (DRAWN phase)
    drawn_family: int | None
    latest: tuple[str | None, ...]  # each seat's latest action this round
    tokens: tuple[str, ...]  # own unplayed tokens
    token_counts: tuple[int, ...]  # every seat's unplayed tokens (public)
    public_tokens: tuple[tuple[str, ...] | None, ...]  # known holdings (draft), else None
    played_tokens: tuple[tuple[str, ...], ...]  # every seat's tokens played this game
    token_played: bool  # this seat has played a token this turn
    free_draw: bool
    embargoed: tuple[bool, ...]
    immune: tuple[bool, ...]
    markdown: bool
    cook: bool
    fraud: bool
    prime: int | None
    dice: tuple[int, int] | None  # the roll waiting for a choice
    die_purpose: str
    draft_pool: tuple[str, ...]
    log: tuple[Event, ...]  # this round's public events

    def modifiers(self) -> kc.Modifiers:
        return kc.Modifiers(
            markdown=self.markdown,
            cook_the_books=self.cook,
            prime=self.prime,
            major_fraud=self.fraud,
            cook_keeps_pure=self.options.cook_keeps_pure,
            prime_above_pure=self.options.prime_above_pure,
            sylop_bonus=self.options.sylop_bonus,
            diff_tiebreak=self.options.diff_tiebreak,
        )


# -- the state ---------------------------------------------------------------------
class KesselState:
    """A game of Kessel Sabacc.  See the module docstring."""

    def __init__(self, options: KesselOptions, num_seats: int, chips: int | None = None) -> None:
        if not 2 <= num_seats <= 8:
            raise ValueError(f"Kessel is played by 2 to 8 players, not {num_seats}")
        if options.shift_tokens and options.token_mode == "draft" and num_seats > 5:
            raise ValueError("the token draft is for at most 5 players (RULES.md §4.1.8)")
        stock = options.stock if chips is None else chips
        if stock < 1:
            raise ValueError("a starting stock needs at least 1 chip")
        n = num_seats
        self.options = options
        self.num_seats = n
        self.chips = [stock] * n
        self.pots = [0] * n
        self.destroyed = 0
        self.completed = 0
        self.wins = [0] * n
        self.in_game = [True] * n
        self.credits_pot = n * options.buy_in
        self.credits = [0] * n
        self.round_no = 0
        self.starting = -1
        self.order: list[int] = []
        self.turn = 0
        self.pos = 0
        self.phase = SETUP
        self.seat = BETWEEN
        self.chance: list[tuple[int, int, int]] = []  # (task, seat, family)
        self.piles: list[list[int]] = [kc.deck(kc.SAND), kc.deck(kc.BLOOD)]
        self.discards: list[list[int]] = [[], []]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.imp_values: list[list[int | None]] = [[None, None] for _ in range(n)]
        self.revealed = False
        self.drawn = -1  # the card in the drawer's hand, not yet kept or returned
        self.drawn_family = -1
        self.draw_paid = 0
        self.latest: list[str | None] = [None] * n
        self.drew_this_turn = False
        self.tokens: list[list[str]] = [[] for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.token_played = False
        self.free_draw = False
        self.embargoed = [False] * n
        self.immune = [False] * n
        self.markdown = False
        self.cook = False
        self.fraud = False
        self.prime: int | None = None
        self.audits: list[tuple[int, int, int]] = []  # prospective (by, amount, target|-1)
        self.dice: tuple[int, int] | None = None
        self.die_seat = -1
        self.die_families: list[int] = []  # what the roll's faces go to
        self.reveal_queue: list[tuple[int, int]] = []  # Impostors still to roll
        self.pickers: list[int] = []  # token acquisition order
        self.draft_pool: list[str] = []
        self.tokens_public = options.token_mode == "draft"
        self.log: list[Event] = []
        self.game_winners: tuple[int, ...] = ()

    # -- protocol ------------------------------------------------------------------
    def to_act(self) -> int:
        return self.seat

    def clone(self) -> KesselState:
        new = KesselState.__new__(KesselState)
        new.__dict__.update(self.__dict__)
        for name in (
            "chips",
            "pots",
            "wins",
            "in_game",
            "credits",
            "order",
            "chance",
            "latest",
            "embargoed",
            "immune",
            "audits",
            "die_families",
            "reveal_queue",
            "pickers",
            "draft_pool",
            "log",
        ):
            setattr(new, name, list(getattr(self, name)))
        for name in ("piles", "discards", "hands", "imp_values", "tokens", "played"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        return new

    def emit(self, events: list[Event], event: Event) -> None:
        events.append(event)
        self.log.append(event.for_seat(None))

    def modifiers(self) -> kc.Modifiers:
        o = self.options
        return kc.Modifiers(
            markdown=self.markdown,
            cook_the_books=self.cook,
            prime=self.prime,
            major_fraud=self.fraud,
            cook_keeps_pure=o.cook_keeps_pure,
            prime_above_pure=o.prime_above_pure,
            sylop_bonus=o.sylop_bonus,
            diff_tiebreak=o.diff_tiebreak,
        )

    def players(self) -> list[int]:
        return [s for s in range(self.num_seats) if self.in_game[s]]

    def can_continue(self, seat: int) -> bool:
        seat = seat_number(seat, self.num_seats)
        return self.in_game[seat] and self.chips[seat] > 0

    def rebuy(self, seat: int, amount: int) -> list[Event]:
        seat = seat_number(seat, self.num_seats)
        amount = rebuy_amount(amount)
        if self.seat != BETWEEN:
            raise ValueError("re-buys happen only between rounds")
        self.chips[seat] += amount
        self.in_game[seat] = True
        return [ev.Rebought(seat, amount)]

    def table_chips(self) -> int:
        """Chips at risk in the seats' pots (stocks are ``chips``)."""
        return sum(self.pots)

    def all_cards(self) -> list[int]:
        out = self.piles[0] + self.piles[1] + self.discards[0] + self.discards[1]
        for h in self.hands:
            out += h
        if self.drawn >= 0:
            out.append(self.drawn)
        return out

    # -- starting rounds -------------------------------------------------------------
    def start_next(self) -> list[Event]:
        if self.seat == TERMINAL:
            raise ValueError("the game is over: one player is left (RULES.md §4.1.7)")
        if self.seat != BETWEEN:
            raise ValueError("a new round starts only when the last one is over")
        if len(self.players()) < 2:
            raise ValueError("a round needs two players still in")
        events: list[Event] = []
        self.log = []
        if self.starting < 0:
            self.chance = [(_START, -1, -1)]
            self.seat = CHANCE
            return events
        return self._begin_round(events)

    def _after_start(self, events: list[Event]) -> None:
        o = self.options
        if not o.shift_tokens:
            self._begin_round(events)
            return
        order = self._order_from(self.starting)
        if o.token_mode == "choose":
            self.pickers = order
            self.phase = PICKING
            self.seat = order[0]
        elif o.token_mode == "random":
            self.chance = [(_TOKENS, s, -1) for s in order]
            self.phase = PICKING
            self.seat = CHANCE
        else:
            self.draft_pool = list(TOKENS)
            snake = order + order[::-1] + order
            self.pickers = snake
            self.phase = DRAFTING
            self.seat = snake[0]

    def _order_from(self, first: int) -> list[int]:
        n = self.num_seats
        return [(first + k) % n for k in range(n) if self.in_game[(first + k) % n]]

    def _begin_round(self, events: list[Event]) -> list[Event]:
        if self.round_no > 0:
            nxt = (self.starting + 1) % self.num_seats
            while not self.in_game[nxt]:
                nxt = (nxt + 1) % self.num_seats
            self.starting = nxt
        elif not self.in_game[self.starting]:
            self.starting = self._order_from(self.starting)[0]
        self.round_no += 1
        n = self.num_seats
        self.order = self._order_from(self.starting)
        self.piles = [kc.deck(kc.SAND), kc.deck(kc.BLOOD)]
        self.discards = [[], []]
        self.hands = [[] for _ in range(n)]
        self.imp_values = [[None, None] for _ in range(n)]
        self.revealed = False
        self.latest = [None] * n
        self.embargoed = [False] * n
        self.immune = [False] * n
        self.markdown = self.cook = self.fraud = False
        self.prime = None
        self.audits = []
        self.turn = 0
        self.pos = 0
        self.emit(events, ev.RoundStarted(self.round_no, self.starting, tuple(self.order)))
        self.chance = [(_DEAL, s, f) for s in self.order for f in kc.FAMILIES]
        self.chance += [(_FLIP, -1, kc.SAND), (_FLIP, -1, kc.BLOOD)]
        self.phase = TURN
        self.seat = CHANCE
        return events

    # -- chance ----------------------------------------------------------------------
    def _pool(self, family: int) -> list[int]:
        pile = self.piles[family]
        if pile:
            return pile
        return self.discards[family][:-1]  # what a refill would bring back

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _seat, family = self.chance[0]
        if task == _START:
            return [(s, 1 / self.num_seats) for s in range(self.num_seats)]
        if task == _TOKENS:
            return [(t, 1 / len(TOKEN_SETS)) for t in TOKEN_SETS]
        if task == _ROLL:
            return [(10 * a + b, 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        pool = self._pool(family)
        counts: dict[int, int] = {}
        for c in pool:
            counts[c] = counts.get(c, 0) + 1
        return [(c, k / len(pool)) for c, k in sorted(counts.items())]

    def sample_chance(self, rng: random.Random) -> list[Event]:
        return self.apply_chance(self.sample_outcome(rng))

    def sample_outcome(self, rng: random.Random) -> Any:
        """The outcome ``sample_chance`` applies, drawn from ``rng`` (not applied):
        what a hand record writes down (game.record)."""
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, _seat, family = self.chance[0]
        if task == _START:
            return rng.randrange(self.num_seats)
        if task == _TOKENS:
            return TOKEN_SETS[rng.randrange(len(TOKEN_SETS))]
        if task == _ROLL:
            return 10 * rng.randint(1, 6) + rng.randint(1, 6)
        pool = self._pool(family)
        return pool[rng.randrange(len(pool))]

    def _take(self, family: int, c: int, events: list[Event]) -> None:
        pile = self.piles[family]
        if not pile:
            # RULES.md §4.0: refill from the discards, all but the top card.
            top = self.discards[family][-1:]
            self.piles[family] = pile = self.discards[family][:-1]
            self.discards[family] = top
            self.emit(events, ev.PileReshuffled(kc.FAMILY_NAMES[family], len(pile)))
        try:
            i = pile.index(c)
        except ValueError:
            raise ValueError(f"card {kc.code(c)!r} is not in the draw pile") from None
        last = pile.pop()
        if i < len(pile):
            pile[i] = last

    def apply_chance(self, outcome: Any) -> list[Event]:
        if self.seat != CHANCE:
            raise ValueError("no chance step is due")
        task, seat, family = self.chance[0]
        if task != _TOKENS:
            outcome = whole_number(outcome, "a chance outcome")
        events: list[Event] = []
        if task == _START:
            if outcome not in range(self.num_seats):
                raise ValueError(f"no seat {outcome!r} to start")
            self.chance.pop(0)
            self.starting = int(outcome)
            self.emit(events, ev.StartingPlayerDrawn(self.starting))
            self._after_start(events)
            return events
        if task == _TOKENS:
            picked = tuple(outcome)
            if picked not in TOKEN_SETS:
                raise ValueError(f"{outcome!r} is not three different shift tokens")
            self.chance.pop(0)
            self.tokens[seat] = list(picked)
            self.emit(events, ev.TokensChosen(seat, picked))
            if not self.chance:
                self._begin_round(events)
            return events
        if task == _ROLL:
            a, b = divmod(int(outcome), 10)
            if a not in range(1, 7) or b not in range(1, 7):
                raise ValueError(f"{outcome!r} is not a roll of 2d6 (10 * first + second)")
            self.chance.pop(0)
            self.dice = (a, b)
            self.die_seat = seat
            purpose = "prime" if family == _PRIME else "impostor"
            self.die_families = [kc.SAND, kc.BLOOD] if family == _BOTH else [family]
            self.emit(events, ev.DiceRolled(seat, (a, b), purpose))
            self.phase = DIE
            self.seat = seat
            return events
        c = int(outcome)
        if kc.family_of(c) != family or c not in self._pool(family):
            raise ValueError(f"card {outcome!r} cannot come from that draw pile now")
        self._take(family, c, events)
        self.chance.pop(0)
        fam = kc.FAMILY_NAMES[family]
        if task == _FLIP:
            self.discards[family].append(c)
            self.emit(events, ev.DiscardStarted(fam, kc.code(c)))
        elif task in (_DEAL, _EXHAUST):
            self.hands[seat].append(c)
            self.hands[seat].sort()
            self.emit(events, ev.CardDealt(seat, fam, kc.code(c)))
        elif task == _DRAW:
            self.drawn, self.drawn_family = c, family
            self.emit(events, ev.DrewFromDeck(seat, fam, kc.code(c), self.draw_paid))
            self.phase = DRAWN
        if not self.chance:
            self._resume(events)
        return events

    def _resume(self, events: list[Event]) -> None:
        """Chance is done: hand the move to whoever is due."""
        if self.phase == DRAWN:
            self.seat = self.order[self.pos]
        elif self.phase == TURN:
            if self.turn == 0:
                self._next_turn(events)
            else:
                self.seat = self.order[self.pos]  # back to the actor after Exhaustion

    # -- turns -------------------------------------------------------------------------
    def _next_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.pos = 0
        self.drew_this_turn = False
        self.audits = []
        self.emit(events, ev.TurnStarted(self.turn))
        self._begin_seat()

    def _begin_seat(self) -> None:
        self.token_played = False
        self.free_draw = False
        self.phase = TURN
        self.seat = self.order[self.pos]

    def _end_seat(self, events: list[Event]) -> None:
        actor = self.order[self.pos]
        self.embargoed[actor] = False
        self.free_draw = False
        self.pos += 1
        if self.pos < len(self.order):
            self._begin_seat()
            return
        if (self.options.early_reveal and not self.drew_this_turn) or self.turn >= 3:
            kessel_showdown.reveal(self, events)
        else:
            self._next_turn(events)

    # -- legality ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.seat
        if seat < 0:
            return []
        phase = self.phase
        if phase == PICKING:
            return list(PICK_ACTIONS)  # any 3 different tokens
        if phase == DRAFTING:
            return [DraftToken(t) for t in self.draft_pool]
        if phase == DRAWN:
            return [KeepDrawn(), ReturnDrawn()]
        if phase == DIE:
            assert self.dice is not None
            return [ChooseFace(v) for v in sorted(set(self.dice))]
        out: list[Action] = []
        if self.options.shift_tokens and not self.token_played:
            for tok in self.tokens[seat]:
                if tok in TARGETED:
                    out += [
                        PlayToken(tok, t)
                        for t in sorted(kessel_tokens.token_targets(self, seat, tok))
                    ]
                else:
                    out.append(PlayToken(tok))
        out.append(Stand())
        out += [Draw(src) for src in SOURCES if self._why_not_draw(seat, src) is None]
        return out

    def _why_illegal(self, action: Any) -> str | None:
        seat = self.seat
        if seat < 0:
            return "nobody is to act now (chance, between rounds or game over)"
        phase = self.phase
        if isinstance(action, PickTokens):
            if phase != PICKING:
                return "shift tokens are chosen only before the first round (RULES.md §4.1.8)"
            toks = tuple(action.tokens)
            if len(toks) != TOKENS_EACH or len(set(toks)) != TOKENS_EACH:
                return "pick exactly 3 different shift tokens (RULES.md §4.1.8)"
            if any(t not in TOKENS for t in toks):
                return f"unknown shift token in {toks!r}"
            return None
        if isinstance(action, DraftToken):
            if phase != DRAFTING:
                return "the token draft is over or not in use"
            if action.token not in self.draft_pool:
                return f"{action.token!r} is not left in the draft pool"
            return None
        if isinstance(action, KeepDrawn | ReturnDrawn):
            if phase != DRAWN:
                return "keep or return only right after a Draw (RULES.md §4.1.4)"
            return None
        if isinstance(action, ChooseFace):
            whole_number(action.value, "a die face")
            if phase != DIE or self.dice is None:
                return "no dice are waiting for a choice"
            if action.value not in self.dice:
                return f"choose one of the two faces rolled {self.dice}, not {action.value}"
            return None
        if phase != TURN:
            return f"it is not a turn now ({phase})"
        if isinstance(action, Stand):
            return None
        if isinstance(action, Draw):
            return self._why_not_draw(seat, action.source)
        if isinstance(action, PlayToken):
            return kessel_tokens.why_not_token(self, seat, action.token, action.target)
        return f"{action!r} is not a Kessel action"

    def _why_not_draw(self, seat: int, source: str) -> str | None:
        if source not in SOURCES:
            return f"draw from one of {', '.join(SOURCES)}, not {source!r}"
        if self.embargoed[seat]:
            return "Embargo: you may not Draw this turn (RULES.md §4.1.8)"
        if self.chips[seat] < 1 and not self.free_draw:
            return (
                "a Draw costs 1 chip and your stock is empty; you may only Stand (RULES.md §4.1.4)"
            )
        family = 0 if source.startswith("sand") else 1
        if source.endswith("discard"):
            if not self.discards[family]:
                return f"the {kc.FAMILY_NAMES[family]} discard pile is empty"
        elif not self._pool(family):
            return f"the {kc.FAMILY_NAMES[family]} draw pile is empty"
        return None

    # -- actions ------------------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        why = self._why_illegal(action)
        if why is not None:
            raise ValueError(why)
        seat = self.seat
        events: list[Event] = []
        if isinstance(action, PickTokens):
            self.tokens[seat] = list(action.tokens)
            self.emit(events, ev.TokensChosen(seat, tuple(action.tokens)))
            self.pickers.pop(0)
            if self.pickers:
                self.seat = self.pickers[0]
            else:
                self._begin_round(events)
        elif isinstance(action, DraftToken):
            self.draft_pool.remove(action.token)
            self.tokens[seat].append(action.token)
            self.emit(events, ev.TokenDrafted(seat, action.token))
            self.pickers.pop(0)
            if self.pickers:
                self.seat = self.pickers[0]
            else:
                self._begin_round(events)
        elif isinstance(action, ChooseFace):
            kessel_showdown.choose_face(self, seat, action.value, events)
        elif isinstance(action, KeepDrawn | ReturnDrawn):
            self._keep_or_return(seat, isinstance(action, KeepDrawn), events)
        elif isinstance(action, Stand):
            self.latest[seat] = "stand"
            self.emit(events, ev.Stood(seat))
            for by, amount, target in self.audits:
                if by != seat and not self.immune[seat] and target in (-1, seat):
                    kessel_tokens.charge(self, seat, amount, "audit", events)
            self._end_seat(events)
        elif isinstance(action, Draw):
            self._draw(seat, action.source, events)
        elif isinstance(action, PlayToken):
            kessel_tokens.play_token(self, seat, action.token, action.target, events)
        return events

    def _pay_draw(self, seat: int) -> int:
        if self.free_draw:
            return 0
        self.chips[seat] -= 1
        self.pots[seat] += 1
        return 1

    def _draw(self, seat: int, source: str, events: list[Event]) -> None:
        family = 0 if source.startswith("sand") else 1
        self.latest[seat] = "draw"
        self.drew_this_turn = True
        self.draw_paid = self._pay_draw(seat)
        if source.endswith("discard"):
            c = self.discards[family].pop()
            self.drawn, self.drawn_family = c, family
            self.emit(
                events,
                ev.DrewFromDiscard(seat, kc.FAMILY_NAMES[family], kc.code(c), self.draw_paid),
            )
            self.phase = DRAWN
            return
        self.chance = [(_DRAW, seat, family)]
        self.phase = DRAWN
        self.seat = CHANCE

    def _keep_or_return(self, seat: int, keep: bool, events: list[Event]) -> None:
        family, c = self.drawn_family, self.drawn
        hand = self.hands[seat]
        if keep:
            old = hand[family]
            hand[family] = c
            out = old
        else:
            out = c
        self.discards[family].append(out)
        self.drawn = self.drawn_family = -1
        self.emit(events, ev.CardDiscarded(seat, kc.FAMILY_NAMES[family], kc.code(out), keep))
        self._end_seat(events)

    # -- reveal and resolution ------------------------------------------------------
    def rank_of(self, seat: int) -> HandRank:
        h = self.hands[seat]
        iv = self.imp_values[seat]
        return kc.rank_cards(h[0], h[1], iv[0], iv[1], self.modifiers())

    # -- views -----------------------------------------------------------------------
    def view(self, seat: int) -> KesselView:
        seat = seat_number(seat, self.num_seats)
        n = self.num_seats
        shown = self.revealed
        return KesselView(
            seat=seat,
            num_seats=n,
            options=self.options,
            phase=self.phase,
            to_act=self.seat,
            round_no=self.round_no,
            turn=self.turn,
            starting=self.starting,
            order=tuple(self.order),
            hand=tuple(self.hands[seat]),
            impostor_values=tuple(self.imp_values[seat]),
            revealed=tuple(
                tuple(self.hands[s]) if shown and s in self.order else None for s in range(n)
            ),
            revealed_impostors=tuple(
                tuple(self.imp_values[s]) if shown and s in self.order else None for s in range(n)
            ),
            chips=tuple(self.chips),
            pots=tuple(self.pots),
            destroyed=self.destroyed,
            in_game=tuple(self.in_game),
            discards=(tuple(self.discards[0]), tuple(self.discards[1])),
            pile_sizes=(len(self.piles[0]), len(self.piles[1])),
            drawn=self.drawn if self.seat == seat and self.phase == DRAWN else None,
            drawn_family=self.drawn_family if self.seat == seat and self.phase == DRAWN else None,
            latest=tuple(self.latest),
            tokens=tuple(self.tokens[seat]),
            token_counts=tuple(len(t) for t in self.tokens),
            public_tokens=tuple(
                tuple(self.tokens[s]) if self.tokens_public or s == seat else None for s in range(n)
            ),
            played_tokens=tuple(tuple(p) for p in self.played),
            token_played=self.token_played if self.seat == seat else False,
            free_draw=self.free_draw if self.seat == seat else False,
            embargoed=tuple(self.embargoed),
            immune=tuple(self.immune),
            markdown=self.markdown,
            cook=self.cook,
            fraud=self.fraud,
            prime=self.prime,
            dice=self.dice,
            die_purpose="prime" if self.die_families == [_PRIME] else "impostor",
            draft_pool=tuple(self.draft_pool),
            log=tuple(self.log),
        )


def new_game(
    num_players: int = 4,
    preset: str = "kessel",
    options: KesselOptions | None = None,
    chips: int | None = None,
    **option_values: Any,
) -> KesselState:
    """A new game waiting for ``start_next()``.  ``chips`` overrides the
    buy-in's starting stock; keyword options as :class:`KesselOptions`."""
    if options is None:
        if preset not in PRESETS:
            raise ValueError(f"unknown Kessel preset {preset!r}; choose from {', '.join(PRESETS)}")
        try:
            options = KesselOptions(preset=preset, **option_values)
        except TypeError as exc:
            raise ValueError(f"unknown Kessel option: {exc}") from None
    return KesselState(options, num_players, chips)
