"""Attributes whose value is the program's code (runtime/janus/state/reads.py), end to
end against JANUS_MODE=off: counting descriptors and properties read by converted steps
(tests/e2e/guards_descriptors.py), and methods that change mid-run: an instance
entry shadowing a method, class attributes reassigned on a plain class and on a Keras
model, classmethods read through self (tests/e2e/guards_methods.py)."""

from pathlib import Path

import pytest
from conftest import run_both_modes

PROGRAMS = Path(__file__).parent
ENV = {"TF_ENABLE_ONEDNN_OPTS": "0"}


def same(a, b, path):
    """Deep equality with types; floats within 1e-9 relative (graph vs eager round-off)."""
    if isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), path
        for key in a:
            same(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, float) and isinstance(b, float):
        assert abs(a - b) <= 1e-9 * max(1.0, abs(b)), f"{path}: {a} != {b}"
    else:
        assert a == b and type(a) is type(b), f"{path}: {a!r} != {b!r}"


@pytest.fixture(scope="module")
def descriptors(tmp_path_factory):
    return run_both_modes(PROGRAMS / "guards_descriptors.py",
                          tmp_path_factory.mktemp("descriptors"), env_extra=ENV)


@pytest.fixture(scope="module")
def methods(tmp_path_factory):
    return run_both_modes(PROGRAMS / "guards_methods.py", tmp_path_factory.mktemp("methods"),
                          env_extra=ENV)


def test_descriptor_and_property_counts_are_the_interpreters(descriptors):
    on, off = descriptors["on"], descriptors["off"]
    # One read per step, as eagerly: no guard check ran a __get__ or a getter.
    assert off["counts"] == {"decaying": 16, "hits": 16, "temperature": 16}
    assert on["counts"] == off["counts"]
    for name in ("descriptor", "property", "keras", "variables"):
        same(on[name], off[name], name)


@pytest.mark.parametrize("step", ["descriptor_step", "property_step", "keras_step"])
def test_descriptor_steps_convert_without_rebuilding(descriptors, step):
    stats = descriptors["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 12 and stats["graphs_built"] == 1, stats


def test_changed_methods_give_the_interpreters_results(methods):
    on, off = methods["on"], methods["off"]
    for name in ("shadow", "class", "keras", "classmethod", "variables"):
        same(on[name], off[name], name)
    # The changes mattered: each step's result moved at the switch.
    assert off["shadow"][7] != off["shadow"][8]
    assert off["classmethod"][11] != off["classmethod"][12]


@pytest.mark.parametrize("step, why", [
    ("shadow_step", "t.activation: not the same object"),
    ("class_step", "trainer.loss_fn: not the same object"),
    # Nothing else holds the replaced method: the guard names a freed object.
    ("keras_step", "net.loss_fn: the object the graph was built for was freed"),
    ("classmethod_step", "type(global scaler).factor: 5.0 is not 3.0"),
])
def test_method_steps_convert_and_rebuild_once_at_the_change(methods, step, why):
    stats = methods["functions"][step]
    assert stats["status"] == "converted", stats
    # A classmethod read as self.scale holds its guard: one graph until factor changes.
    assert stats["graph_calls"] >= 12 and stats["graphs_built"] == 2, stats
    assert stats["guard_misses"] == 1 and any(why in r for r in stats["reasons"]), stats
