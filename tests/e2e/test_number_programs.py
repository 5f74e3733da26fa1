"""Python numbers in converted steps (tests/e2e/python_numbers.py) give exactly what the
interpreter gives, on the calls where an edge case sends the call back too, and the
steps run as graphs on the others."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "python_numbers.py"
STEPS = ["early_stop", "batch", "overflow", "ratio", "nan", "dtype"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


@pytest.mark.parametrize("name", STEPS + ["state", "w"])
def test_results_and_state_are_the_interpreters(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name)


def test_the_program_caught_what_python_raised(runs):
    caught = runs["off"]["state"]["vars"]["caught"] if "vars" in runs["off"]["state"] \
        else runs["off"]["state"]["caught"]
    assert {"tuple": ["ValueError", "nan"]} in caught
    assert any(c["tuple"][0] == "ZeroDivisionError" for c in caught)


@pytest.mark.parametrize("name, least", [("early_stop_step", 20), ("batch_step", 17),
                                         ("ratio_step", 16), ("nan_step", 18),
                                         ("dtype_step", 19), ("overflow_step", 8)])
def test_steps_run_as_graphs_when_no_edge_case_occurs(runs, name, least):
    stats = runs["on"]["janus"][name]
    assert stats["status"].startswith(("converted", "interpreted: number checks")), stats
    assert stats["graph_runs"] >= least, stats
