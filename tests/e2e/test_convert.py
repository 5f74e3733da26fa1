"""Training steps run as graphs under janus give what the plain interpreter gives:
outputs, final TF variables and Python state; unconvertible steps fall back."""

import json

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes, run_python

PROGRAM = Path(__file__).resolve().parent / "steps.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"))


@pytest.mark.parametrize("name", ["keras_step", "raw_step", "branchy_step", "stateful_step",
                                  "subclass_step"])
def test_outputs_match_the_interpreter(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name, **ROUND_OFF)


@pytest.mark.parametrize("part", ["variables", "python_state"])
def test_final_variables_and_python_state_match(runs, part):
    assert_same(runs["on"][part], runs["off"][part], part, **ROUND_OFF)


def test_the_reference_ran_without_janus(runs):
    assert "janus" not in runs["off"]
    assert [key for key in runs["on"] if key != "janus"] == list(runs["off"])


def test_keras_step_runs_as_graphs_per_batch_size_then_one_relaxed(runs):
    info = runs["on"]["janus"]["keras_step"]
    assert info["status"] == "converted"
    assert info["calls"] == 18
    assert info["interpreted"] == 3          # the profiled calls before the first build
    assert info["graph_runs"] == 15
    # (4, 8), (3, 8) and (2, 8) each get an exact graph, as tf.function traces them;
    # the fourth size (5) builds (?, 8), which serves 6 and 7 too.
    assert info["builds"] == 4
    assert any("x: ndarray float64 (3, 8) is not ndarray float64 (4, 8)" in reason
               for reason in info["reasons"])


def test_changed_global_and_argument_rebuild(runs):
    info = runs["on"]["janus"]["raw_step"]
    assert info["status"] == "converted"
    assert info["builds"] == 3
    reasons = " | ".join(info["reasons"])
    assert "global SCALE: 0.5 is not 2.0" in reasons
    assert "weight: 0.25 is not 1.0" in reasons


def test_branch_on_a_tensor_is_speculated_and_writes_are_deferred(runs):
    branchy = runs["on"]["janus"]["branchy_step"]
    # The profile saw `y > 0` go one way: the graph follows it under an assertion.
    assert branchy["status"] == "converted"
    assert branchy["graph_runs"] == 3 and branchy["assert_failures"] == 0
    # Attribute and list writes are deferred and replayed after each graph run.
    stateful = runs["on"]["janus"]["stateful_step"]
    assert stateful["status"] == "converted" and stateful["graph_runs"] == 3
    assert stateful["heap_writes"] == 3 * 2


def test_user_keras_call_runs_as_bytecode_not_a_trace(runs):
    sub = runs["on"]["janus"]["subclass_step"]
    # use_skip is a guarded Python attribute: flipping it builds a second graph.
    assert sub["status"] == "converted" and sub["builds"] == 2
    assert sub["graph_runs"] == 5
    assert any("use_skip: False is not True" in r for r in sub["reasons"])


def test_stats_report_and_log(runs):
    report = runs["report"]
    by_name = {f["name"]: f for f in report["functions"]}
    keras = by_name["keras_step"]
    assert (keras["calls"], keras["graph_calls"], keras["graphs_built"]) == (18, 15, 4)
    assert keras["guard_misses"] == 3 and keras["not_converted"] is None
    assert keras["file"].endswith("steps.py") and keras["line"] > 0
    assert by_name["stateful_step"]["not_converted"] is None
    assert by_name["stateful_step"]["heap_writes"] == 6
    assert report["totals"]["graph_calls"] == sum(f["graph_calls"] for f in report["functions"])
    assert "janus: keras_step: built graph 1 in" in "\n".join(runs["log"])
    assert "janus: stateful_step: built graph 1 in" in "\n".join(runs["log"])


def test_hot_threshold_is_a_switch(tmp_path):
    report = tmp_path / "janus.json"
    r = run_python([str(PROGRAM)], env_extra={"JANUS_STATS": str(report), "JANUS_HOT": "6"})
    assert r.returncode == 0, r.stderr[-2000:]
    keras = {f["name"]: f for f in json.loads(report.read_text())["functions"]}["keras_step"]
    assert keras["calls"] - keras["graph_calls"] == 6
