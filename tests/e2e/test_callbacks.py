"""Python that TF or Keras runs while a converted step is built (runtime/janus/build/purity.py):
the builder interprets it, so what it reads is guarded, and a change mid-run rebuilds
instead of being ignored
(docs/soundness.md#python-that-tf-or-keras-calls-back-while-building).  End to end
against JANUS_MODE=off on
tests/e2e/callbacks.py, and the watch's own rules in-process."""

import sys
import types
from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent
ENV = {"TF_ENABLE_ONEDNN_OPTS": "0"}
# step -> the result it records; each reads a value that changes once mid-run.
CHANGING = {"lr_step": "callable_lr", "schedule_step": "schedule",
            "activation_step": "activation", "lambda_step": "lambda_layer",
            "map_step": "map_fn", "gain_step": "user_layer",
            "constraint_step": "constraint", "returned_object_step": "returned_object"}


@pytest.fixture(scope="module")
def callbacks(tmp_path_factory):
    return run_both_modes(PROGRAMS / "callbacks.py", tmp_path_factory.mktemp("callbacks"),
                          env_extra=ENV)


@pytest.mark.parametrize("step", sorted(CHANGING))
def test_a_callback_follows_the_change_as_eagerly(callbacks, step):
    name = CHANGING[step]
    assert_same(callbacks["on"][name], callbacks["off"][name], name, **ROUND_OFF)
    stats = callbacks["functions"][step]
    # Converted, and rebuilt exactly once: when the value the callback reads changed.
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 2 and stats["graph_calls"] >= 10, stats
    if step != "returned_object_step":
        assert any("built again: library code called back into" in reason
                   for reason in stats["reasons"]), stats["reasons"]


def test_a_callback_that_writes_state_writes_once_per_call(callbacks):
    on, off = callbacks["on"], callbacks["off"]
    # 14 steps, and Keras' shape inference when the Sequential was made.
    assert on["calls"] == off["calls"] == 15
    assert_same(on["counting"], off["counting"], "counting", **ROUND_OFF)
    assert callbacks["functions"]["counting_step"]["status"] == "converted"


def test_a_user_tf_function_is_left_to_tf(callbacks):
    # TF traced it eagerly and kept what it read; janus's graph calls that same trace.
    assert_same(callbacks["on"]["tf_function"], callbacks["off"]["tf_function"],
                "tf_function", **ROUND_OFF)
    stats = callbacks["functions"]["tf_function_step"]
    assert stats["status"] == "converted" and stats["graphs_built"] == 1, stats


def test_library_code_is_told_apart_from_the_programs():
    import collections
    import hashlib
    import json

    from janus.build import purity
    assert purity.is_library_code(json.dumps.__code__, vars(json))
    point = collections.namedtuple("point", "x y")
    assert purity.is_library_code(point.__new__.__code__, {"__name__": "namedtuple_point"})
    assert not purity.is_library_code(test_library_code_is_told_apart_from_the_programs
                                      .__code__, globals())
    # A program run with exec() compiles from a string but is the program's code.
    namespace = {"__name__": "a_program"}
    exec(compile("def f():\n    return 1\n", "<string>", "exec"), namespace)
    assert not purity.is_library_code(namespace["f"].__code__, namespace)
    # So is code exec()'d into a namespace that names no module.
    namespace = {"SLOPE": 0.1}
    exec(compile("def h():\n    return SLOPE\n", "<act-config>", "exec"), namespace)
    assert not purity.is_library_code(namespace["h"].__code__, namespace)
    # A module the program builds in memory is the program's; one a library builds
    # (TF's op wrappers from load_op_library, named by their source's sha1) is not.
    made = types.ModuleType("janus_test_configuration")
    sys.modules[made.__name__] = made
    try:
        exec(compile("def k():\n    return 3\n", "<string>", "exec"), made.__dict__)
        assert not purity.is_library_code(made.k.__code__, made.__dict__)
    finally:
        del sys.modules[made.__name__]
    plugin = types.ModuleType(hashlib.sha1(b"janus test plugin").hexdigest())
    sys.modules[plugin.__name__] = plugin
    try:
        exec(compile("def g():\n    return 2\n", "<string>", "exec"), plugin.__dict__)
        assert purity.is_library_code(plugin.g.__code__, plugin.__dict__)
    finally:
        del sys.modules[plugin.__name__]
