"""tf.Variable arguments (janus/state/inputs.py): a function called with a new variable each
call becomes one graph whose input is the variable's handle, not a graph per variable;
a variable that comes twice runs in the interpreter.  JANUS_STATS counts every call,
also after janus gave a function up."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "variable_args.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("variables"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


@pytest.mark.parametrize("name", ["grad", "descend", "pair", "given_up"])
def test_results_and_variables_are_the_interpreters(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name)


@pytest.mark.parametrize("name, calls", [("grad", 20), ("descend", 25)])
def test_fresh_variables_share_one_graph(runs, name, calls):
    entry = runs["functions"][name]
    # 3 profiled calls, a graph for the first variable, then one for any variable
    assert (entry["calls"], entry["graphs_built"], entry["graph_calls"]) == \
        (calls, 2, calls - 3), entry
    assert entry["status"] == "converted"


def test_a_variable_passed_twice_runs_in_the_interpreter(runs):
    entry = runs["functions"]["pair"]
    assert (entry["calls"], entry["graph_calls"], entry["graphs_built"]) == (10, 4, 2), entry
    assert entry["reasons"]["a variable argument is also another argument or a variable "
                            "the graph reads from elsewhere"] == 3, entry


def test_stats_count_the_calls_after_giving_up(runs):
    entry = runs["functions"]["given_up"]
    assert entry["status"].startswith("interpreted: "), entry
    assert (entry["calls"], entry["graph_calls"]) == (30, 0), entry
    totals = runs["report"]["totals"]
    assert totals["calls"] == sum(f["calls"] for f in runs["report"]["functions"])
