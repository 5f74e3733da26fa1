"""`==`/`!=` on the program's own objects convert: each side's __eq__/__ne__ is inlined
and guarded on its class, by CPython's order (janus/build/dunders.py).  End to end against
JANUS_MODE=off on tests/e2e/user_equality.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def equality(tmp_path_factory):
    return run_both_modes(PROGRAMS / "user_equality.py", tmp_path_factory.mktemp("eq"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_lines_and_results_are_the_interpreters(equality):
    assert equality["on"]["printed"] == equality["off"]["printed"]
    assert equality["off"]["printed"].count("sub eq") == 16   # the subclass goes first
    for name in ("loss", "cfg", "t"):
        assert_same(equality["on"][name], equality["off"][name], name, **ROUND_OFF)


def test_the_step_converts_and_follows_the_objects(equality):
    stats = equality["functions"]["step"]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 8, stats
    # A field write flips `CFG == Cfg()` and a threshold flips `T == Tol(1.05)`: each
    # fails its speculated branch once and relaxes.
    assert stats["relaxations"] >= 2, stats
