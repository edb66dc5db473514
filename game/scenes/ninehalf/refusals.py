"""The Nine and a Half engine's refusals a player can meet of its own
(game.scenes.refusals): a house rule its options turn down. Each is (pattern of the
engine's reason, catalog key); the pattern's named groups are the message's
parameters."""

REASONS: tuple[tuple[str, str], ...] = (
    (r"^the dealer needs at least one limit", "refusal.ninehalf.limits"),
)
