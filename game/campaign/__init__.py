"""The single-player campaign: venues and characters (venues.py), the player's progress
with loans and retries (progress.py), a sitting at a table (session.py), the final
tournament (tournament.py), and Campaign, which ties them to the save slot (campaign.py).
"""

from game.campaign.campaign import Campaign, campaign_slot, campaign_status
from game.campaign.progress import CampaignError, CampaignProgress
from game.campaign.session import VenueSession
from game.campaign.venues import CHARACTERS, VENUES, Character, Venue

__all__ = [
    "CHARACTERS",
    "VENUES",
    "Campaign",
    "CampaignError",
    "CampaignProgress",
    "Character",
    "Venue",
    "VenueSession",
    "campaign_slot",
    "campaign_status",
]
