"""Hot code without a GradientTape (janus/detect/eager_ops.py): functions that run TF ops in many
calls are taken over, the per-step function rather than its loop driver or its helpers;
a function janus gives up hands the search to the helpers it covered; a function that
runs ops in two calls stays in the interpreter.  Results, printed lines, Python state and
variables are compared exactly with JANUS_MODE=off (oneDNN off in both modes).
"""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes, run_python

PROGRAM = Path(__file__).resolve().parent / "hot_code.py"
TAKEN_OVER = "taken over: ran TensorFlow ops in 3 calls (no GradientTape)"
EXACT_ENV = {"TF_ENABLE_ONEDNN_OPTS": "0"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("hot"), env_extra=EXACT_ENV)


def test_printed_lines_match_the_interpreter(runs):
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert any(line.startswith("accuracy ") for line in runs["on"]["printed"])


@pytest.mark.parametrize("part", ["acting", "sampling", "evaluation", "summaries",
                                  "fallback", "closures", "state", "variables"])
def test_results_state_and_variables_match_exactly(runs, part):
    assert_same(runs["on"][part], runs["off"][part], part)


@pytest.mark.parametrize("name", ["act", "eval_step", "make_scorer.<locals>.score"])
def test_the_per_step_function_is_converted(runs, name):
    entry = runs["functions"][name]
    assert entry["status"] == "converted", entry
    assert entry["graphs_built"] == 1, entry
    assert entry["graph_calls"] == entry["calls"] - 3, entry    # 3 profiled calls
    assert entry["reasons"] == {TAKEN_OVER: 1}, entry


def test_loop_drivers_models_and_helpers_are_not_taken_over(runs):
    # run_episode and evaluate run the loop of steps; Policy.__call__ and greedy are
    # inlined in act's graph; summarize runs ops in two calls only.
    # smoothed.<locals>.<lambda> is made anew at every call of smoothed, which is taken
    # over instead: it makes the closure and calls it, inlined in its graph.
    assert set(runs["functions"]) == {"act", "sample", "eval_step", "report", "scaled_norm",
                                      "make_scorer.<locals>.score", "smoothed"}
    assert runs["functions"]["smoothed"]["status"] == "converted"


def test_an_acting_step_that_samples_under_a_global_seed_is_taken_over(runs):
    # tf.random.categorical draws eager's numbers in its graph (random_ops.v1_seed);
    # test_results_state_and_variables_match_exactly compares the draws.
    entry = runs["functions"]["sample"]
    assert entry["graphs_built"] == 1 and entry["graph_calls"] == entry["calls"] - 3, entry


def test_a_given_up_candidate_hands_over_to_the_helper_it_covered(runs):
    report = runs["functions"]["report"]
    assert report["not_converted"] == \
        "`.item` of an ndarray the step computes (.numpy() or numpy arithmetic)"
    # 12 calls; the first two ran before janus took it over.
    assert (report["calls"], report["graph_calls"]) == (10, 0), report
    helper = runs["functions"]["scaled_norm"]
    assert helper["status"] == "converted" and helper["graph_calls"] > 0, helper
    assert helper["reasons"] == {TAKEN_OVER: 1}, helper


def test_the_log_names_each_take_over(runs):
    taken = [line for line in runs["log"] if "taken over" in line]
    assert [line.split(":")[1].strip() for line in taken] == \
        ["act", "sample", "eval_step", "report", "scaled_norm",
         "make_scorer.<locals>.score", "smoothed"]


def test_hot_ops_off_leaves_only_tapes(tmp_path):
    stats = tmp_path / "stats.json"
    r = run_python([str(PROGRAM)], env_extra={"JANUS_HOT_OPS": "off",
                                              "JANUS_STATS": str(stats), **EXACT_ENV})
    assert r.returncode == 0, r.stderr[-2000:]
    assert '"functions": []' in stats.read_text()


def test_hot_ops_threshold_is_a_switch(tmp_path):
    stats = tmp_path / "stats.json"
    r = run_python([str(PROGRAM)], env_extra={"JANUS_HOT_OPS": "2",
                                              "JANUS_STATS": str(stats), **EXACT_ENV})
    assert r.returncode == 0, r.stderr[-2000:]
    # Two calls are now enough: summarize is taken over at its second call.
    assert '"name": "summarize"' in stats.read_text()


@pytest.mark.parametrize("value", ["0", "yes", "-1", ""])
def test_a_bad_hot_ops_value_is_a_clear_error(value):
    r = run_python(["-c", "pass"], env_extra={"JANUS_HOT_OPS": value})
    assert r.returncode == 2
    assert f"JANUS_HOT_OPS={value!r} is not valid (must be an integer >= 1 or off; " \
           "default 3)" in r.stderr


GIVEN_UP_OPS = """\
import tensorflow as tf
from janus.detect import tape
V = tf.Variable(tf.ones([4]))

def step(x):
    with tf.GradientTape() as tape:
        y = x * V
        for _ in range(20):
            y = y * 1.01 + 0.5
        loss = tf.reduce_sum(y)
    V.assign_sub(0.01 * tape.gradient(loss, V))
    return loss.numpy().item()      # refused: janus gives step up

def train():
    for i in range(30):
        step(tf.constant([1.0, 2, 3, 4]))

walks = tape.watch.walks
train()
print(tape.watch.walks - walks)
"""


def test_a_given_up_function_pays_one_walk_per_call_not_per_op(tmp_path):
    # Each call of step runs ~50 eager ops; its first op walks up to count train's
    # call, the others find the call walked (janus/detect/eager_ops.py, CodeWatch.walked_call).
    program = tmp_path / "given_up.py"
    program.write_text(GIVEN_UP_OPS)
    stats = tmp_path / "stats.json"
    r = run_python([str(program)], env_extra={"JANUS_STATS": str(stats), **EXACT_ENV})
    assert r.returncode == 0, r.stderr[-2000:]
    assert "`.item` of an ndarray the step computes" in stats.read_text()
    assert int(r.stdout.split()[-1]) <= 30 + 3, r.stdout


def test_ops_at_interpreter_exit_print_nothing_of_janus():
    """The writer's last ops run while the interpreter exits; janus's op watch stays
    silent there, as the interpreter does without janus."""
    program = str(Path(__file__).resolve().parent / "summary_at_exit.py")
    on, off = run_python([program], mode="on"), run_python([program], mode="off")
    assert on.returncode == off.returncode == 0, on.stderr[-2000:]
    assert on.stdout == off.stdout == "done\n"
    assert "janus" not in on.stderr, on.stderr[-2000:]
