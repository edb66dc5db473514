"""A table's tables that its modules would build at first use, in a frame (Corellian
Spike's computer players' reference hands: a 120-155 ms frame at their first move), are
built on a worker thread as the table's modules are preloaded."""

from __future__ import annotations

import threading

import pytest

from ai import spike_ai
from game.scenes import preload


def test_preloading_the_spike_table_builds_the_computer_players_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(spike_ai, "_REFERENCE", [])
    preload._import_all(preload.table_modules("sabacc", "corellian-spike"))
    for thread in threading.enumerate():
        if thread.name == "preload-tables":
            thread.join(timeout=30)
    assert len(spike_ai._REFERENCE) == 6000
    assert sorted(spike_ai._REFERENCE) == spike_ai._REFERENCE
