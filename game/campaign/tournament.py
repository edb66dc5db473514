"""The championship: a multi-table Sabacc tournament at the last venue.

Twelve entrants — the player and eleven characters met on the journey (the hosts
always among them) — sit at three tables of four with ``STACK`` tournament chips each.
A round is ``ROUND_HANDS[round]`` hands (or until one player holds every chip); the two
biggest stacks at each table go through to a final table of six, whose biggest stack
after its hands wins the championship. Ties go to the earlier seat.

The player's table is played at the table scene; the other tables are played here by
the bots with the same engine, seeded, so a resumed save gives the same results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.campaign.venues import CHARACTERS, VENUES

PLAYER = "you"
TABLES = 3
SEATS = 4
QUALIFY = 2
STACK = 100
ROUND_HANDS = (12, 20)  # first round, final
HOSTS = VENUES[-1].characters


@dataclass(slots=True)
class Tournament:
    seed: int
    round: int = 0  # 0: first round, 1: final table
    tables: list[list[str]] = field(default_factory=list)  # entrant ids; PLAYER is the player
    results: list[dict[str, int]] = field(default_factory=list)  # stacks after each round
    winner: str | None = None
    eliminated: bool = False  # the player is out

    stack = STACK

    @classmethod
    def new(cls, seed: int) -> Tournament:
        rng = random.Random(seed)
        others = [c for c in CHARACTERS if c not in HOSTS]
        rng.shuffle(others)
        entrants = [PLAYER, *HOSTS, *others[: TABLES * SEATS - 1 - len(HOSTS)]]
        rng.shuffle(entrants)
        tables = [entrants[i * SEATS : (i + 1) * SEATS] for i in range(TABLES)]
        return cls(seed=seed, tables=tables)

    @property
    def in_play(self) -> bool:
        return self.winner is None and not self.eliminated

    @property
    def hands_this_round(self) -> int:
        return ROUND_HANDS[self.round]

    def player_table(self) -> list[str]:
        """The entrants at the player's table, the player first (seat 0)."""
        table = next(t for t in self.tables if PLAYER in t)
        return [PLAYER, *(e for e in table if e != PLAYER)]

    def finish_round(self, player_stacks: dict[str, int]) -> None:
        """The player's table ended with ``player_stacks``; the other tables are played
        here; the qualifiers go to the final, or the championship is decided."""
        stacks = dict(player_stacks)
        rng = random.Random(self.seed * 31 + self.round)
        for table in self.tables:
            if PLAYER not in table:
                stacks.update(simulate_table(table, self.hands_this_round, rng.randrange(2**31)))
        self.results.append(stacks)
        if self.round == 0:
            qualifiers = [entrant for table in self.tables for entrant in _top(table, stacks)]
            if PLAYER not in qualifiers:
                self.eliminated = True
            self.round = 1
            self.tables = [qualifiers]
            return
        self.winner = _top(self.tables[0], stacks)[0]
        self.eliminated = self.winner != PLAYER

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "round": self.round,
            "tables": [list(t) for t in self.tables],
            "results": [dict(r) for r in self.results],
            "winner": self.winner,
            "eliminated": self.eliminated,
        }

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        from game.storage.saves import SaveFormatError, require

        where = "tournament"
        seed = require(data, "seed", int, where)
        round_no = require(data, "round", int, where)
        tables = require(data, "tables", list, where)
        results = require(data, "results", list, where)
        winner = require(data, "winner", (str, type(None)), where)
        eliminated = require(data, "eliminated", bool, where)
        known = {PLAYER, *CHARACTERS}
        if round_no not in (0, 1):
            raise SaveFormatError("tournament round out of range")
        for table in tables:
            if not isinstance(table, list) or not all(e in known for e in table):
                raise SaveFormatError("tournament table holds an unknown entrant")
        for result in results:
            if not isinstance(result, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in result.values()
            ):
                raise SaveFormatError("tournament results have the wrong shape")
        return cls(seed, round_no, tables, results, winner, eliminated)


def _top(table: list[str], stacks: dict[str, int]) -> list[str]:
    """The qualifiers of one table: biggest stacks first, earlier seat on a tie."""
    order = sorted(range(len(table)), key=lambda i: (-stacks.get(table[i], 0), i))
    return [table[i] for i in order[:QUALIFY]]


def simulate_table(entrants: list[str], hands: int, seed: int) -> dict[str, int]:
    """Play one tournament table with the characters' bots; returns each final stack."""
    from ai import make_player
    from game import games
    from game.rules.base import BETWEEN, CHANCE, TERMINAL

    finale = VENUES[-1]
    game = games.get(finale.game)
    state = game.new_state(len(entrants), STACK, finale.preset, options=finale.options())
    chance = random.Random(seed)
    seat_rngs = [random.Random(seed + 1 + i) for i in range(len(entrants))]
    bots = [
        make_player(game.id, CHARACTERS[e].level, CHARACTERS[e].personality, finale.preset)
        if e in CHARACTERS
        else make_player(game.id, "normal", preset=finale.preset)
        for e in entrants
    ]
    for _ in range(100_000):  # a safety bound: a hand is never this long
        who = state.to_act()
        if who == CHANCE:
            state.sample_chance(chance)
        elif who == BETWEEN:
            if state.completed >= hands:
                break
            state.start_next()
        elif who == TERMINAL:
            break
        else:
            state.apply(bots[who].choose(state.view(who), state.legal_actions(), seat_rngs[who]))
    return {entrant: state.chips[i] for i, entrant in enumerate(entrants)}
