"""The Thirteen Card Brag table, by role: ``scene`` (engine loop, hooks), ``animate``
(events -> steps), ``paint`` (draws the model), ``controls`` (arranging, legal
actions, input), ``layout``, ``base`` (the display model) and ``replay``."""
