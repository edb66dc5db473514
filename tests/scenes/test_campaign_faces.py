"""At 1280x720 every character seated at a campaign table shows a face at least 96 px
tall at rest, on the felt, clear of every card, control, plate, the log and the other
faces — at each kind of table the journey seats you at: by the plate where the felt
has room, on a portrait plate at Brag."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.app import App
from game.campaign import Campaign
from game.scenes import campaign_faces

pytestmark = pytest.mark.usefixtures("data_home")

VENUES = [
    "glasswater",  # Sabacc, Cloud City: four at the table
    "drifting-crown",  # Sabacc, Random: five
    "ember-dock",  # Corellian Spike
    "aurelia-lounge",  # Coruscant Shift
    "spice-hollow",  # Kessel
    "orchid-terrace",  # Nine and a Half: five
    "lantern-hall",  # Brag: portrait plates
]


def buttons(container: Any) -> list[pygame.Rect]:
    """Every button shown, however deep in containers."""
    found: list[Any] = []
    for element in getattr(container, "elements", []):
        if isinstance(element, UIButton) and element.visible:
            found.append(element.get_abs_rect())
        found += buttons(getattr(element, "get_container", lambda: None)() or element)
    return found


@pytest.mark.parametrize("venue", VENUES)
def test_every_seated_character_shows_a_big_face_clear_of_the_table(
    make_app: Callable[..., App],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    venue: str,
) -> None:
    from game.scenes.campaign_table import make_campaign_table

    seen: dict[str, Any] = {}
    draw = campaign_faces.CampaignFelt.draw

    def spy(self, table, surface, plates, keep_clear):  # type: ignore[no-untyped-def]
        seen.update(plates=dict(plates), keep_clear=list(keep_clear))
        return draw(self, table, surface, plates, keep_clear)

    monkeypatch.setattr(campaign_faces.CampaignFelt, "draw", spy)
    app = make_app((1280, 720))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = venue
    campaign.progress.credits = 400
    campaign.sit_down()
    table: Any = make_campaign_table(app, campaign)
    app.push(table)
    for _ in range(3):
        app.step(1 / 60)
    faces: dict[int, pygame.Rect] = table.felt_extras.seated
    cast = table.table_cast()
    characters = [seat for seat, who in enumerate(cast) if who.voice]
    assert characters and sorted(faces) == characters
    felt = table.voices.bounds(app.screen)
    controls = buttons(app.manager.get_root_container())
    assert controls, "no controls found to keep clear of"
    assert len(seen["plates"]) == len(cast)
    for seat, face in faces.items():
        assert face.height >= 96, (seat, face)
        assert felt.contains(face), (seat, face, felt)  # never over the panel and its log
        # Clear of every plate (a portrait plate's own face is part of it).
        plates = [rect for other, rect in seen["plates"].items() if other != seat]
        assert face.collidelist(plates) < 0, (seat, face)
        own = seen["plates"][seat]
        assert not face.colliderect(own) or own.contains(face), (seat, face, own)
        assert face.collidelist(seen["keep_clear"]) < 0, (seat, face)  # the cards
        assert face.collidelist(controls) < 0, (seat, face)
        others = [rect for other, rect in faces.items() if other != seat]
        assert face.collidelist(others) < 0, (seat, face)


def test_faces_wait_under_kessels_token_picker(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the player picks their shift tokens the picker covers the felt: no face
    and no goal plaque is drawn over it."""
    from game.scenes.campaign_table import make_campaign_table

    drawn: list[pygame.Rect] = []
    seated = campaign_faces.draw_seated

    def spy(surface: pygame.Surface, place: pygame.Rect, *rest: str) -> None:
        drawn.append(place)
        seated(surface, place, *rest)

    monkeypatch.setattr(campaign_faces, "draw_seated", spy)
    app = make_app((1280, 720))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = "spice-hollow"
    campaign.progress.credits = 400
    campaign.sit_down()
    table: Any = make_campaign_table(app, campaign)
    app.push(table)
    for _ in range(300):
        if table.inputs.picking():
            break
        app.step(1 / 30)
    assert table.inputs.picking(), "the token picker never opened"
    drawn.clear()
    for _ in range(3):
        app.step(1 / 30)
    app.draw(app.screen)
    cells = table.places.picker_rects()
    area = cells[0].union(cells[-1])  # the picker's cells, every one a token to pick
    assert not [place for place in drawn if place.colliderect(area)]


@pytest.mark.parametrize("venue", ["brinewater", "glasswater", "drifting-crown"])
def test_faces_stay_clear_of_a_hand_grown_to_five_cards(
    make_app: Callable[..., App], tmp_path: Path, venue: str
) -> None:
    """A Sabacc hand grows as its seat draws (five cards fanned, more overlapping in
    that width): a face placed at the first deal never ends up over a later hand."""
    from game.scenes.campaign_table import make_campaign_table

    app = make_app((1280, 720))
    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.progress.venue = venue
    campaign.progress.credits = 400
    campaign.sit_down()
    table: Any = make_campaign_table(app, campaign)
    app.push(table)
    for _ in range(3):
        app.step(1 / 60)
    faces: dict[int, pygame.Rect] = table.felt_extras.seated
    assert faces
    places = table.places.seats
    for n in (5, 7):
        fans = [place.card_rect(i, n) for place in places[1:] for i in range(n)]
        for seat, face in faces.items():
            assert face.collidelist(fans) < 0, (venue, seat, face, n)


def final_table(app: App, tmp_path: Path) -> Any:
    """The championship final: six at the Meridian's Sabacc table, you among them."""
    from game.campaign.tournament import PLAYER
    from game.scenes.campaign_table import make_campaign_table

    campaign = Campaign.load(tmp_path / "saves", seed=3, data_directory=tmp_path)
    campaign.start_at_finale(3)
    campaign.sit_down()
    tournament = campaign.progress.tournament
    assert tournament is not None
    table = tournament.player_table()
    tournament.finish_round({e: (400 if e == PLAYER else 100) for e in table})
    assert tournament.round == 1 and len(tournament.player_table()) == 6
    campaign.session = None
    campaign.continue_tournament()
    scene: Any = make_campaign_table(app, campaign)
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    return scene


def test_every_finalist_shows_a_big_face_by_their_own_plate(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the final (six at the table) each of the five opponents shows a face at
    least 96 px tall next to their own plate, clear of every hand (grown to its
    widest), plate, control and other face."""
    seen: dict[str, Any] = {}
    draw = campaign_faces.CampaignFelt.draw

    def spy(self, table, surface, plates, keep_clear):  # type: ignore[no-untyped-def]
        seen.update(plates=dict(plates), keep_clear=list(keep_clear))
        return draw(self, table, surface, plates, keep_clear)

    monkeypatch.setattr(campaign_faces.CampaignFelt, "draw", spy)
    app = make_app((1280, 720))
    table = final_table(app, tmp_path)
    faces: dict[int, pygame.Rect] = table.felt_extras.seated
    cast = table.table_cast()
    assert len(cast) == 6
    assert sorted(faces) == [1, 2, 3, 4, 5]
    plates = [seen["plates"][seat] for seat in range(6)]
    felt = table.voices.bounds(app.screen)
    controls = buttons(app.manager.get_root_container())
    places = table.places.seats
    fans = [place.card_rect(i, n) for place in places for n in (1, 5, 7) for i in range(n)]
    for seat, face in faces.items():
        assert face.height >= 96, (seat, face)
        assert felt.contains(face), (seat, face, felt)
        own = plates[seat]
        assert not face.colliderect(own) or own.contains(face), (seat, face, own)
        others = [rect for other, rect in enumerate(plates) if other != seat]
        assert face.collidelist(others) < 0, (seat, face)
        # Near its own plate: nearer to it than to any other plate.
        gap = pygame.Vector2(face.center).distance_to(own.center)
        assert all(gap < pygame.Vector2(face.center).distance_to(r.center) for r in others), (
            seat, face, own)  # fmt: skip
        assert gap <= face.height + max(own.width, own.height), (seat, face, own)
        assert face.collidelist(fans) < 0, (seat, face)
        assert face.collidelist(controls) < 0, (seat, face)
        assert face.collidelist([r for o, r in faces.items() if o != seat]) < 0, (seat, face)
    # The goal's plaque still has its place on the felt, off the faces and the table.
    plaque = table.felt_extras.plaque
    assert plaque is not None and felt.contains(plaque)
    assert plaque.collidelist([*faces.values(), *plates, *seen["keep_clear"]]) < 0, plaque
