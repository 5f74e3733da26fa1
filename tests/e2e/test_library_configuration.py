"""Library state held in no object a build handed to library code: Keras' registry of
custom objects (a module-level dict), Keras' thread-local custom_object_scope and TF's
context configuration (tf.config.optimizer).  A change to one between calls makes every
graph stale (janus_ext/watch.pxi, runtime/janus/state/library_state.py;
docs/soundness.md#library-state).  Against JANUS_MODE=off on
tests/e2e/library_configuration.py, and the step converts, rebuilding once per change."""

from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "library_configuration.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("library_configuration"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs)


def test_each_change_is_one_rebuild(runs):
    stats = runs["functions"]["train_step"]
    assert stats["status"] == "converted", stats
    reasons = {r: n for r, n in stats["reasons"].items()
               if r.startswith("guard miss: library state")}
    assert reasons == {
        "guard miss: library state changed: keras.src.saving.object_registration."
        "GLOBAL_CUSTOM_OBJECTS['scaled'] changed": 1,
        "guard miss: library state changed: Keras' configuration (keras.config, "
        "custom_object_scope, dtype policy).custom_objects_scope_dict changed": 2,
        # (update() of the options' empty dict: CPython reports it as a clone)
        "guard miss: library state changed: TF's configuration (tf.config: "
        "_optimizer_experimental_options) replaced as a whole": 1,
        "guard miss: library state changed: TF's configuration (tf.config)."
        "_optimizer_jit changed": 2,
    }, stats["reasons"]
    assert stats["graphs_built"] == 7, stats


def test_library_data_written_by_a_build_changes_nothing():
    import janus_ext
    from keras.src.saving import object_registration

    class Graph:
        stale = None

    graph = Graph()
    janus_ext.watch_library_code(graph, ("keras",))
    assert janus_ext.watched_library_data() > 0
    janus_ext.library_data_quiet(1)
    try:
        object_registration.GLOBAL_CUSTOM_OBJECTS["janus_probe"] = len
    finally:
        janus_ext.library_data_quiet(-1)
    assert graph.stale is None
    del object_registration.GLOBAL_CUSTOM_OBJECTS["janus_probe"]
    assert graph.stale == ("keras.src.saving.object_registration.GLOBAL_CUSTOM_OBJECTS"
                           "['janus_probe'] deleted"), graph.stale
    janus_ext.forget_dependent(graph)
