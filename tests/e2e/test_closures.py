"""Closures: free variables, `nonlocal` writes and closure helpers, against
JANUS_MODE=off (tests/e2e/closures.py)."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).parent / "closures.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("closures"))


@pytest.mark.parametrize("key", ["losses", "state", "guarded", "guarded_calls",
                                 "variables"])
def test_outputs_state_and_variables_equal_the_interpreter(runs, key):
    assert_same(runs["on"][key], runs["off"][key], key, **ROUND_OFF)


def test_nonlocal_state_keeps_its_types(runs):
    state = runs["on"]["state"]
    assert_same(state["steps"], 40, "steps")            # an int, written from graphs
    assert {h["type"] for h in state["history"]} == {"EagerTensor"}
    assert state["best"]["loss"]["type"] == "EagerTensor"
    assert_same(runs["on"]["guarded_calls"], 36, "guarded_calls")


def test_closure_steps_run_as_graphs(runs):
    step = runs["functions"]["make_trainer.<locals>.train_step"]
    assert step["status"] == "converted", step
    assert step["graph_calls"] >= 35, step
    assert step["heap_writes"] >= 3 * step["graph_calls"], step
    guarded = runs["functions"]["make_guarded.<locals>.guarded_step"]
    assert guarded["assert_failures"] == 1, guarded
    assert guarded["graph_calls"] >= 28, guarded
