"""Results of a session at a table: the final standings (each seat's stack and what it
won or lost, a game's points for Brag), the biggest pot, the player's best hand and a
small chart of the stacks hand by hand; play again or back to the menu."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
from pygame_gui.elements import UILabel

from game import games, i18n
from game.app import App
from game.scenes.base import BRASS, BRASS_LIGHT, CREAM, MenuScene, click_events, rendered
from game.scenes.table import game_name
from game.session import SessionResult
from game.session.summary import SessionLog

# One colour per seat in the chart and beside the standings (the player's line thicker).
SEAT_COLOURS = (
    (242, 200, 106),
    (110, 190, 230),
    (235, 120, 100),
    (170, 220, 120),
    (200, 150, 230),
    (240, 160, 60),
    (120, 220, 200),
    (240, 140, 190),
    (200, 200, 200),
    (150, 130, 90),
)


def signed(value: int) -> str:
    """+12, −8, ±0 (a real minus sign)."""
    if value > 0:
        return "+" + i18n.format_number(value)
    if value < 0:
        return "−" + i18n.format_number(-value)
    return "±0"


def seat_names(result: SessionResult) -> list[str]:
    """The seats' names: the table's cast (characters), the player as "You"."""
    from game.scenes.kit.cast import quick_cast

    seats = len(result.chips_end)
    names = list(result.names) if len(result.names) >= seats else []
    if not names:
        names = [seat.name for seat in quick_cast(result.config.opponents)]
    names = names + [i18n.t("quick.opponent", number=s) for s in range(len(names), seats)]
    return [i18n.t("results.you") if s == 0 else names[s] for s in range(seats)]


def standings(result: SessionResult) -> list[int]:
    """Seats in final order: most chips first (then most points), then by seat."""
    seats = range(len(result.chips_end))
    scores = result.scores if len(result.scores) == len(result.chips_end) else []
    return sorted(seats, key=lambda s: (-result.chips_end[s], -(scores[s] if scores else 0), s))


def net_by_seat(result: SessionResult) -> list[int | None]:
    """Chips each seat won or lost over the session (None when it is not known)."""
    seats = len(result.chips_end)
    log = result.log
    if log is not None and log.hands:
        net = log.net()
        return [net[s] if s < len(net) else None for s in range(seats)]
    start = result.config.starting_chips
    return [chips - start for chips in result.chips_end]


class ResultsScene(MenuScene):
    name = "results"
    cache_decor = True

    def __init__(self, app: App, result: SessionResult) -> None:
        super().__init__(app)
        self.result = result
        self.chart_area: pygame.Rect | None = None
        self.swatches: list[tuple[pygame.Rect, int]] = []

    @property
    def log(self) -> SessionLog | None:
        return self.result.log

    # ------------------------------------------------------------------- words
    @property
    def preset(self) -> str | None:
        """The session's rule set when the game knows it (None: the game's own)."""
        config = self.result.config
        entry = games.get(config.game)
        return config.preset if config.preset in entry.preset_names else None

    @property
    def unit_word(self) -> str:
        """What one unit is called here: "hand" (Sabacc), "round" (Kessel), "deal"."""
        unit = games.get(self.result.config.game).unit_for(self.preset)
        return {"hands": "hand", "rounds": "round"}.get(unit, "deal")

    def subtitle(self) -> str:
        config = self.result.config
        entry = games.get(config.game)
        deals = len(self.log.hands) if self.log is not None else 0
        if self.result.rounds_played:
            played = i18n.t(entry.played_key_for(self.preset), count=self.result.rounds_played)
        elif deals and entry.unit_for(self.preset) == "games":
            # Brag counts games, played in deals: deals were played, no game ended.
            played = i18n.t("results.no_game", deals=i18n.t("results.deals", count=deals))
        else:
            played = i18n.t(
                "results.no_rounds" if self.unit_word == "round" else "results.no_hands"
            )
        # A rule set that is a game of its own to the player (Kessel) is named as one.
        stats_id = entry.stats_id(self.preset)
        name = i18n.t(f"game.{stats_id}") if stats_id != entry.id else game_name(config.game)
        if entry.has_presets:
            try:
                rules = i18n.t(entry.preset(config.preset).label_key)
            except ValueError:
                rules = config.preset
            if name in rules:  # "Kessel Sabacc with shift tokens" names its game already
                name = rules
            elif rules != name:
                return i18n.t("screens.results.subtitle", game=name, rules=rules, played=played)
        return i18n.t("screens.results.subtitle_plain", game=name, played=played)

    def summary_lines(self) -> list[str]:
        """The biggest pot, the player's best hand, and Brag's game winner."""
        names = seat_names(self.result)
        lines = []
        scores = self.result.scores
        if self.result.winner is not None and 0 <= self.result.winner < len(names) and scores:
            # The player is "you" in a sentence ("Ganas la partida", not "Tú gana").
            key = "screens.results.game_winner" + ("_you" if self.result.winner == 0 else "")
            lines.append(i18n.t(key, seat=names[self.result.winner]))
        log = self.log
        if log is None or not log.hands:
            return lines
        pot = log.biggest_pot()
        if pot is not None and pot.pot_seat is not None and pot.pot_seat < len(names):
            lines.append(
                i18n.t(
                    "screens.results.biggest_pot" + ("_you" if pot.pot_seat == 0 else ""),
                    count=pot.pot,
                    seat=names[pot.pot_seat],
                    which=self.which(pot.number),
                )
            )
        best = log.best_hand(0)
        if best is None:
            lines.append(i18n.t("screens.results.no_best"))
        elif best.special:
            lines.append(
                i18n.t(
                    "screens.results.best_special",
                    which=self.which(best.number),
                    count=best.net[0],
                    special=i18n.t(best.special),
                )
            )
        else:
            lines.append(
                i18n.t(
                    "screens.results.best_hand", which=self.which(best.number), count=best.net[0]
                )
            )
        return lines

    def which(self, number: int) -> str:
        """ "hand 3" / "round 3" / "deal 3"."""
        return i18n.t(f"screens.unit.{self.unit_word}", number=number)

    # ------------------------------------------------------------------ layout
    def build(self) -> Iterator[None]:
        width, height = self.app.size
        result = self.result
        margin = self.px(60)
        top, bottom = self.px(96), height - self.px(100)
        content_w = width - 2 * margin
        self.subtitle_label = self.add_label(
            pygame.Rect(margin, top, content_w, self.px(32)), self.subtitle(), "#centered"
        )
        top += self.px(40)
        names = seat_names(result)
        order = standings(result)
        nets = net_by_seat(result)
        scores = result.scores if len(result.scores) == len(result.chips_end) else []
        summary = self.summary_lines()
        has_chart = self.log is not None and len(self.log.hands) >= 1
        # Standings on the left, the chart on the right (or the standings alone).
        # The summary's longest line sets the least width; the chart keeps what is left
        # (and gives way when too little would be).
        needed = max((self.text_width(line, "label") + self.px(8) for line in summary), default=0)
        table_w = max(round(content_w * 0.54), needed)
        if content_w - table_w < self.px(320):
            has_chart = False
        if not has_chart:
            table_w = min(content_w, max(self.px(760), needed))
        table_x = margin if has_chart else (width - table_w) // 2
        line_h = self.px(30)
        rows = len(order) + 1 + len(summary)
        line_h = max(self.px(22), min(line_h, (bottom - top) // max(1, rows)))
        headings = [
            i18n.t("screens.results.player"),
            i18n.t("screens.results.chips"),
            i18n.t("screens.results.net"),
        ]
        if scores:
            headings.append(i18n.t("screens.results.points"))
        cells = [
            [
                i18n.t("screens.results.rank", rank=rank + 1, name=names[seat]),
                i18n.format_number(result.chips_end[seat]),
                "—" if nets[seat] is None else signed(nets[seat] or 0),
                *([i18n.format_number(scores[seat])] if scores else []),
            ]
            for rank, seat in enumerate(order)
        ]
        swatch = self.px(14)
        number_ws = [
            max(self.text_width(row[c], "label") for row in [headings, *cells]) + self.px(18)
            for c in range(1, len(headings))
        ]
        name_w = table_w - swatch - self.px(8) - sum(number_ws)
        self.standing_labels: list[list[UILabel]] = []
        self.swatches = []
        y = top
        for row_index, row in enumerate([headings, *cells] if cells else []):
            x = table_x + swatch + self.px(8)
            shown = []
            for column, text in enumerate(row):
                w = name_w if column == 0 else number_ws[column - 1]
                object_id = None
                if row_index == 0:
                    object_id = "#column" if column else "#column_left"
                elif row_index and column == 2 and nets[order[row_index - 1]]:
                    object_id = "#won" if (nets[order[row_index - 1]] or 0) > 0 else "#lost"
                elif row_index and column:
                    object_id = "#even"
                label = self.add_label(pygame.Rect(x, y, w, line_h), text, object_id)
                shown.append(label)
                x += w
            if row_index:
                seat = order[row_index - 1]
                box = pygame.Rect(0, 0, swatch, swatch)
                box.midleft = (table_x, y + line_h // 2)
                self.swatches.append((box, seat))
            self.standing_labels.append(shown)
            y += line_h
            yield  # a row a step when opened by open_menu
        y += self.px(8)
        self.summary_labels = []
        for line in summary:
            self.summary_labels.append(
                self.add_label(pygame.Rect(table_x, y, table_w, line_h), line)
            )
            y += line_h
        yield
        self.chart_area = None
        if has_chart:
            left = table_x + table_w + self.px(70)
            self.chart_area = pygame.Rect(
                left, top + self.px(30), width - margin - left - self.px(10),
                bottom - top - self.px(70),
            )  # fmt: skip
        again, menu = i18n.t("results.play_again"), i18n.t("results.main_menu")
        button_w = max(
            self.px(220), self.text_width(again) + self.px(48), self.text_width(menu) + self.px(48)
        )
        by = height - self.px(86)
        gap = self.px(24)
        self.again = self.add_button(
            pygame.Rect(width // 2 - gap // 2 - button_w, by, button_w, self.px(52)),
            again,
            self.play_again,
            object_id="#primary",
        )
        self.menu = self.add_button(
            pygame.Rect(width // 2 + gap // 2, by, button_w, self.px(52)), menu, self.app.pop
        )

    # ----------------------------------------------------------------- drawing
    def draw_decor(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, i18n.t("results.title"), self.px(50), 40)
        for box, seat in self.swatches:
            pygame.draw.rect(surface, SEAT_COLOURS[seat % len(SEAT_COLOURS)], box)
        if self.chart_area is not None and self.log is not None:
            self.draw_chart(surface, self.chart_area, self.log.stacks())

    def draw_chart(
        self, surface: pygame.Surface, rect: pygame.Rect, series: list[list[int]]
    ) -> None:
        """Each seat's stack before the first hand and after every hand: hands along
        the bottom, chips up the side, both axes labelled with their numbers."""
        size = max(12, self.px(15))
        words = {"hand": "screens.results.chart", "round": "screens.results.chart_rounds"}.get(
            self.unit_word, "screens.results.chart_deals"
        )
        title = rendered(i18n.t(words), max(12, self.px(17)), BRASS_LIGHT, True)
        surface.blit(title, title.get_rect(midbottom=(rect.centerx, rect.top - self.px(6))))
        pygame.draw.rect(surface, (8, 34, 22), rect)
        pygame.draw.rect(surface, BRASS, rect, width=1)
        values = [v for line in series for v in line]
        if not values:
            return
        high = max(values)
        high = max(1, high)
        hands = max(1, max(len(line) for line in series) - 1)
        inner = rect.inflate(-self.px(12), -self.px(12))

        def point(i: int, v: int) -> tuple[int, int]:
            return (
                inner.left + round(i * inner.width / hands),
                inner.bottom - round(v * inner.height / high),
            )

        # Axes' numbers: 0, the middle and the top chips; the first and last hand.
        for v in sorted({0, high // 2, high}):
            y = point(0, v)[1]
            pygame.draw.line(surface, (40, 70, 50), (inner.left, y), (inner.right, y))
            image = rendered(i18n.format_number(v), size, CREAM)
            surface.blit(image, image.get_rect(midright=(rect.left - self.px(6), y)))
        for i in range(hands + 1) if hands <= 12 else sorted({0, hands // 2, hands}):
            x = point(i, 0)[0]
            image = rendered(i18n.format_number(i), size, CREAM)
            surface.blit(image, image.get_rect(midtop=(x, rect.bottom + self.px(4))))
        x_word = f"screens.chart.{self.unit_word}"
        x_name = rendered(i18n.t(x_word), size, BRASS_LIGHT)
        surface.blit(
            x_name,
            x_name.get_rect(midtop=(rect.centerx, rect.bottom + self.px(6) + image.get_height())),
        )
        widest = max(rendered(i18n.format_number(v), size, CREAM).get_width() for v in (0, high))
        y_name = rendered(i18n.t("screens.chart.chips"), size, BRASS_LIGHT)
        y_name = pygame.transform.rotate(y_name, 90)
        surface.blit(
            y_name, y_name.get_rect(midright=(rect.left - self.px(12) - widest, rect.centery))
        )
        # Seats level at a point are spread a few pixels apart there, so lines that
        # run together (three opponents losing alike) stay told apart.
        spread = max(2, self.px(3))
        nudge: dict[tuple[int, int], int] = {}
        for i in range(hands + 1):
            level: dict[int, list[int]] = {}
            for seat, line in enumerate(series):
                if i < len(line):
                    level.setdefault(line[i], []).append(seat)
            for seats in level.values():
                for k, seat in enumerate(seats):
                    nudge[(seat, i)] = round((k - (len(seats) - 1) / 2) * spread)
        # The player's line last, on top, thicker.
        for seat in [*range(1, len(series)), 0][: len(series)]:
            points = [
                (x, y + nudge.get((seat, i), 0))
                for i, (x, y) in enumerate(point(i, v) for i, v in enumerate(series[seat]))
            ]
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            width = max(3, self.px(3)) if seat == 0 else max(1, self.px(2))
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, width)
            for p in points:
                pygame.draw.circle(surface, colour, p, width + 1)

    # ------------------------------------------------------------------ actions
    def play_again(self) -> None:
        self.app.open("table", self.result.config, replace=True)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ring.move(1)
            return None
        return super().process_event(event)

    def autoplay_inputs(self) -> list[pygame.event.Event]:
        self.app.autoplay_finished = True
        return click_events(self.menu.button)
