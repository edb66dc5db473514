"""The pygame_gui manager every screen's widgets live in: mouse positions mapped onto
the canvas (letterbox offsets included), every face the theme names loaded up front,
and Japanese tooltips broken into lines by the kinsoku rules."""

from __future__ import annotations

from typing import Any

import pygame_gui

from game import i18n, resources

UI_FONT_LANGUAGE = "ja"  # every UI text uses Noto Sans JP (see game.app.build_theme)


def make_manager(app: Any, size: tuple[int, int], theme: dict[str, Any]) -> pygame_gui.UIManager:
    """A manager for ``app`` (its ``to_canvas`` and ``theme``) at ``size`` with ``theme``."""
    manager = CanvasManager(
        app,
        size,
        theme,
        enable_live_theme_updates=False,
        starting_language=i18n.get_language(),
    )
    # Load every face the theme names now: pygame_gui would otherwise load each on
    # first use mid-frame, with a warning on stderr each time.
    # Text boxes show <b> in their block's size, so each size gets both styles.
    wanted: dict[tuple[int, str], dict[str, Any]] = {}
    for block in theme.values():
        entries = block.get("font") if isinstance(block, dict) else None
        for entry in entries if isinstance(entries, list) else []:
            for style in ("regular", "bold"):
                wanted[(int(entry["size"]), style)] = {
                    "name": "noto_sans_jp",
                    "point_size": int(entry["size"]),
                    "style": style,
                    "antialiased": "1",
                }
    fonts = manager.get_theme().get_font_dictionary()
    missing = [
        spec
        for (size, style), spec in wanted.items()
        if not fonts.check_font_preloaded(
            fonts.create_font_id(size, "noto_sans_jp", style == "bold", False)
        )
    ]
    manager.preload_fonts(missing)
    return manager


class CanvasManager(pygame_gui.UIManager):
    """A UIManager that maps window mouse positions onto the canvas (App.to_canvas),
    offsets included, where pygame_gui alone only scales."""

    def __init__(self, app: Any, *args: Any, **kwargs: Any) -> None:
        self._app = app
        super().__init__(*args, **kwargs)

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        return self._app.to_canvas(position)

    def create_tool_tip(self, text: str, *args: Any, **kwargs: Any) -> Any:
        """Every tooltip, its Japanese broken into lines by the kinsoku rules first:
        pygame_gui alone splits a line of Japanese anywhere, with a hyphen ("支払うべき-"
        / "-額"), and may start a line with "。" or "）"."""
        if i18n.get_language() == "ja":
            wrap = kwargs.get("wrap_width") or int(
                self._app.theme["tool_tip"]["misc"]["rect_width"]
            )
            text = tooltip_lines(self._app, text, wrap)
        return super().create_tool_tip(text, *args, **kwargs)


#: A tooltip's text box keeps this much of its width for its padding and border.
TOOLTIP_INSET = 40


def tooltip_lines(app: Any, text: str, wrap_width: int) -> str:
    """``text`` with a ``<br>`` wherever a line of a ``wrap_width`` tooltip must end,
    only where Japanese allows a break (game.i18n.linebreak)."""
    from game.i18n.linebreak import break_lines

    entries = app.theme["text_box"]["font"]
    language = i18n.get_language()
    size = int(next((e for e in entries if e["locale"] == language), entries[0])["size"])
    regular = resources.font(size, UI_FONT_LANGUAGE)
    bold = resources.font(size, UI_FONT_LANGUAGE, True)

    def measure(words: str, heavy: bool) -> int:
        return int((bold if heavy else regular).size(words)[0])

    return break_lines(text, max(60, wrap_width - TOOLTIP_INSET), measure)
