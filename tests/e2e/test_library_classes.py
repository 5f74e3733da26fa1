"""A TF/Keras class changed between calls makes the graphs built from its instances stale
(runtime/janus/state/library_state.py, janus_ext/watch.pxi; docs/soundness.md#library-state):
a method replaced on the layer's own class and restored, one replaced on a base class of
the loss, one shadowing a base's on the optimizer's class and deleted; `tf.math.tanh`,
which Keras looks up when it runs, replaced and restored.  Against
JANUS_MODE=off on tests/e2e/library_classes.py, and the step converts, rebuilding once per
change."""

from pathlib import Path

import pytest
from conftest import assert_runs_agree, run_both_modes

PROGRAM = Path(__file__).parent / "library_classes.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("library_classes"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    # Bit for bit: the graphs compute what tf.function would, with oneDNN off.
    assert_runs_agree(runs)


def test_each_class_change_is_one_rebuild(runs):
    stats = runs["functions"]["train_step"]
    assert stats["status"] == "converted", stats
    reasons = {r: n for r, n in stats["reasons"].items()
               if r.startswith("guard miss: library state")}
    # Dense.call replaced and restored; the loss base's call replaced (reported by the
    # loss's own class, whose watcher CPython calls first); SGD's update_step replaced,
    # then restored together with the loss base's call; tf.math.tanh replaced, restored.
    assert sum(reasons.values()) == 7, stats["reasons"]
    assert stats["graphs_built"] == 8, stats
    assert reasons == {
        "guard miss: library state changed: class keras.src.layers.core.dense.Dense "
        "changed": 2,
        "guard miss: library state changed: class "
        "keras.src.losses.losses.MeanSquaredError changed": 1,
        "guard miss: library state changed: class keras.src.optimizers.sgd.SGD "
        "changed": 2,
        "guard miss: library state changed: tensorflow._api.v2.math.tanh replaced": 2,
    }, reasons


def test_a_watched_class_reports_a_change_to_a_base():
    import janus_ext

    class Graph:
        stale = None

    class Base:
        rate = 0.5

    class Leaf(Base):
        pass

    graph = Graph()
    assert janus_ext.watch_class(Leaf, "Leaf", graph)
    Base.rate = 0.25
    assert graph.stale == "class Leaf changed"
    assert janus_ext.watched_class_count() == 0      # the event ends the watch
    again = Graph()
    assert janus_ext.watch_class(Leaf, "Leaf", again)
    janus_ext.forget_dependent(again)
    Leaf.rate = 1.0
    assert again.stale is None
    assert janus_ext.watched_class_count() == 0


def test_library_code_replaced_or_recoded_marks_graphs_stale():
    import functools

    import janus_ext
    import keras

    class Graph:
        stale = None

    first, second = Graph(), Graph()
    janus_ext.watch_library_code(first, ("keras",))
    keras.src.activations.activations.silu = keras.src.activations.activations.silu
    assert first.stale is None                       # the same function stored again
    original = keras.src.activations.activations.hard_silu
    keras.src.activations.activations.hard_silu = functools.partial(original)
    assert first.stale == "keras.src.activations.activations.hard_silu replaced"
    keras.src.activations.activations.hard_silu = original
    janus_ext.watch_library_code(second, ("keras",))
    defaults = original.__defaults__
    original.__defaults__ = defaults
    assert second.stale == "keras.src.activations.activations.hard_silu.__defaults__ " \
        "replaced"
