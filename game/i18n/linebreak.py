"""Line breaking for Japanese text shown in pygame_gui text boxes (kinsoku shori).

pygame_gui wraps only at spaces. Japanese has none, so it cuts a paragraph wherever
the pixels run out (a line may then start with "、" or "。"), and a run of text that
follows a bold phrase, having no space to split at, is pushed whole onto the next
line. ``break_lines`` chooses the breaks itself and writes them as ``<br>`` so every
line already fits and pygame_gui has nothing left to cut.

The rules are the usual ones of Japanese typesetting (JIS X 4051, simplified):
closing brackets, small kana, the long-vowel mark and punctuation never start a
line; opening brackets never end one; a Latin word or number ("−23", "3-3-3",
"Page") is never split except at a space.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

#: Characters that may not begin a line (行頭禁則).
NO_LINE_START = frozenset(
    "、。，．,.・：；:;？！?!ー－」』）)］]｝}〕〉》】〙〗’”%％‰℃…‥々ゝゞヽヾ〜～"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
#: Characters that may not end a line (行末禁則).
NO_LINE_END = frozenset("「『（(［[｛{〔〈《【〘〖‘“")

# Latin words, numbers and signs hold together ("−23", "9½", "A-K-Q", "Page").
_WORD = re.compile(r"[0-9A-Za-z\u00c0-\u024f０-９Ａ-Ｚａ-ｚ+\-−＋.,'½/]")
_RANGE = frozenset("〜～")
_TOKEN = re.compile(r"<[^>]*>|&[#0-9A-Za-z]+;|.", re.DOTALL)

#: Width in pixels of ``text`` in the regular (False) or bold (True) face.
Measure = Callable[[str, bool], int]


@dataclass
class _Glyph:
    text: str  # as written in the markup ("&amp;" stays an entity)
    shown: str  # as drawn
    bold: bool


def may_break(before: str, after: str) -> bool:
    """Whether a line may end after ``before`` and the next begin with ``after``."""
    if after == " ":
        return False  # break after a space, never before it
    if before == " ":
        return after not in NO_LINE_START
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    if before in _RANGE and _WORD.match(after):
        return False  # "1〜15" reads as one range
    return not (_WORD.match(before) and _WORD.match(after))


def _parse(markup: str) -> list[str | _Glyph]:
    """Tags stay strings; each visible character becomes a glyph with its weight."""
    items: list[str | _Glyph] = []
    bold = 0
    for token in _TOKEN.findall(markup):
        if token.startswith("<") and token.endswith(">"):
            name = token.strip("<>/ ").split(" ")[0].lower()
            if name in ("b", "strong"):
                bold += -1 if token.startswith("</") else 1
            items.append(token)
        else:
            items.append(_Glyph(token, html.unescape(token), bold > 0))
    return items


def _is_line_break(item: str | _Glyph) -> bool:
    return isinstance(item, str) and item.strip("<>/ ").lower() == "br"


def _width(glyphs: list[_Glyph], measure: Measure) -> int:
    """A line's width as pygame_gui lays it out: one chunk per run of one weight."""
    total = 0
    start = 0
    for index in range(1, len(glyphs) + 1):
        if index == len(glyphs) or glyphs[index].bold != glyphs[start].bold:
            total += measure("".join(g.shown for g in glyphs[start:index]), glyphs[start].bold)
            start = index
    return total


def break_lines(markup: str, width: int, measure: Measure) -> str:
    """``markup`` (text with <b> and <br> tags) with a ``<br>`` wherever a line must end
    to stay within ``width`` pixels, placed only where Japanese allows a break.

    A space at a break is dropped. A run that cannot break anywhere (a word longer
    than the line) is cut where it overflows, as a last resort.
    """
    items = _parse(markup)
    breaks: dict[int, bool] = {}  # item index -> drop it (a space) when breaking there
    line: list[_Glyph] = []
    line_index: list[int] = []  # item index of each glyph on the line
    best = -1  # position in ``line`` of the latest allowed break
    for index, item in enumerate(items):
        if _is_line_break(item):
            line, line_index, best = [], [], -1
            continue
        if not isinstance(item, _Glyph):
            continue
        if line and may_break(line[-1].shown, item.shown):
            best = len(line)
        line.append(item)
        line_index.append(index)
        if item.shown == " " or _width(line, measure) <= width or len(line) == 1:
            continue
        cut = best if best > 0 else len(line) - 1
        before = line[cut - 1]
        drop = before.shown == " "
        breaks[line_index[cut - 1] if drop else line_index[cut]] = drop
        line, line_index = line[cut:], line_index[cut:]
        best = -1
        for position in range(1, len(line)):
            if may_break(line[position - 1].shown, line[position].shown):
                best = position
    return _render(items, breaks)


def _render(items: list[str | _Glyph], breaks: dict[int, bool]) -> str:
    out: list[str | _Glyph] = []
    for index, item in enumerate(items):
        if index in breaks:
            if breaks[index]:
                out.append("<br>")  # the space itself becomes the break
                continue
            # End the line before any tags that open the next word, after any that close.
            at = len(out)
            while at > 0 and _is_opening_tag(out[at - 1]):
                at -= 1
            out.insert(at, "<br>")
        out.append(item)
    return "".join(item if isinstance(item, str) else item.text for item in out)


def _is_opening_tag(item: str | _Glyph) -> bool:
    return isinstance(item, str) and not item.startswith("</")


def break_lines_if_japanese(markup: str, language: str, width: int, measure: Measure) -> str:
    """``break_lines`` for Japanese; other languages keep pygame_gui's own wrapping at spaces."""
    return break_lines(markup, width, measure) if language == "ja" else markup
