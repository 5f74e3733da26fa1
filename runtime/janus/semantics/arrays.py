"""ndarray arguments → graph inputs that still answer as ndarrays
(docs/soundness.md#ndarray-arguments).

An ndarray argument reaches the graph as a tensor of its dtype and shape.  Code that
asks what it is must get numpy's answers: `isinstance(x, np.ndarray)`, `x.dtype`,
`str(x.dtype)`, `x.shape` (a tuple, not a TensorShape), `len(x)`.  So the builder holds
the argument as an ArrayArg:

- a TF or Keras function receives its tensor, as eager converts the array;
- `+ - * /` with Python numbers or other ArrayArgs give an ArrayArg when TF's result
  dtype is numpy's; with a tensor they give the tensor TF gives (eagerly the tensor's
  reflected operator wins over the array's, so the result is a tensor there too);
- basic indexing (ints, slices) gives an ArrayArg of TF's strided slice; numpy gives
  a view, so it counts as the caller's array like the argument itself;
- iteration (`for row in batch`, `zip(batch, weights)`, `list(batch)`) gives its rows
  as basic indexing does, when the first dimension is pinned;
- everything else (fancy indexing, methods, comparisons, formatting,
  in-place writes, returning or storing the caller's array) is refused with a reason:
  the natives gate does not know the type, and the dunders below say what was asked.
"""

import contextlib
import math
import threading

import numpy as np
import tensorflow as tf

from ..errors import NeedsExactShapes, Unsupported
from ..values import StandIn, is_symbolic
from . import numbers

ATTRIBUTES = ("dtype", "shape", "ndim", "size")
ARITHMETIC = {"+", "-", "*", "/"}
IN_PLACE = {"+=", "-=", "*=", "/="}
COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}


class ArrayArg(StandIn):
    """What the builder holds for an ndarray argument (`argument`: the caller's own
    array) or numpy arithmetic on one (a new array each call)."""
    __slots__ = ("tensor", "prototype", "argument", "scalar")
    described_as = "an ndarray argument"        # natives.describe

    def __init__(self, tensor, dtype, argument=False, scalar=False):
        self.tensor = tensor
        # Asked in place of the array (isinstance, numpy's result dtypes).  Where numpy
        # gives a scalar (`weights[1]`, arithmetic on one), a numpy scalar of the dtype:
        # `isinstance(w, np.ndarray)` is False for it, `np.floating` True.
        self.prototype = np.dtype(dtype).type(0) if scalar else np.zeros((1,), dtype)
        self.argument = argument
        self.scalar = scalar

    def __tf_tensor__(self, dtype=None, name=None):
        if dtype is None or tf.as_dtype(dtype) == self.tensor.dtype:
            return self.tensor
        # Eagerly the array itself converts: allowed exactly where numpy's would be.
        tf.convert_to_tensor(self.prototype, dtype)
        return narrowed(self.tensor, dtype, name=name)

    def attribute(self, name, code, offset):
        if name == "astype":
            return ArrayMethod("astype", self)
        if name not in ATTRIBUTES:
            raise Unsupported(f"`.{name}` of " + (
                "an ndarray argument" if self.argument else
                "an ndarray the step computes (.numpy() or numpy arithmetic)"), code, offset)
        if name == "dtype":
            return self.prototype.dtype
        if not self.tensor.shape.is_fully_defined():
            raise Unsupported(f"`.{name}` of an ndarray argument whose shape "
                              "varies between calls", code, offset)
        shape = tuple(int(d) for d in self.tensor.shape)
        return {"shape": shape, "ndim": len(shape), "size": int(np.prod(shape))}[name]

    def _refuse(self, what):
        raise Unsupported(f"{what} of an ndarray argument is not converted")

    def __getitem__(self, key):
        """Basic indexing (ints, slices, `...`, None), which TF's strided slice does as
        numpy does.  Eagerly the result is a view: it counts as the caller's array."""
        parts = key if type(key) is tuple else (key,)
        if not all(_basic_index(p) for p in parts):
            self._refuse("indexing (other than by ints and slices)")
        result = self.tensor[key]
        # An int for every axis gives numpy's scalar; `...` or a slice keeps an array.
        scalar = result.shape.rank == 0 and not any(p is Ellipsis for p in parts)
        return ArrayArg(result, self.prototype.dtype, argument=self.argument, scalar=scalar)

    def __setitem__(self, key, value):
        self._refuse("an item write")

    def __iter__(self):
        return iter(self.rows())

    def rows(self):
        """What numpy's iteration over the first axis gives: `arr[0]`, `arr[1]`, ... as
        basic indexing gives them (views: the caller's array).  How many is the shape's,
        which the argument's guard pins."""
        shape = self.tensor.shape
        if shape.rank == 0:
            raise Unsupported("iteration over a 0-d ndarray argument (numpy raises "
                              "TypeError)")
        if shape.rank is None or shape[0] is None:
            # A dimension the cache relaxed: numpy runs the loop once per row, so the
            # graph is built per first dimension (the executor builds again, exact).
            raise NeedsExactShapes("iteration of an ndarray argument whose first "
                                   "dimension varies between calls")
        return tuple(self[index] for index in range(int(shape[0])))

    def __bool__(self):
        self._refuse("the truth value")

    def __format__(self, spec):
        self._refuse("formatting")

    def __repr__(self):
        return f"<ndarray argument {self.prototype.dtype} {self.tensor.shape}>"


class ArrayMethod:
    """A method the builder answers as numpy's: `t.numpy` of a tensor the graph
    computes, `a.astype` of an ndarray it holds.  Called, it gives an ArrayArg."""
    __slots__ = ("name", "subject")

    def __init__(self, name, subject):
        self.name, self.subject = name, subject

    def call(self, args, kwargs, code, offset):
        if self.name == "astype":
            return _astype(self.subject, args, kwargs, code, offset)
        return _numpy(self.subject, args, kwargs, code, offset)


def _numpy(tensor, args, kwargs, code, offset):
    """`t.numpy()`: what eager's gives, an ndarray (a numpy scalar for a 0-d tensor), as
    an ArrayArg that is no argument: printed, formatted, stored or returned, it is made
    after the graph from the output (build/outputs.py: flatten), and numpy arithmetic on
    it follows the rules above."""
    if args or kwargs:
        raise Unsupported(".numpy() takes no arguments", code, offset)
    dtype = tensor.dtype
    if not (dtype.is_floating or dtype.is_integer or dtype.is_bool) or dtype.is_quantized:
        raise Unsupported(f".numpy() of a {dtype.name} tensor", code, offset)
    # An ndarray is a value no tape differentiates, whatever it later feeds.
    return ArrayArg(tf.stop_gradient(tensor), dtype.as_numpy_dtype,
                    scalar=tensor.shape.rank == 0)


def _astype(array, args, kwargs, code, offset):
    """`a.astype(dtype)`: numpy's cast (casting="unsafe"), a new array, made as TF's cast
    where the two agree: between ints and bools (ints wrap, as C's casts do), ints to
    floats (C's rounding), floats to floats (narrowed: numpy's warning where a finite
    value overflows), and floats to ints where the truncated value fits: out of range
    or NaN, numpy warns and C's result is undefined, so such a call goes to the
    interpreter.  `copy=False` to the same dtype is the array itself."""
    if len(args) != 1 or set(kwargs) - {"copy", "casting"} or \
            kwargs.get("casting", "unsafe") != "unsafe":
        raise Unsupported("astype() other than astype(dtype) and astype(dtype, copy=...)",
                          code, offset)
    try:
        target = np.dtype(args[0])
    except TypeError:
        raise Unsupported(f"astype({args[0]!r}): not a dtype janus reads", code,
                          offset) from None
    source = array.prototype.dtype
    if target == source and kwargs.get("copy", True) is False:
        return array
    if source.kind not in "biuf" or target.kind not in "biuf" or not target.isnative:
        raise Unsupported(f"astype() from {source} to {target}", code, offset)
    tensor = array.tensor
    if target == source:
        result = tf.identity(tensor)
    elif source.kind == "f" and target.kind == "f":
        result = narrowed(tensor, target)
    elif source.kind == "f" and target.kind in "iu":
        bits = 8 * target.itemsize - (1 if target.kind == "i" or target.itemsize == 8 else 0)
        low = -2.0 ** bits if target.kind == "i" else 0.0
        whole = tf.where(tensor < 0, tf.math.ceil(tensor), tf.math.floor(tensor))
        _casts.check(tf.reduce_all(tf.logical_and(whole >= low, whole < 2.0 ** bits)),
                     f"numpy would warn: a value out of {target}'s range in astype()")
        result = tf.cast(tensor, target)
    else:
        result = tf.cast(tensor, target)
        if target.kind == "f" and source.kind in "iu":
            # An int beyond float16's range is inf there, where numpy warns.
            _casts.check(tf.reduce_all(tf.math.is_finite(result)),
                         f"numpy would warn: overflow in the cast to {target}")
    return ArrayArg(result, target, scalar=array.scalar)


def is_computed(value):
    """An ndarray the step computes (not the caller's array): made after the graph."""
    return type(value) is ArrayArg and not value.argument


def scalar_of(array, fn, code, offset):
    """float()/int() of a computed 0-d ndarray: the tensor whose Python number it is
    (numpy and eager give the same number for one element)."""
    if array.tensor.shape.rank != 0:
        raise Unsupported(f"{fn.__name__}() of an ndarray of shape {array.tensor.shape} "
                          "(numpy converts only 0-d arrays without a warning)", code, offset)
    return array.tensor


def as_constant(array, dtype, code, offset):
    """tf.constant(array[, dtype]): eager copies the array into a tensor of its dtype, or
    converts it as numpy's astype does; into a float type that is C's rounding cast,
    which tf.cast makes too."""
    source = array.tensor.dtype
    if dtype is None or tf.as_dtype(dtype) == source:
        return tf.identity(array.tensor)
    target = tf.as_dtype(dtype)
    if target.is_floating and (source.is_floating or source.is_integer):
        return tf.cast(array.tensor, target)
    raise Unsupported(f"tf.constant of a {source.name} ndarray as {target.name}: numpy's "
                      "conversion is not rebuilt in the graph", code, offset)


def _basic_index(part):
    if type(part) is slice:
        return all(_basic_index(p) for p in (part.start, part.stop, part.step)
                   if p is not None)
    if part is None or part is Ellipsis or type(part) is int:
        return True
    # A Python int the graph carries, or a scalar integer tensor (numpy takes its
    # __index__ eagerly).
    return is_symbolic(part) and part.dtype.is_integer and part.shape.rank == 0


def unwrap(value):
    """A library call's argument: ArrayArgs become their tensors, also inside lists,
    tuples and dicts."""
    kind = type(value)
    if kind is ArrayArg:
        return value.tensor
    if kind in (list, tuple):
        items = [unwrap(v) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return kind(items)
    if kind is dict and any(type(v) is ArrayArg for v in value.values()):
        return {k: unwrap(v) for k, v in value.items()}
    return value


def builtin(fn, args, code, offset):
    """isinstance/len of an ArrayArg: numpy's answers; other builtins are refused."""
    first = args[0]
    if fn is isinstance and len(args) == 2 and type(first) is ArrayArg:
        return isinstance(first.prototype, args[1])
    if fn is len and len(args) == 1 and type(first) is ArrayArg:
        if first.tensor.shape.rank == 0:
            raise Unsupported("len() of a 0-d ndarray argument raises", code, offset)
        if first.tensor.shape[0] is None:
            raise Unsupported("len() of an ndarray argument whose first dimension "
                              "varies between calls", code, offset)
        return int(first.tensor.shape[0])
    raise Unsupported(f"{getattr(fn, '__name__', fn)}() of an ndarray argument",
                      code, offset)


def binary(symbol, operation, left, right, number_of, check, code, offset):
    """`left <symbol> right` where one side is an ArrayArg (`number_of`: the Python
    type a tensor stands for, numbers.py; `check`: the builder's run-time check, whose
    failure sends the call to the interpreter)."""
    if symbol in IN_PLACE and type(left) is ArrayArg:
        raise Unsupported(f"`{symbol}` writes into an ndarray argument (the "
                          "caller's array)", code, offset)
    for side in (left, right):
        if type(side) is not ArrayArg and symbol in ARITHMETIC | COMPARISONS | {"@"} and (
                is_symbolic(side) and number_of(side) is None
                or isinstance(side, tf.Variable)):
            # A TF tensor or variable: its operator wins eagerly (TF's
            # __array_priority__), converting the array to its dtype; so it does here,
            # through __tf_tensor__ (`obs @ W`, `adv > baseline`).
            return operation(left, right)
    if symbol in COMPARISONS and not all(is_computed(side) for side in (left, right)
                                         if type(side) is ArrayArg):
        return _compare(operation, left, right, number_of, symbol, code, offset)
    if symbol not in ARITHMETIC | IN_PLACE:
        computed = all(is_computed(side) for side in (left, right)
                       if type(side) is ArrayArg)
        raise Unsupported(f"`{symbol}` on " + ("an ndarray the step computes (.numpy() "
                          "or numpy arithmetic): its value is known only after the graph"
                          if computed else "an ndarray argument"), code, offset)
    samples = []
    for side in (left, right):
        if type(side) is ArrayArg:
            samples.append(side.prototype)
        elif is_symbolic(side) and number_of(side) is None:
            # The tensor's operator wins eagerly and converts the array to its dtype;
            # so it does here, through __tf_tensor__.
            return operation(left, right)
        elif is_symbolic(side) and number_of(side) is float:
            # A float the graph carries: numpy's result dtype does not depend on it.
            samples.append(1.0)
        elif type(side) in (int, float, bool):
            samples.append(side)
        else:
            raise Unsupported(f"`{symbol}` of an ndarray argument and a "
                              f"{type(side).__qualname__}", code, offset)
    with np.errstate(all="ignore"):
        want = np.asarray(operation(*samples)).dtype
    operands = [_operand(side, want) for side in (left, right)]
    result = operation(*operands)
    if isinstance(result, tf.Tensor) and result.dtype.is_floating:
        # numpy flags a division by zero, an overflow or an invalid value (np.seterr:
        # a RuntimeWarning by default, FloatingPointError under "raise"); TF does not.
        # Where numpy would, the call runs in the interpreter, where numpy does.
        check(_numpy_quiet(result, operands), f"numpy would flag `{symbol}` "
              "(division by zero, overflow or an invalid value)")
        # TF's kernels run with the CPU flushing subnormal values to zero; numpy keeps
        # them (and flags an underflow, per np.seterr).  Where a subnormal value is in
        # play, the interpreter runs the call, which numpy computes and flags.
        check(_not_flushed(symbol, result, operands), f"numpy would keep a subnormal "
              f"value in `{symbol}` (or flag an underflow)")
    if isinstance(result, tf.Tensor) and result.dtype.is_integer and \
            all(side.scalar for side in (left, right) if type(side) is ArrayArg):
        # numpy's arithmetic on scalars (`.numpy()` of a 0-d tensor) flags a result that
        # wraps around (a RuntimeWarning, an error under np.seterr(over="raise")); on
        # arrays it wraps silently, as TF does.
        check(tf.logical_not(tf.reduce_any(numbers.wrapped(symbol.rstrip("="), *operands,
                                                           result))),
              f"numpy would flag `{symbol}` on {want} scalars (an overflow)")
    if not isinstance(result, tf.Tensor):
        raise Unsupported(f"`{symbol}` on an ndarray argument", code, offset)
    if result.dtype != tf.as_dtype(want):
        raise Unsupported(f"`{symbol}` on an ndarray argument gives {want} in numpy "
                          f"but {result.dtype.name} in TF", code, offset)
    # numpy gives a scalar where the result has no axes (`w * 2.0` of a scalar row).
    return ArrayArg(result, want, scalar=result.shape.rank == 0)


def _numpy_quiet(result, operands):
    """True where numpy's floating-point flags stay clear: no inf from finite operands
    (divide, overflow), no NaN from operands without one (invalid)."""
    finite, no_nan = tf.constant(True), tf.constant(True)
    for operand in operands:
        operand = tf.convert_to_tensor(operand, result.dtype)
        finite = tf.logical_and(finite, tf.math.is_finite(operand))
        no_nan = tf.logical_and(no_nan, tf.logical_not(tf.math.is_nan(operand)))
    flagged = tf.logical_or(tf.logical_and(tf.math.is_inf(result), finite),
                            tf.logical_and(tf.math.is_nan(result), no_nan))
    return tf.logical_not(tf.reduce_any(flagged))


def _not_flushed(symbol, result, operands):
    """True where no subnormal value is in play: no operand is one (the CPU's
    denormals-are-zero mode TF runs with reads it as 0), and no result is a zero that
    came from an underflow (flush-to-zero writes 0 where numpy keeps a subnormal, or
    flags an underflow to 0): a product of nonzero factors, a quotient of a nonzero
    dividend by a finite divisor, a sum of operands that do not cancel exactly."""
    left, right = (tf.convert_to_tensor(o, result.dtype) for o in operands)
    if result.dtype not in numbers.FLOAT_BITS:
        return tf.constant(True)

    def subnormal(t):
        return tf.reduce_any(numbers.is_subnormal(t))
    operation = symbol.rstrip("=")
    if operation == "*":
        exact = tf.logical_or(tf.equal(left, 0), tf.equal(right, 0))
    elif operation == "/":
        exact = tf.logical_or(tf.equal(left, 0), tf.math.is_inf(right))
    elif operation == "+":
        exact = tf.equal(left, -right)
    else:
        exact = tf.equal(left, right)
    underflow = tf.reduce_any(tf.logical_and(tf.equal(result, 0), tf.logical_not(exact)))
    return tf.logical_not(subnormal(left) | subnormal(right) | underflow)


def _compare(operation, left, right, number_of, symbol, code, offset):
    """`adv > 0`: numpy compares in the operands' common dtype and gives a bool array."""
    samples = []
    for side in (left, right):
        if type(side) is ArrayArg:
            samples.append(side.prototype)
        elif type(side) in (int, float, bool) or is_symbolic(side) and \
                number_of(side) in (int, float, bool):
            samples.append(side if type(side) in (int, float, bool) else
                           number_of(side)(0))
        else:
            raise Unsupported(f"`{symbol}` of an ndarray argument and a "
                              f"{type(side).__qualname__}", code, offset)
    common = np.result_type(*samples)
    exact = common.kind == "f" or common.kind in "iub" and all(
        type(side) not in (int, float) or type(side) is int and
        np.iinfo(common).min <= side <= np.iinfo(common).max
        for side in (left, right) if common.kind != "b") and not any(
        is_symbolic(side) for side in (left, right) if type(side) is not ArrayArg)
    if not exact:
        raise Unsupported(f"`{symbol}` of an ndarray argument in {common} with a number "
                          "numpy compares outside that dtype", code, offset)
    result = operation(*(_operand(side, common) for side in (left, right)))
    return ArrayArg(result, np.bool_, scalar=result.shape.rank == 0)


def _operand(side, dtype):
    """numpy computes in the result dtype: every operand is cast to it first."""
    if type(side) is ArrayArg or is_symbolic(side):
        tensor = side.tensor if type(side) is ArrayArg else side
        return tensor if tensor.dtype == tf.as_dtype(dtype) else narrowed(tensor, dtype)
    if type(side) is float and np.dtype(dtype).kind == "f" and math.isfinite(side) and \
            not math.isfinite(float(np.asarray(side).astype(dtype))):
        # numpy casts a Python float to the array's dtype (NEP 50) and warns "overflow
        # encountered in cast" at every call.
        raise Unsupported(f"the Python float {side!r} in numpy arithmetic with a "
                          f"{np.dtype(dtype)} ndarray: numpy warns (overflow in cast)")
    return tf.constant(side, dtype)


def _float16_rounded_once(tensor):
    """float64 → float16 rounded once, as numpy casts: TF's Cast goes through float32
    and rounds twice (1 + 2**-11 + 2**-30 becomes 1.0 where numpy's is 1.0009765625).
    Rounding to float32 toward zero and setting its last bit where that was inexact
    ("round to odd") keeps the float32 off every float16 midpoint, so the cast to
    float16 is the only rounding that decides."""
    single = tf.cast(tensor, tf.float32)
    back = tf.cast(single, tf.float64)
    inexact = tf.logical_and(tf.math.is_finite(tensor), tf.not_equal(back, tensor))
    bits = tf.bitcast(single, tf.int32)
    # (The bits of a float32 count up with its magnitude, for either sign.)
    bits = tf.where(tf.logical_and(inexact, tf.abs(back) > tf.abs(tensor)), bits - 1, bits)
    bits = tf.where(inexact, tf.bitwise.bitwise_or(bits, 1), bits)
    return tf.cast(tf.bitcast(bits, tf.float32), tf.float16)


# The in-graph check of the build under way on this thread (checked_casts).
_casts = threading.local()


@contextlib.contextmanager
def checked_casts(check):
    """While a graph is built: the builder's run-time check, for the casts numpy would
    warn about (narrowed)."""
    previous = getattr(_casts, "check", None)
    _casts.check = check
    try:
        yield
    finally:
        _casts.check = previous


def narrowed(tensor, dtype, name=None):
    """numpy's cast of float values into a narrower float type (an ndarray converted
    for a float32 op, a float the graph carries in float32 numpy arithmetic): numpy
    warns "overflow encountered in cast" where a finite value becomes inf, eagerly at
    that call; a graph's cast is silent, so such a call goes to the interpreter."""
    target = tf.as_dtype(dtype)
    if tensor.dtype == tf.float64 and target == tf.float32:
        result = numbers.as_float32(tensor)     # keeps float32's subnormals, as numpy
    elif tensor.dtype == tf.float64 and target == tf.float16:
        result = _float16_rounded_once(tensor)
    else:
        result = tf.cast(tensor, target, name=name)
    if tensor.dtype.is_floating and target.is_floating and target.max < tensor.dtype.max:
        check = getattr(_casts, "check", None)
        if check is None:
            raise Unsupported(f"a {tensor.dtype.name} ndarray cast to {target.name} outside "
                              "a build")
        check(tf.reduce_all(tf.logical_or(tf.logical_not(tf.math.is_finite(tensor)),
                                          tf.math.is_finite(result))),
              f"numpy would warn: overflow in the cast to {target.name}")
    return result
