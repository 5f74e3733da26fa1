"""Closures: free variables, `nonlocal` writes and closure helpers, against
JANUS_MODE=off (tests/programs/closures.py)."""

from pathlib import Path

import pytest

from conftest import assert_close, run_both_modes

PROGRAM = Path(__file__).parent / "programs" / "closures.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("closures"))


def test_outputs_state_and_variables_equal_the_interpreter(runs):
    on, off = runs["on"], runs["off"]
    assert_close(on["losses"], off["losses"], "losses")
    assert on["state"]["steps"] == off["state"]["steps"] == 40
    assert on["state"]["types"] == off["state"]["types"] == ["int", "EagerTensor"]
    assert_close(on["state"]["history"], off["state"]["history"], "history")
    assert_close(on["state"]["best"], off["state"]["best"], "best")
    assert_close(on["guarded"], off["guarded"], "guarded losses")
    assert on["guarded_calls"] == off["guarded_calls"] == 36
    for got, want in zip(on["variables"], off["variables"]):
        assert_close(got, want, "variables")


def test_closure_steps_run_as_graphs(runs):
    step = runs["functions"]["make_trainer.<locals>.train_step"]
    assert step["status"] == "converted", step
    assert step["graph_calls"] >= 35, step
    assert step["heap_writes"] >= 3 * step["graph_calls"], step
    guarded = runs["functions"]["make_guarded.<locals>.guarded_step"]
    assert guarded["assert_failures"] == 1, guarded
    assert guarded["graph_calls"] >= 28, guarded
