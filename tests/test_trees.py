"""Recursive models over Python trees: recursive graphs with recursive backprop
(tests/programs/trees.py), against JANUS_MODE=off."""

from pathlib import Path

import numpy as np
import pytest

from conftest import run_both_modes

PROGRAM = Path(__file__).parent / "programs" / "trees.py"
MODELS = ("treernn", "treelstm", "treernn_linear", "treernn_odd_leaf", "treernn_depth_1000")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("trees"))


@pytest.mark.parametrize("model", MODELS)
def test_losses_and_variables_equal_the_interpreter(runs, model):
    on, off = runs["on"][model], runs["off"][model]
    # The issue asks for 1e-5 relative; float64 graphs and eager agree far closer.
    np.testing.assert_allclose(on["loss"], off["loss"], rtol=1e-9, err_msg=model)
    np.testing.assert_allclose(on["grad_norm"], off["grad_norm"], rtol=1e-9, err_msg=model)
    assert on["steps_counted"] == off["steps_counted"]
    for got, want in zip(on["variables"], off["variables"]):
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12, err_msg=model)


@pytest.mark.parametrize("model", ("treernn", "treelstm", "treernn_linear"))
def test_gradients_match_finite_differences(runs, model):
    errors = runs["on"][model]["fd_error"]
    assert len(errors) == 3
    assert max(errors) < 1e-6, errors


def test_recursive_functions_are_converted(runs):
    functions = runs["functions"]
    for name in ("TreeRNN.encode", "TreeLSTM.encode"):
        assert functions[name]["status"] == "converted (recursive graph)", functions[name]
        assert functions[name]["recursive_graphs"] >= 1
    step = functions["train_step"]
    assert step["graph_calls"] >= step["calls"] * 0.6, step
    assert any("passed as object pointers: tree" in r for r in step["reasons"]), step


def test_a_failed_heap_read_falls_back(runs):
    step = runs["functions"]["train_step"]
    assert step["fallbacks"] >= 1
    assert any("janus-heap-read" in r and "word is a numpy.int64" in r
               for r in step["reasons"]), step["reasons"]


def test_no_object_references_outlive_their_call(runs):
    assert runs["on"]["live_call_arenas"] == 0
    assert runs["on"]["refcount_delta"] == runs["off"]["refcount_delta"] == 0
