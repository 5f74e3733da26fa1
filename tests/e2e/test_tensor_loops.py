"""Loops on tensors convert: `for` over a tensor and over tf.range, `break`,
`continue`, `return` and `raise` inside them, TensorArrays, and carried state whose
static shape generalises (runtime/janus/build/loops.py).  Each gives what the interpreter
gives, on the calls that raise too."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "tensor_loops.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"),
                          {"TF_ENABLE_ONEDNN_OPTS": "0"})


@pytest.mark.parametrize("name", ["episode", "masked", "rows", "search", "checked", "rnn",
                                  "unroll", "aliased", "last", "fixed", "noisy",
                                  "variables"])
def test_results_match_the_interpreter(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name, **ROUND_OFF)


def _converted(runs, name):
    info = runs["on"]["janus"][name]
    assert info["status"] == "converted", info
    return info


def test_a_tf_range_loop_with_a_break_and_tensor_arrays_is_one_graph(runs):
    # The actor-critic tutorial's shape: every call after profiling runs the graph.
    episode = _converted(runs, "episode_step")
    assert episode["builds"] == 1 and episode["graph_runs"] == 9
    # The break really happens at different steps: episodes of several lengths.
    lengths = {step["tuple"][1]["value"] for step in runs["off"]["episode"]}
    assert len(lengths) > 2 and max(lengths) < 20


def test_iterating_a_tensor_with_continue(runs):
    masked = _converted(runs, "masked_step")
    assert masked["graph_runs"] == 7
    # The Python counter stays a Python int, as in eager.
    assert all(type(step["tuple"][1]) is int for step in runs["on"]["masked"])


def test_a_short_known_first_dimension_is_unrolled(runs):
    rows = _converted(runs, "rows_step")
    assert rows["builds"] == 1 and rows["graph_runs"] == 3


def test_return_inside_a_loop_over_a_tensor(runs):
    search = _converted(runs, "search_step")
    assert search["graph_runs"] == 7
    found = [step["value"] for step in runs["off"]["search"]]
    assert -1.0 in found and any(v > 0 for v in found)   # both ways out were taken


def test_raise_inside_a_loop_runs_those_calls_in_the_interpreter(runs):
    checked = _converted(runs, "checked_step")
    # Two calls raise: the interpreter runs them and the program sees the ValueError;
    # the graph stays for the others (one build).
    assert checked["builds"] == 1 and checked["graph_runs"] == 5
    assert checked["reasons"] == {"reaches a `raise` at checked_step:141": 2}
    assert runs["on"]["checked"].count("ValueError: a negative reading") == 2


def test_a_state_whose_shape_generalises_gets_a_relaxed_invariant(runs):
    # `seq[t:t+1]` makes the state (None, 16) after one iteration from (1, 16).
    rnn = _converted(runs, "rnn_step")
    assert rnn["builds"] == 1 and rnn["graph_runs"] == 9
    steps = {step["tuple"][1]["value"] for step in runs["off"]["rnn"]}
    assert 0 in steps and len(steps) > 2


def test_a_list_appended_in_a_tensor_loop_is_a_tensor_array(runs):
    unroll = _converted(runs, "unroll_step")
    assert unroll["builds"] == 1 and unroll["graph_runs"] == 5
    # len() of it is the Python int eager gives.
    assert [step["tuple"][1] for step in runs["on"]["unroll"]] == [3, 4, 5, 6, 3, 4, 5, 6]


@pytest.mark.parametrize("step, reason", [
    ("aliased_step", "list 'states' is appended to in a loop on a tensor and is also "
                     "held elsewhere"),
    ("last_step", "list 'states', appended to in a loop on a tensor, used other than by "
                  ".append() in the loop, tf.stack(), tf.convert_to_tensor() or len() "
                  "after it"),
])
def test_grown_lists_janus_cannot_follow_stay_interpreted(runs, step, reason):
    info = runs["on"]["janus"][step]
    assert info["status"] == f"interpreted: {reason}"


def test_a_fixed_trip_count_is_unrolled_under_an_assertion(runs):
    fixed = _converted(runs, "fixed_step")
    # 3 profiled calls, 4 unrolled runs, the count changes: fallback, then a while loop.
    assert fixed["assert_failures"] == 1 and fixed["relaxations"] == 1
    assert fixed["builds"] == 2 and fixed["graph_runs"] == 6


def test_prints_in_a_loop_with_a_break_come_out_as_eager_prints_them(runs):
    noisy = _converted(runs, "noisy_step")
    assert noisy["graph_runs"] >= 4
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert any(line.startswith("stop at") for line in runs["off"]["printed"])
