"""Issue 15, "every screen reads right", in Spanish and Japanese too: lists of names
read as a sentence, and the Spanish catalog calls each thing by one name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game import i18n
from game.app import App
from game.rules import sabacc_events as ev
from game.scenes.table import QuickPlayConfig


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize(
    ("lang", "two", "three"),
    [
        ("en", "A and B", "A, B and C"),
        ("es", "A y B", "A, B y C"),
        ("ja", "AとB", "A、BとC"),
    ],
)
def test_names_in_a_sentence_end_with_and(lang: str, two: str, three: str) -> None:
    i18n.set_language(lang)
    try:
        assert i18n.join_and(["A"]) == "A"
        assert i18n.join_and(["A", "B"]) == two
        assert i18n.join_and(["A", "B", "C"]) == three
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "with_you", "without_you"),
    [
        ("en", "between you and {b}!", "between {a} and {b}!"),
        ("es", "entre tú y {b}!", "entre {a} y {b}!"),
        ("ja", "あなたと{b}で", "{a}と{b}で"),
    ],
)
def test_sudden_demise_names_its_players_as_a_sentence(
    make_app: Callable[..., App], lang: str, with_you: str, without_you: str
) -> None:
    """Not "Sudden Demise between You, Odo Tarn!": the player is "you" in the
    sentence and the last name comes after "and"."""
    from game.scenes.sabacc_table import SabaccTable

    app = make_app((1280, 720), lang)
    app.settings.animation_speed = "instant"
    table = SabaccTable(app, QuickPlayConfig(seed=5, opponents=("easy",) * 3))
    app.push(table)
    table.queue.finish_all()
    a, b = table.seat_name(1), table.seat_name(2)
    table.play([ev.SuddenDemise(seats=(0, 2), for_sabacc_pot=False)])
    table.queue.finish_all()
    table.play([ev.SuddenDemise(seats=(1, 2), for_sabacc_pot=False)])
    table.queue.finish_all()
    said = [line for line, _ in table.log.lines[-2:]]
    assert with_you.format(b=b) in said[0], said
    assert without_you.format(a=a, b=b) in said[1], said
    if lang != "ja":  # the seat's capitalised name ("You", "Tú") is not the pronoun
        assert i18n.t("results.you") not in " ".join(said)


def test_spanish_calls_each_thing_by_one_name() -> None:
    """The glossary's words (Sabacc Puro, Mano del Idiota, el repartidor, el bote del
    Sabacc, la apuesta fija, Cambio de Sabacc, Sabacc primo), not a second name for the
    same thing on another screen or table."""
    es = i18n.load_catalog("es")
    others = {
        "crupier": "repartidor",
        "Sabacc puro": "Sabacc Puro",
        "Arreglo del Idiota": "Mano del Idiota",
        "bote de Sabacc": "bote del Sabacc",
        "bote Sabacc": "bote del Sabacc",
        "la Apuesta": "la apuesta fija",
        "Cambio Sabacc": "Cambio de Sabacc",
        "cambio de Sabacc": "Cambio de Sabacc",
        "bote de mano": "bote de la mano",
        "Sabacc Prime": "Sabacc primo",
        "preset": "las reglas de la mesa",
    }
    # The buttons of every table in one form: Plantarse, Retirarse (not Plantarte).
    assert {es["sabacc.action.stand"], es["kessel.action.stand"], es["spike.action.stand"]} == {
        "Plantarse"
    }
    assert es["spike.action.fold"] == es["sabacc.action.fold"] == "Retirarse"
    import re

    words = {key: re.sub(r"\{[^}]*\}", "", text) for key, text in es.items()}
    odd = [(key, word) for key, text in words.items() for word in others if word in text]
    assert odd == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_shift_token_says_all_of_its_help_in_the_picker(
    make_app: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    """Kessel's token picker shows as many lines of a token's help as its box holds:
    every token's help fits, so none stops mid-sentence ("... salvo el")."""
    import pygame

    from game.scenes.kessel_table import KesselTable
    from game.scenes.kit import text as kt

    app = make_app(size, lang)
    app.settings.animation_speed = "instant"
    config = QuickPlayConfig(game="sabacc", preset="kessel-shift", opponents=("easy",) * 3,
                             starting_chips=6, seed=5)  # fmt: skip
    table = KesselTable(app, config)
    app.push(table)
    for _ in range(600):
        if table.inputs.picking() and table.idle():
            break
        app.step(1 / 60)
    assert table.inputs.picking()
    wrapped: list[list[str]] = []
    drawn: list[str] = []
    wrap, text = kt.wrap, kt.text

    def spy_wrap(words: str, *args: object, **kwargs: object) -> list[str]:
        lines = wrap(words, *args, **kwargs)  # type: ignore[arg-type]
        wrapped.append(list(lines))
        return lines

    def spy_text(words: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(words)
        return text(words, *args, **kwargs)  # type: ignore[arg-type]

    kt.wrap, kt.text = spy_wrap, spy_text  # type: ignore[assignment]
    try:
        table.painter.tokens.draw_picker(pygame.Surface(app.size))
    finally:
        kt.wrap, kt.text = wrap, text  # type: ignore[assignment]
    assert len(wrapped) >= 16
    cut = [" ".join(lines) for lines in wrapped if not all(line in drawn for line in lines)]
    assert cut == []


@pytest.mark.parametrize(("lang", "mark"), [("en", "D"), ("es", "B"), ("ja", "親")])
def test_the_nine_and_a_half_dealer_puck_speaks_the_language(
    make_app: Callable[..., App], lang: str, mark: str
) -> None:
    """Not an English "D" on the banca's puck in Spanish: B for banca, 親 in Japanese
    (the Sabacc tables mark their dealer in the language too)."""
    import pygame

    from game.scenes.ninehalf_table import NineHalfTable

    app = make_app((1280, 720), lang)
    table = NineHalfTable(app, QuickPlayConfig(game="ninehalf", opponents=("easy",) * 3, seed=3))
    app.push(table)
    said: list[str] = []
    caption = table.caption

    def spy(surface: pygame.Surface, words: str, *args: object, **kwargs: object) -> None:
        said.append(words)
        caption(surface, words, *args, **kwargs)  # type: ignore[arg-type]

    table.caption = spy  # type: ignore[method-assign]
    table.painter.draw_dealer_puck(pygame.Surface(app.size), pygame.Rect(100, 100, 160, 50))
    assert said == [mark]


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_a_venues_name_stands_on_a_dark_band_over_its_backdrop(
    make_app: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    """The venue screen's title is brass; the backdrop's hanging lamps are brass too.
    Behind the title the backdrop is shaded dark, so no lamp swallows a letter."""
    import pygame

    from game.campaign import Campaign
    from game.campaign.venues import VENUES
    from game.scenes.campaign_venue import VenueIntroScene

    app = make_app((1280, 720), lang)
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    for venue in VENUES:
        campaign.progress.venue = venue.id
        scene = VenueIntroScene(app, campaign)
        app.push(scene)
        app.step(1 / 60)
        scene.draw_title = lambda *args, **kwargs: None  # type: ignore[method-assign]
        surface = pygame.Surface(app.size)
        scene.draw_decor(surface)
        band = pygame.Rect(0, 0, scene.px(300), scene.px(30))
        band.center = (app.size[0] // 2, scene.px(56))
        brightest = max(max(surface.get_at((x, y))[:3])
                        for x in range(band.left, band.right, 3)
                        for y in range(band.top, band.bottom, 3))  # fmt: skip
        assert brightest < 120, (venue.id, brightest)
        app.pop()


def test_japanese_rows_bracket_the_rule_set_whose_name_has_its_own_dots() -> None:
    """ "サバック・ランダム・サバック・2ハンド" read as four things: the rule set's name
    (written with ・) goes in brackets, as the house rules screen writes it."""
    i18n.set_language("ja")
    try:
        words = {"game": "サバック", "rules": "ランダム・サバック"}
        for key in ("screens.results.subtitle", "screens.history.row"):
            shown = i18n.t(key, played="2ハンド", when="04:17", label="クイックプレイ", **words)
            assert "サバック（ランダム・サバック）" in shown, shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "word"), [("en", "Round"), ("es", "Ronda"), ("ja", "ラウンド")])
def test_great_khans_turns_are_counted_in_the_rounds_the_panel_shows(lang: str, word: str) -> None:
    """The log's "Turn 1: draw, ..." was the panel's "Round 1": one word for both."""
    catalog = i18n.load_catalog(lang)
    assert word in catalog["sabacc.hand_round"]
    assert word in catalog["sabacc.log.phase.turns"]


def test_japanese_spells_the_sylop_one_way() -> None:
    """The card is シロップ on the table and in the log; the help and tags said サイロップ."""
    ja = i18n.load_catalog("ja")
    assert ja["spike.card.sylop"] == "シロップ"
    assert [key for key, text in ja.items() if "サイロップ" in text] == []


def test_japanese_rules_pages_name_the_cards_as_the_table_does() -> None:
    """The rules page shows the cards with their names printed on them (イデオット,
    モデレーション, ステイヴ...): the page's words use the same names, and a Sabacc
    hand over 23 is ボム・アウト there too (バースト is Nine and a Half's word)."""
    ja = i18n.load_catalog("ja")
    deck = ja["help.sabacc.deck.text"]
    faces = ("idiot", "queen", "endurance", "balance", "demise", "moderation", "evil-one", "star")
    assert all(ja[f"sabacc.card.{face}"] in deck for face in faces), deck
    assert all(ja[f"sabacc.suit.{suit}"] in deck for suit in "cfst"), deck
    centran = ja["help.centran.deck.text"]
    extra = ("chance", "wheel", "starship", "satellite", "hazard", "universe", "legate_title")
    assert all(ja[f"sabacc.card.{face}"] in centran for face in extra), centran
    ninehalf = ("nh.", "help.ninehalf", "coach.ninehalf", "rules.ninehalf", "tables.nh_")
    ninehalf += ("advice.ninehalf", "glossary.nh-")
    stray = ("バースト", "レガート", "スタッフ", "フラスク", "空と闇の女王", "ハンドポット")
    stray += ("サバックポット", "ボムアウト")
    odd = [
        (key, word)
        for key, text in ja.items()
        for word in stray
        if word in text and not (word == "バースト" and key.startswith(ninehalf))
    ]
    assert odd == []


def test_spanish_rules_pages_name_the_cards_as_the_table_does() -> None:
    es = i18n.load_catalog("es")
    deck = es["help.sabacc.deck.text"].lower()
    faces = ("idiot", "queen", "endurance", "balance", "demise", "moderation", "evil-one", "star")
    assert all(es[f"sabacc.card.{face}"].lower() in deck for face in faces), deck
    assert all(es[f"sabacc.suit.{suit}"].lower() in deck for suit in "cfst"), deck


@pytest.mark.parametrize(
    ("lang", "label"), [("es", "Rivales por defecto"), ("ja", "標準の対戦人数")]
)
def test_a_damaged_settings_file_is_explained_in_the_players_language(
    app_with: Callable[..., App], tmp_path: Path, lang: str, label: str
) -> None:
    """The notices about a settings file set aside were English whatever the language
    the file chose, and named the setting by its key ("default_opponents")."""
    from game.storage.settings import load_settings

    app = app_with(language=lang, default_opponents=42)
    shown = [text for text, _ in app.notices]
    assert len(shown) == 2, shown
    assert all(i18n.t("notice.settings_problem", detail="") in text for text in shown)
    english = i18n.load_catalog("en")
    assert english["notice.settings_problem"].split("{")[0] not in " ".join(shown)
    assert label in shown[-1] and "default_opponents" not in shown[-1]
    assert load_settings(tmp_path / "none.json").problems == []


@pytest.mark.parametrize(
    ("lang", "pot", "winner"),
    [
        ("es", "Mayor bote: 16 fichas para ti (reparto 1)", "Ganas la partida"),
        ("en", "Biggest pot: 16 chips, yours (deal 1)", "You win the game"),
    ],
)
def test_the_results_screen_speaks_to_the_player_as_you(
    make_app: Callable[..., App], lang: str, pot: str, winner: str
) -> None:
    """Not "Mayor bote: 16 fichas para Tú", "Tú gana la partida": the player's own
    name on the standings is not the pronoun a sentence needs."""
    from game.scenes.main_menu import MainMenuScene
    from game.scenes.results import ResultsScene
    from game.session import SessionResult
    from game.session.summary import HandSummary, SessionLog

    log = SessionLog(start=[40] * 4)
    log.hands.append(HandSummary(1, (16, -6, -5, -5), (56, 34, 35, 35), 16, 0))
    config = QuickPlayConfig(game="ninehalf", opponents=("normal",) * 3, starting_chips=40)
    names = [i18n.t("results.you"), "Kessa Vrin", "Odo Tarn", "Mira Solt"]
    app = make_app((1280, 720), lang)
    app.push(MainMenuScene(app))
    result = SessionResult(config, 1, [56, 34, 35, 35], 0, names, log, [7, 3, 2, 1])
    scene = ResultsScene(app, result)
    app.push(scene)
    app.step(1 / 60)
    lines = scene.summary_lines()
    assert winner in lines and pot in lines, lines
