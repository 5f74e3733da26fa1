"""Failures inside converted steps change nothing: a graph call that fails (a user
assertion, check_numerics, a gather out of range, a check after, between or inside
updates) leaves the variables, the optimizers' iterations and slots, the Python state and
the printed lines as the interpreter leaves them, on the first graph call and after many.

Every step converts, fails at steps 3 (its first
graph call) and 20, and falls back exactly there, unless the failure came after the
updates landed: then the call raises and is not run again.  oneDNN is off in both modes,
so floats compare exactly.
"""

import collections

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "failures.py"
STEPS, FAIL_AT, HOT_CALLS = 24, [3, 20], 3
# scenario -> (function, how its updates are kept from landing on a failure)
SCENARIOS = {
    "assert": ("assert_step", "barrier"),
    "numerics": ("numerics_step", "barrier"),
    "gather": ("gather_step", "barrier"),
    "later_check": ("later_check_step", "barrier"),
    "after_update": ("after_update_step", "snapshot"),
    "between": ("between_step", "snapshot"),
    "gan": ("gan_step", "snapshot"),
    "cond": ("cond_step", "snapshot"),
    "print_in_arm": ("print_in_arm_step", "snapshot"),
    "landed": ("landed_step", "barrier"),
    "suppressed": ("suppressed_step", "barrier"),
    "summary_barrier": ("summary_barrier_step", "barrier"),
    "summary_snapshot": ("summary_snapshot_step", "snapshot"),
}
# Failures that come after the updates landed: the reason janus records (no fallback).
FAILED = {"landed": "failed after its updates landed, the call raises: OSError"}
# A gather out of range is any op failing on its data: the graph is dropped, and three in a
# row leave the step in the interpreter.  An assertion or check_numerics is a check the
# program wrote: the graph stays for the calls that pass it.
RUNTIME_FAILURE = {"gather": "graph failed at run time: InvalidArgumentError",
                   "after_update": "graph failed at run time: InvalidArgumentError"}
PROGRAM_CHECK = "a check the program wrote failed at node "
CONVERTED = [name for name, (_, kind) in SCENARIOS.items() if kind != "refused"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("stats"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def log_of(runs, function):
    return [line for line in runs["log"] if line.startswith(f"janus: {function}: ")]


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_step_returns_or_raises_what_the_interpreter_does(runs, name):
    steps = runs["off"][name]["steps"]
    # A suppressed assertion fails inside the graph but the step returns normally.
    raising = [] if name == "suppressed" else FAIL_AT
    assert [i for i, s in enumerate(steps) if "raised" in s] == raising
    assert_same(runs["on"][name]["steps"], steps, name)


@pytest.mark.parametrize("name", SCENARIOS)
def test_variables_optimizer_and_python_state_are_the_interpreters(runs, name):
    assert_same(runs["on"][name]["state"], runs["off"][name]["state"], name)


def test_a_failing_call_prints_once(runs):
    printed = runs["off"]["tf_printed"]
    # Eager prints before the failing op raises: once per call, failing calls included
    # (print_in_arm prints on even steps and on step 3).
    counts = collections.Counter(line.split(" ")[0] for line in printed)
    assert counts == {"loss": STEPS, "weights": STEPS, "positive": STEPS // 2 + 1}, counts
    assert runs["on"]["tf_printed"] == printed


@pytest.mark.parametrize("name", CONVERTED)
def test_the_step_runs_as_graphs_and_falls_back_only_where_it_fails(runs, name):
    function, _ = SCENARIOS[name]
    stats = runs["on"]["janus"][function]
    assert stats["status"] == "converted", stats
    assert stats["graph_runs"] == STEPS - HOT_CALLS - len(FAIL_AT), stats
    failure = FAILED.get(name) or RUNTIME_FAILURE.get(name, PROGRAM_CHECK)
    failed = [r for r in stats["reasons"] if r.startswith(failure)]
    assert sum(stats["reasons"][r] for r in failed) == len(FAIL_AT), stats["reasons"]
    fallbacks = runs["functions"][function]["fallbacks"]
    assert fallbacks == (0 if name in FAILED else len(FAIL_AT)), fallbacks
    # The first failure is the first graph call, right after the build.
    log = log_of(runs, function)
    first = next(i for i, line in enumerate(log) if failure.split(":")[0] in line)
    assert "built graph 1 " in log[first - 2] and "graph 1: " in log[first - 1], log


@pytest.mark.parametrize("name", CONVERTED)
def test_updates_wait_or_are_snapshot_as_the_graph_needs(runs, name):
    function, kind = SCENARIOS[name]
    described = [line for line in log_of(runs, function) if "updates wait for" in line]
    assert len(described) == sum(": built graph " in line for line in log_of(runs, function))
    assert all(("snapshot" in line) == (kind == "snapshot") for line in described), \
        described


def test_summary_events_are_written_once_as_the_interpreter_writes_them(runs):
    events = runs["off"]["summaries"]
    # Per step two events from each step; a failing call writes those before its check
    # (three of four), once: the graph wrote none of them, its re-run all.
    assert len(events) == 4 * STEPS - len(FAIL_AT), len(events)
    assert_same(runs["on"]["summaries"], events, "summaries")


# -- exceptions a `try` in the step catches, or a `finally` sees (failures_caught.py) --

CAUGHT_PROGRAM = Path(__file__).resolve().parent / "failures_caught.py"
PLACES = ("before", "after", "between")
# Raised while building, by Python values the guards fix: the handler is built into the
# graph, and no call falls back.
ROUTED = [f"{kind}_{where}" for kind in ("keyerror", "user") for where in PLACES]
# A Python number read at call time once it changed: an in-graph check fails, and the
# interpreter runs that call (or the guard sees 0.0 and the build routes the exception).
NUMBER_CHECKED = [f"zerodiv_{where}" for where in PLACES]
# Raised by the graph run: the call falls back every time, and the interpreter runs the
# handler (or the finally, and the exception leaves the step).
AT_RUN_TIME = [f"{kind}_{where}" for kind in ("invalid", "finally") for where in PLACES]


@pytest.fixture(scope="module")
def caught(tmp_path_factory):
    return run_both_modes(CAUGHT_PROGRAM, tmp_path_factory.mktemp("caught"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


# Raised while building inside a branch on a tensor: an assumption, then the interpreter.
IN_ARM = ["keyerror_in_arm"]


@pytest.mark.parametrize("name", ROUTED + NUMBER_CHECKED + AT_RUN_TIME + IN_ARM)
def test_caught_steps_return_raise_and_leave_the_interpreters_state(caught, name):
    steps = caught["off"][name]["steps"]
    raising = FAIL_AT if name.startswith("finally") else []
    assert [i for i, s in enumerate(steps) if "raised" in s] == raising
    assert_same(caught["on"][name]["steps"], steps, name)
    assert_same(caught["on"][name]["state"], caught["off"][name]["state"], name)
    log = caught["off"][name]["state"]["log"]
    assert log["caught"] + log["finally"] + len(log["messages"]) > 0, log


def test_handlers_print_what_the_interpreter_prints(caught):
    assert caught["on"]["printed"] == caught["off"]["printed"]
    counted = collections.Counter(caught["off"]["printed"])
    assert counted["missing 'scale'"] == len(FAIL_AT)
    assert counted["skipped: BadBatch('bad batch')"] == len(FAIL_AT)
    assert counted["checked"] == STEPS


@pytest.mark.parametrize("name", ROUTED)
def test_an_exception_raised_while_building_runs_its_handler_in_the_graph(caught, name):
    stats = caught["on"]["janus"][name]
    assert stats["status"] == "converted", stats
    assert stats["graph_runs"] == STEPS - HOT_CALLS, stats
    assert caught["functions"][name]["fallbacks"] == 0
    # The first graph call is the first that raises: its build took the handler.
    log = [line for line in caught["log"] if line.startswith(f"janus: {name}: ")]
    assert "built graph 1 " in log[0] and "guard miss" in log[2], log


@pytest.mark.parametrize("name", NUMBER_CHECKED)
def test_a_division_by_a_number_read_at_call_time_falls_back_when_it_is_zero(caught, name):
    stats = caught["on"]["janus"][name]
    assert stats["status"] == "converted", stats
    assert stats["graph_runs"] >= STEPS - HOT_CALLS - len(FAIL_AT), stats
    checks = sum(n for r, n in stats["reasons"].items() if r.startswith("number check"))
    assert stats["graph_runs"] + checks == STEPS - HOT_CALLS, stats


@pytest.mark.parametrize("name", AT_RUN_TIME)
def test_a_graph_that_fails_inside_a_try_falls_back_and_the_handler_runs(caught, name):
    stats = caught["on"]["janus"][name]
    assert stats["status"] == "converted", stats
    assert stats["graph_runs"] == STEPS - HOT_CALLS - len(FAIL_AT), stats
    assert caught["functions"][name]["fallbacks"] == len(FAIL_AT)
