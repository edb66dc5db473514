"""The Nine and a Half table: ``scene`` (the table: engine loop, the kit's hooks) and
its roles, each an object the table holds: ``layout`` (the seats' pods), ``animate``
(events -> steps, the display model), ``paint`` (draws the model), ``controls`` (legal
actions, input); ``replay`` and ``coached`` drive the same table."""
