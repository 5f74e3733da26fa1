"""Dynamic control flow: asserted assumptions, conds and while loops built from bytecode
give what the plain interpreter gives, on the paths where speculation fails too."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "control.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"))


@pytest.mark.parametrize("name", [
    "bn", "bn_variables", "lstm_fixed", "lstm_varying", "branch", "loops", "returns",
    "halving", "with", "with_state",
    # Python numbers merged by a cond and carried by a while loop keep Python's width
    # (runtime/janus/semantics/numbers.py); they were float32/int32 before.
    "merged", "carried",
])
def test_results_match_the_interpreter(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name, **ROUND_OFF)


def test_final_variables_match(runs):
    assert_same(runs["on"]["variables"], runs["off"]["variables"], "variables", **ROUND_OFF)


def test_batch_norm_attribute_switch(runs):
    # tf.function(autograph=False) freezes `net.training` at its first trace...
    assert runs["off"]["bn_tf_function_differs"] is True
    # ...janus guards the attribute: one graph per value, both reused.
    bn = runs["on"]["janus"]["bn_step"]
    assert bn["status"] == "converted" and bn["builds"] == 2
    assert bn["graph_runs"] == 21
    assert any("net.training: False is not True" in r for r in bn["reasons"])


def test_lstm_fixed_length_unrolls_and_varying_length_is_one_while_loop(runs):
    lstm = runs["on"]["janus"]["lstm_step"]
    assert lstm["status"] == "converted"
    # (4, 5, 3) unrolled, and lengths 3 and 7 too (a graph per length first, as
    # tf.function traces); the fourth length builds (4, ?, 3) with a while loop, which
    # serves every other length.
    assert lstm["builds"] == 4 and lstm["graph_runs"] == 13


def test_failed_assumption_relaxes_to_a_cond(runs):
    branch = runs["on"]["janus"]["branch_step"]
    assert branch["assert_failures"] == 1 and branch["relaxations"] == 1
    assert branch["builds"] == 2               # speculated, then relaxed: no more builds
    assert branch["graph_runs"] == 66          # 3 profiled + 1 failed assertion
    assert any("assumption failed: branch at branch_step" in line for line in runs["log"])


def test_loop_control_and_raise(runs):
    loops = runs["on"]["janus"]["loops_step"]
    assert loops["status"] == "converted" and loops["graph_runs"] == 8
    # The call whose arguments make it raise ran in the interpreter, and raised.
    assert "limit must not be negative" in runs["on"]["loops"]
    assert any("reaches a `raise`" in r for r in loops["reasons"])
    halving = runs["on"]["janus"]["halving_step"]
    assert halving["status"] == "converted" and halving["graph_runs"] == 7
    # The Python counter carried through the while loop comes back as an int (and
    # test_results_match_the_interpreter compares it with the interpreter's).
    assert all(type(step["tuple"][1]) is int for step in runs["on"]["halving"])


def test_with_and_finally_run_as_graphs(runs):
    assert runs["on"]["janus"]["with_step"]["graph_runs"] == 3
    assert_same(runs["on"]["with_state"], [6, 6, [1, 2, 3, 4, 5, 6]], "with_state")


def test_stats_report_counts_assertions_and_relaxations(runs):
    branch = runs["functions"]["branch_step"]
    assert branch["assert_failures"] == 1 and branch["relaxations"] == 1
    assert runs["functions"]["lstm_step"]["assert_failures"] == 0


def test_numbers_merged_by_a_cond_or_carried_by_a_loop_run_as_graphs(runs):
    # The two known-wrong cases above are wrong in graphs, not in a fallback.
    for name in ("rate_step", "carry_step"):
        info = runs["on"]["janus"][name]
        assert info["status"] == "converted" and info["graph_runs"] == 7, info
