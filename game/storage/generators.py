"""Random generators a save can hold as two plain integers: a seed and a count of draws.

A :class:`SeededRandom` is Python's own Mersenne Twister, seeded with an integer, that
counts the 32-bit words it has drawn (``random()`` takes two, ``getrandbits(k)`` one
for every 32 bits; every other method of ``random.Random`` ends in these two). Saved as
``{"seed": s, "draws": n}``, it comes back by seeding again and skipping ``n`` words --
the very generator, at the very point, with no generator state in the file.

    >>> a = SeededRandom(7)
    >>> _ = [a.random(), a.randrange(52), a.getrandbits(70), a.shuffle(list(range(9)))]
    >>> b = from_words(to_words(a))
    >>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
    True
"""

from __future__ import annotations

import random
from typing import Any

#: Skipped in chunks of this many words (one C call each).
_CHUNK = 1 << 16
#: No save draws more than this (a million hands of searching bots stay far below).
MAX_DRAWS = 1 << 48


class SeededRandom(random.Random):
    """``random.Random(seed)`` that counts its draws (see the module docstring). With a
    ``seat``, it is ``random.Random(f"seat:{seed}:{seat}")``: a computer seat's own
    generator, made from the table's seed, still saved as integers."""

    def __init__(self, seed: int | None = None, seat: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        self.root = int(seed)
        self.seat = seat
        self.draws = 0
        super().__init__(self.root if seat is None else f"seat:{self.root}:{seat}")

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        if isinstance(a, int):
            self.root, self.seat = a, None
        self.draws = 0

    def random(self) -> float:
        self.draws += 2
        return super().random()

    def getrandbits(self, k: int) -> int:
        if k > 0:
            self.draws += (k + 31) // 32
        return super().getrandbits(k)

    def skip(self, words: int) -> None:
        """Draw ``words`` 32-bit words and forget them."""
        left = words
        while left > 0:
            step = min(left, _CHUNK)
            super().getrandbits(32 * step)
            left -= step
        self.draws += words


def to_words(rng: random.Random) -> dict[str, int]:
    """``{"seed", "draws"}`` for a SeededRandom; for any other generator, a SeededRandom
    seeded from it (its future draws then differ from the live one's: only generators a
    table made with SeededRandom resume exactly)."""
    if isinstance(rng, SeededRandom):
        seat = {} if rng.seat is None else {"seat": rng.seat}
        return {"seed": rng.root, **seat, "draws": rng.draws}
    copy = random.Random()
    copy.setstate(rng.getstate())
    return {"seed": copy.getrandbits(64), "draws": 0}


def from_words(data: Any) -> SeededRandom:
    """The generator ``to_words`` wrote; ValueError when ``data`` is not one."""
    if not isinstance(data, dict):
        raise ValueError("a saved generator must be an object")
    seed, draws, seat = data.get("seed"), data.get("draws"), data.get("seat")
    if type(seed) is not int or seed < 0 or seed.bit_length() > 128:
        raise ValueError("a saved generator's seed must be a whole number")
    if seat is not None and (type(seat) is not int or not 0 <= seat < 64):
        raise ValueError("a saved generator's seat is impossible")
    if type(draws) is not int or not 0 <= draws <= MAX_DRAWS:
        raise ValueError("a saved generator's count of draws is impossible")
    rng = SeededRandom(seed, seat)
    rng.skip(draws)
    return rng
