"""Kessel Sabacc players (RULES.md §4.1): ``random``, ``easy``, ``normal``, ``hard``.

They read only a :class:`~game.rules.kessel.KesselView` and use only the
``random.Random`` handed to ``choose`` (no clocks), so the same seed gives
the same decisions.

* ``easy`` plays by feel: stands on a Sabacc or a difference of one, else
  draws blind from the family of its higher card and keeps what narrows the
  gap; it plays a shift token now and then, with little thought.
* ``normal`` counts the cards: the exact odds of every draw over the unseen
  cards (each family's 22 cards less its own hand and both face-up discard
  piles), against opponents holding hands dealt from the same unseen cards;
  it looks one draw ahead and uses the tokens that help its own chips.
* ``hard`` plans its remaining turns (an exact expectation over every card
  each draw pile may give, keep or return, Sand deck, Blood deck and both
  discard tops), against opponents whose hands are read from their play
  (a Stand means a good hand) and who improve over their own turns left; it
  knows when its Stand would bring the early reveal.  It plays its tokens
  when they pay against that plan: the rule changes (Cook, Markdown, Major
  Fraud, Prime) when they lift its odds, Exhaustion and Direct Transaction
  at the opponent most likely to beat it, refunds late when its odds are
  poor, tariffs and audits at the player they would put out.  Tokens are
  single-use per game, so the payoff a token must beat grows with the
  stock still behind it (timing): spent when much is at stake or the stock
  runs low, kept otherwise.

The unit of every estimate is chips: losing costs the pot at risk plus the
penalty (1 for a Sabacc, else the difference); winning keeps everything.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from game.rules import kessel as kg
from game.rules import kessel_cards as kc
from game.rules import kessel_events as kev

from .base import Personality, RandomPlayer, check_level

NK = kc.KINDS_PER_FAMILY  # kinds per family: 0 Sylop, 1-6, 7 Impostor
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


# -- score tables ------------------------------------------------------------------
class Tables:
    """Every resolved hand's place in the ranking under one set of modifiers,
    and each (Sand kind, Blood kind) hand's distribution over those places
    once its Impostors are rolled and chosen."""

    def __init__(self, mods: kc.Modifiers, shared: bool) -> None:
        self.mods = mods
        faces = [(0, True)] + [(v, False) for v in range(1, 7)]  # (value, sylop)
        ranks = {}
        for sv, ss in faces:
            for bv, bs in faces:
                ranks[(sv, ss, bv, bs)] = kc.rank_values(sv, bv, ss, bs, mods)
        keys = sorted({r.key for r in ranks.values()})
        index = {k: i for i, k in enumerate(keys)}
        self.size = len(keys)
        self.score_of = {h: index[r.key] for h, r in ranks.items()}
        self.penalty = [0] * self.size
        for r in ranks.values():
            i = index[r.key]
            self.penalty[i] = 1 if r.kind != kc.NO_SABACC else r.total
        self.dist: list[list[tuple[int, float]]] = [
            self._hand_dist(sk, bk, shared) for sk in range(NK) for bk in range(NK)
        ]
        top = max(1, self.size - 1)
        self.quality = [sum(s * p for s, p in d) / top for d in self.dist]

    def score(self, sv: int, ss: bool, bv: int, bs: bool) -> int:
        return self.score_of[(sv, ss, bv, bs)]

    def _fixed(self, kind: int) -> tuple[int, bool] | None:
        if kind == kc.SYLOP:
            return (0, True)
        if kind == kc.IMPOSTOR:
            return (6, False) if self.mods.major_fraud else None
        return (kind, False)

    def _hand_dist(self, sk: int, bk: int, shared: bool) -> list[tuple[int, float]]:
        s, b = self._fixed(sk), self._fixed(bk)
        out: dict[int, float] = {}
        if s is not None and b is not None:
            return [(self.score(s[0], s[1], b[0], b[1]), 1.0)]
        if s is not None or b is not None:
            for roll in _ROLLS:
                if s is None:
                    assert b is not None
                    best = max(self.score(f, False, b[0], b[1]) for f in roll)
                else:
                    best = max(self.score(s[0], s[1], f, False) for f in roll)
                out[best] = out.get(best, 0.0) + 1 / 36
            return sorted(out.items())
        if shared:
            for roll in _ROLLS:
                best = max(self.score(f, False, g, False) for f in roll for g in roll)
                out[best] = out.get(best, 0.0) + 1 / 36
            return sorted(out.items())
        # Two Impostors rolled one after the other: the first face is chosen
        # for the best expectation over the second roll.
        after = {
            f: [max(self.score(f, False, g, False) for g in roll2) for roll2 in _ROLLS]
            for f in range(1, 7)
        }
        for roll in _ROLLS:
            f = max(roll, key=lambda x: sum(after[x]))
            for sc in after[f]:
                out[sc] = out.get(sc, 0.0) + 1 / 36 / 36
        return sorted(out.items())


@lru_cache(maxsize=64)
def tables(mods: kc.Modifiers, shared: bool) -> Tables:
    return Tables(mods, shared)


def unseen(view: kg.KesselView) -> list[list[int]]:
    """How many of each kind, per family, this seat has not seen."""
    counts = [[kc.COPIES[k] for k in range(NK)] for _ in kc.FAMILIES]
    known = list(view.hand) + list(view.discards[0]) + list(view.discards[1])
    if view.drawn is not None:
        known.append(view.drawn)
    for c in known:
        counts[kc.family_of(c)][kc.kind_of(c)] -= 1
    return [[max(0, n) for n in fam] for fam in counts]


def _probs(counts: list[int]) -> list[float]:
    total = sum(counts)
    return [n / total for n in counts] if total else [0.0] * len(counts)


def turns_left(view: kg.KesselView, seat: int) -> int:
    """Turns ``seat`` still has this round after the one being played now."""
    order = list(view.order)
    if seat not in order or view.turn == 0:
        return 0
    me = order.index(view.seat) if view.seat in order else 0
    left = 3 - view.turn
    if order.index(seat) > me:
        left += 1  # acts later in this turn too
    return left


def stand_ends_round(view: kg.KesselView) -> bool:
    """Whether this seat's Stand would end the round now: it acts last in the
    turn and nobody has drawn this turn (the early reveal, RULES.md §4.1.3)."""
    if not view.options.early_reveal or not view.order or view.order[-1] != view.seat:
        return False
    for event in reversed(view.log):
        if isinstance(event, kev.TurnStarted):
            return True
        if isinstance(event, kev.DrewFromDeck | kev.DrewFromDiscard):
            return False
    return True


# -- the model of one decision -------------------------------------------------------
class Model:
    """Odds for one seat at one moment under given modifiers."""

    def __init__(
        self,
        view: kg.KesselView,
        mods: kc.Modifiers | None = None,
        reads: bool = True,
        improve: bool = True,
    ) -> None:
        self.view = view
        self.mods = mods or view.modifiers()
        self.t = tables(self.mods, view.options.impostor_roll == "shared")
        self.unseen = unseen(view)
        self.p = [_probs(self.unseen[0]), _probs(self.unseen[1])]
        self.reads = reads
        self.improve = improve
        self._cdf_cache: dict[Any, list[float]] = {}
        self._trans: list[list[tuple[int, float]]] | None = None

    def start_mass(self) -> list[float]:
        ps, pb = self.p
        return [ps[sk] * pb[bk] for sk in range(NK) for bk in range(NK)]

    def opp_mass(self, seat: int) -> list[float]:
        mass = self.start_mass()
        if self.reads and self.view.latest[seat] == "stand":
            q = self.t.quality
            mass = [m * q[h] ** 3 for h, m in enumerate(mass)]
            total = sum(mass) or 1.0
            mass = [m / total for m in mass]
        return mass

    def _moves(self) -> list[list[tuple[int, float]]]:
        """Each hand's next hand after one turn of sensible play (with odds)."""
        if self._trans is not None:
            return self._trans
        q = self.t.quality
        ps, pb = self.p
        trans: list[list[tuple[int, float]]] = []
        for h in range(NK * NK):
            if q[h] >= 0.8:
                trans.append([(h, 1.0)])  # a good hand stands
                continue
            sk, bk = divmod(h, NK)
            # Draw from the family whose change helps most on average.
            best_gain = -1.0
            best_moves: list[tuple[int, float]] = [(h, 1.0)]
            for fam, probs in ((0, ps), (1, pb)):
                moves: dict[int, float] = {}
                gain = 0.0
                for x, px in enumerate(probs):
                    if px == 0.0:
                        continue
                    h2 = x * NK + bk if fam == 0 else sk * NK + x
                    dest = h2 if q[h2] > q[h] else h
                    gain += px * q[dest]
                    moves[dest] = moves.get(dest, 0.0) + px
                if moves and gain > best_gain:
                    best_gain, best_moves = gain, list(moves.items())
            trans.append(best_moves)
        self._trans = trans
        return trans

    def evolve(self, mass: list[float], turns: int) -> list[float]:
        """An opponent's hand after ``turns`` more turns of sensible play."""
        if not self.improve:
            return mass
        trans = self._moves()
        for _ in range(turns):
            new = [0.0] * (NK * NK)
            for h, m in enumerate(mass):
                if m:
                    for dest, px in trans[h]:
                        new[dest] += m * px
            mass = new
        return mass

    def cdf(self, mass: list[float]) -> list[float]:
        """P(hand's final score <= s) for each score s."""
        pdf = [0.0] * self.t.size
        for h, m in enumerate(mass):
            if m:
                for sc, p in self.t.dist[h]:
                    pdf[sc] += m * p
        out = []
        acc = 0.0
        for v in pdf:
            acc += v
            out.append(min(1.0, acc))
        return out

    def win_table(self, override: dict[int, list[float]] | None = None) -> list[float]:
        """P(no opponent beats a final score s) — ties keep their pots."""
        win = [1.0] * self.t.size
        v = self.view
        for seat in v.order:
            if seat == v.seat:
                continue
            if override and seat in override:
                mass = override[seat]
            else:
                # Opponents who look alike (same read, same turns left) share one model.
                key = (self.reads and v.latest[seat] == "stand", turns_left(v, seat))
                if key not in self._cdf_cache:
                    self._cdf_cache[key] = self.cdf(
                        self.evolve(self.opp_mass(seat), turns_left(v, seat))
                    )
                c = self._cdf_cache[key]
                win = [w * x for w, x in zip(win, c, strict=True)]
                continue
            c = self.cdf(mass)
            win = [w * x for w, x in zip(win, c, strict=True)]
        return win

    def final_value(self, h: int, pot: int, stock: int, win: list[float]) -> float:
        """Expected chips lost (negative) by standing on hand kind ``h`` to the end."""
        total = 0.0
        pen = self.t.penalty
        for sc, p in self.t.dist[h]:
            total -= p * (1.0 - win[sc]) * (pot + min(pen[sc], stock))
        return total

    def win_prob(self, h: int, win: list[float]) -> float:
        return sum(p * win[sc] for sc, p in self.t.dist[h])


def hand_kind(hand: Sequence[int]) -> int:
    return kc.kind_of(hand[0]) * NK + kc.kind_of(hand[1])


def with_card(h: int, card: int) -> int:
    sk, bk = divmod(h, NK)
    if kc.family_of(card) == kc.SAND:
        return kc.kind_of(card) * NK + bk
    return sk * NK + kc.kind_of(card)


class Planner:
    """Best play over this seat's remaining turns (exact over the draw piles)."""

    def __init__(self, model: Model, win: list[float], use_discards: bool) -> None:
        self.m = model
        self.win = win
        self.use_discards = use_discards
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def value(self, h: int, turns: int, pot: int, stock: int) -> float:
        """Value of holding ``h`` with ``turns`` more draw chances after now."""
        key = (h, turns, pot, stock)
        if key in self.memo:
            return self.memo[key]
        best = self.m.final_value(h, pot, stock, self.win)
        if turns > 0:
            best = max(best, self.value(h, turns - 1, pot, stock))
            if stock > 0:
                for fam in kc.FAMILIES:
                    best = max(best, self.deck_draw(h, fam, turns - 1, pot + 1, stock - 1))
        self.memo[key] = best
        return best

    def deck_draw(self, h: int, fam: int, turns: int, pot: int, stock: int) -> float:
        """A blind draw from ``fam``'s pile: keep the card or return it, whichever is better."""
        old = self.value(h, turns, pot, stock)
        sk, bk = divmod(h, NK)
        total = 0.0
        for x, px in enumerate(self.m.p[fam]):
            if px:
                v2 = self.value(x * NK + bk if fam == kc.SAND else sk * NK + x, turns, pot, stock)
                total += px * (v2 if v2 > old else old)
        return total

    def options_now(
        self, h: int, turns: int, pot: int, stock: int, free: bool, stand_ends: bool = False
    ) -> dict[str, float]:
        """The value of each Draw source and of Stand on this turn (``stand_ends``:
        standing now brings the early reveal, so no later turn follows it)."""
        v = self.m.view
        out = {"stand": self.value(h, 0 if stand_ends else turns, pot, stock)}
        cost = 0 if free else 1
        if stock < cost:
            return out
        p2, s2 = pot + cost, stock - cost
        for fam in kc.FAMILIES:
            out[kc.FAMILY_NAMES[fam]] = self.deck_draw(h, fam, turns, p2, s2)
            pile = v.discards[fam]
            if self.use_discards and pile:
                h2 = with_card(h, pile[-1])
                out[kc.FAMILY_NAMES[fam] + "-discard"] = max(
                    self.value(h2, turns, p2, s2), self.value(h, turns, p2, s2)
                )
        return out


# -- the players ----------------------------------------------------------------------
# Tokens whose worth is a new plan for the round (costly to evaluate).
_PLANNED = (
    "major-fraud",
    "cook-the-books",
    "markdown",
    "prime-sabacc",
    "exhaustion",
    "direct-transaction",
)
TOKEN_HORIZON = 2  # turns a token's plan looks ahead (this one and the next)
RESERVE_PER_CHIP = 0.05  # hard: payoff a token must beat per chip of stock held
HARD_TOKENS = ("direct-transaction", "exhaustion", "embezzlement")
NORMAL_TOKENS = ("free-draw", "extra-refund", "refund")
DRAFT_ORDER = (
    "direct-transaction",
    "exhaustion",
    "embezzlement",
    "extra-refund",
    "cook-the-books",
    "prime-sabacc",
    "free-draw",
    "refund",
    "major-fraud",
    "markdown",
    "immunity",
    "embargo",
    "target-tariff",
    "target-audit",
    "general-tariff",
    "general-audit",
)


class KesselPlayer:
    """One class, three levels of skill (see the module doc)."""

    def __init__(self, level: str = "hard", personality: Personality | None = None) -> None:
        self.level = level
        self.personality = personality or Personality()
        # The token the last turn played and the numbers that chose it (None: no
        # token): its expected gain in chips, the chance of winning, and what the
        # token itself weighed (``_token_gain``). The hint quotes them (ai.advice).
        self.token_why: dict[str, Any] | None = None
        self._why: dict[str, Any] = {}

    # -- entry ----------------------------------------------------------------------
    def choose(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.token_why = None
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == kg.PICKING:
            action: Any = self._pick(view, legal, rng)
        elif phase == kg.DRAFTING:
            action = self._draft(view, legal, rng)
        elif phase == kg.DIE:
            action = self._face(view, legal, rng)
        elif phase == kg.DRAWN:
            action = self._keep(view, legal, rng)
        else:
            action = self._turn(view, legal, rng)
        return action if action in legal else legal[0]

    # -- tokens before the game -----------------------------------------------------
    def _pick(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        if self.level == "easy":
            return kg.PickTokens(tuple(sorted(rng.sample(kg.TOKENS, 3), key=kg.TOKENS.index)))
        want = HARD_TOKENS if self.level == "hard" else NORMAL_TOKENS
        return kg.PickTokens(tuple(sorted(want, key=kg.TOKENS.index)))

    def _draft(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        if self.level == "easy":
            return legal[rng.randrange(len(legal))]
        for tok in DRAFT_ORDER:
            if kg.DraftToken(tok) in legal:
                return kg.DraftToken(tok)
        return legal[0]

    # -- dice -------------------------------------------------------------------------
    def _face(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        faces = [a.value for a in legal]
        if view.die_purpose == "prime":
            best, best_v = faces[0], -1e9
            for f in faces:
                mods = _replace_mods(view.modifiers(), prime=f)
                m = Model(view, mods, reads=self.level == "hard")
                win = m.win_table()
                v = m.final_value(
                    hand_kind(view.hand), view.pots[view.seat], view.chips[view.seat], win
                )
                if v > best_v:
                    best, best_v = f, v
            return kg.ChooseFace(best)
        # An Impostor: the face that ranks the hand best (the other card as it
        # stands; an unresolved second Impostor is assumed to match).
        mods = view.modifiers()
        sand, blood = view.hand
        iv = view.impostor_values
        family = 0 if kc.is_impostor(sand) and iv[0] is None else 1

        def rank_with(face: int) -> Any:
            vals = [iv[0], iv[1]]
            vals[family] = face
            other = 1 - family
            if kc.is_impostor(view.hand[other]) and vals[other] is None:
                vals[other] = face
            return kc.rank_cards(sand, blood, vals[0], vals[1], mods)

        if self.level == "easy" and rng.random() < 0.3:
            return kg.ChooseFace(faces[-1])
        return kg.ChooseFace(max(faces, key=rank_with))

    # -- keep or return ---------------------------------------------------------------
    def _keep(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        assert view.drawn is not None
        h = hand_kind(view.hand)
        h2 = with_card(h, view.drawn)
        if self.level == "easy":
            return kg.KeepDrawn() if _easy_score(h2) > _easy_score(h) else kg.ReturnDrawn()
        m = Model(view, reads=self.level == "hard", improve=self.level == "hard")
        win = m.win_table()
        seat = view.seat
        turns = turns_left(view, seat) if self.level == "hard" else 0
        plan = Planner(m, win, use_discards=False)
        keep = plan.value(h2, turns, view.pots[seat], view.chips[seat])
        back = plan.value(h, turns, view.pots[seat], view.chips[seat])
        return kg.KeepDrawn() if keep > back else kg.ReturnDrawn()

    # -- a turn -----------------------------------------------------------------------
    def _turn(self, view: kg.KesselView, legal: Sequence[Any], rng: random.Random) -> Any:
        tokens = [a for a in legal if isinstance(a, kg.PlayToken)]
        if self.level == "easy":
            return self._easy_turn(view, legal, tokens, rng)
        hard = self.level == "hard"
        m = Model(view, reads=hard, improve=hard)
        win = m.win_table()
        seat = view.seat
        h = hand_kind(view.hand)
        pot, stock = view.pots[seat], view.chips[seat]
        turns = turns_left(view, seat) if hard else 0
        plan = Planner(m, win, use_discards=hard)
        options = plan.options_now(
            h, turns, pot, stock, view.free_draw, stand_ends=hard and stand_ends_round(view)
        )
        draws = {k: v for k, v in options.items() if k != "stand" and kg.Draw(k) in legal}
        p = self.personality
        # The character leans toward drawing or standing only while the hand is in
        # doubt: a hand that already wins (a 1/1 Sabacc) stands, however reckless.
        margin = 0.15 * (p.caution - 0.5) * (1.0 - m.win_prob(h, win))
        best_draw = max(draws, key=lambda k: draws[k]) if draws else None
        wants_draw = best_draw is not None and draws[best_draw] > options["stand"] + margin
        if tokens:
            tok = self._token(view, tokens, m, win, plan, wants_draw, rng)
            if tok is not None:
                return tok
        if wants_draw and best_draw is not None:
            return kg.Draw(best_draw)
        return kg.Stand()

    def _easy_turn(
        self,
        view: kg.KesselView,
        legal: Sequence[Any],
        tokens: list[kg.PlayToken],
        rng: random.Random,
    ) -> Any:
        if tokens and rng.random() < 0.25:
            return tokens[rng.randrange(len(tokens))]
        h = hand_kind(view.hand)
        score = _easy_score(h)
        if score >= 5 or not any(isinstance(a, kg.Draw) for a in legal):
            return kg.Stand()
        sk, bk = divmod(h, NK)
        # Draw blind from the family of the higher card (Sylops and Impostors kept).
        fam = 0 if _easy_value(sk) > _easy_value(bk) else 1
        src = kc.FAMILY_NAMES[fam]
        return kg.Draw(src) if kg.Draw(src) in legal else kg.Stand()

    # -- shift tokens with purpose ----------------------------------------------------
    def _token(
        self,
        view: kg.KesselView,
        tokens: list[kg.PlayToken],
        m: Model,
        win: list[float],
        plan: Planner,
        wants_draw: bool,
        rng: random.Random,
    ) -> kg.PlayToken | None:
        seat = view.seat
        h = hand_kind(view.hand)
        pot, stock = view.pots[seat], view.chips[seat]
        wp = m.win_prob(h, win)
        hard = self.level == "hard"
        # Values are plans: this turn's Draw or Stand and the turns after it.
        turns = (turns_left(view, seat) if hard else 0) + 1
        turns = min(turns, TOKEN_HORIZON)
        base = Planner(m, win, use_discards=False).value(h, turns, pot, stock)
        last_turn = turns_left(view, seat) == 0
        aggression = self.personality.aggression
        best: kg.PlayToken | None = None
        # Timing: a token is single-use per game, so while the stock is deep it
        # waits for a bigger payoff; near elimination it is spent.
        reserve = RESERVE_PER_CHIP * stock if hard else 0.0
        best_gain = 0.12 + 0.2 * (1 - aggression) + reserve if hard else 0.5
        for a in tokens:
            if a.token in _PLANNED and -base <= best_gain:
                continue  # no plan loses less than nothing: this token cannot pay enough
            self._why = {}
            gain = self._token_gain(
                view, a, m, win, h, pot, stock, wp, base, last_turn, wants_draw, turns
            )
            if not hard:
                gain = gain if a.token in NORMAL_TOKENS or a.token.endswith("tariff") else 0.0
            if gain > best_gain:
                best, best_gain = a, gain
                self.token_why = {**self._why, "token": a.token, "gain": gain, "win": wp}
        return best

    def _token_gain(
        self,
        view: kg.KesselView,
        a: kg.PlayToken,
        m: Model,
        win: list[float],
        h: int,
        pot: int,
        stock: int,
        wp: float,
        base: float,
        last_turn: bool,
        wants_draw: bool,
        turns: int,
    ) -> float:
        tok = a.token

        def worth(model: Model, w: list[float], hand: int) -> float:
            return Planner(model, w, use_discards=False).value(hand, turns, pot, stock)

        turns = min(turns, TOKEN_HORIZON)

        others = [s for s in view.order if s != view.seat and not view.immune[s]]
        if tok == "free-draw":
            return (1.0 - wp) * 1.0 + 0.2 if wants_draw else 0.0
        if tok in ("refund", "extra-refund"):
            back = min(2 if tok == "refund" else 3, pot)
            self._why = {"back": back, "pot": pot}
            if not back:
                return 0.0
            gain = (1.0 - wp) * back
            return gain if last_turn or back == (2 if tok == "refund" else 3) else gain * 0.5
        if tok == "embezzlement":
            src = view.pots if view.options.embezzle_from == "pot" else view.chips
            k = sum(1 for s in others if src[s] > 0)
            self._why = {"players": k}
            if view.options.embezzle_from == "stock":
                return k * wp
            return k * wp if last_turn or k >= 2 else 0.0
        if tok in ("major-fraud", "cook-the-books", "markdown"):
            field = {"major-fraud": "major_fraud", "cook-the-books": "cook_the_books"}.get(
                tok, "markdown"
            )
            mods = _replace_mods(m.mods, **{field: True})
            m2 = Model(view, mods, reads=m.reads, improve=m.improve)
            w2 = m2.win_table()
            self._why = {"after": m2.win_prob(h, w2)}
            return worth(m2, w2, h) - base
        if tok == "prime-sabacc":
            # Only a face matching one of our cards can make our pair the prime
            # one; the other faces leave us about where we are.
            sk, bk = divmod(h, NK)
            faces = {k for k in (sk, bk) if 1 <= k <= 6}
            total = base * (6 - len(faces))
            for f in faces:
                mods = _replace_mods(m.mods, prime=f)
                m2 = Model(view, mods, reads=m.reads, improve=m.improve)
                total += worth(m2, m2.win_table(), h)
            # Each face shows with 11/36; approximate the choice by the best face's share.
            return total / 6 - base
        if tok in ("exhaustion", "direct-transaction") and a.target is not None:
            t = a.target
            fresh = m.evolve(m.start_mass(), turns_left(view, t))
            self._why = {"seat": t}
            if tok == "exhaustion":
                w2 = m.win_table({t: fresh})
                self._why["after"] = m.win_prob(h, w2)
                return worth(m, w2, h) - base
            # Swap: our hand becomes theirs (known to us), theirs becomes ours.
            mine = [0.0] * (NK * NK)
            mine[h] = 1.0
            after = Planner(m, m.win_table({t: m.evolve(mine, turns_left(view, t))}), False)
            theirs = m.opp_mass(t)
            value = sum(
                mass * after.value(h2, turns, pot, stock) for h2, mass in enumerate(theirs) if mass
            )
            return value - base
        if tok in ("general-tariff", "target-tariff", "general-audit", "target-audit"):
            # Chips destroyed elsewhere do not come to us: worth playing when it
            # can put a player out, or before the token is wasted.
            victims = others if a.target is None else [a.target]
            if tok == "general-audit":
                victims = [s for s in victims if view.latest[s] == "stand"]
            due = {"general-tariff": 1, "target-tariff": 2, "general-audit": 2}.get(tok, 3)
            outs = sum(1 for s in victims if 0 < view.chips[s] <= due)
            self._why = {"outs": outs, "due": due}
            return 0.5 * outs + (0.05 * len(victims) if last_turn else 0.0)
        if tok == "embargo":
            i = list(view.order).index(view.seat)
            nxt = view.order[(i + 1) % len(view.order)]
            if nxt in others and view.latest[nxt] != "stand" and not last_turn:
                self._why = {"seat": nxt}
                return 0.25 * wp
            return 0.0
        if tok == "immunity":
            held = sum(view.token_counts[s] for s in others)
            self._why = {"held": held}
            return 0.4 * wp if held and wp > 0.5 else 0.0
        return 0.0


def _replace_mods(mods: kc.Modifiers, **changes: Any) -> kc.Modifiers:
    from dataclasses import replace

    return replace(mods, **changes)


def _easy_value(kind: int) -> int:
    return 0 if kind in (kc.SYLOP, kc.IMPOSTOR) else kind


def _easy_score(h: int) -> int:
    """A rough feel for a hand: 6 a Sabacc, down to 0 for a difference of 6."""
    sk, bk = divmod(h, NK)
    if kc.SYLOP in (sk, bk) or kc.IMPOSTOR in (sk, bk):
        return 5
    return 6 - abs(sk - bk)


def make_player(level: str, personality: Personality | None = None) -> Any:
    """A Kessel player of ``level`` (random, easy, normal, hard)."""
    check_level(level)
    if level == "random":
        return RandomPlayer()
    return KesselPlayer(level, personality)
