"""The Kessel Sabacc table: ``scene`` (``KesselTable``: the engine loop and the kit's
hooks) and its roles, each an object the table holds: ``layout`` (``places``),
``animate`` (``anim``: events -> steps, keeping the display model of ``model``),
``paint`` and ``tokens`` (``painter``), ``controls`` (``inputs``: legal actions, the
token and die pickers, input); ``replay`` and ``coached`` drive the same table."""
