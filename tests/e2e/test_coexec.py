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
LIBRARY_CALLS = Path(__file__).parent / "coexec_library_calls.py"


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
    # Its Adam update: the first call builds the optimizer's slots, in the interpreter.
    assert _site(runs, "Adam.apply_gradients", "episode")["graph_calls"] >= 6


def test_the_gradients_over_the_tapes_run_in_compiled_chunks(runs):
    # Episodes of different lengths: their walks repeat frame by frame, and the chunks
    # cut at a once-per-frame gradient repeat from one episode to the next
    # (runtime/janus/coexec/backward.py); the weights above are eager's bit for bit.
    walks = runs["report"]["tape_gradients"]
    assert walks["compiled_nodes"] * 2 > walks["nodes"] and walks["mismatches"] == 0, walks


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
    assert "3 Keras call site(s)" in episode and "line 74: Functional()" in episode, episode
    assert "line 94: Adam.apply_gradients()" in episode, episode
    assert "% in graphs (" in episode, episode
    # Sites are listed under their function, not as functions of their own.
    assert not any(" called in " in line.split(":")[0] for line in text.splitlines()
                   if line[:1].isdigit()), text


@pytest.fixture(scope="module")
def optimizer_runs(tmp_path_factory):
    return run_both_modes(LIBRARY_CALLS, tmp_path_factory.mktemp("coexec_library_calls"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_optimizer_and_metric_sites_give_eagers_results(optimizer_runs):
    assert optimizer_runs["on"]["printed"] == optimizer_runs["off"]["printed"]
    assert_runs_agree(optimizer_runs)


@pytest.mark.parametrize("optimizer, caller", [
    ("Adam.apply_gradients", "zip_step"),           # a zip of lists; its result kept
    ("SGD.apply", "apply_step"),                     # a None gradient, weight decay
    ("Adagrad.apply_gradients", "embedding_step"),   # IndexedSlices
    ("SGD.apply_gradients", "loud_layer_step"),
    ("Adam.apply_gradients", "<module>"),            # the loop's own code
    ("SGD.apply_gradients", "metric_step"),
    ("Mean", "metric_step"),
    ("MeanAbsoluteError", "metric_step"),
    ("RunningMax", "metric_step"),                   # its update_state keeps a list
])
def test_optimizer_and_metric_calls_in_interpreted_code_run_graphs(optimizer_runs, optimizer, caller):
    _interpreted(optimizer_runs, caller)
    site = _site(optimizer_runs, optimizer, caller)
    assert site["graph_calls"] >= 7, site


def test_what_an_optimizer_site_leaves_to_the_interpreter(optimizer_runs):
    sites = [name for name in optimizer_runs["functions"] if " called in " in name]
    # Pairs from the program's generator: listing them would run its code early.
    assert not any(name.endswith("called in generator_step") and "RMSprop" in name
                   for name in sites), sites
    # A subclass's apply_gradients and a layer's __call__ that call super(): the site
    # would run the override again.
    assert not any("CountingSGD" in name or "LoudDense()" in name for name in sites), sites


def test_a_sparse_gradient_reaches_one_graph(optimizer_runs):
    # tape.gradient gives an Embedding's gradient as a new IndexedSlices each call: its
    # tensors are the site's inputs, not an object the graph is specialised on.  Its
    # length follows the sequences' (1, 2, 3 ids): a graph per length, as tf.function
    # traces one per shape, and every later call reaches one of them.
    site = _site(optimizer_runs, "Adagrad.apply_gradients", "embedding_step")
    assert site["graphs_built"] == 3 and site["graph_calls"] >= 8, site
