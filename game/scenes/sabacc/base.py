"""What every role of the Sabacc table shares: the player's seat and the named hands.

The table (``scene.SabaccTable``) builds its roles, each given the table: ``anim``
(events -> steps and the display model, ``animate.py`` with ``showdown.py`` and
``flows.py``), ``painter`` (draws the model, ``paint.py`` with ``seats.py``),
``inputs`` (legal actions -> controls, ``controls.py``) and ``engine`` (the engine
loop, ``engine.py``); ``places`` is the layout for the window (``layout.py``).
"""

from __future__ import annotations

HUMAN = 0
SPECIAL_KINDS = ("idiots-array", "pure-sabacc")
#: Hands with a name of their own: gold, named on the total's badge and announced with
#: a banner at the showdown (Cloud City's zero hand and Empress Teta's Straight rank
#: above every ordinary hand, though they do not take the Sabacc pot).
NAMED_KINDS = (*SPECIAL_KINDS, "zero", "straight")
