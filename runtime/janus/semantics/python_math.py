"""`math.f(x)` in a step → Python's own result: at build time for numbers the guards
pin, and at run time, by Python's own math function, for numbers the graph carries.

A cosine learning-rate schedule (`math.cos(math.pi * self.step / total)`) computes on a
counter the graph carries (a promoted number, numbers.py).  TF's float64 kernels for cos,
exp or log are not libm's, and may differ in the last bit, so the graph calls Python's
math function itself, through tf.numpy_function: exact by construction, at the cost of a
host callback per call (bench/math_callback.py; docs/measurements.md).  A math error
Python would raise (`math.log(0.0)`, `math.exp(1000.0)`, an int result beyond int64) fails
an in-graph check instead: that call runs in the interpreter, which raises it (or computes
the big int) as eager does.
"""

import math
import types

import numpy as np
import tensorflow as tf

from ..errors import Thrown, Unsupported
from ..values import has_symbolic, is_library_object
from . import natives, numbers

_INT_RESULTS = {math.floor, math.ceil, math.trunc, math.factorial, math.gcd, math.lcm,
                math.comb, math.perm, math.isqrt}
_BOOL_RESULTS = {math.isnan, math.isinf, math.isfinite, math.isclose}
# What the graph may call at run time: functions of numbers alone (not iterables).
_SCALAR_FUNCTIONS = {
    getattr(math, name) for name in (
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil",
        "comb", "copysign", "cos", "cosh", "degrees", "dist", "erf", "erfc", "exp", "exp2",
        "expm1", "fabs", "factorial", "floor", "fmod", "gamma", "gcd", "hypot", "isclose",
        "isfinite", "isinf", "isnan", "isqrt", "lcm", "ldexp", "lgamma", "log", "log10",
        "log1p", "log2", "nextafter", "perm", "pow", "radians", "remainder", "sin",
        "sinh", "sqrt", "tan", "tanh", "trunc", "ulp")
    if hasattr(math, name)} - {math.dist}


def is_math(fn) -> bool:
    return isinstance(fn, types.BuiltinFunctionType) and getattr(fn, "__self__", None) is math


def call(b, fn, args, kwargs, code, offset):
    name = f"math.{fn.__name__}"
    if not has_symbolic((*args, *kwargs.values())):
        opaque = natives.first_opaque((*args, *kwargs.values()), True, is_library_object)
        if opaque is not None:          # math.floor(obj) runs obj.__floor__
            raise Unsupported(f"{name}() of {natives.describe(opaque)} would run its code "
                              "at build time", code, offset)
        try:
            return b.provenance.note_computed(fn(*args, **kwargs), (*args, *kwargs.values()))
        except (ValueError, OverflowError, TypeError) as exc:
            raise Thrown(exc, code, offset) from None
    if fn in (math.fsum, math.prod) and len(args) == 1 and not kwargs and \
            type(args[0]) in (list, tuple):
        # Of the numbers an iterable holds: Python's own sum or product of them all.
        return _of_items(b, fn, list(args[0]), name, code, offset)
    kinds = [numbers.python_type_of(a, b.provenance.number_of) for a in args]
    if fn not in _SCALAR_FUNCTIONS or kwargs or any(k not in numbers.NUMBERS for k in kinds):
        raise Unsupported(f"{name}() of a tensor (math takes Python numbers)", code, offset)
    result_type = int if fn in _INT_RESULTS else bool if fn in _BOOL_RESULTS else float
    if fn in (math.floor, math.ceil, math.trunc) and len(args) == 1 and kinds[0] is int:
        return args[0]        # CPython returns the int itself: the caller's, for a large one
    if fn in (math.floor, math.ceil, math.trunc) and kinds[0] is not float:
        result_type = kinds[0] if kinds[0] is int else int
    return _at_run_time(b, fn, fn, args, kinds, result_type, name)


def _at_run_time(b, fn, on_values, values, kinds, result_type, name):
    """`on_values(*values)` by Python at run time, on the Python numbers the carried
    `values` stand for (of `kinds`): its result, or a failed in-graph check where Python
    raises or gives an int beyond int64."""
    value, ok = tf.numpy_function(_on_host(on_values, kinds, result_type),
                                  [numbers.carry(v, k) for v, k in zip(values, kinds)],
                                  [numbers.CARRY[result_type], tf.bool], stateful=False,
                                  name=f"python_{fn.__name__}")
    value.set_shape(())
    ok.set_shape(())
    b.check(ok, f"{name}() raises in Python or gives an int beyond int64")
    b.promote(value, result_type)
    return value


def _of_items(b, fn, items, name, code, offset):
    """math.fsum/math.prod of a list or tuple of numbers some of which the graph
    carries: Python's function on them at run time (fsum's exact sum, prod's product
    in order), its errors an in-graph check."""
    kinds = [numbers.python_type_of(item, b.provenance.number_of) for item in items]
    if any(kind not in numbers.NUMBERS for kind in kinds):
        raise Unsupported(f"{name}() of a list holding other than Python numbers",
                          code, offset)
    result_type = float if fn is math.fsum or float in kinds else int
    return _at_run_time(b, fn, lambda *xs: fn(xs), items, kinds, result_type, name)


def _on_host(fn, kinds, result_type):
    """The graph's callback: the program's math function on the Python numbers the
    carried tensors stand for → (result at its carry width, whether it is Python's)."""
    carry_dtype = numbers.CARRY[result_type].as_numpy_dtype

    def run(*values):
        try:
            result = fn(*(kind(v.item()) for kind, v in zip(kinds, values)))
        except (ValueError, OverflowError):
            return np.zeros((), carry_dtype), np.bool_(False)
        if result_type is int and not numbers.INT64_MIN <= result <= numbers.INT64_MAX:
            return np.zeros((), carry_dtype), np.bool_(False)
        return np.array(result, carry_dtype), np.bool_(True)
    return run
