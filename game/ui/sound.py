"""Short sound effects synthesised by our own code (standard library only).

Every effect is a function of the sample rate that returns mono samples in
-1..1; nothing is loaded from disk, so there are no asset licences to track and
the frozen app carries no audio files.  ``SoundBank`` turns them into
``pygame.mixer.Sound`` objects when the mixer is working; on a machine without
audio (or with the mixer failing to start) every ``play`` is a silent no-op,
so the game still plays. Made effects are kept in the platform cache folder
(``sound_cache_dir``; a damaged file there is ignored and made afresh) and, at app
start, made ahead on a background thread (``warm_up``).

Effects: card_flick, card_slide, chip_clink, chip_stack, shift_hum,
dice_rattle, win_fanfare, bust_thud.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import os
import random
import threading
import time
from array import array
from collections.abc import Callable
from pathlib import Path

import platformdirs
import pygame

from game.storage.settings import APP_NAME
from game.ui.frame_gate import give_way

log = logging.getLogger("sabacc.sound")

Samples = list[float]


def _env(i: int, n: int, attack: int, decay_power: float = 2.0) -> float:
    """A quick attack then a curved decay to silence at the end."""
    if i < attack:
        return i / max(1, attack)
    return (1 - (i - attack) / max(1, n - attack)) ** decay_power


def card_flick(rate: int) -> Samples:
    """A crisp paper snap: a burst of high-passed noise, very short."""
    rng = random.Random(1)
    n = int(rate * 0.06)
    out, prev = [], 0.0
    for i in range(n):
        x = rng.uniform(-1, 1)
        hp = x - prev  # first difference: keeps the crackle, drops the rumble
        prev = x
        out.append(0.5 * hp * _env(i, n, int(rate * 0.002), 3))
    return out


def card_slide(rate: int) -> Samples:
    """A card sliding on felt: soft low-passed noise swelling and fading."""
    rng = random.Random(2)
    n = int(rate * 0.22)
    out, lp = [], 0.0
    for i in range(n):
        lp += 0.18 * (rng.uniform(-1, 1) - lp)
        swell = math.sin(math.pi * i / n)
        out.append(0.9 * lp * swell)
    return out


def _clink(rate: int, seconds: float, freqs: tuple[float, ...], seed: int) -> Samples:
    """Struck clay/metal: a few inharmonic partials decaying fast, plus a tick."""
    rng = random.Random(seed)
    n = int(rate * seconds)
    out = []
    for i in range(n):
        t = i / rate
        v = sum(
            math.sin(2 * math.pi * f * t) * math.exp(-t * (18 + k * 9)) for k, f in enumerate(freqs)
        )
        if i < rate * 0.003:
            v += rng.uniform(-1, 1)
        out.append(0.3 * v)
    return out


def chip_clink(rate: int) -> Samples:
    return _clink(rate, 0.18, (2250.0, 3310.0, 4870.0), 3)


def chip_stack(rate: int) -> Samples:
    """Several chips dropped onto a stack: clinks a few tens of ms apart."""
    one = _clink(rate, 0.12, (1900.0, 2950.0, 4400.0), 4)
    n = int(rate * 0.32)
    out = [0.0] * n
    for k, start in enumerate((0.0, 0.045, 0.085, 0.14, 0.19)):
        s0 = int(start * rate)
        gain = 0.9 - 0.12 * k
        for i, v in enumerate(one):
            if s0 + i < n:
                out[s0 + i] += v * gain
    return out


def shift_hum(rate: int) -> Samples:
    """The Sabacc shift: a warbling synth tone that bends and dissolves."""
    n = int(rate * 0.7)
    out, phase, phase2 = [], 0.0, 0.0
    for i in range(n):
        t = i / rate
        f = 180 + 90 * math.sin(2 * math.pi * 7 * t) + 260 * t  # vibrato plus an upward glide
        phase += 2 * math.pi * f / rate
        phase2 += 2 * math.pi * f * 1.503 / rate  # a detuned fifth beats against it
        v = 0.55 * math.sin(phase) + 0.3 * math.sin(phase2) + 0.15 * math.sin(3 * phase)
        out.append(0.5 * v * _env(i, n, int(rate * 0.05), 1.5))
    return out


def dice_rattle(rate: int) -> Samples:
    """Dice in a cup then across the table: irregular clicks thinning out."""
    rng = random.Random(6)
    n = int(rate * 0.5)
    out = [0.0] * n
    t = 0.0
    while t < 0.45:
        s0 = int(t * rate)
        f = rng.uniform(1800, 3200)
        for i in range(int(rate * 0.02)):
            if s0 + i < n:
                out[s0 + i] += (
                    0.35 * math.sin(2 * math.pi * f * i / rate) * math.exp(-i / (rate * 0.004))
                )
        t += rng.uniform(0.015, 0.03) + t * 0.12  # clicks spread out as the dice slow
    return out


def win_fanfare(rate: int) -> Samples:
    """A bright rising arpeggio ending on a held chord."""
    notes = [
        (523.25, 0.0, 0.14),
        (659.25, 0.12, 0.14),
        (783.99, 0.24, 0.14),
        (1046.5, 0.36, 0.6),
        (783.99, 0.36, 0.6),
        (659.25, 0.36, 0.6),
    ]
    n = int(rate * 1.0)
    out = [0.0] * n
    for f, start, dur in notes:
        s0, m = int(start * rate), int(dur * rate)
        for i in range(m):
            if s0 + i < n:
                t = i / rate
                tone = math.sin(2 * math.pi * f * t) + 0.3 * math.sin(4 * math.pi * f * t)
                out[s0 + i] += 0.22 * tone * _env(i, m, int(rate * 0.01), 1.2)
    return out


def bust_thud(rate: int) -> Samples:
    """A low falling thump: a bombed-out hand."""
    n = int(rate * 0.45)
    out, phase = [], 0.0
    rng = random.Random(8)
    for i in range(n):
        t = i / rate
        f = 110 * math.exp(-t * 5) + 40
        phase += 2 * math.pi * f / rate
        v = math.sin(phase) + (0.3 * rng.uniform(-1, 1) if t < 0.02 else 0.0)
        out.append(0.8 * v * math.exp(-t * 7))
    return out


EFFECTS: dict[str, Callable[[int], Samples]] = {
    "card_flick": card_flick,
    "card_slide": card_slide,
    "chip_clink": chip_clink,
    "chip_stack": chip_stack,
    "shift_hum": shift_hum,
    "dice_rattle": dice_rattle,
    "win_fanfare": win_fanfare,
    "bust_thud": bust_thud,
}


def to_pcm16(samples: Samples, channels: int = 1) -> array:
    """Clip to -1..1 and pack as signed 16-bit, each sample repeated per channel."""
    mono = array("h", [int(max(-1.0, min(1.0, v)) * 32767) for v in samples])
    if channels == 1:
        return mono
    out = array("h", bytes(2 * len(mono) * channels))
    for channel in range(channels):
        out[channel::channels] = mono
    return out


# Generated effects, kept for the process: every table builds its own SoundBank. Made
# once per process (synthesising one costs up to ~70 ms at 44.1 kHz stereo), read back
# from the platform cache folder on later runs, and at app start made on a background
# thread (``warm_up``) so no table frame waits for a first play.
_pcm_cache: dict[tuple[str, int, int], bytes] = {}
_making: dict[tuple[str, int, int], threading.Event] = {}  # made now by another thread
_making_lock = threading.Lock()

# Bump when any effect (or to_pcm16) would make different bytes: cached files of an
# older version are then never read (tests/ui/test_ui_drawing.py pins every effect).
SYNTH_VERSION = 1
_CACHE_MAGIC = b"SPPCM1\n"
_DIGEST = 16  # blake2b bytes guarding each cached file


def sound_cache_dir() -> Path:
    """Where generated effects are kept between runs (platformdirs' user_cache_dir)."""
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "sounds"


def _cache_path(name: str, rate: int, channels: int) -> Path:
    return sound_cache_dir() / f"{name}-{rate}-{channels}-v{SYNTH_VERSION}.pcm"


def _read_cached(name: str, rate: int, channels: int) -> bytes | None:
    """The cached PCM, or None when it is missing, unreadable or damaged in any way
    (wrong header, cut short, bytes changed): the effect is then made afresh."""
    try:
        blob = _cache_path(name, rate, channels).read_bytes()
    except (OSError, ValueError):
        return None
    head = len(_CACHE_MAGIC) + _DIGEST
    if len(blob) <= head or not blob.startswith(_CACHE_MAGIC):
        return None
    digest, data = blob[len(_CACHE_MAGIC) : head], blob[head:]
    if hashlib.blake2b(data, digest_size=_DIGEST).digest() != digest or len(data) % (2 * channels):
        return None
    return data


def _write_cached(name: str, rate: int, channels: int, data: bytes) -> None:
    """Keep ``data`` for the next run; a cache that cannot be written is no problem."""
    path = _cache_path(name, rate, channels)
    digest = hashlib.blake2b(data, digest_size=_DIGEST).digest()
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(_CACHE_MAGIC + digest + data)
        os.replace(temporary, path)  # whole or not at all, even with two apps at once
    except OSError as error:
        log.info("sound cache not written (%s): %s", path, error)
        with contextlib.suppress(OSError):
            temporary.unlink()


def _sweep_cache(older_than: float = 3600.0) -> None:
    """Remove what an app killed while writing the cache left (``*.tmp``, an hour old)."""
    now = time.time()
    with contextlib.suppress(OSError):
        for path in sound_cache_dir().glob("*.tmp"):
            with contextlib.suppress(OSError):
                if path.stat().st_mtime < now - older_than:
                    path.unlink()


def pcm_bytes(name: str, rate: int, channels: int) -> bytes:
    """``generate(name, rate, channels)`` as bytes, made once per process (read from the
    cache folder when an earlier run made it). A thread asking while another thread
    makes it waits for that one rather than making it twice."""
    key = (name, rate, channels)
    data = _pcm_cache.get(key)
    if data is not None:
        return data
    with _making_lock:
        data = _pcm_cache.get(key)
        if data is not None:
            return data
        busy = _making.get(key)
        if busy is None:
            done = _making[key] = threading.Event()
    if busy is not None:
        busy.wait()
        return _pcm_cache.get(key) or pcm_bytes(name, rate, channels)
    try:
        data = _read_cached(name, rate, channels)
        if data is None:
            data = generate(name, rate, channels).tobytes()
            _write_cached(name, rate, channels, data)
        _pcm_cache[key] = data
    finally:
        with _making_lock:
            del _making[key]
        done.set()
    return data


# The order a table first plays them in: the deal's slide and flick, the ante's clink...
WARM_ORDER = (
    "card_slide",
    "card_flick",
    "chip_clink",
    "chip_stack",
    "shift_hum",
    "dice_rattle",
    "bust_thud",
    "win_fanfare",
)
# Tests set this False: their tables then make each effect at its first play, in the
# frame, as before (no thread racing the test's frames).
warm_in_background = True
_warmed: set[tuple[int, int]] = set()


def warm_up(pause: float = 0.005) -> threading.Thread | None:
    """Make every effect for the mixer's format on a background thread, now, so a
    table's first play only wraps bytes made already. From the cache folder that is a
    few ms in all; the first run synthesises them (~0.2 s of CPU at 44.1 kHz stereo)
    one at a time with a ``pause`` between. (Not at a lower OS priority: a thread
    descheduled while holding the GIL would stall the frame loop waiting for it.)
    Returns the thread; None when there is no mixer in a format we write, background
    warming is off, or this format was warmed already."""
    fmt = pygame.mixer.get_init()
    if not warm_in_background or fmt is None or fmt[1] != -16:
        return None
    rate, _, channels = fmt
    if (rate, channels) in _warmed:
        return None
    _warmed.add((rate, channels))

    def work() -> None:
        _sweep_cache()
        for name in WARM_ORDER:
            try:
                pcm_bytes(name, rate, channels)
            except Exception:  # a sound that cannot be made is made (or not) at play
                log.exception("sound %s not made ahead", name)
            time.sleep(pause)  # the frame loop gets the GIL between effects
            give_way()  # and never shares it while drawing a frame

    thread = threading.Thread(target=work, name="sound warm-up", daemon=True)
    thread.start()
    return thread


def generate(name: str, rate: int = 22050, channels: int = 1) -> array:
    """The effect ``name`` as 16-bit PCM; ``ValueError`` for an unknown name."""
    if name not in EFFECTS:
        raise ValueError(f"unknown sound effect {name!r}; choose from {sorted(EFFECTS)}")
    return to_pcm16(EFFECTS[name](rate), channels)


class SoundBank:
    """The game's effects, ready to play; silent where there is no audio.

    ``SoundBank(volume)`` tries to start the mixer (16-bit) if nothing has yet;
    any failure leaves the bank silent rather than raising.
    """

    def __init__(self, volume: float = 0.8, init_mixer: bool = True) -> None:
        self._volume = _clamp(volume)
        self._muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None
        try:
            if init_mixer and not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            fmt = pygame.mixer.get_init()
        except pygame.error:
            fmt = None
        # We only write signed 16-bit; any other mixer format stays silent, not garbled.
        if fmt is not None and fmt[1] == -16:
            self._format = (fmt[0], fmt[1], fmt[2])

    @property
    def available(self) -> bool:
        """True when sounds really play (the mixer started in a format we write)."""
        return self._format is not None

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Master effects volume, 0..1."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        self._muted = muted

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}; choose from {sorted(EFFECTS)}")
        if self._format is None:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            rate, _, channels = self._format
            try:
                sound = pygame.mixer.Sound(buffer=pcm_bytes(name, rate, channels))
            except pygame.error:
                self._format = None  # the mixer went away: fall silent for good
                return None
            sound.set_volume(self._volume)
            self._sounds[name] = sound
        return sound

    def preload(self) -> None:
        """Generate every effect now (about a second of CPU) rather than on first play."""
        for name in EFFECTS:
            self._sound(name)

    def play(self, name: str) -> None:
        """Play ``name`` once; nothing happens when muted or without audio."""
        sound = self._sound(name)
        if sound is None or self._muted or self._volume <= 0:
            return
        with contextlib.suppress(pygame.error):  # a device lost mid-game must not end the game
            sound.play()


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))


def start_audio() -> bool:
    """Start the mixer and warm the effects off the frame loop (not at a table's first
    play). A machine without a sound device must still play: sound is never required,
    so this says False instead of failing."""
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    warm_up()
    return True
