"""TensorFlow's `@contextmanager` scopes in a converted step (runtime/janus/build/contexts.py,
GRAPH_SCOPES): `tf.device`, `tape.stop_recording()`, `tf.summary.record_if` and
`summary_scope` are entered once at build time, as tf.function enters them, and the step
converts; `tf.init_scope` is refused in the program's terms.  Against JANUS_MODE=off on
tests/e2e/library_contexts.py, oneDNN off: equal bit for bit."""

from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "library_contexts.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("library_contexts"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs)


@pytest.mark.parametrize("function", ["device_step", "paused_step", "summary_step"])
def test_each_scoped_step_converts_once(runs, function):
    stats = runs["functions"][function]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 1, stats
    assert stats["graph_calls"] >= 12, stats


def test_init_scope_is_refused_in_the_programs_terms(runs):
    stats = runs["functions"]["init_step"]
    assert stats["graph_calls"] == 0, stats
    assert any("`with` on TensorFlow's init_scope(), a context manager janus does not "
               "enter while building a graph" in reason for reason in stats["reasons"]), \
        stats["reasons"]
