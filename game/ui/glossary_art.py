"""The glossary's small drawn examples: each term's symbol as the tables draw it.

``render_example(spec, height, palette)`` reads a ``game.help.glossary`` term's
``example`` ("cards:kessel:s3 b3", "puck:1", "outline:good", "spike-dice:3 3"...)
and draws it with the same primitives the tables use (card faces, chips, dice,
tokens, plates), in the player's palette and language. No outside art.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import games, i18n
from game.ui import cards as card_art
from game.ui import draw as furniture
from game.ui import kessel_art, spike_cards, spike_dice
from game.ui.fonts import fit_text, render_text
from game.ui.palette import Colour, Palette, get_palette

Size = tuple[int, int]


def _pill(
    words: str,
    size: int,
    ink: Colour,
    fill: Colour | tuple[int, int, int, int],
    edge: Colour | None = None,
) -> pygame.Surface:
    label = render_text(words, size, ink, bold=True)
    pad_x, pad_y = max(6, size // 2), max(2, size // 5)
    out = pygame.Surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y),
                         pygame.SRCALPHA)  # fmt: skip
    radius = out.get_height() // 2
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(out, edge, out.get_rect(), 1, border_radius=radius)
    out.blit(label, (pad_x, pad_y))
    return out


def _row(images: list[pygame.Surface], gap: int) -> pygame.Surface:
    w = sum(i.get_width() for i in images) + gap * (len(images) - 1)
    h = max(i.get_height() for i in images)
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    x = 0
    for image in images:
        out.blit(image, (x, (h - image.get_height()) // 2))
        x += image.get_width() + gap
    return out


def _cards(game: str, codes: list[str], h: int, palette: str) -> pygame.Surface:
    """``codes`` drawn as the cards of ``game``, a table's short name ("spike"): the
    faces its registry entry draws (game.games)."""
    size = card_art.card_size(h)
    entry = games.by_kind(game)
    if entry is None:
        raise KeyError(game)
    face: Callable[[str, Size, str], pygame.Surface] = games.load(entry.card_face)
    return _row([face(code, size, palette) for code in codes], max(3, h // 12))


def _outlined(image: pygame.Surface, colour: Colour, pad: int, width: int = 3) -> pygame.Surface:
    out = pygame.Surface(
        (image.get_width() + 2 * pad, image.get_height() + 2 * pad), pygame.SRCALPHA
    )
    out.blit(image, (pad, pad))
    pygame.draw.rect(out, colour, out.get_rect(), width, border_radius=max(4, pad * 2))
    return out


def _puck(words: str, d: int, pal: Palette) -> pygame.Surface:
    out = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(out, pal.paper, (r, r), r)
    pygame.draw.circle(out, pal.plate_edge, (r, r), r, 2)
    label = fit_text(words, d - 4, max(9, d * 6 // 10), pal.panel, True)
    out.blit(label, label.get_rect(center=(r, r)))
    return out


def _plate(pal: Palette, palette: str, h: int, active: bool = False) -> pygame.Surface:
    return furniture.render_nameplate("Odo Tarn", 98, i18n.t("level.normal"), active,
                                      (h * 3, max(24, h * 9 // 10)), palette)  # fmt: skip


def _tag(kind: str, h: int, pal: Palette) -> pygame.Surface:
    size = max(11, h // 4)
    panel = (*pal.panel, 235)
    words: dict[str, tuple[str, Colour, Colour | tuple[int, int, int, int]]] = {
        "info": (i18n.t("nh.sitting_out"), pal.text, panel),
        "lead": (i18n.t("sabacc.lead_mark"), pal.info, panel),
        "shift": (i18n.t("tables.shift_mark", old="+7", new="−13"), pal.info, panel),
        "number": ("1", pal.gold, panel),
        "locked": (i18n.t("sabacc.locked_mark"), pal.gold, panel),
        "side": (i18n.t("sabacc.side.light"), (40, 28, 12), (250, 236, 190, 255)),
        "badge": (i18n.t("kt.prime_badge", value=3), pal.bad, panel),
        "news": (i18n.t("kt.immune"), pal.gold, (*pal.plate, 255)),
        "face-down": (i18n.t("spiketable.face_down"), pal.panel, (*pal.info, 255)),
        "points": (i18n.t("brag.points_short", points=3, target=7), pal.brass_light, panel),
        "fouled": (i18n.t("brag.fouled"), pal.bad, panel),
        "duty": (i18n.t("nh.duty", count=1), pal.bad, panel),
        "hidden": (i18n.t("nh.hidden"), pal.panel, (*pal.gold, 255)),
        "limit": (i18n.t("nh.limit_plaque", limit=10), pal.gold, panel),
        "result": ("+4", pal.good, panel),
    }
    text, ink, fill = words[kind]
    return _pill(text, size, ink, fill)


def _pot(kind: str, h: int, pal: Palette, palette: str) -> pygame.Surface:
    size = (h * 2, max(30, h * 3 // 4))
    image = furniture.render_pot(9, "", size, palette).copy()
    if kind == "hand":
        key, colour = "sabacc.hand_pot", pal.gold
    elif kind == "sabacc":
        key, colour = "sabacc.sabacc_pot", pal.info
    elif kind == "single":
        key, colour = "spiketable.pot", pal.brass
    else:
        raise KeyError(kind)
    pygame.draw.rect(image, colour, image.get_rect(), 2, border_radius=size[1] // 3)
    title = fit_text(i18n.t(key), size[0] - 16, max(10, h // 5), colour, True)
    image.blit(title, title.get_rect(midtop=(size[0] // 2, 4)))
    return image


def _token(spec: str, h: int, palette: str, pal: Palette) -> pygame.Surface:
    kind, _, token = spec.partition(":")
    d = max(20, h // 2)
    if kind == "ring":
        out = pygame.Surface((d + 8, d + 8), pygame.SRCALPHA)
        pygame.draw.circle(out, pal.text_dim, out.get_rect().center, d // 2, 1)
        return out
    if kind == "token-back":
        return _row([kessel_art.render_token_back(d * 3 // 4, palette) for _ in range(3)], -d // 4)
    chip = kessel_art.render_token_chip(token, d, palette, dim=kind == "token-dim")
    if kind != "token-ring":
        return chip
    out = pygame.Surface((d + 10, d + 10), pygame.SRCALPHA)
    pygame.draw.circle(out, pal.gold, out.get_rect().center, d // 2 + 3, 2)
    out.blit(chip, chip.get_rect(center=out.get_rect().center))
    return out


def _spike_dice(faces: list[int], h: int, pal: Palette, palette: str) -> pygame.Surface:
    size = max(20, h // 2)
    dice = _row([spike_dice.render_spike_die(f, size, palette) for f in faces], max(4, size // 4))
    if faces[0] == faces[1]:
        return _outlined(dice, pal.info, 4, 2)
    return dice


def _target_dice(h: int, pal: Palette) -> pygame.Surface:
    size = max(20, h // 2)
    out = pygame.Surface((size * 2 + 8, size), pygame.SRCALPHA)
    gold, silver = pygame.Rect(0, 0, size, size), pygame.Rect(size + 8, 0, size, size)
    pygame.draw.rect(out, pal.gold, gold, border_radius=6)
    pygame.draw.rect(out, (200, 205, 215), silver, border_radius=6)
    number = fit_text("+5", size - 4, max(10, size // 2), pal.panel, True)
    out.blit(number, number.get_rect(center=gold.center))
    spike_cards.fill_stave(out, "t", silver.center, size * 0.28, pal.panel)
    return out


def _label(kind: str, h: int, pal: Palette) -> pygame.Surface:
    size = max(11, h // 4)
    if kind == "good":
        return render_text(i18n.t("brag.kind.prial"), size, pal.good, True)
    if kind == "bad":
        return render_text(i18n.t("brag.kind.pair"), size, pal.bad, True)
    you = i18n.t("results.you") if kind == "good-won" else "Odo Tarn"
    colour = pal.good if kind == "good-won" else pal.gold
    return render_text(f"{i18n.t('brag.set_n', number=1)} · {you}", size, colour, True)


def render_example(spec: str, height: int, palette: str = "cantina") -> pygame.Surface:
    """The drawn example of a glossary term, about ``height`` pixels tall."""
    pal = get_palette(palette)
    h = max(24, height)
    kind, _, arg = spec.partition(":")
    if kind == "plate":
        return _plate(pal, palette, h // 2, active=True)
    if kind == "turn":
        return furniture.render_turn_indicator(max(16, h // 3), 0.5, palette)
    if kind == "back":
        size = card_art.card_size(h)
        deck = arg
        if deck == "sabacc":
            return card_art.render_sabacc_back(size, palette)
        return _row([card_art.render_card52_back(size, palette) for _ in range(2)], -size[0] // 2)
    if kind == "card":
        game, _, code = arg.partition(":")
        return _cards(game, [code], h, palette)
    if kind == "cards":
        game, _, codes = arg.partition(":")
        return _cards(game, codes.split(), h, palette)
    if kind == "chips":
        return furniture.render_chip_stack(int(arg), max(16, h // 3), palette, label=False)
    if kind == "puck":
        words = i18n.t("sabacc.dealer_mark") if arg == "dealer" else arg
        return _puck(words, max(20, h // 3), pal)
    if kind == "tag":
        return _tag(arg, h, pal)
    if kind == "outline":
        colour = {"good": pal.good, "gold": pal.gold, "bad": pal.bad}[arg]
        return _outlined(_plate(pal, palette, h // 2), colour, 5)
    if kind == "pot":
        return _pot(arg, h, pal, palette)
    if kind == "total":
        box = pygame.Surface((h * 3 // 2, h * 2 // 3), pygame.SRCALPHA)
        pygame.draw.rect(
            box, (*pal.panel, 220), box.get_rect(), border_radius=box.get_height() // 3
        )
        title = fit_text(
            i18n.t("sabacc.your_total"), box.get_width() - 8, max(9, h // 6), pal.text_dim
        )
        box.blit(title, title.get_rect(midtop=(box.get_width() // 2, 3)))
        value = render_text("+21", max(12, h // 3), pal.text, True)
        box.blit(value, value.get_rect(midbottom=(box.get_width() // 2, box.get_height() - 3)))
        return box
    if kind == "field":
        size = card_art.card_size(h)
        face = card_art.render_sabacc_card(arg, size, palette)
        margin = card_art.stasis_margin(size)
        out = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
        out.blit(face, (margin, margin))
        out.blit(card_art.render_stasis_overlay(size, 0.3, palette), (0, 0))
        return out
    if kind == "die":
        faces = [
            furniture.render_die(6, int(face), max(20, h // 2), palette) for face in arg.split()
        ]
        return faces[0] if len(faces) == 1 else _row(faces, max(4, h // 12))
    if kind == "drawn":
        game = "kessel" if arg[0] in "sb" else "spike"
        return _outlined(_cards(game, [arg], h - 8, palette), pal.gold, 4)
    if kind == "sylop":
        card = _cards("kessel", [arg], h - 8, palette)
        out = _outlined(card, pal.gold, 4)
        tag = _pill(
            i18n.t("kt.sylop_copies", value=4),
            max(9, h // 7),
            pal.gold,
            (*pal.panel, 255),
            pal.gold,
        )
        out.blit(tag, tag.get_rect(midbottom=(out.get_width() // 2, out.get_height() - 6)))
        return out
    if kind.startswith("token") or kind == "ring":
        return _token(spec, h, palette, pal)
    if kind == "spike-dice":
        return _spike_dice([int(f) for f in arg.split()], h, pal, palette)
    if kind == "target-dice":
        return _target_dice(h, pal)
    if kind == "slot":
        box = pygame.Surface((h * 3 // 2, h * 3 // 4), pygame.SRCALPHA)
        pygame.draw.rect(box, pal.felt_dark, box.get_rect(), border_radius=8)
        pygame.draw.rect(box, pal.gold, box.get_rect(), 2, border_radius=8)
        number = render_text("1", max(12, h // 3), pal.felt_pattern, True)
        box.blit(number, number.get_rect(center=box.get_rect().center))
        return box
    if kind == "label":
        return _label(arg, h, pal)
    if kind == "veil":
        card = _cards("brag", [arg], h, palette).copy()
        veil = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        card.blit(veil, (0, 0))
        return card
    raise ValueError(f"no glossary example {spec!r}")
