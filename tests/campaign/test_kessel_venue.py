"""Spice Hollow, the Kessel venue: its goal is rounds won (Kessel's chips only shrink),
each paying credits; the sitting starts with Kessel's few chips; old saves still load."""

from __future__ import annotations

import json
from pathlib import Path

from game.campaign import VENUES, CampaignProgress
from game.campaign.tournament import PLAYER
from game.campaign.venues import CHARACTERS, venue
from game.rules import kessel as kg


def at_spice_hollow(**fields: int) -> CampaignProgress:
    return CampaignProgress(venue="spice-hollow", **fields)


def test_the_kessel_venue_sits_before_the_finale_with_its_own_characters() -> None:
    ids = [v.id for v in VENUES]
    assert ids.index("spice-hollow") == len(ids) - 2 and ids[-1] == "meridian"
    hollow = venue("spice-hollow")
    assert hollow.preset == "kessel-shift" and hollow.rounds_goal == 5
    assert all(c in CHARACTERS for c in hollow.characters) and len(hollow.characters) == 3
    state = hollow.options()
    assert isinstance(state, kg.KesselOptions) and state.shift_tokens


def test_rounds_won_clear_the_venue_and_each_pays_its_prize() -> None:
    progress = at_spice_hollow(credits=200)
    assert progress.sit_down() == 6  # Kessel's stock, not 60 chips
    assert (progress.credits, progress.at_table) == (140, 6)
    others = ["vashti", "bram", "nell"]
    progress.after_hand(5, others, ["vashti"], False)
    assert (progress.rounds_won, progress.credits) == (0, 140)
    for won in range(1, 5):
        progress.after_hand(6, others, [PLAYER], True)
        assert (progress.rounds_won, progress.credits) == (won, 140 + 30 * won)
    assert not progress.cleared()  # 4 of 5, whatever the purse holds
    progress.after_hand(6, others, [PLAYER], True)
    assert progress.cleared() and progress.credits == 290
    progress.stand_up()
    assert progress.move_on().id == "meridian"
    assert (
        "sabacc:kessel-shift" in progress.unlocked or progress.venues_cleared[-1] == "spice-hollow"
    )


def test_progress_keeps_the_rounds_won_and_old_saves_have_none() -> None:
    progress = at_spice_hollow(credits=200)
    progress.venue_wins["spice-hollow"] = 3
    again = CampaignProgress.from_json(json.loads(json.dumps(progress.to_json())))
    assert again.rounds_won == 3
    old = progress.to_json()
    del old["venue_wins"]  # as 0.1.0 and every save before Spice Hollow wrote it
    assert CampaignProgress.from_json(old).venue_wins == {}


def test_old_campaign_saves_still_load(tmp_path: Path) -> None:
    saved = Path(__file__).parents[1] / "data" / "v0.1.0"
    files = [p for p in saved.rglob("*.json") if "campaign" in p.name]
    assert files, "the 0.1.0 campaign save is in tests/data"
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        progress = CampaignProgress.from_json(data["campaign"])
        assert progress.venue in {v.id for v in VENUES}
