"""The Corellian Spike and Coruscant Shift table (one package, both presets): a thin
``scene.SpikeTable`` and its roles, each an object holding the table: ``layout``
(``places``), ``animate`` (``anim``, owning the display model of ``model``), ``paint``
(``painter``), ``controls`` (``inputs``); ``words`` (the log's lines), ``replay`` and
``coached``."""
