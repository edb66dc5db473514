"""Key names as players know them ("Enter", "Space", "Esc"), in the player's language.

pygame names keys for programmers ("return", "escape", "[+]"); a tooltip that says
"Shortcut: RETURN" reads like a code. A key with a name of its own in the catalogs
(``key.<pygame name>``) is said so; a letter or a digit is written as it is printed on
the key cap ("K", "1").
"""

from __future__ import annotations

import pygame

from game import i18n

#: pygame's names of the keys that are called something else on a keyboard.
_NAMED = {
    "return": "key.enter",
    "enter": "key.enter",  # the keypad's Enter
    "space": "key.space",
    "escape": "key.esc",
    "backspace": "key.backspace",
    "tab": "key.tab",
    "delete": "key.delete",
    "left": "key.left",
    "right": "key.right",
    "up": "key.up",
    "down": "key.down",
    "page up": "key.page_up",
    "page down": "key.page_down",
    "home": "key.home",
    "end": "key.end",
}


def key_name(key: int) -> str:
    """What the player reads for ``key`` (a pygame key code) in the current language.

    >>> import pygame
    >>> key_name(pygame.K_RETURN), key_name(pygame.K_k), key_name(pygame.K_KP_PLUS)
    ('Enter', 'K', '+')
    """
    name = pygame.key.name(key)
    named = _NAMED.get(name)
    if named is not None:
        return i18n.t(named)
    if len(name) == 3 and name.startswith("[") and name.endswith("]"):
        return name[1]  # a keypad key ("[+]"): the sign on its cap
    return name.upper() if len(name) == 1 else name.title()
