"""Recursion over a tree read from a global converts to a recursive graph whose root is
a pointer read at each call (janus/state/reads.py, recursive_calls.py).  End to end against
JANUS_MODE=off on tests/e2e/global_tree.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return run_both_modes(PROGRAMS / "global_tree.py", tmp_path_factory.mktemp("tree"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_losses_and_weights_are_the_interpreters(tree):
    for name in ("loss", "W", "SCALE", "weighted", "V"):
        assert_same(tree["on"][name], tree["off"][name], name, **ROUND_OFF)


def test_the_step_converts_with_the_global_as_a_pointer(tree):
    stats = tree["functions"]["step"]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 7, stats
    assert any("passed as object pointers: global:TREE" in reason
               for reason in stats["reasons"]), stats["reasons"]
    # The cut, the new value and the new tree are read at run time: no rebuild for them.
    assert stats["graphs_built"] == 1, stats


def test_the_gradient_reaches_a_tensor_argument_through_the_recursion(tree):
    stats = tree["functions"]["weighted_step"]
    assert stats["status"] == "converted", stats
    assert stats["fallbacks"] == 0, stats
    assert stats["graph_calls"] >= 8, stats
