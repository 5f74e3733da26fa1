"""Attribute and global writes inside a cond arm, against JANUS_MODE=off
(tests/e2e/branch_writes.py)."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).parent / "branch_writes.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("branch_writes"))


@pytest.mark.parametrize("key", ["losses", "tracker", "last_improved", "kept_object",
                                 "variables"])
def test_state_written_in_arms_equals_the_interpreter(runs, key):
    assert_same(runs["on"][key], runs["off"][key], key, **ROUND_OFF)


def test_both_arms_and_both_inner_arms_ran(runs):
    tracker = runs["off"]["tracker"]["vars"]
    assert tracker["improved"] > 3 and tracker["worse"] > 3     # many times each
    assert 0 < tracker["small"] < tracker["improved"]


def test_the_branch_is_a_cond_in_the_graph(runs):
    step = runs["functions"]["train_step"]
    assert step["status"] == "converted", step
    assert step["graph_calls"] >= 50, step
    # Every graph holds one cond for `loss < tracker.best`; its taken arm holds the
    # cond for `loss < 0.2`, its other arm none.
    conds = runs["on"]["conds"]
    assert len(conds) == step["graphs_built"] >= 1, conds
    assert conds == [[[1, 0]]] * len(conds), conds
