"""Which callables held by library state janus can follow (state/opaque_callables.py):
C code bound to the program's objects keeps the step in the interpreter; Python code,
TF/Keras callables, pure builtins and numpy's ufuncs do not."""

import collections
import functools
import itertools
import math
import operator
import random
import weakref

import keras
import numpy as np
import pytest
import tensorflow as tf

from janus.state import library_names, opaque_callables


def program_function(x):
    return x


class ProgramCallable:
    def __call__(self, x):
        return x


class ProgramMethods:
    def scale(self, x):
        return x


QUEUE = collections.deque([0.1])
CELL = np.array([0.1])


@pytest.mark.parametrize("value", [
    program_function, ProgramCallable(), ProgramMethods().scale, ProgramCallable,
    math.cos, getattr, np.tanh, tf.nn.relu, keras.activations.relu,
    keras.layers.Dense(2), functools.partial(program_function, 1),
    weakref.ref(ProgramCallable), 0.1, "relu", None,
], ids=lambda v: type(v).__name__)
def test_followed(value):
    assert opaque_callables.unseen_code(value) is None


@pytest.mark.parametrize("value, said", [
    (QUEUE.popleft, "built-in method popleft of a deque"),
    (CELL.item, "built-in method item of an ndarray"),
    (itertools.cycle([1]).__next__, "__next__ of a cycle"),
    (operator.attrgetter("lr"), "operator.attrgetter"),
    (random.Random(7).uniform, "Random.uniform of a Random"),
], ids=lambda v: v if isinstance(v, str) else type(v).__name__)
def test_unseen(value, said):
    assert said in opaque_callables.unseen_code(value)


def test_a_c_getter_on_the_programs_class_is_refused():
    class Configured(keras.optimizers.SGD):
        momentum_now = property(operator.attrgetter("cfg"))

    with pytest.raises(Exception, match="getter is an object of the C type operator.attrgetter"):
        opaque_callables.refuse_unseen_getters(Configured, dict(vars(Configured)))


def test_library_names_are_what_the_library_classes_code_mentions():
    class FeatureScaler(keras.layers.Rescaling):
        def history_of(self):
            return self.history_kept_by_the_program

    names = library_names.library_names(FeatureScaler)
    assert "scale" in names                                  # Rescaling.call reads it
    assert "history_kept_by_the_program" not in names        # only the program's code
