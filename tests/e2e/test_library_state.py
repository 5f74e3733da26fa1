"""A library object changed between calls makes the graphs built from it stale
(runtime/janus/state/library_state.py; docs/soundness.md#library-state): a Dense layer's
activation (alone, and inside a Sequential model), an optimizer's clipnorm and clipvalue,
a loss's reduction.  Against JANUS_MODE=off on tests/e2e/library_state.py, and both
steps convert, rebuilding once per change.  The same for the program's own subclasses of
Keras classes (tests/e2e/program_subclass_state.py): a model recompiled mid-run, a
Dense and an SGD subclass changed, while the attributes the program's step reads do not
rebuild."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "library_state.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("library_state"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs, **ROUND_OFF)


@pytest.mark.parametrize("function, changes", [
    ("layer_step", ["Dense 'dense'.activation changed", "SGD 'sgd'.clipnorm changed",
                    "MeanSquaredError 'mean_squared_error'.reduction changed"]),
    ("model_step", ["activation changed", "Adam 'adam'.clipvalue changed",
                    "Huber 'huber_loss'.reduction changed"]),
])
def test_each_change_is_one_rebuild(runs, function, changes):
    stats = runs["functions"][function]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 1 + len(changes), stats
    reasons = [r for r in stats["reasons"] if r.startswith("guard miss: library state")]
    assert len(reasons) == len(changes), stats["reasons"]
    for change in changes:
        assert any(change in r for r in reasons), (change, reasons)


def test_a_watched_dict_costs_a_call_nothing_when_unchanged():
    import janus_ext

    class Graph:
        stale = None

    class Config:
        pass

    config, graph = Config(), Graph()
    config.rate = 0.5
    janus_ext.watch_dict(config.__dict__, "Config", graph)
    config.rate = config.rate                 # the same object stored again
    assert graph.stale is None
    config.rate = 0.25
    assert graph.stale == "Config.rate changed"
    janus_ext.forget_dependent(graph)


SUBCLASSES = Path(__file__).parent / "program_subclass_state.py"


@pytest.fixture(scope="module")
def subclass_runs(tmp_path_factory):
    return run_both_modes(SUBCLASSES, tmp_path_factory.mktemp("program_subclass_state"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_the_programs_keras_subclasses_give_the_interpreters_results(subclass_runs):
    assert_runs_agree(subclass_runs, **ROUND_OFF)


@pytest.mark.parametrize("function, changes", [
    # The recompile replaces the model's _compile_loss (and _compile_metrics, in the
    # same call); loss_scale, which the step reads, misses its guard once and is then
    # read at each call; history, which only the loop touches, changes nothing.
    ("Net.train_step", ["Net 'net'._compile_loss changed"]),
    ("layer_step", ["ScaledDense 'scaled_dense'.activation changed",
                    "ClippedSGD 'clipped_sgd'.clipnorm changed"]),
])
def test_a_change_only_keras_reads_is_one_rebuild(subclass_runs, function, changes):
    stats = subclass_runs["functions"][function]
    assert stats["status"] == "converted", stats
    reasons = [r for r in stats["reasons"] if r.startswith("guard miss: library state")]
    assert len(reasons) == len(changes), stats["reasons"]
    for change in changes:
        assert any(change in r for r in reasons), (change, reasons)
    program_misses = 1 if function == "Net.train_step" else 0     # loss_scale, once
    assert stats["graphs_built"] == 1 + len(changes) + program_misses, stats
    assert stats["graph_calls"] >= 16 - 3 - len(changes) - program_misses, stats
