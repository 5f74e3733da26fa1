"""A converted function called while a GradientTape outside it records runs as eager's
ops (runtime/janus/run/executor.py, CodeState._enter): a graph call would give that tape
its backward function's gradient, which rounds differently from eager's op-by-op one.
The same functions called with no tape outside run their graphs.  Against
JANUS_MODE=off on tests/e2e/outer_tape.py, oneDNN off: equal bit for bit."""

from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "outer_tape.py"
OUTER = "interpreted: a GradientTape outside the call records it"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("outer_tape"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs)


def test_a_function_under_an_outer_tape_runs_as_ops_and_its_graph_runs_elsewhere(runs):
    # weighted_loss, under refused_step's tape, is taken over and runs as ops; evaluate,
    # with no tape, is taken over too (it inlines weighted_loss) and runs its graph.
    loss = runs["functions"]["weighted_loss"]
    assert loss["reasons"].get(OUTER, 0) >= 15 and loss["graph_calls"] == 0, loss
    assert runs["functions"]["evaluate"]["graph_calls"] >= 15, runs["functions"]["evaluate"]
    # inner_step: converted; its call inside the outer tape runs in the interpreter.
    inner = runs["functions"]["inner_step"]
    assert inner["status"] == "converted", inner
    assert inner["reasons"].get(OUTER, 0) >= 20, inner
    assert inner["graph_calls"] >= 20, inner
    assert runs["functions"]["refused_step"]["graph_calls"] == 0
