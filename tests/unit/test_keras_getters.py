"""Keras' variable-list properties in C (janus_ext/guards.pxi): the entry checker reads
`model.trainable_variables` at every call, and its C version must give exactly the
objects, in exactly the order, that Keras' own getter gives, or give way to the getter."""

import keras
import numpy as np
import pytest

import janus_ext
from janus import guards

LAYER = keras.layers.Layer
PROPS = ("trainable_variables", "trainable_weights", "variables", "weights")


@pytest.fixture(autouse=True)
def registered():
    guards.library_property(guards.arg(0), "trainable_variables",
                            LAYER.__dict__["trainable_variables"])


def same_as_keras(obj):
    for name in PROPS:
        prop = LAYER.__dict__[name]
        native = janus_ext.keras_getter(obj, prop)
        assert native is not None, f"{name} gave way to the getter"
        assert [id(v) for v in native] == [id(v) for v in prop.fget(obj)], name
        assert type(native) is list


def lenet():
    return keras.Sequential([
        keras.Input((8, 8, 1)),
        keras.layers.Conv2D(4, 3, activation="relu"),
        keras.layers.MaxPooling2D(2),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.3, seed=1),
        keras.layers.BatchNormalization(),
        keras.layers.Dense(3),
    ])


def test_sequential_with_seeds_and_non_trainable_state():
    same_as_keras(lenet())


def test_nested_functional_shared_layer_and_frozen_parts():
    shared = keras.layers.Dense(4)
    inner = keras.Sequential([keras.Input((4,)), shared, keras.layers.Dropout(0.5, seed=2)])
    x = keras.Input((4,))
    y = keras.layers.Add()([shared(x), inner(x)])
    model = keras.Model(x, keras.layers.Dense(2)(y))
    same_as_keras(model)
    inner.trainable = False                 # frozen sublayer: its variables leave the lists
    same_as_keras(model)
    shared.kernel.trainable = False         # one variable frozen by hand
    same_as_keras(model)
    model.trainable = False
    same_as_keras(model)
    assert janus_ext.keras_getter(model, LAYER.__dict__["trainable_variables"]) == []


class Pair(keras.layers.Layer):
    """Holds one variable twice and a seed generator twice: what the getter deduplicates
    and what it does not."""

    def __init__(self):
        super().__init__()
        self.w = self.add_weight(shape=(2,), initializer="ones")
        self.gen = keras.random.SeedGenerator(3)
        self._seed_generators.append(self.gen)
        self.inner = keras.layers.Dense(2)
        self.inner.build((None, 2))
        self._non_trainable_variables.append(self.w)

    def call(self, x):
        return self.inner(x) * self.w


def test_duplicates_and_seed_states_as_the_getter_keeps_them():
    outer = keras.Sequential([keras.Input((2,)), Pair(), keras.layers.Dropout(0.1, seed=4)])
    outer._seed_generators.append(outer.layers[1].seed_generator)   # a state seen twice
    same_as_keras(outer.layers[0])
    same_as_keras(outer)


class OwnVariables(keras.layers.Dense):
    @property
    def variables(self):
        return list(reversed(super().variables))


def test_classes_that_differ_give_way_to_the_getter():
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    same_as_keras(dense)
    custom = OwnVariables(2)
    custom.build((None, 3))
    model = keras.Sequential([keras.Input((3,)), custom])
    for name in PROPS:
        assert janus_ext.keras_getter(model, LAYER.__dict__[name]) is None
    dense._trainable = 1                    # not a bool: `not` could run code
    assert janus_ext.keras_getter(dense, LAYER.__dict__["trainable_variables"]) is None
    dense._trainable = True
    same_as_keras(dense)


def test_a_class_changed_after_its_check_is_checked_again():
    class Plain(keras.layers.Dense):
        pass

    layer = Plain(2)
    layer.build((None, 3))
    same_as_keras(layer)
    Plain._layers = property(lambda self: [])      # shadows the instance's list
    for name in PROPS:
        assert janus_ext.keras_getter(layer, LAYER.__dict__[name]) is None
    del Plain._layers
    same_as_keras(layer)


def test_guard_on_trainable_variables_follows_freezing_and_list_writes():
    model = lenet()
    model(np.zeros((1, 8, 8, 1), np.float32))
    acc = guards.library_property(guards.arg(0), "trainable_variables",
                                  LAYER.__dict__["trainable_variables"])
    gs = guards.GuardSet()
    gs.require_elements(acc, list(model.trainable_variables))
    checks = gs.freeze()
    assert janus_ext.check_guards(checks, (model,)) == -1
    model.layers[-1].trainable = False
    assert janus_ext.check_guards(checks, (model,)) != -1
    model.layers[-1].trainable = True
    assert janus_ext.check_guards(checks, (model,)) == -1
    model.layers[0]._trainable_variables.append(keras.Variable(np.ones(1, np.float32)))
    assert janus_ext.check_guards(checks, (model,)) != -1
