"""Entry guards at unit level (janus_ext.check_guards on hand-built guard tuples): values
compare exactly, and no check runs the program's code (properties, descriptors,
__getattr__, __getitem__/__missing__ of subclasses)."""

import json
import math
from pathlib import Path

import pytest
from conftest import run_both_modes

import janus_ext
from janus import guards
from janus.run import cache

ARG = guards.arg(0)


def holds(guard_list, value):
    return janus_ext.check_guards(tuple(guard_list), (value,)) == -1


def equal_guard(value, acc=ARG):
    gs = guards.GuardSet()
    gs.require_equal(acc, value)
    return gs.freeze()


# -- exact constants -----------------------------------------------------------------

@pytest.mark.parametrize("built, called, expected", [
    (0.0, 0.0, True), (0.0, -0.0, False), (-0.0, 0.0, False), (-0.0, -0.0, True),
    (float("nan"), float("nan"), True), (math.nan, 1.0, False), (1.0, math.nan, False),
    (1, 1, True), (1, 1.0, False), (1, True, False), (True, 1, False), (1.0, 1, False),
    (True, True, True), (0, False, False), (2 ** 70, 2 ** 70, True), (2 ** 70, 2.0 ** 70, False),
    ((-1, 1), (-1, 1), True), ((-1, 1), (-1.0, 1.0), False), ((-1, 1), (-1, True), False),
    (((0.0,), "a"), ((0.0,), "a"), True), (((0.0,), "a"), ((-0.0,), "a"), False),
    ((1, (2, True)), (1, (2, 1)), False), ((1, 2), (1, 2, 3), False), ((), (), True),
    (1 + 0j, complex(1, -0.0), False), (complex(1, 2), complex(1, 2), True),
    ("a", "a", True), (b"a", "a", False), (None, None, True), (None, 0, False),
])
def test_constants_match_only_the_same_python_value(built, called, expected):
    assert holds(equal_guard(built), called) is expected


def test_tuple_items_that_are_objects_match_by_identity_only():
    class Loud:
        compared = 0

        def __eq__(self, other):
            Loud.compared += 1
            return True

        __hash__ = object.__hash__

    a, b = Loud(), Loud()
    guard = equal_guard((a, 1))
    assert holds(guard, (a, 1))
    assert not holds(guard, (b, 1))
    assert Loud.compared == 0


def test_equal_constants_of_another_type_are_separate_guards():
    gs = guards.GuardSet()
    for value in (0.0, -0.0, 0, False, 0.0):
        gs.require_equal(ARG, value)
    assert [g[3] for g in gs.freeze()] == [0.0, -0.0, 0, False]
    assert math.copysign(1, gs.freeze()[1][3]) == -1


def test_repeated_reads_are_one_guard_on_one_accessor():
    gs = guards.GuardSet()
    gs.require_elements(guards.attr(ARG, "weights"), [1, 2])
    gs.require_elements(guards.attr(ARG, "weights"), [1, 2])
    gs.require_is(guards.attr(guards.attr(ARG, "layer"), "kernel"), ARG)
    gs.require_type(guards.attr(ARG, "layer"), object)
    frozen = gs.freeze()
    assert len(frozen) == 3
    # The checker's memo is keyed by the accessor tuple: equal accessors are one tuple.
    assert frozen[1][1][1] is frozen[2][1]
    assert guards.accessor_key(guards.item(ARG, 1)) != guards.accessor_key(
        guards.item(ARG, True))


# -- no code of the program runs -------------------------------------------------------

class Counted:
    """Every way an attribute read can run Python, each counting its calls."""
    calls = {"property": 0, "get": 0, "getattr": 0}

    class Descriptor:
        def __get__(self, obj, objtype=None):
            Counted.calls["get"] += 1
            return 1

    described = Descriptor()

    @property
    def counter(self):
        Counted.calls["property"] += 1
        return 1

    def __getattr__(self, name):
        Counted.calls["getattr"] += 1
        return 1

    def method(self):
        return 1

    @classmethod
    def cm(cls):
        return cls

    @staticmethod
    def sm():
        return 2


def test_properties_descriptors_and_getattr_never_run_in_checks():
    obj = Counted()
    obj.plain = 3
    failing = [guards.GuardSet() for _ in range(3)]
    failing[0].require_equal(guards.attr(ARG, "counter"), 1)
    failing[1].require_equal(guards.attr(ARG, "described"), 1)
    failing[2].require_equal(guards.attr(ARG, "nowhere"), 1)
    gs = guards.GuardSet()
    gs.require_equal(guards.attr(ARG, "plain"), 3)      # found without __getattr__
    gs.require_is(guards.lookup(ARG, "described"), Counted.__dict__["described"])
    gs.require_is(guards.lookup(ARG, "counter"), Counted.__dict__["counter"])
    for _ in range(200):
        for guard_set in failing:
            assert not holds(guard_set.freeze(), obj)
        assert holds(gs.freeze(), obj)
    assert Counted.calls == {"property": 0, "get": 0, "getattr": 0}
    assert janus_ext.static_getattr(obj, "counter", "unreadable") == "unreadable"
    assert janus_ext.read_accessor(guards.attr(ARG, "described"), (obj,), "x") == "x"


def test_custom_getattribute_makes_every_attribute_unreadable():
    seen = []

    class Watched:
        def __getattribute__(self, name):
            seen.append(name)
            return object.__getattribute__(self, name)

    obj = Watched()
    object.__setattr__(obj, "x", 1)
    gs = guards.GuardSet()
    gs.require_equal(guards.attr(ARG, "x"), 1)
    assert not holds(gs.freeze(), obj)
    assert seen == []


def test_methods_are_read_raw_and_see_shadowing_and_class_changes():
    class Model:
        def activation(self):
            return 1

        @classmethod
        def cm(cls):
            return cls

    def cube(self):
        return 3

    m = Model()
    gs = guards.GuardSet()
    gs.require_is(guards.attr(ARG, "activation"), Model.__dict__["activation"])
    gs.require_is(guards.attr(ARG, "cm"), Model.__dict__["cm"])
    frozen = gs.freeze()
    assert all(holds(frozen, m) for _ in range(3))      # classmethod: no new object
    m.activation = m.cm                                  # an instance entry shadows it
    assert not holds(frozen, m)
    del m.activation
    assert holds(frozen, m)
    Model.activation = cube                              # the class attribute changes
    assert not holds(frozen, m)
    assert janus_ext.static_getattr(Model, "cm") is Model.__dict__["cm"]
    # Rooted at the class itself (the class of objects read at run time by reference).
    on_class = guards.GuardSet()
    on_class.require_is(guards.attr(guards.const(Model), "activation"), cube)
    assert holds(on_class.freeze(), None)
    Model.activation = lambda self: 0
    assert not holds(on_class.freeze(), None)


def test_absent_guard_holds_until_an_instance_entry_appears():
    obj = Counted()
    gs = guards.GuardSet()
    gs.require_absent(guards.own(ARG, "described"))
    assert holds(gs.freeze(), obj)
    obj.__dict__["described"] = 0
    assert not holds(gs.freeze(), obj)
    # A missing base is no absence: the guard fails.
    gs = guards.GuardSet()
    gs.require_absent(guards.own(guards.attr(ARG, "nowhere"), "x"))
    assert not holds(gs.freeze(), obj)
    assert Counted.calls["getattr"] == 0


def test_slots_are_read_through_their_c_descriptor():
    class Slotted:
        __slots__ = ("x", "y")

    s = Slotted()
    s.x = 1.5
    gs = guards.GuardSet()
    gs.require_equal(guards.attr(ARG, "x"), 1.5)
    assert holds(gs.freeze(), s)
    assert janus_ext.static_getattr(s, "y", "empty") == "empty"


def test_module_attributes_are_their_dict_entries():
    gs = guards.GuardSet()
    gs.require_equal(guards.attr(ARG, "pi"), math.pi)
    assert holds(gs.freeze(), math)


class Counting(dict):
    missing = 0

    def __missing__(self, key):
        Counting.missing += 1
        return 0


class OwnGetitem(dict):
    calls = 0

    def __getitem__(self, key):
        OwnGetitem.calls += 1
        return 1


def test_items_of_dict_subclasses_run_no_getitem_or_missing():
    present = guards.GuardSet()
    present.require_equal(guards.item(ARG, "a"), 1)
    absent = guards.GuardSet()
    absent.require_equal(guards.item(ARG, "b"), 0)
    for _ in range(50):
        assert holds(present.freeze(), Counting(a=1))
        assert not holds(absent.freeze(), Counting(a=1))
        assert not holds(present.freeze(), OwnGetitem(a=1))
    assert Counting.missing == 0 and OwnGetitem.calls == 0


@pytest.mark.parametrize("stored, read, expected", [
    (1, 1, True), (True, 1, False), (1, True, False), (1.0, 1, False), (1, 1.0, False),
    (0.0, -0.0, False), ((1, 2), (1, 2), True), ((1, 2), (1.0, 2), False), ("k", "k", True),
])
def test_dict_keys_match_with_their_type(stored, read, expected):
    gs = guards.GuardSet()
    gs.require_equal(guards.item(ARG, read), "v")
    assert holds(gs.freeze(), {stored: "v"}) is expected
    keys = guards.GuardSet()
    keys.require_keys(ARG, {read: "v"})
    assert holds(keys.freeze(), {stored: "v"}) is expected


def test_lengths_and_elements_read_builtin_storage_only():
    class Sized(list):
        calls = 0

        def __len__(self):
            Sized.calls += 1
            return 2

        def __iter__(self):
            Sized.calls += 1
            return iter(())

    a, b = object(), object()
    length = guards.GuardSet()
    length.require_length(ARG, 2)
    assert holds(length.freeze(), [a, b])
    assert not holds(length.freeze(), Sized([a, b]))     # __len__ could say anything
    elements = guards.GuardSet()
    elements.require_elements(ARG, Sized([a, b]))
    assert holds(elements.freeze(), Sized([a, b]))
    assert not holds(elements.freeze(), Sized([b, a]))
    assert Sized.calls == 0


def test_list_and_tuple_items_take_int_indices_only():
    gs = guards.GuardSet()
    gs.require_equal(guards.item(ARG, -1), 3)
    assert holds(gs.freeze(), [1, 2, 3]) and holds(gs.freeze(), (3,))
    assert not holds(gs.freeze(), [])
    assert janus_ext.static_item([1, 2], 1.0, "no") == "no"


# -- what runs on a miss: explanation and relaxation -------------------------------------

def test_explanations_name_type_and_value():
    explain = guards.explain_failure
    assert explain(equal_guard(0.0)[0], (-0.0,), ("x",)) == "x: -0.0 is not 0.0"
    assert explain(equal_guard(1)[0], (1.0,), ("x",)) == "x: 1.0 (float) is not 1 (int)"
    guard = equal_guard(1, guards.attr(ARG, "counter"))[0]
    assert "cannot be read" in explain(guard, (Counted(),), ("m",))
    assert Counted.calls["property"] == 0


class _Graph:
    stale = None            # what run/compiled.CompiledGraph says while its library state holds
    pinned_contents = ()    # and while it holds no library object's array or set
    thread = None           # and serves every thread

    def __init__(self, guard_tuple):
        self.guards = guard_tuple


def test_relaxation_reads_statically_and_sees_a_sign_change():
    obj = Counted()
    obj.lr = 0.0
    gs = guards.GuardSet()
    gs.require_equal(guards.attr(ARG, "lr"), 0.0)
    gs.require_equal(guards.attr(ARG, "counter"), 1)
    graphs = cache.GraphCache(("model",))
    graphs.entries.append(_Graph(gs.freeze()))
    assert graphs.lookup((obj,))[0] is None              # the property is unreadable
    obj.lr = -0.0
    graph, reason = graphs.lookup((obj,))
    assert graph is None and reason == "model.lr: -0.0 is not 0.0"
    assert graphs.plan.varying == {"model.lr"}
    obj.lr = 0
    graphs.plan.varying.clear()
    graphs.lookup((obj,))
    assert graphs.plan.varying == set()                      # another type is no varying number
    assert Counted.calls["property"] == 0


# -- end to end: constants that change in ways only an exact guard sees ---------------

CONSTANTS = Path(__file__).parent / "guards_constants.py"
STEPS = ("global_step", "signed_step", "tuple_step", "nested_step", "nan_step",
         "stored_tuple_step")


@pytest.fixture(scope="module")
def constants(tmp_path_factory):
    return run_both_modes(CONSTANTS, tmp_path_factory.mktemp("constants"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_changed_constants_give_the_interpreters_values_types_and_dtypes(constants):
    on, off = constants["on"], constants["off"]
    # JSON keeps int vs float, -0.0 and NaN; each value carries its type or dtype.
    for name in ("global", "signed", "tuple", "nested", "nan", "stored_tuple"):
        assert json.dumps(on[name]) == json.dumps(off[name]), name
    assert all(same for same, _ in off["stored_tuple"])
    assert on["printed"] == off["printed"]
    assert off["global"][-1][0]["dtype"] == "float32" != off["global"][0][0]["dtype"]
    assert off["tuple"][-1][0]["dtype"] == "float32" != off["tuple"][0][0]["dtype"]
    assert off["signed"][-1][1] == ["str", "-0.0"]


@pytest.mark.parametrize("step", STEPS)
def test_constant_steps_convert_and_rebuild_once_per_value(constants, step):
    stats = constants["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 12, stats
    # One graph per value the constant took: the NaN's guard holds at every call.
    assert stats["graphs_built"] == (1 if step == "nan_step" else 2), stats


def test_pinned_types_hold_until_an_objects_class_is_swapped():
    class Layer:
        pass

    class Swapped:
        pass

    objects = [Layer() for _ in range(40)]
    pinned = guards.pinned_types(objects)
    assert len(pinned) == 1 and janus_ext.check_guards(pinned, ()) == -1
    objects[17].__class__ = Swapped
    assert janus_ext.check_guards(pinned, ()) == 0
    assert guards.explain_failure(pinned[0], (), ()) == (
        "an object of class Layer that library code reads is now of class Swapped")
    assert guards.pinned_types([]) == ()
