"""Hand records: one JSON object per hand, in the game's own words (CONTRACT §10).

A record names its format and version, the game, the rule set and every option by its
RULES.md name, the seats and their stacks, the dealer, what the table carries into the
hand, every chance outcome and every move in order (cards by their §1 codes), and the
result. It holds nothing of the program: no class or module names, no generator state,
no raw random draws. ``docs/record-format.md`` describes it with an example per game.

- ``game.record.words``  -- the notation's words every engine shares, and ``Family``;
- ``game.record.table``  -- the table as a hand begins and ends, and a state made from it;
- ``game.record.sabacc``, ``.kessel``, ``.spike``, ``.brag``, ``.ninehalf`` -- each
  engine's own words (a ``Family``), named by its game's registry entry (``record``);
- ``game.record.writer`` -- records kept as a match is played (``HandWriter``);
- ``game.record.replay`` -- a record replayed through the rules engine and checked;
- ``python -m game.record export|check`` -- the command-line tools.

No pygame here: the tools and the tests run without a display.
"""

FORMAT = "sabacc-parlor-hand"
VERSION = 1
