"""The Kessel table's controls and pickers.

In the side panel: the four draws (Sand deck, Sand discards, Blood discards, Blood
deck), Stand, the player's shift tokens one at a time (◀ Play Refund ▶), then Keep /
Put back after a draw and the two faces of a roll. On the felt the same moves are
clicks: a pile to draw from, a token chip to play, a die to take. A token aimed at
someone opens the target picker: the seats it may hit glow, and a click on one (or
◀ On Odo Tarn ▶ in the panel) plays it; Cancel steps back. Before the first round of
``kessel-shift`` the token picker covers the felt: tick three, then Confirm.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import kessel_text as kt_words
from game.rules import kessel as kg
from game.rules.base import BETWEEN, TERMINAL
from game.scenes.kit.inputs import left_click, press_key
from game.scenes.kit.table import Control

if TYPE_CHECKING:
    from game.scenes.kessel.scene import KesselTable

DRAW_KEYS = {"sand": pygame.K_1, "sand-discard": pygame.K_2, "blood-discard": pygame.K_3,
             "blood": pygame.K_4}  # fmt: skip
Plan = list[Callable[[], list[pygame.event.Event]]]


class KesselControls:
    """The controls from the legal actions, the pickers' choices, clicks on the felt
    and the autoplayer's plan."""

    def __init__(self, table: KesselTable) -> None:
        self.t = table
        self.reset()

    def reset(self) -> None:
        """Nothing ticked, aimed or hovered (a new, resumed or replayed table)."""
        self.token_choice = 0  # which held token the panel's Play button shows
        self.target_choice = 0
        self.picked: list[str] = []  # the tokens ticked in the picker
        self.targeting: str | None = None  # a token waiting for its target
        self.hover_seat = -1
        self.mouse = (0, 0)

    # ------------------------------------------------------------ what is legal
    def my_turn(self) -> bool:
        return self.t.state.to_act() == self.t.human and self.t.idle()

    def legal(self) -> list[Any]:
        return self.t.state.legal_actions() if self.t.state.to_act() == self.t.human else []

    def playable_tokens(self) -> list[str]:
        if not self.my_turn() or self.t.state.phase != kg.TURN:
            return []
        out: list[str] = []
        for action in self.legal():
            if isinstance(action, kg.PlayToken) and action.token not in out:
                out.append(action.token)
        return out

    def target_seats(self) -> list[int]:
        if not self.targeting or not self.my_turn():
            return []
        return [a.target for a in self.legal()
                if isinstance(a, kg.PlayToken) and a.token == self.targeting and a.target is not None]  # fmt: skip

    def can_click_pile(self, key: str) -> bool:
        return self.my_turn() and not self.targeting and kg.Draw(key) in self.legal()

    def choosing_face(self) -> bool:
        return self.my_turn() and self.t.state.phase == kg.DIE

    def picking(self) -> bool:
        return self.my_turn() and self.t.state.phase in (kg.PICKING, kg.DRAFTING)

    # ---------------------------------------------------------------- acting
    def human_acts(self, action: Any) -> None:
        if not self.my_turn() or action not in self.legal():
            return  # never reaches the engine: only legal actions are offered
        assert self.t.driver is not None
        self.targeting = None
        events = self.t.driver.human(action)
        self.t.loop.mark_progress()
        self.t.play(events)

    def press_token(self, token: str) -> None:
        """A token chosen (button or chip): played at once, or the target picker opens."""
        if token not in self.playable_tokens():
            return
        if token in kg.TARGETED:
            self.targeting = token
            self.target_choice = 0
            return
        self.human_acts(kg.PlayToken(token))

    def press_target(self, seat: int) -> None:
        if self.targeting and seat in self.target_seats():
            self.human_acts(kg.PlayToken(self.targeting, seat))

    def cancel_target(self) -> None:
        self.targeting = None

    def toggle_pick(self, token: str) -> None:
        if self.t.state.phase == kg.DRAFTING:
            self.human_acts(kg.DraftToken(token))
            return
        if token in self.picked:
            self.picked.remove(token)
        elif len(self.picked) < kg.TOKENS_EACH:
            self.picked.append(token)

    def confirm_pick(self) -> None:
        if len(self.picked) == kg.TOKENS_EACH:
            self.human_acts(kg.PickTokens(tuple(t for t in kg.TOKENS if t in self.picked)))

    def random_pick(self) -> None:
        self.picked = random.Random(self.t.progress * 7 + 1).sample(list(kg.TOKENS), kg.TOKENS_EACH)

    def cycle(self, attr: str, count: int, step: int) -> None:
        if count:
            setattr(self, attr, (getattr(self, attr) + step) % count)

    # -------------------------------------------------------------- the panel
    def legal_rows(self) -> list[list[Control]]:
        k = pygame
        actor = self.t.state.to_act()
        if not self.t.idle() or (actor == BETWEEN and self.t.state.round_no == 0):
            return []
        if actor in (BETWEEN, TERMINAL):
            return self.t.loop.between_rows(
                i18n.t("kt.next_round"), i18n.t("kt.tip.next"), self.next_round
            )
        if actor != self.t.human:
            return []
        phase = self.t.state.phase
        legal = self.legal()
        if phase == kg.PICKING:
            ready = len(self.picked) == kg.TOKENS_EACH
            # A button from the start, greyed until three are chosen (a press says why).
            need = "" if ready else i18n.t("kt.picker.need", count=len(self.picked))
            confirm = Control("confirm", i18n.t("kt.picker.confirm"), i18n.t("kt.tip.confirm"),
                              self.confirm_pick, k.K_RETURN, True, reason=need)  # fmt: skip
            return [
                [Control("picked", i18n.t("kt.picker.count", count=len(self.picked)))],
                [confirm],
                [Control("random", i18n.t("kt.picker.random"), i18n.t("kt.tip.random"), self.random_pick),
                 Control("clear", i18n.t("kt.picker.clear"), "", lambda: self.picked.clear())],
            ]  # fmt: skip
        if phase == kg.DRAFTING:
            return [[Control("picked", i18n.t("kt.picker.draft_hint"))]]
        if phase == kg.DRAWN:
            return [
                [Control("keep", i18n.t("kessel.action.keep"), i18n.t("kt.tip.keep"),
                         lambda: self.human_acts(kg.KeepDrawn()), k.K_k, True)],
                [Control("return", i18n.t("kessel.action.return"), i18n.t("kt.tip.return"),
                         lambda: self.human_acts(kg.ReturnDrawn()), k.K_p)],
            ]  # fmt: skip
        if phase == kg.DIE:
            faces = [a.value for a in legal if isinstance(a, kg.ChooseFace)]
            keys = (k.K_LEFT, k.K_RIGHT)
            return [[Control(f"face{v}", i18n.t("kessel.action.face", value=v), i18n.t("kt.tip.face"),
                             lambda v=v: self.human_acts(kg.ChooseFace(v)), keys[i], i == 0)  # type: ignore[misc]
                     for i, v in enumerate(faces)]]  # fmt: skip
        if self.targeting:
            seats = self.target_seats()
            if not seats:
                self.targeting = None
            else:
                self.target_choice %= len(seats)
                seat = seats[self.target_choice]
                name = kt_words.token_name(self.targeting)
                return [
                    [Control("target_label", i18n.t("kt.target_prompt", token=name))],
                    [Control("prev_target", "◀", i18n.t("kt.tip.cycle"),
                             lambda: self.cycle("target_choice", len(seats), -1), k.K_LEFT, weight=0.5),
                     Control("target", i18n.t("kt.on_target", seat=self.t.seat_name(seat)),
                             i18n.t(f"kessel.help.{self.targeting}"),
                             lambda s=seat: self.press_target(s), k.K_RETURN, True, weight=2.2),  # type: ignore[misc]
                     Control("next_target", "▶", i18n.t("kt.tip.cycle"),
                             lambda: self.cycle("target_choice", len(seats), 1), k.K_RIGHT, weight=0.5)],
                    [Control("cancel", i18n.t("kt.cancel"), "", self.cancel_target, k.K_ESCAPE)],
                ]  # fmt: skip
        rows = []
        free = self.t.seen.view is not None and self.t.seen.view.free_draw
        cost = i18n.t("kt.tip.free") if free else i18n.t("kt.tip.cost")
        # The draws in a group per family (Sand: Deck, Discard; then Blood), as the
        # piles lie on the felt; a draw that is not allowed leaves a dash.
        if any(isinstance(a, kg.Draw) for a in legal):
            for family in ("sand", "blood"):
                row = [Control(f"col_{family}", kt_words.family_name(family))]
                for pile in ("", "-discard"):
                    source = family + pile
                    if kg.Draw(source) not in legal:
                        row.append(Control(f"no_{source}", "–"))
                        continue
                    words = i18n.t("kt.draw.discard" if pile else "kt.draw.deck")
                    row.append(Control(f"draw_{source}", words, i18n.t(f"kt.tip.draw.{source}") + " " + cost,
                                       lambda s=source: self.human_acts(kg.Draw(s)), DRAW_KEYS[source]))  # type: ignore[misc]  # fmt: skip
                rows.append(row)
        rows.append([Control("stand", i18n.t("kessel.action.stand"), i18n.t("kt.tip.stand"),
                             lambda: self.human_acts(kg.Stand()), k.K_s, len(rows) == 0)])  # fmt: skip
        tokens = self.playable_tokens()
        if tokens:
            self.token_choice %= len(tokens)
            token = tokens[self.token_choice]
            play = Control("token", i18n.t("kessel.action.play", token=kt_words.token_name(token)),
                           i18n.t(f"kessel.help.{token}"), lambda: self.press_token(token), k.K_t,
                           weight=2.2)  # fmt: skip
            if len(tokens) > 1:
                rows.append([
                    Control("prev_token", "◀", i18n.t("kt.tip.cycle"),
                            lambda: self.cycle("token_choice", len(tokens), -1), k.K_LEFT, weight=0.5),
                    play,
                    Control("next_token", "▶", i18n.t("kt.tip.cycle"),
                            lambda: self.cycle("token_choice", len(tokens), 1), k.K_RIGHT, weight=0.5),
                ])  # fmt: skip
            else:
                rows.append([play])
        return rows

    # -------------------------------------------------------------- the felt
    def handle(self, event: pygame.event.Event) -> bool:
        """The pointer's place, and a click on the felt (True: it made a move)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_seat = self.t.places.seat_at(event.pos) if self.targeting else -1
            return False
        return (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.my_turn()
                and self.click_felt(event.pos))  # fmt: skip

    def click_felt(self, pos: tuple[int, int]) -> bool:
        """A click on the felt that makes a move (True: it did something)."""
        places = self.t.places
        if self.picking():
            for token, rect in zip(kg.TOKENS, places.picker_rects(), strict=True):
                if rect.collidepoint(pos):
                    self.toggle_pick(token)
                    return True
            return False
        if self.targeting:
            seat = places.seat_at(pos)
            if seat in self.target_seats():
                self.press_target(seat)
                return True
        for i, rect in enumerate(places.token_rects_mine):
            if rect.collidepoint(pos) and i < len(self.t.anim.model.my_tokens):
                self.press_token(self.t.anim.model.my_tokens[i])
                return True
        if self.choosing_face():
            for rect, face in zip(self.t.painter.dice_rects, self.t.state.dice or (), strict=False):
                if rect.collidepoint(pos):
                    self.human_acts(kg.ChooseFace(face))
                    return True
        pile = places.pile_at(pos)
        if pile and self.can_click_pile(pile):
            self.human_acts(kg.Draw(pile))
            return True
        return False

    # -------------------------------------------------------------- autoplay
    def autoplay_plan(self) -> Plan:
        places = self.t.places
        between = self.t.loop.autoplay_between()
        if between is not None:
            return between
        if self.t.state.to_act() != self.t.human:
            return []
        action = self.t.autoplay_bot.choose(
            self.t.human_view(), self.t.state.legal_actions(), self.t.loop.seat_rng(0)
        )
        plan: Plan = []
        if isinstance(action, kg.PickTokens):
            for token in action.tokens:
                rect = places.picker_rects()[kg.TOKENS.index(token)]
                plan.append(lambda r=rect: left_click(r.center))  # type: ignore[misc]
            plan.append(lambda: self.t.click_control("confirm"))
        elif isinstance(action, kg.DraftToken):
            rect = places.picker_rects()[kg.TOKENS.index(action.token)]
            plan.append(lambda: left_click(rect.center))
        elif isinstance(action, kg.PlayToken):
            # The chip on the felt, then (aimed) the target's plate.
            index = self.t.anim.model.my_tokens.index(action.token)
            plan.append(lambda: left_click(places.token_rects_mine[index].center))
            if action.target is not None:
                target = action.target
                plan.append(lambda: left_click(places.plates[target].center))
        elif isinstance(action, kg.Draw):
            source = action.source
            if source.endswith("discard"):
                plan.append(lambda: left_click(places.piles[source].center))
            else:
                plan.append(lambda: press_key(DRAW_KEYS[source]))
        elif isinstance(action, kg.Stand):
            plan.append(lambda: self.t.click_control("stand"))
        elif isinstance(action, kg.KeepDrawn):
            plan.append(lambda: self.t.click_control("keep"))
        elif isinstance(action, kg.ReturnDrawn):
            plan.append(lambda: press_key(pygame.K_p))
        elif isinstance(action, kg.ChooseFace):
            plan.append(lambda: self.t.click_control(f"face{action.value}"))
        return plan

    def next_round(self) -> None:
        assert self.t.driver is not None
        if self.t.state.to_act() != BETWEEN or self.t.driver.over():
            return
        self.t.loop.deal_next_unit()
