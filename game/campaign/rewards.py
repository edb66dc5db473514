"""What the journey gives back: rewards for cleared venues and local achievements.

Rewards are unlocked by clearing venues and kept for good (card backs, felts, house-rule
sets for quick play, a rival rematch). Achievements are earned at any table, campaign or
quick play, from the facts of a finished hand (``HandFacts``); some count up (meet your
duty as the Nine and a Half dealer five times). Both are plain data: the words live in
the catalogs as ``reward.<id>.name`` / ``achievement.<id>.name`` and ``.how``.

``AchievementBook`` is saved in the data folder through a ``SaveSlot`` like every save:
a damaged file is moved aside, the ``.bak`` is used, a newer file is left alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.rules.base import Event
from game.storage.saves import SaveFormatError, SaveSlot


class RewardKind(StrEnum):
    CARD_BACK = "card-back"
    FELT = "felt"
    HOUSE_RULES = "house-rules"
    REMATCH = "rematch"


@dataclass(frozen=True, slots=True)
class Reward:
    id: str
    kind: RewardKind
    venue: str  # clearing this venue unlocks it
    # For house-rule sets: the game, preset and option overrides quick play offers.
    game: str = ""
    preset: str = ""
    house_rules: tuple[tuple[str, Any], ...] = ()


REWARDS: tuple[Reward, ...] = (
    Reward("back-brinewater", RewardKind.CARD_BACK, "brinewater"),
    Reward("felt-lantern", RewardKind.FELT, "lantern-hall"),
    Reward("back-orchid", RewardKind.CARD_BACK, "orchid-terrace"),
    Reward(
        "rules-glasswater",
        RewardKind.HOUSE_RULES,
        "glasswater",
        game="sabacc",
        preset="cloud-city",
        house_rules=(("bombout_penalty", True),),
    ),
    Reward("felt-glasswater", RewardKind.FELT, "glasswater"),
    Reward(
        "rules-drifting-crown",
        RewardKind.HOUSE_RULES,
        "drifting-crown",
        game="sabacc",
        preset="random",
        house_rules=(("value_rule", "suit-signs"),),
    ),
    Reward("felt-spice-hollow", RewardKind.FELT, "spice-hollow"),
    Reward(
        "rules-spice-hollow",
        RewardKind.HOUSE_RULES,
        "spice-hollow",
        game="sabacc",
        preset="kessel-shift",
        house_rules=(("token_mode", "draft"),),
    ),
    Reward("back-meridian", RewardKind.CARD_BACK, "meridian"),
    Reward("rematch-meridian", RewardKind.REMATCH, "meridian"),
)
REWARD_BY_ID: dict[str, Reward] = {r.id: r for r in REWARDS}


def unlocked_rewards(venues_cleared: list[str]) -> list[Reward]:
    """Rewards earned by the venues cleared so far, in journey order."""
    cleared = set(venues_cleared)
    return [reward for reward in REWARDS if reward.venue in cleared]


# ------------------------------------------------------------------------ achievements
@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a finished hand (a Brag game, a Nine and a Half deal) meant for the player."""

    game: str
    player_won: bool = False  # the hand (at Brag, the game: a deal's points win none)
    hand_kind: str = ""  # the player's winning hand kind (sabacc rank kinds, brag set kinds)
    shift_to_pure: bool = False  # a Sabacc Shift changed the player's hand into a Pure Sabacc
    brag_crash: bool = False  # the player won all four sets of a Brag deal
    dealer_duty_met: bool = False  # as the Nine and a Half dealer, the duty was met
    pot: int = 0  # chips the player took from the pot
    chips_before: int = 0  # the player's stack when the hand began
    stack: int = 100  # the stack every seat began the sitting with: the table's stakes


def on_the_brink(chips: int, stack: int) -> bool:
    """Nearly out of chips, at the table's stakes: a tenth of the starting stack or
    less, and at least the last chip (a Kessel stock is 6 chips: its brink is 1; a
    flat "five chips or fewer" there was almost any round).

    >>> on_the_brink(10, 100), on_the_brink(11, 100), on_the_brink(1, 6), on_the_brink(2, 6)
    (True, False, True, False)
    """
    return 0 < chips <= max(1, stack // 10)


@dataclass(frozen=True, slots=True)
class Achievement:
    id: str
    target: int = 1  # how many times it must happen

    def counts(self, facts: HandFacts) -> bool:
        return _COUNTS[self.id](facts)


_COUNTS: dict[str, Any] = {
    "first-win": lambda f: f.player_won,
    "idiots-array": lambda f: f.player_won and f.hand_kind == "idiots-array",
    "pure-sabacc": lambda f: f.player_won and f.hand_kind == "pure-sabacc",
    "shift-survivor": lambda f: f.player_won and f.shift_to_pure,
    "brag-crash": lambda f: f.brag_crash,
    # "prial" is a Brag set: no other game names a hand so.
    "brag-prial": lambda f: f.player_won and f.hand_kind == "prial",
    "dealer-duty": lambda f: f.dealer_duty_met,
    "comeback": lambda f: f.player_won and on_the_brink(f.chips_before, f.stack),
    "big-pot": lambda f: f.pot >= 100,
}

ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first-win"),
    Achievement("idiots-array"),
    Achievement("pure-sabacc"),
    Achievement("shift-survivor"),
    Achievement("brag-crash"),
    Achievement("brag-prial"),
    Achievement("dealer-duty", target=5),
    Achievement("comeback"),
    Achievement("big-pot"),
)
ACHIEVEMENT_BY_ID: dict[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}
_MAX_COUNT = 1_000_000  # counters stop here: a hand-edited 10**30 is not a count


@dataclass
class AchievementBook:
    """Counts toward each achievement; earned ones keep the hand number they came on."""

    counts: dict[str, int] = field(default_factory=dict)
    earned: dict[str, int] = field(default_factory=dict)  # id -> hands recorded when earned
    hands: int = 0

    def record(self, facts: HandFacts) -> list[str]:
        """Count a finished hand; returns the achievements it newly earned."""
        self.hands = min(self.hands + 1, _MAX_COUNT)
        new: list[str] = []
        for achievement in ACHIEVEMENTS:
            if not achievement.counts(facts):
                continue
            count = min(self.counts.get(achievement.id, 0) + 1, _MAX_COUNT)
            self.counts[achievement.id] = count
            if count >= achievement.target and achievement.id not in self.earned:
                self.earned[achievement.id] = self.hands
                new.append(achievement.id)
        return new

    def progress(self, achievement_id: str) -> tuple[int, int]:
        target = ACHIEVEMENT_BY_ID[achievement_id].target
        return min(self.counts.get(achievement_id, 0), target), target

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "achievements",
            "hands": self.hands,
            "counts": dict(sorted(self.counts.items())),
            "earned": dict(sorted(self.earned.items())),
        }

    @classmethod
    def from_json(cls, payload: dict[str, Any]) -> AchievementBook:
        """Read a saved book, checking values as well as shapes (SaveFormatError if bad).

        Unknown achievement ids (from a newer release's book) are kept as they are, so
        opening the file with this version loses nothing.
        """
        if payload.get("kind") != "achievements":
            raise SaveFormatError("not an achievements file")
        hands = _count(payload.get("hands", 0), "hands")
        counts = _counts(payload.get("counts", {}), "counts")
        earned = _counts(payload.get("earned", {}), "earned")
        return cls(counts=counts, earned=earned, hands=hands)


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MAX_COUNT:
        raise SaveFormatError(f"achievements: {where} is not a count")
    return value


def _counts(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict) or len(value) > 1000:
        raise SaveFormatError(f"achievements: {where} is not a table of counts")
    out: dict[str, int] = {}
    for key, count in value.items():
        if not isinstance(key, str) or len(key) > 64:
            raise SaveFormatError(f"achievements: a name in {where} is not a name")
        out[key] = _count(count, where)
    return out


def _validate(payload: dict[str, Any]) -> None:
    AchievementBook.from_json(payload)


def achievements_slot(**kwargs: Any) -> SaveSlot:
    """The achievements file in the data folder, with the safety of every save."""
    return SaveSlot("achievements", validate=_validate, **kwargs)


def load_book(slot: SaveSlot) -> AchievementBook:
    """The saved book, or a new one (a damaged file is moved aside and the player told)."""
    result = slot.read()
    if result.payload is None:
        return AchievementBook()
    return AchievementBook.from_json(result.payload)


def save_book(slot: SaveSlot, book: AchievementBook) -> bool:
    return slot.write(book.to_json())


# ------------------------------------------------------------------------ from the table
# Sabacc events that change what a seat holds (after them a shift is no longer what
# made the hand: RULES.md §1.4).
_HAND_CHANGES = frozenset(
    ("CardDealt", "CardDrawn", "CardDiscarded", "CardsExchanged", "CardExchanged",
     "CardInverted", "SuddenDemiseCard")
)  # fmt: skip


def facts_from_events(
    game: str, events: Sequence[Event], seat: int = 0, chips_before: int = 0, stack: int = 100
) -> HandFacts:
    """What a finished hand (events of the whole unit) meant for ``seat``, at a table
    where everyone began with ``stack`` chips.

    Each achievement's words are read literally: a Brag win is the game's (its
    target reached, not a deal's points); the hand won with is the one shown last
    (after a sudden-demise card); a shift made the Pure Sabacc only when nothing
    changed the hand after it; a crash is all four showdowns taken, declared or not;
    the dealer's duty is half the deal's players challenged (at least one); the
    chips a hand began with count a re-buy made as it began.
    """
    from game import games
    from game.session.summary import rebought

    outcome = games.get(game).hand_outcome(events, seat)
    won = bool(outcome.won if getattr(outcome, "game_won", None) is None else outcome.game_won)
    hand_kind = ""
    shift_made_it = fouled = False
    showdowns = challenges = players = 0
    dealer_bust = False
    for event in events:
        data = event.to_dict()
        kind = event.kind
        mine = data.get("seat") == seat
        if kind in ("HandRevealed", "HandRanked", "SuddenDemiseCard") and mine:
            hand_kind = str(data.get("hand_kind", data.get("rank_kind", "")))
        if kind == "CardShifted" and mine:
            shift_made_it = data.get("new") != data.get("old")
        elif kind in _HAND_CHANGES and mine:
            shift_made_it = False
        elif kind == "LayoutSet" and mine:
            for cards in data.get("sets") or ():
                if cards and len(cards) == 3 and len({str(c)[:-1] for c in cards}) == 1:
                    hand_kind = "prial"
        elif kind == "LayoutFouled" and mine:
            fouled = True  # the fouled layout took no part in the deal
        elif kind == "ShowdownResult" and data.get("winner") == seat:
            showdowns += 1
        elif kind == "Anted":
            players += 1
        elif kind == "DealerTenBust":
            dealer_bust = True
        elif kind == "ChallengeSettled" and data.get("dealer") == seat:
            challenges += 1
    if fouled and hand_kind == "prial":
        hand_kind = ""
    bought = rebought(events, seat + 1)[seat] if seat >= 0 else 0
    return HandFacts(
        game=game,
        player_won=won,
        hand_kind=hand_kind,
        shift_to_pure=shift_made_it and hand_kind == "pure-sabacc",
        brag_crash=showdowns >= 4,
        dealer_duty_met=not dealer_bust and challenges >= max(1, players // 2),
        pot=max(0, int(outcome.collected)),
        chips_before=chips_before + bought,
        stack=stack,
    )


def record_achievements(
    game: str,
    events: Sequence[Event],
    seat: int = 0,
    chips_before: int = 0,
    directory: Path | None = None,
    notify: Callable[[str], None] | None = None,
    earned: Callable[[str], None] | None = None,
    stack: int = 100,
) -> list[str]:
    """Count a finished hand toward the achievements; tells the player of each new one.

    ``notify`` hears of a damaged book; ``earned`` (``notify`` when not given) takes
    each new achievement's notice. A table passes its own: the notice waits there
    until the table has shown the hand's result, which it would otherwise give away.
    """
    slot = achievements_slot(directory=directory, notify=notify)
    book = load_book(slot)
    new = book.record(facts_from_events(game, events, seat, chips_before, stack))
    # On the writer thread (at every hand's end: no frame waits for the disk's fsync);
    # the next reader of the book waits for it.
    slot.write(book.to_json(), background=True)
    tell = earned if earned is not None else notify
    if tell is not None:
        from game.scenes.kit.words import words  # plain Python: no pygame comes with it

        for achievement_id in new:
            # Said again in the language of the moment while it shows (a switch then).
            tell(words(functools.partial(_earned_notice, achievement_id)))
    return new


def _earned_notice(achievement_id: str) -> str:
    from game import i18n

    name = i18n.t(f"achievement.{achievement_id}.name")
    return i18n.t("achievements.earned_notice", name=name)


# ------------------------------------------------------------------ rewards to play
def fiercest_rival(rivals: dict[str, Any]) -> str:
    """The character who has beaten the player most (their wins minus yours, then hands
    played); the championship's host when the journey kept no record (an older save)."""
    if not rivals:
        return "ilse"
    return max(
        sorted(rivals),
        key=lambda cid: (rivals[cid].their_wins - rivals[cid].your_wins, rivals[cid].hands),
    )


def reward_config(reward: Reward, rivals: dict[str, Any] | None = None) -> Any:
    """The quick-play table an unlocked reward opens, or None for a look (card back, felt).

    A house-rule set plays its game and preset with its overrides against three normal
    regulars; the rematch seats the fiercest rival first, then the rest of the rival's
    venue, at that venue's game and house rules; everyone starts with the rule set's
    own quick-play stack (100 chips; a Kessel stock is smaller).

    >>> reward_config(REWARD_BY_ID["rules-glasswater"]).house_rules
    (('bombout_penalty', True),)
    >>> config = reward_config(REWARD_BY_ID["rematch-meridian"])
    >>> config.rivals, config.opponents
    (('ilse', 'tobias', 'amaru'), ('hard', 'hard', 'hard'))
    """
    from game import games
    from game.campaign.venues import CHARACTERS, VENUES
    from game.session.config import QuickPlayConfig

    if reward.kind is RewardKind.HOUSE_RULES:
        return QuickPlayConfig(
            game=reward.game,
            preset=reward.preset,
            starting_chips=games.get(reward.game).default_chips_for(reward.preset),
            house_rules=tuple(sorted(reward.house_rules)),
        )
    if reward.kind is not RewardKind.REMATCH:
        return None
    rival = fiercest_rival(rivals or {})
    home = next(v for v in VENUES if rival in v.characters)
    seated = (rival, *(c for c in home.characters if c != rival))
    return QuickPlayConfig(
        game=home.game,
        preset=home.preset,
        opponents=tuple(CHARACTERS[c].level for c in seated),
        starting_chips=games.get(home.game).default_chips_for(home.preset),
        rivals=seated,
        house_rules=tuple(sorted(home.house_rules)),
    )
