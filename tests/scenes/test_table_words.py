"""What the tables say: leaving a campaign table follows one rule with one message,
Great Khan's plain dice rolls share a log line, and the "Call the hand" tooltip tells
what calling does under each rule set."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from game import i18n
from game.app import App
from game.rules import sabacc as sb
from game.scenes.pause import ConfirmScene, PauseScene
from game.scenes.sabacc_table import SabaccTable
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def open_table(make_app: Callable[..., App], preset: str = "classic", seed: int = 5
               ) -> tuple[App, SabaccTable]:  # fmt: skip
    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(preset=preset, seed=seed, opponents=("easy",) * 2))
    app.push(table)
    return app, table


def test_a_campaign_table_mid_hand_says_the_rule_before_asking(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = open_table(make_app)
    table.campaign = object()  # as at a campaign venue
    monkeypatch.setattr(table.driver, "mid_hand", lambda: True)
    monkeypatch.setattr(table.driver, "over", lambda: False)
    pause = PauseScene(app, table)
    app.push(pause)
    pause.confirm_leave()
    assert not isinstance(app.top, ConfirmScene)  # no "the hand is lost?" then a refusal
    assert app.notices[-1][0] == i18n.t("campaign.finish_hand_first")
    monkeypatch.setattr(table.driver, "mid_hand", lambda: False)  # between hands
    pause.confirm_leave()
    assert isinstance(app.top, ConfirmScene)
    assert app.top.question == "Stand up from the table? Your chips go with you."


def test_quick_play_still_asks_before_leaving(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app)
    for _ in range(400):  # a hand in play: the question warns that it is lost
        if table.mode == "human" and not table.queue.busy:
            break
        app.step(1 / 60)
    pause = PauseScene(app, table)
    app.push(pause)
    pause.confirm_leave()
    assert isinstance(app.top, ConfirmScene)
    assert app.top.question == i18n.t("pause.leave_confirm")


def test_great_khan_plain_rolls_share_a_line(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "great-khan")
    rng = random.Random(4)
    for _ in range(6000):
        if table.state.hand_no >= 2:
            break
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            calm = [a for a in table.legal if not isinstance(a, sb.Fold)]
            assert table.submit(rng.choice(calm))
        app.step(1 / 60)
    lines = [words for words, _ in table.log.lines]
    plain = [w for w in lines if w.startswith("The dealer rolls")]
    assert any("no doubles:" in w for w in plain)  # several rolls told on one line
    # Between two "Doubles" lines (or hand starts) there is at most one plain-dice line.
    run = 0
    for words in lines:
        if words.startswith("The dealer rolls"):
            run += 1
        elif words.startswith(("Doubles", "Hand ")):
            run = 0
        assert run <= 1, lines


@pytest.mark.parametrize(
    ("preset", "says"),
    [("great-khan", "betting goes on"), ("force", "betting is over"), ("classic", "End the hand")],
)
def test_the_call_the_hand_tooltip_fits_the_rules(
    make_app: Callable[..., App], preset: str, says: str
) -> None:
    app, table = open_table(make_app, preset)
    rng = random.Random(2)
    for _ in range(8000):
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            if sb.CALL_HAND in table.legal:
                break
            calm = [a for a in table.legal if not isinstance(a, sb.Fold | sb.CallHand)]
            assert table.submit(rng.choice(calm))
        app.step(1 / 60)
    spec = next(s for s in table.bar.specs if s.key == "callhand")
    assert says in spec.tooltip


def test_two_exchange_fans_never_empty_and_nobody_exchanges_zero(
    make_app: Callable[..., App],
) -> None:
    from game.rules import sabacc_events as ev
    from game.scenes.sabacc.model import CardView

    app, table = open_table(make_app, "two-exchange")
    table.queue.clear()
    table.anim.model.seats[1].cards = [CardView(None, locked=True), CardView(None), CardView(None)]
    table.anim.model.seats[2].cards = [CardView(None, locked=True), CardView(None, locked=True)]
    table.anim.flows._ev_cards_exchanged(ev.CardsExchanged(1, (None, None)))
    table.anim.flows._ev_cards_exchanged(ev.CardsExchanged(2, ()))
    table.queue.finish_all()
    assert len(table.anim.model.seats[1].cards) == 3  # backs in their places until the redeal
    lines = [words for words, _ in table.log.lines]
    assert "Odo Tarn keeps every card." in lines
    assert not any("exchanges 0" in words for words in lines)
    table.anim._ev_card_dealt(ev.CardDealt(1, None))
    table.queue.finish_all()
    assert len(table.anim.model.seats[1].cards) == 3  # the new card took a waiting place
    assert sum(c.returning for c in table.anim.model.seats[1].cards) == 1


def test_two_exchange_with_every_card_locked_offers_to_keep_them(
    make_app: Callable[..., App],
) -> None:
    app, table = open_table(make_app, "two-exchange")
    rng = random.Random(1)
    for _ in range(6000):
        if table.mode == "between":
            table.next_hand()
        elif table.mode == "human" and not table.queue.busy:
            locks = [a for a in table.legal if isinstance(a, sb.Lock)]
            if sb.EXCHANGE in table.legal and not locks:
                break
            calm = [a for a in table.legal if not isinstance(a, sb.Fold | sb.Exchange)]
            assert table.submit(locks[0] if locks else rng.choice(calm))
        app.step(1 / 60)
    spec = next(s for s in table.bar.specs if s.key == "exchange")
    assert spec.label == "Keep them all"


def test_lines_read_right() -> None:
    from game.scenes.kit.log import GameLog

    log = GameLog()
    log.add("Odo Tarn shows: Pure Sabacc!.")
    log.add("Odo Tarnは：ピュア・サバック！。")
    assert [words for words, _ in log.lines] == [
        "Odo Tarn shows: Pure Sabacc!",
        "Odo Tarnは：ピュア・サバック！",
    ]
    assert i18n.t("sabacc.phase.hitting") == "Draw or stand"  # beside a "Draw" button


def test_nine_and_a_half_speaks_to_the_dealing_player(make_app: Callable[..., App]) -> None:
    from game.rules import ninehalf as nh
    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, opponents=("easy",) * 2,
                                               starting_chips=40))  # fmt: skip
    table.state = nh.new_game(3, nh.NineHalfOptions(dealer_sets_limit=False), chips=40, dealer=0)
    table.anim.dealer = 0
    app.push(table)
    for _ in range(400):
        app.step(1 / 60)
    assert table.info_lines()[1][0].endswith("you deal")
    lines = [words for words, _ in table.log.lines]
    assert not any(w.startswith("Dealer You") or "You deals" in w for w in lines)
    assert any(w.startswith("As dealer you show") for w in lines)


def test_a_language_switch_mid_hand_reaches_every_word(make_app: Callable[..., App]) -> None:
    app, table = open_table(make_app, "classic")
    rng = random.Random(5)
    for _ in range(3000):
        if table.mode == "human" and not table.queue.busy:
            if len(table.log.lines) > 8:
                break
            assert table.submit(rng.choice([a for a in table.legal if a != sb.FOLD]))
        app.step(1 / 60)
    assert table.log.lines[0][0].startswith("Hand 1:")
    try:
        i18n.set_language("es")  # as the settings screen does
        app.step(1 / 60)
        assert table.anim.model.seats[0].name == "Tú"
        assert table.log.lines[0][0].startswith("Mano 1:")  # older lines follow too
        assert not any(words.startswith("You ") for words, _ in table.log.lines)
        labels = [spec.label for spec in table.bar.specs]
        assert labels and all(
            label == table.inputs._label(table.inputs.spec_actions[s.key], 0)
            or s.key in table.inputs.amount_kinds
            for label, s in zip(labels, table.bar.specs, strict=True)
            if s.key in table.inputs.spec_actions
        )
        shown = [b.text for b in table.bar.elements()]
        assert not any("Check" in t or "Call" in t or "Fold" in t for t in shown), shown
    finally:
        i18n.set_language("en")


def test_a_card_table_names_the_player_in_the_new_language(make_app: Callable[..., App]) -> None:
    from game.scenes.brag_table import BragTable

    app = make_app((1280, 720), "en")
    app.settings.animation_speed = "instant"
    table = BragTable(app, QuickPlayConfig(game="brag", seed=7, opponents=("easy",) * 3))
    app.push(table)
    for _ in range(60):
        app.step(1 / 60)
    try:
        i18n.set_language("ja")
        app.step(1 / 60)
        assert table.cast[0].name == "あなた"
        assert table.seat_name(0) == "あなた"
    finally:
        i18n.set_language("en")


def test_force_total_in_the_colours_of_the_players_side(make_app: Callable[..., App]) -> None:
    from game.scenes.sabacc.seats import SIDE_TEXT

    app, table = open_table(make_app, "force")
    dark, light = (
        table.painter.seats.total_colour("normal", sb.DARK),
        table.painter.seats.total_colour("normal", sb.LIGHT),
    )
    assert dark == SIDE_TEXT[sb.DARK] and light == SIDE_TEXT[sb.LIGHT] and dark != light
    assert table.painter.seats.total_colour("bombed-out", sb.DARK) == table.ink.bad
    assert table.painter.seats.total_colour("normal", "") == table.ink.text


def test_nine_and_a_half_hidden_tag_and_result_banner(make_app: Callable[..., App]) -> None:
    from game.rules import ninehalf as nh
    from game.scenes.kit import text as kt
    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((960, 600), "es")
    app.settings.animation_speed = "instant"
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", seed=3, opponents=("easy",) * 3,
                                               starting_chips=40))  # fmt: skip
    table.state = nh.new_game(4, nh.NineHalfOptions(dealer_sets_limit=False), chips=40, dealer=1)
    table.anim.dealer = 1
    app.push(table)
    for _ in range(200):
        app.step(1 / 60)
    assert table.painter.hidden_tag_shown()
    table.anim.flip[0] = 1.0  # a challenge turned the player's card over
    assert not table.painter.hidden_tag_shown()
    table.announce("La banca (½) gana a Odo Tarn (pasado, 14): −4", "bad", 2.0)
    image = table.banner_image(table.banner.title, table.ink("bad"))
    banner = image.get_rect(center=table.banner_centre())
    plaque_bottom = (table.places.deck_pos[1] + table.places.card_h // 2 + table.px(6)
                     + kt.line_height(table.font_px(18)))  # fmt: skip
    assert banner.top >= plaque_bottom  # the deck and the limit stay in sight


def test_the_winner_line_follows_the_language(make_app: Callable[..., App]) -> None:
    from game.rules import sabacc_events as ev

    app, table = open_table(make_app, "classic")
    table.queue.clear()
    table.anim.showdown._ev_hand_ended(ev.HandEnded(1, (0, 1), "split"))
    table.queue.finish_all()
    line = next(w for w, _ in reversed(table.log.lines) if w.startswith("Hand 1 is over"))
    assert line == "Hand 1 is over. Winner: You, Kessa Vrin."
    try:
        i18n.set_language("ja")
        app.step(1 / 60)
        lines = [w for w, _ in table.log.lines]
        assert "第1ハンド終了。勝者：あなた、Kessa Vrin。" in lines  # never "勝者：You"
    finally:
        i18n.set_language("en")
