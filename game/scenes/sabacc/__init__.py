"""The Sabacc table, by role: ``scene`` (lifecycle, input, engine loop), ``animate``
(events -> steps on the display model), ``paint`` (draws the model), ``controls``
(legal actions -> buttons), ``layout``, ``model`` and ``replay``."""
