"""The drawing and sound library: every card draws, caches hold, tweens keep time."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import cards, draw, fonts, sound, tween  # noqa: E402
from game.ui.palette import PALETTES, get_palette  # noqa: E402

SIZES = [(60, 90), (100, 150), (240, 360)]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def distinct_colours(surface: pygame.Surface) -> int:
    """How many distinct colours a coarse sample of the surface holds."""
    w, h = surface.get_size()
    seen = set()
    for y in range(0, h, max(1, h // 30)):
        for x in range(0, w, max(1, w // 20)):
            seen.add(tuple(surface.get_at((x, y))))
    return len(seen)


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(
        b, "RGBA"
    )


# --- palettes and fonts ---------------------------------------------------


def test_palettes_selectable_by_name_and_unknown_rejected() -> None:
    assert set(PALETTES) == {"cantina", "colorblind", "high-contrast"}
    assert get_palette("colorblind").name == "colorblind"
    with pytest.raises(ValueError, match="sepia"):
        get_palette("sepia")


def test_suit_colours_differ_within_every_palette() -> None:
    for pal in PALETTES.values():
        assert len(set(pal.sabacc_suit_glow)) == 4, pal.name
        assert len(set(pal.card52_suit)) >= 2, pal.name
    # The colour-blind deck is four-colour: every suit its own ink.
    assert len(set(get_palette("colorblind").card52_suit)) == 4


def test_fonts_load_from_package_data_and_text_cache_is_shared() -> None:
    assert fonts.has_font("sans") and fonts.has_font("jp")
    a = fonts.render_text("Sabacc", 20, (255, 255, 255), bold=True)
    b = fonts.render_text("Sabacc", 20, (255, 255, 255), bold=True)
    assert a is b and a.get_width() > 20
    assert fonts.get_font(20, "sans") is fonts.get_font(20, "sans")
    assert fonts.render_text("サバック", 20, (255, 255, 255), name="jp").get_width() > 20
    assert fonts.get_font(14, "default").get_height() > 0
    with pytest.raises(ValueError):
        fonts.get_font(12, "comic")


# --- Sabacc cards ---------------------------------------------------------


def test_sabacc_codes_cover_both_decks() -> None:
    standard = cards.sabacc_codes()
    centran = cards.sabacc_codes(centran=True)
    assert len(standard) == 60 + 8
    assert len(centran) == 60 + 4 + 8 + 6
    assert {"7c", "15t", "idiot", "evil-one", "star"} <= set(standard)
    assert {"Lc", "Lt", "universe", "hazard"} <= set(centran)


def test_sabacc_parse_values_and_bad_codes() -> None:
    assert cards.parse_sabacc("DEMISE").value == -13
    assert cards.parse_sabacc("lf") == cards.parse_sabacc("Lf")
    assert cards.parse_sabacc("lf").value == 11 and cards.parse_sabacc("lf").kind == "legate"
    assert cards.parse_sabacc("12F").name == "Commander of Flasks"
    assert cards.parse_sabacc("universe").value == -21
    for bad in ("16c", "0c", "7x", "", "joker"):
        with pytest.raises(ValueError, match=repr(bad)):
            cards.parse_sabacc(bad)


@pytest.mark.parametrize("size", SIZES)
def test_every_sabacc_card_renders_with_detail(size: tuple[int, int]) -> None:
    for code in cards.sabacc_codes(centran=True):
        face = cards.render_sabacc_card(code, size)
        assert face.get_size() == size
        assert distinct_colours(face) > 12, code


def test_sabacc_faces_are_all_different() -> None:
    size = (100, 150)
    images = {
        pygame.image.tobytes(cards.render_sabacc_card(c, size), "RGBA")
        for c in cards.sabacc_codes(centran=True)
    }
    assert len(images) == len(cards.sabacc_codes(centran=True))
    assert pygame.image.tobytes(cards.render_sabacc_back(size), "RGBA") not in images


def test_sabacc_suits_differ_in_shape_not_only_colour() -> None:
    # Draw each suit glyph as a one-colour silhouette: any two must differ in
    # at least a fifth of their combined area, so colour is never needed.
    masks = {}
    for suit, glyph in cards.SUIT_GLYPHS.items():
        surf = pygame.Surface((60, 60), pygame.SRCALPHA)
        white = (255, 255, 255)
        glyph(surf, surf.get_rect(), white, white, white)
        masks[suit] = pygame.mask.from_surface(surf)
    for a in masks:
        for b in masks:
            if a < b:
                both = masks[a].overlap_area(masks[b], (0, 0))
                union = masks[a].count() + masks[b].count() - both
                assert union - both > union / 5, (a, b)


def test_card_cache_returns_same_surface_per_code_size_palette() -> None:
    a = cards.render_sabacc_card("7c", (100, 150))
    assert cards.render_sabacc_card("7C", (100, 150)) is a  # case-insensitive codes share a face
    assert cards.render_sabacc_card("7c", [100, 150]) is a  # type: ignore[arg-type]
    assert cards.render_sabacc_card("7c", (100, 150), "colorblind") is not a
    assert cards.render_card52("TD", (100, 150)) is cards.render_card52("10d", (100, 150))
    assert cards.render_sabacc_back((60, 90)) is cards.render_sabacc_back((60, 90))


def test_render_card_dispatches_by_deck() -> None:
    assert cards.render_card("7c", (60, 90)) is cards.render_sabacc_card("7c", (60, 90))
    assert cards.render_card("7c", (60, 90), deck="52") is cards.render_card52("7C", (60, 90))
    assert cards.render_card("back", (60, 90), deck="52") is cards.render_card52_back((60, 90))
    with pytest.raises(ValueError):
        cards.render_card("7c", (60, 90), deck="tarot")


# --- the shift and the stasis field ---------------------------------------


def test_shift_frames_start_on_old_face_and_end_on_new() -> None:
    size = (100, 150)
    old = cards.render_sabacc_card("7s", size)
    new = cards.render_sabacc_card("demise", size)
    assert same_pixels(cards.render_shift_frame("7s", "demise", size, 0.0), old)
    assert same_pixels(cards.render_shift_frame("7s", "demise", size, 1.0), new)
    mid = cards.render_shift_frame("7s", "demise", size, 0.5)
    assert not same_pixels(mid, old) and not same_pixels(mid, new)


def test_shift_frames_are_deterministic() -> None:
    size = (80, 120)
    for t in (0.2, 0.5, 0.8):
        a = cards.render_shift_frame("3c", "11f", size, t)
        b = cards.render_shift_frame("3c", "11f", size, t)
        assert same_pixels(a, b)
    assert not same_pixels(
        cards.render_shift_frame("3c", "11f", size, 0.3),
        cards.render_shift_frame("3c", "11f", size, 0.6),
    )


def test_stasis_overlay_frames_card_and_animates() -> None:
    size = (100, 150)
    m = cards.stasis_margin(size)
    a = cards.render_stasis_overlay(size, 0.0)
    assert a.get_size() == (100 + 2 * m, 150 + 2 * m)
    assert a is cards.render_stasis_overlay(size, 0.01)  # same phase, cached
    assert not same_pixels(a, cards.render_stasis_overlay(size, 0.5))
    frozen = cards.render_frozen_card("15c", size, 0.0)
    plain = cards.render_sabacc_card("15c", size)
    # The field tints the face cyan-ward: the frozen card's centre is not the plain card's.
    assert frozen.get_at((m + 50, m + 75)) != plain.get_at((50, 75))


# --- the 52-card deck -----------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_every_52_card_renders(size: tuple[int, int]) -> None:
    faces = set()
    for code in cards.card52_codes():
        face = cards.render_card52(code, size)
        assert face.get_size() == size and distinct_colours(face) > 4, code
        faces.add(pygame.image.tobytes(face, "RGBA"))
    assert len(faces) == 52


def test_52_card_bad_code_named() -> None:
    with pytest.raises(ValueError, match="1S"):
        cards.render_card52("1S", (60, 90))


def test_colorblind_deck_inks_diamonds_differently_from_hearts() -> None:
    pal = get_palette("colorblind")
    assert pal.suit52("H") != pal.suit52("D") and pal.suit52("S") != pal.suit52("C")
    assert not same_pixels(
        cards.render_card52("AH", (60, 90), "colorblind"), cards.render_card52("AH", (60, 90))
    )


# --- the table ------------------------------------------------------------


def test_felt_cached_per_size() -> None:
    a = draw.render_felt((640, 360))
    assert a is draw.render_felt((640, 360))
    assert a.get_size() == (640, 360)
    assert distinct_colours(a) > 20
    assert draw.render_felt((320, 200)).get_size() == (320, 200)


def test_chips_break_into_fewest_chips_and_stack() -> None:
    assert draw.break_into_chips(137) == [(100, 1), (25, 1), (10, 1), (1, 2)]
    assert draw.break_into_chips(0) == []
    small = draw.render_chip_stack(7, 30)
    big = draw.render_chip_stack(1265, 30)
    assert big.get_width() > small.get_width()
    assert draw.render_chip_stack(7, 30) is small
    assert draw.render_pot(420, "Hand pot", (200, 100)).get_size() == (200, 100)


def test_dice_faces_and_roll() -> None:
    for sides in (2, 4, 6, 8):
        faces = {
            pygame.image.tobytes(draw.render_die(sides, v, 48), "RGBA") for v in range(1, sides + 1)
        }
        assert len(faces) == sides
    with pytest.raises(ValueError):
        draw.render_die(6, 7, 48)
    assert draw.render_dice_roll_frame(6, 4, 48, 1.0) is draw.render_die(6, 4, 48)
    assert same_pixels(
        draw.render_dice_roll_frame(6, 4, 48, 0.3, seed=9),
        draw.render_dice_roll_frame(6, 4, 48, 0.3, seed=9),
    )


def test_nameplate_glows_when_active() -> None:
    idle = draw.render_nameplate("Lando", 120, "Hard", False, (200, 56))
    active = draw.render_nameplate("Lando", 120, "Hard", True, (200, 56))
    assert active.get_width() > idle.get_width()  # the glow reaches past the plate
    assert (
        draw.render_turn_indicator(40, 0.0).get_size()
        == draw.render_turn_indicator(40, 0.5).get_size()
    )


# --- tweens ---------------------------------------------------------------


def test_easings_hit_their_endpoints() -> None:
    for name, ease in tween.EASINGS.items():
        assert ease(0.0) == pytest.approx(0.0, abs=1e-9), name
        assert ease(1.0) == pytest.approx(1.0, abs=1e-9), name
    assert tween.back_out(0.8) > 1.0  # overshoots before settling
    assert tween.ease_in_out(0.5) == pytest.approx(0.5)


def test_tween_timing_and_finish_callback() -> None:
    seen: list[float] = []
    finished: list[str] = []
    q = tween.AnimationQueue()
    q.push(tween.Tween(1.0, seen.append, "linear", lambda: finished.append("a")))
    q.update(0.25)
    q.update(0.25)
    assert seen == [0.25, 0.5] and not finished and q.busy
    q.update(0.6)
    assert seen[-1] == 1.0 and finished == ["a"] and not q.busy


def test_sequence_carries_leftover_time_and_parallel_waits_for_longest() -> None:
    log: list[tuple[str, float]] = []
    q = tween.AnimationQueue()
    q.push(
        tween.Sequence(
            tween.Tween(0.5, lambda p: log.append(("a", p)), "linear"),
            tween.Tween(1.0, lambda p: log.append(("b", p)), "linear"),
        ),
        tween.Parallel(tween.Wait(0.2), tween.Wait(0.4)),
    )
    q.update(0.75)  # a ends at 0.5, b gets the other 0.25
    assert log == [("a", 1.0), ("b", 0.25)]
    q.update(0.75)  # b ends at 1.5 total; the parallel starts with 0
    assert log[-1] == ("b", 1.0) and q.busy
    q.update(0.3)
    assert q.busy  # the 0.4 wait is still running
    q.update(0.11)
    assert not q.busy


def test_speed_multiplier_and_instant_mode() -> None:
    seen: list[float] = []
    fast = tween.AnimationQueue(speed=2.0)
    fast.push(tween.Tween(1.0, seen.append, "linear"))
    fast.update(0.25)
    assert seen == [0.5]
    order: list[int] = []
    instant = tween.AnimationQueue(instant=True)
    instant.push(
        tween.Tween(5.0, on_finish=lambda: order.append(1)), tween.Call(lambda: order.append(2))
    )
    assert order == [1, 2] and not instant.busy
    slow = tween.AnimationQueue()
    slow.push(tween.Tween(9.0, on_finish=lambda: order.append(3)))
    slow.instant = True  # switching on finishes what is queued
    assert order == [1, 2, 3]


def test_clear_drops_without_callbacks() -> None:
    called: list[int] = []
    q = tween.AnimationQueue()
    q.push(tween.Call(lambda: called.append(1)))
    q.clear()
    q.update(1.0)
    assert called == [] and not q.busy


# --- sound ----------------------------------------------------------------


def test_effects_generate_audible_pcm() -> None:
    for name in sound.EFFECTS:
        pcm = sound.generate(name, 8000)
        assert len(pcm) > 100, name
        assert max(abs(v) for v in pcm) > 2000, name  # not silence
        assert max(abs(v) for v in pcm) <= 32767
    assert len(sound.generate("card_flick", 8000, channels=2)) == 2 * len(
        sound.generate("card_flick", 8000)
    )
    with pytest.raises(ValueError):
        sound.generate("kazoo")


def test_sound_bank_with_dummy_audio_driver() -> None:
    bank = sound.SoundBank(0.5)
    try:
        assert bank.available
        bank.play("chip_clink")
        bank.set_volume(2.0)
        assert bank.volume == 1.0
        bank.set_muted(True)
        bank.play("win_fanfare")
        with pytest.raises(ValueError):
            bank.play("kazoo")
    finally:
        pygame.mixer.quit()


def test_sound_bank_silent_without_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    bank = sound.SoundBank(0.8)
    assert not bank.available
    bank.play("dice_rattle")  # a silent no-op, not an error
    bank.preload()
    bank.set_volume(0.3)
    assert bank.volume == 0.3


def test_stereo_pcm_repeats_each_clipped_sample_per_channel() -> None:
    pcm = sound.to_pcm16([0.0, 0.5, -2.0, 1.5], channels=2)
    assert list(pcm) == [0, 0, 16383, 16383, -32767, -32767, 32767, 32767]


def test_each_effect_is_synthesised_once_for_every_table() -> None:
    first = sound.pcm_bytes("card_flick", 8000, 2)
    assert sound.pcm_bytes("card_flick", 8000, 2) is first  # the second table reuses it
    assert first == sound.generate("card_flick", 8000, 2).tobytes()


# Every effect at 8 kHz mono: (samples, sum of |sample|). A change that moves these
# makes different sounds: bump sound.SYNTH_VERSION so no cached file of the old
# synthesis is played, then update these. (A tolerance of one in 10^5 leaves room for
# another platform's sin/exp rounding, never for a changed effect.)
EFFECT_PRINTS = {
    "card_flick": (480, 1291097),
    "card_slide": (1760, 4843061),
    "chip_clink": (1440, 3369303),
    "chip_stack": (2560, 7908180),
    "shift_hum": (5600, 14816613),
    "dice_rattle": (4000, 2546305),
    "win_fanfare": (8000, 23343458),
    "bust_thud": (3600, 18221304),
}


def test_effects_sound_as_pinned() -> None:
    assert set(EFFECT_PRINTS) == set(sound.EFFECTS)
    for name, (length, loudness) in EFFECT_PRINTS.items():
        pcm = sound.generate(name, 8000)
        assert len(pcm) == length, name
        assert sum(abs(v) for v in pcm) == pytest.approx(loudness, rel=1e-5), name


@pytest.fixture
def fresh_sounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty in-process store and cache folder (under tmp_path)."""
    monkeypatch.setattr(sound, "_pcm_cache", {})
    monkeypatch.setattr(sound, "_warmed", set())
    monkeypatch.setattr(sound, "sound_cache_dir", lambda: tmp_path / "sounds")
    return tmp_path / "sounds"


def test_made_effects_are_kept_in_the_cache_folder(
    fresh_sounds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = sound.pcm_bytes("chip_clink", 8000, 2)
    assert made == sound.generate("chip_clink", 8000, 2).tobytes()
    assert [p.name for p in fresh_sounds.iterdir()] == [
        f"chip_clink-8000-2-v{sound.SYNTH_VERSION}.pcm"
    ]
    # The next run reads the file back, synthesising nothing.
    monkeypatch.setattr(sound, "_pcm_cache", {})
    monkeypatch.setattr(sound, "generate", lambda *a: pytest.fail("synthesised again"))
    assert sound.pcm_bytes("chip_clink", 8000, 2) == made


@pytest.mark.parametrize(
    "damage",
    [
        lambda blob: b"",
        lambda blob: blob[:-3],  # cut short
        lambda blob: blob[:40] + bytes([blob[40] ^ 1]) + blob[41:],  # one bit changed
        lambda blob: b"garbage" + blob,
        lambda blob: blob[:30],  # header only
    ],
)
def test_a_damaged_sound_cache_file_is_made_afresh(
    fresh_sounds: Path, monkeypatch: pytest.MonkeyPatch, damage: Callable[[bytes], bytes]
) -> None:
    made = sound.pcm_bytes("card_flick", 8000, 1)
    path = fresh_sounds / f"card_flick-8000-1-v{sound.SYNTH_VERSION}.pcm"
    path.write_bytes(damage(path.read_bytes()))
    monkeypatch.setattr(sound, "_pcm_cache", {})
    assert sound.pcm_bytes("card_flick", 8000, 1) == made
    assert path.read_bytes().endswith(made)  # written again, whole


def test_a_cache_folder_that_cannot_be_used_only_costs_time(
    fresh_sounds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_sounds.parent.mkdir(parents=True, exist_ok=True)
    fresh_sounds.write_text("a file where the folder should be")
    made = sound.pcm_bytes("bust_thud", 8000, 1)  # neither read nor written: no error
    assert made == sound.generate("bust_thud", 8000).tobytes()
    # A folder where the effect's file should be: the same.
    fresh_sounds.unlink()
    (fresh_sounds / f"bust_thud-8000-1-v{sound.SYNTH_VERSION}.pcm").mkdir(parents=True)
    monkeypatch.setattr(sound, "_pcm_cache", {})
    assert sound.pcm_bytes("bust_thud", 8000, 1) == made


def test_effects_are_made_ahead_on_a_background_thread(
    fresh_sounds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At app start every effect is made off the frame loop; a table's first play gets
    the very bytes it would have synthesised itself."""
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=8000, size=-16, channels=2)
    except pygame.error:
        pytest.skip("no mixer, not even the dummy one")
    try:
        monkeypatch.setattr(sound, "warm_in_background", False)
        assert sound.warm_up() is None  # tests keep it off unless they ask
        monkeypatch.setattr(sound, "warm_in_background", True)
        thread = sound.warm_up(pause=0.0)
        assert thread is not None and sound.warm_up() is None  # once per format
        rate, _, channels = pygame.mixer.get_init()
        # Asked for while the thread may be making it: the same bytes, made once.
        fanfare = sound.pcm_bytes("win_fanfare", rate, channels)
        thread.join(timeout=60)
        assert set(sound._pcm_cache) == {(name, rate, channels) for name in sound.EFFECTS}
        assert sound._pcm_cache[("win_fanfare", rate, channels)] is fanfare
        assert fanfare == sound.generate("win_fanfare", rate, channels).tobytes()
        assert len(list(fresh_sounds.iterdir())) == len(sound.EFFECTS)
    finally:
        pygame.mixer.quit()


def test_what_a_killed_app_left_in_the_sound_cache_is_swept(fresh_sounds: Path) -> None:
    fresh_sounds.mkdir(parents=True)
    old, new = fresh_sounds / "chip_clink-1.tmp", fresh_sounds / "chip_clink-2.tmp"
    old.write_bytes(b"half")
    new.write_bytes(b"being written")
    os.utime(old, (0, 0))
    sound._sweep_cache()
    assert not old.exists() and new.exists()  # another app may be writing the new one
