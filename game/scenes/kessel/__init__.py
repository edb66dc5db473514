"""The Kessel Sabacc table, by role: ``scene`` (engine loop, hooks), ``animate``
(events -> steps), ``paint`` (draws the model), ``controls`` (legal actions, the
token and die pickers, input), ``layout``, ``base`` (the display model) and
``replay``."""
