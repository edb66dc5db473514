"""The Kessel engine's refusals a player can meet (game.scenes.refusals): its seats,
its token draft and its options (RULES.md §4.1). Each is (pattern of the engine's
reason, catalog key); the pattern's named groups are the message's parameters."""

REASONS: tuple[tuple[str, str], ...] = (
    (r"token draft is for at most (?P<most>\d+) players", "refusal.kessel.token_draft"),
    (r"^Kessel is played by (?P<low>\d+) to (?P<high>\d+) players", "refusal.seats"),
    (r"^Kessel option (?P<option>[a-z_]+)=", "refusal.choice"),
)
