"""tape.gradient in interpreted steps: the backward walk deferred and run in compiled
chunks (runtime/janus/coexec/backward.py).  Against JANUS_MODE=off on
tests/e2e/tape_walks.py, oneDNN off: every printed line, every loss, weight and
optimizer count bit for bit, the exceptions a failing custom gradient raises included;
and the walks did run compiled, with no chunk differing from eager."""

import json
from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes, run_python

PROGRAM = Path(__file__).parent / "tape_walks.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("tape_walks"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert runs["on"]["history"] == runs["off"]["history"]
    assert_runs_agree(runs)


def test_the_steps_stay_in_the_interpreter(runs):
    for name in ("gather_step", "penalty_step", "persistent_step", "helper_step",
                 "failing_step", "counted_step"):
        assert runs["functions"][name]["status"].startswith("interpreted"), name


def test_the_failing_backward_is_seen_where_eager_sees_it(runs):
    failures = [h for h in runs["on"]["history"]["failing"] if isinstance(h, str)]
    assert failures and all("backward refused" in h for h in failures)


def test_the_programs_own_gradient_function_runs_at_every_call(runs):
    # Tanh's gradient replaced mid-run by a function of the program's that counts its
    # calls: each walk calls it as eager's does (the other steps' tanh ops too).
    assert runs["on"]["tanh_calls"] == runs["off"]["tanh_calls"] >= 24


def test_the_walks_ran_in_compiled_chunks(runs):
    walks = runs["report"]["tape_gradients"]
    # Six steps, 24 calls each; an inner walk recorded by the outer tape is eager's.
    assert walks["walks"] >= 120 and walks["eager_walks"] >= 20, walks
    # (The counted Tanh gradient and the gathers run as eager's, in their place.)
    assert walks["compiled_nodes"] * 3 > walks["nodes"], walks
    assert walks["chunk_graphs"] >= 5 and walks["mismatches"] == 0, walks


def test_explain_reports_the_walks(runs, tmp_path):
    report = tmp_path / "stats.json"
    report.write_text(json.dumps(runs["report"]))
    r = run_python(["-m", "janus", "explain", str(report)])
    assert r.returncode == 0, r.stderr
    walks = runs["report"]["tape_gradients"]
    assert (f"{walks['walks']} backward walk(s) deferred, {walks['eager_walks']} as "
            f"eager's; {walks['compiled_nodes']}/{walks['nodes']} gradient ops") in r.stdout
