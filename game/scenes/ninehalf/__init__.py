"""The Nine and a Half table, by role: ``scene`` (engine loop, hooks), ``animate``
(events -> steps), ``paint`` (draws the model), ``controls`` (legal actions, input),
``layout`` (the seats' pods), ``base`` (the display model) and ``replay``."""
