"""A converted function called while a GradientTape outside it records runs a graph built
for such calls, which gives the tape eager's record of each op it ran
(runtime/janus/graph/tape_records.py): the tape's gradient is eager's, bit for bit.
Against JANUS_MODE=off on tests/e2e/outer_tape.py, oneDNN off: equal bit for bit, with
the losses and gradients of a step janus refused, a meta-gradient through a converted
step, and the same functions called with no tape outside."""

from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "outer_tape.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("outer_tape"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs)


def test_functions_under_an_outer_tape_run_graphs(runs):
    # weighted_loss runs under refused_step's tape, and with no tape in evaluate: both
    # kinds of call run graphs (one cache each).
    loss = runs["functions"]["weighted_loss"]
    assert loss["status"] == "converted", loss
    assert loss["graph_calls"] >= 15, loss
    assert runs["functions"]["evaluate"]["graph_calls"] >= 15, runs["functions"]["evaluate"]
    # inner_step: its calls inside the outer persistent tape run a graph too, and
    # the meta-gradient through them is eager's (test_results_are_the_interpreters).
    inner = runs["functions"]["inner_step"]
    assert inner["status"] == "converted", inner
    assert inner["graph_calls"] >= 40, inner
    assert inner["graphs_built"] == 2, inner
    assert runs["functions"]["refused_step"]["graph_calls"] == 0
