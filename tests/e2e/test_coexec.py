"""Co-execution: steps janus cannot make one graph run in the interpreter while their
Keras calls run as graph sites (runtime/janus/coexec/sites.py), under the step's tape
with eager's gradient (runtime/janus/graph/tape_records.py).  Against JANUS_MODE=off on
tests/e2e/coexec.py, oneDNN off: every printed line, the losses, the checksums of
hidden layers, every weight and the optimizers' step counts, bit for bit."""

import json
from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes, run_python

PROGRAM = Path(__file__).parent / "coexec.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("coexec"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert_runs_agree(runs)


def _site(runs, callee, caller):
    return runs["functions"][f"{callee}() called in {caller}"]


def _interpreted(runs, name):
    status = runs["functions"][name]["status"]
    assert status.startswith("interpreted"), (name, status)


def test_an_episode_co_executes(runs):
    # Model call, np.squeeze and np.random.choice on its output, a Python environment
    # step per frame, one tape: the episode stays interpreted, the model and the loss
    # run graphs under its tape.
    _interpreted(runs, "episode")
    for callee in ("Functional", "Huber"):
        site = _site(runs, callee, "episode")
        assert site["graph_calls"] >= 300 and site["calls"] - site["graph_calls"] <= 3, site


def test_an_unknown_c_call_between_two_model_calls(runs):
    _interpreted(runs, "checksum_step")
    assert _site(runs, "Sequential", "checksum_step")["graph_calls"] >= 10
    # The head called after the checksum is head_a or head_b: one site, a graph each.
    head = _site(runs, "Dense", "checksum_step")
    assert head["graph_calls"] >= 10 and head["graphs_built"] == 2, head
    assert _site(runs, "MeanSquaredError", "checksum_step")["graph_calls"] >= 10


def test_a_generator_in_the_middle_of_a_step(runs):
    _interpreted(runs, "generator_step")
    assert _site(runs, "Sequential", "generator_step")["graph_calls"] >= 20
    assert _site(runs, "MeanAbsoluteError", "generator_step")["graph_calls"] >= 20


def test_a_value_python_needs_inside_a_for_loop(runs):
    # float() of a tensor decides a `break` in each of 20 iterations: too many nested
    # branches for one graph; the policy's calls in the loop run graphs.
    _interpreted(runs, "rollout")
    assert _site(runs, "Sequential", "rollout")["graph_calls"] >= 200


def test_only_the_programs_own_calls_are_sites(runs):
    # Keras calling its own layers inside a model call is not a site: the model's
    # graph holds those calls.
    program_functions = {"episode", "checksum_step", "generator_step", "rollout"}
    for name in runs["functions"]:
        if " called in " in name:
            assert name.split(" called in ")[1] in program_functions, name


def test_explain_shows_where_python_and_the_graphs_meet(runs, tmp_path):
    report = tmp_path / "stats.json"
    report.write_text(json.dumps(runs["report"]))
    r = run_python(["-m", "janus", "explain", str(report)])
    assert r.returncode == 0, r.stderr
    text = r.stdout
    episode = text[text.index("episode ("):]
    assert "CO-EXECUTED" in episode.splitlines()[0], episode
    assert "2 Keras call site(s)" in episode and "line 74: Functional()" in episode, episode
    assert "% in graphs (" in episode, episode
    # Sites are listed under their function, not as functions of their own.
    assert not any(" called in " in line.split(":")[0] for line in text.splitlines()
                   if line[:1].isdigit()), text
