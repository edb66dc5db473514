"""The Thirteen Card Brag table: ``scene`` (``BragTable``, the kit table with the
game's hooks and engine loop) and its roles, each an object the table holds:
``layout`` (``places``), ``animate`` (``anim``: events -> steps, the display model),
``paint`` (``painter``), ``controls`` (``inputs``: arranging, legal actions, input);
``base`` (orders), ``replay`` and ``coached``."""
