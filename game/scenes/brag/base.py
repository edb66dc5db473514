"""The Brag table's shared orders and thresholds.

The table (``scene.BragTable``) is a thin kit table holding four role objects, each
given the table: ``places`` (``layout.BragLayout``: where things sit), ``anim``
(``animate.BragAnimate``: engine events -> steps, and the display model they change),
``painter`` (``paint.BragPaint``: draws the model) and ``inputs``
(``controls.BragControls``: arranging, the legal actions as controls, autoplay).
"""

from __future__ import annotations

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternate colours when sorted by suit
RANK_ORDER = {r: i for i, r in enumerate("23456789TJQKA")}
DRAG_THRESHOLD = 6
