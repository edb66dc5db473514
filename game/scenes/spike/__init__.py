"""The Corellian Spike and Coruscant Shift table (one package, both presets), by role:
``base`` (the display model), ``layout``, ``animate`` (events -> steps), ``paint``
(draws the model), ``controls`` (legal actions -> controls, card picks, input),
``scene`` (the engine loop and hooks) and ``replay``."""
