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


def test_library_thread_local_state_stale_only_when_a_change_stays():
    # A threading.local a library module binds (a save or distribute context): library
    # code sets and restores such state around its own calls (an optimizer update sets
    # distribute_lib's replica id and restores it), which changes nothing a graph
    # holds; a setting left changed when the next call looks its graph up does.
    import sys
    import threading
    import types

    import janus_ext

    module = types.ModuleType("tensorflow.janus_probe_context")
    module.context = threading.local()
    module.context.in_save = False
    module.context.options = None
    # (Left in sys.modules: the watch finds new modules by sys.modules' length.)
    sys.modules[module.__name__] = module
    class Graph:
        stale = None

    graph = Graph()
    janus_ext.watch_library_code(graph, ("tensorflow",))
    assert "tensorflow.janus_probe_context.context" in janus_ext.watched_library_locals()
    module.context.in_save, module.context.options = True, object()
    module.context.in_save, module.context.options = False, None
    janus_ext.settle_library_state()
    assert graph.stale is None
    module.context.options = "fast"
    assert graph.stale is None          # known at the lookup, not at the write
    janus_ext.settle_library_state()
    assert graph.stale == ("tensorflow.janus_probe_context.context.options changed "
                           "(thread-local state library code reads)"), graph.stale
    # Graphs built from now on are compared with the state they were built under.
    later = Graph()
    janus_ext.watch_library_code(later, ("tensorflow",))
    module.context.options = "fast"
    janus_ext.settle_library_state()
    assert later.stale is None
    janus_ext.forget_dependent(later)


def test_library_module_setting_stale_only_when_a_change_stays():
    # A module global of a library module rebound to other data (a default, a mode
    # flag library code reads while building): stale once the lookup sees it changed;
    # rebound and restored, or Python's own `__warningregistry__`, changes nothing.
    import sys
    import types

    import janus_ext

    module = types.ModuleType("keras.janus_probe_settings")
    module.EPSILON = 1e-3
    sys.modules[module.__name__] = module
    class Graph:
        stale = None

    watched = janus_ext.watched_library_modules()
    graph = Graph()
    janus_ext.watch_library_code(graph, ("keras",))
    assert janus_ext.watched_library_modules() > watched
    module.EPSILON = 1e-7
    module.EPSILON = float("1e-3")          # equal, another float object
    module.__warningregistry__ = {"version": 1}
    janus_ext.settle_library_state()
    assert graph.stale is None
    module.EPSILON = -0.0
    module.EPSILON = 0.0
    janus_ext.settle_library_state()
    assert graph.stale == ("keras.janus_probe_settings.EPSILON changed (a module "
                           "global library code reads)"), graph.stale
    later = Graph()
    janus_ext.watch_library_code(later, ("keras",))
    del module.EPSILON
    janus_ext.settle_library_state()
    assert later.stale == ("keras.janus_probe_settings.EPSILON deleted (a module "
                           "global library code reads)"), later.stale
