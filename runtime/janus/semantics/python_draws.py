"""Draws from Python's and numpy's random generators in the step (`random.random()`,
`rng.randint(0, 9)`, `np.random.rand(3)`) → the interpreter's own numbers, drawn just
before each graph call and fed to it as inputs.

A draw's result depends only on the generator's state and on its arguments.  With
arguments that are constants of the build, the graph needs nothing but the result, and
the executor can make the very call the interpreter would make, in program order, before
the graph runs.  The generator then ends each call where the interpreter leaves it:

- every draw of a call is taken in program order, after the entry guards held;
- when the call does not finish in the graph (an assumption fails, a number check, any
  error), each generator it drew from is put back where it was (`getstate`/`setstate`,
  exact), and the interpreter's re-run draws the same numbers again;
- building draws nothing: the one trial call that gives a result's type and shape runs
  between a `getstate` and a `setstate`.

Refused, with the reason: a draw inside a branch or loop on a tensor or in a recursive
function (how many draws a call makes is then known only at run time); an argument
that is not a constant (a tensor, a list the method could shuffle or the program could
change); a result other than an int, float, bool or numeric ndarray; a SystemRandom (no
state to set back); a subclass of the generators (its methods are the program's code).
"""

import random

import numpy as np
import tensorflow as tf

from ..errors import Unsupported
from . import arrays, numbers

GENERATORS = (random.Random, np.random.RandomState, np.random.Generator)
# What a generator holds besides the state a draw moves (a SeedSequence's count of
# children), and methods of GENERATORS that set or move state without drawing: eager
# makes each of them at every call, and a trial at build time would make it once.
_STATE_HOLDERS = (np.random.BitGenerator, np.random.SeedSequence)
_NOT_DRAWS = frozenset({"spawn", "seed", "setstate", "set_state", "__setstate__",
                        "jumped", "advance"})
_CONSTANTS = (int, float, bool, str, type(None))
# The methods random.Random's own methods call on self (uniform → self.random()).
SELF_CALLS = ("random", "getrandbits", "_randbelow", "randrange", "sample",
              "normalvariate", "gammavariate", "expovariate")
_RESULTS = {float: tf.float64, int: tf.int64, bool: tf.bool}


def is_draw(fn):
    return isinstance(getattr(fn, "__self__", None), GENERATORS + _STATE_HOLDERS)


def _refuse_state_changes(method, code, offset):
    owner, name = method.__self__, getattr(method, "__name__", "")
    if isinstance(owner, _STATE_HOLDERS) or name in _NOT_DRAWS:
        raise Unsupported(f"{type(owner).__name__}.{name}() in the step: it sets or moves "
                          "the generator's state without drawing, which eager does at "
                          "every call", code, offset)


def _exact_generator(method, name, code, offset):
    """Only the library's own classes: a subclass's methods (its own `random`, or a
    `getrandbits` that `randint` calls) are the program's code, which janus would run
    at build time and before the graph."""
    generator = method.__self__
    if type(generator) is random.SystemRandom:
        raise Unsupported(f"{name}(): the state of a SystemRandom cannot be saved, so a "
                          "failed call could not put it back", code, offset)
    if type(generator) not in GENERATORS:
        raise Unsupported(f"{name}() of a {type(generator).__qualname__}, a subclass of "
                          f"{type(generator).__mro__[1].__qualname__}: its methods are the "
                          "program's code", code, offset)


class PythonDraws:
    """The draws of one graph being built, and the numbers of the call running it."""

    def __init__(self):
        self.calls = []           # (bound method, args, kwargs) in program order
        self.values = []          # this call's results, in the same order
        self._saved = []          # (generator, state) of this call, to put back

    def __bool__(self):
        return bool(self.calls)

    # -- build time ------------------------------------------------------------------

    def draw(self, b, method, args, kwargs, code, offset):
        """The graph's value for `method(*args, **kwargs)` at every call."""
        name = getattr(method, "__qualname__", repr(method))
        _refuse_state_changes(method, code, offset)
        _exact_generator(method, name, code, offset)
        if b.open_regions.depth or b.recursion.call_ids or b.in_library_body():
            raise Unsupported(f"{name}() inside a branch or loop on a tensor, a body "
                              "library code traces, or a recursive function: how many "
                              "numbers a call draws is known only at run time", code, offset)
        for value in (*args, *kwargs.values()):
            if not _is_constant(value):
                raise Unsupported(f"{name}() with an argument that is not a constant of "
                                  f"the build ({type(value).__name__}): janus draws before "
                                  "the graph runs", code, offset)
        trial = _trial(method, args, kwargs, name, code, offset)
        index = len(self.calls)
        self.calls.append((method, args, kwargs))
        graph = b.target.root_graph
        if graph is None:
            raise Unsupported(f"{name}() before the graph exists", code, offset)
        if type(trial) in _RESULTS:
            dtype = _RESULTS[type(trial)]
            spec = tf.TensorSpec((), dtype)
        elif isinstance(trial, np.ndarray) and trial.dtype.kind in "biuf":
            dtype = tf.as_dtype(trial.dtype)
            spec = tf.TensorSpec(trial.shape, dtype)
        else:
            raise Unsupported(f"{name}() gives a {type(trial).__name__}; janus feeds "
                              "draws of ints, floats, bools and numeric arrays", code, offset)
        with graph.as_default():
            tensor = graph.capture_call_time_value(
                lambda: numbers.call_time_tensor(self.values[index], dtype), spec)
        if type(trial) in _RESULTS:
            b.promote(tensor, type(trial))
            return tensor
        return arrays.ArrayArg(tensor, trial.dtype)     # answers as a fresh ndarray

    # -- call time -------------------------------------------------------------------

    def take(self):
        """Before the graph call: every draw, in program order."""
        self._saved = []
        seen = set()
        for method, _, _ in self.calls:
            generator = method.__self__
            if id(generator) not in seen:
                seen.add(id(generator))
                self._saved.append((generator, _state_of(generator)))
        self.values = [method(*args, **kwargs) for method, args, kwargs in self.calls]

    def put_back(self):
        """The call did not finish in the graph: the generators are as they were."""
        for generator, state in self._saved:
            _set_state(generator, state)
        self._saved, self.values = [], []

    def done(self):
        self._saved, self.values = [], []


def _is_constant(value):
    if type(value) is tuple:
        return all(_is_constant(v) for v in value)
    return type(value) in _CONSTANTS


def _state_of(generator):
    if isinstance(generator, np.random.Generator):
        return generator.bit_generator.state
    if isinstance(generator, np.random.RandomState):
        return generator.get_state(legacy=False)
    return generator.getstate()


def _set_state(generator, state):
    if isinstance(generator, np.random.Generator):
        generator.bit_generator.state = state
    elif isinstance(generator, np.random.RandomState):
        generator.set_state(state)
    else:
        generator.setstate(state)


def _trial(method, args, kwargs, name, code, offset):
    """The result's type and shape, with the generator left where it was."""
    generator = method.__self__
    state = _state_of(generator)
    try:
        return method(*args, **kwargs)
    except Exception as exc:
        raise Unsupported(f"{name}() raises {type(exc).__name__}: {exc}", code,
                          offset) from None
    finally:
        _set_state(generator, state)
