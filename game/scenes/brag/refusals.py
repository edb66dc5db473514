"""The Brag engine's refusals a player can meet (game.scenes.refusals): a layout it
turns down (RULES.md §2). Each is (pattern of the engine's reason, catalog key); the
pattern's named groups are the message's parameters."""

REASONS: tuple[tuple[str, str], ...] = (
    (r"^at most four sets may be laid out", "refusal.brag.four_sets"),
    (r"^set (?P<set>\d+) does not have exactly 3 cards", "refusal.brag.three_cards"),
    (r"^card (?P<card>\S+) is not in your hand", "refusal.card_not_in_hand"),
    (r"^card (?P<card>\S+) is used twice|^a card is used twice", "refusal.brag.used_twice"),
    (r"^set (?P<set>\d+) is not a valid set", "refusal.brag.invalid_set"),
    (
        r"^fouled layout: set (?P<set>\d+) is stronger than set (?P<previous>\d+)",
        "refusal.brag.fouled",
    ),
)
