"""Python heap reads and writes in converted steps: the whole touched Python state, the
outputs and the TF variables equal the plain interpreter's, also when an in-graph
assertion fails in the middle of a run."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "heap.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"))


@pytest.mark.parametrize("name", ["lm", "rl", "guarded", "hard", "audited", "methods"])
def test_outputs_match_the_interpreter(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name, **ROUND_OFF)


@pytest.mark.parametrize("part", ["lm", "agent", "global_step", "log", "holder", "shared",
                                  "audited", "queue", "table"])
def test_python_state_matches_deeply(runs, part):
    # Types too: a Python int counter stays an int, a tensor stays an EagerTensor.
    assert_same(runs["on"]["python_state"][part], runs["off"]["python_state"][part], part,
                **ROUND_OFF)


def test_variables_match(runs):
    assert_same(runs["on"]["variables"], runs["off"]["variables"], "variables", **ROUND_OFF)


def test_state_across_sequences(runs):
    assert runs["off"]["lm_tf_function_wrong"] is True     # the trace-based baseline
    lm = runs["on"]["janus"]["lm_step"]
    assert lm["status"] == "converted" and lm["graph_runs"] >= 7
    # model.state and the counter are read at every call and written after it.
    assert lm["heap_reads"] >= lm["graph_runs"] and lm["heap_writes"] == 2 * lm["graph_runs"]


def test_rl_bookkeeping_runs_as_graphs(runs):
    rl = runs["on"]["janus"]["rl_step"]
    assert rl["status"] == "converted" and rl["graph_runs"] >= 9
    # rewards.append, stats[...] twice, global_step, and the print: five effects a call.
    assert rl["heap_writes"] == 5 * rl["graph_runs"]


def test_failed_assertion_writes_nothing(runs):
    guarded = runs["on"]["janus"]["guarded_step"]
    assert guarded["assert_failures"] == 1
    # The log, the counter variable and the outputs all equal the interpreter's (above),
    # so the failed call's assign_add and writes were not applied before its re-run.
    assert_same(runs["on"]["python_state"]["log"]["calls"], 10, "log calls")


def test_print_output_and_order_are_the_interpreters(runs):
    assert len(runs["off"]["printed"]) == 12
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert runs["on"]["janus"]["rl_step"]["graph_runs"] >= 9


def test_hard_cases_keep_identity(runs):
    assert runs["on"]["hard_alias_is_same"] is True
    assert runs["on"]["hard_made_is_shared"] is True
    assert runs["on"]["janus"]["hard_step"]["graph_runs"] == 3


def test_list_and_dict_methods_replay_in_order(runs):
    methods = runs["functions"]["methods_step"]
    assert methods["graph_calls"] >= 1, methods
    # insert, extend, append, update, del, store, pop, store: eight a call (setdefault
    # finds its key after the first call, so it writes nothing).
    assert methods["heap_writes"] == 8 * methods["graph_calls"]


def test_custom_setattr_is_not_converted_and_says_why(runs):
    audited = runs["functions"]["audited_step"]
    assert audited["graph_calls"] == 0
    assert "customises attribute access" in audited["not_converted"]
    assert runs["functions"]["rl_step"]["heap_writes"] > 0
    assert runs["functions"]["lm_step"]["heap_reads"] > 0
