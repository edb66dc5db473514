"""What every card table shares (STYLE.md, "Scenes"): one look and one behaviour.

- :mod:`table` ``Table``, the one table every game's table builds on
  (``XTable(Table)``), and its collaborators: :mod:`canvas` (the felt, the panel's
  picture, the part-by-part repaint), :mod:`voices` (moods, speech bubbles, earned
  notices), :mod:`rows` (the decision's controls in the action bar), :mod:`loop`
  (the card tables' engine loop; Sabacc runs its own), :mod:`notices` (banner and
  warning), :mod:`seats` (nameplates, the turn marker), :mod:`sitting` (leaving) and
  ``autoplay.AutoHand`` (the autoplayed hand and phase screenshots);

- :mod:`ink` the words' colours, taken from the player's palette;
- :mod:`text` cached text, fitting and line wrapping (the kinsoku rules, once); a
  test watching ``text.overflows`` hears of any text wider than its box;
- :mod:`words` words that follow a language switch (log lines, statuses, names);
- :mod:`bar` the action bar (it fits every label: compact type, then two rows; greyed
  actions say why) and the bet stepper;
- :mod:`motion` banners, flights across the felt and flying sprites;
- :mod:`events` the event router, keyed by event type;
- :mod:`log` the game log; :mod:`panel` the side panel (menu, hint, speed, info, log);
- :mod:`felt` the felt and its wooden rail; :mod:`plate` the seats' nameplates;
- :mod:`cast` who sits at the table: names, skill and personality;
- :mod:`speed` the animation speed; :mod:`worker` AI work off the frame loop;
- :mod:`shots` phase screenshots; :mod:`inputs` the synthetic inputs of autoplay;
- :mod:`replay` stepping through a hand from the history.

A table is a small package of roles built on these (``game.scenes.sabacc``,
``game.scenes.brag``, ``game.scenes.ninehalf``): its scene (lifecycle, input), animate
(events -> tweens on the display model), paint (draws the model only), controls (legal
actions -> buttons), layout and model.
"""
