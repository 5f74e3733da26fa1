"""Python numbers a graph carries (promoted numbers) → ops that compute what Python computes.

A promoted number is a scalar tensor the builder tagged with the Python type it stands
for.  It travels as CARRY[type]: bool, int64, float64, the only widths at which TF's
arithmetic can equal Python's.  Every operator here follows CPython's rules (int/float
mixing, true and floor division, the signs of `%`, `**` with negative exponents, exact
int-vs-float comparison, bools as ints).  Where TF cannot give Python's result, a check
fails inside the graph: an int beyond int64, division or modulo by zero, NaN or inf to
int, an int too large to compare with a float exactly.  A failed check changes nothing
(updates wait for it, atomic.py) and sends that call to the interpreter, which raises
ZeroDivisionError or computes the big int exactly as it would have.

`check(condition, reason)` is the builder's: it adds the in-graph check.
"""

import numpy as np
import tensorflow as tf

NUMBERS = (bool, int, float)
# Builtins that compute on Python numbers; on promoted ones builtin() gives Python's results.
BUILTINS = (float, int, abs, round, min, max, divmod)
CARRY = {bool: tf.bool, int: tf.int64, float: tf.float64}
# What eager TF makes of a Python number given to an op with no other dtype to follow
# (measured, TF 2.21: tf.constant(3) int32, tf.constant(2**40) int64, 0.5 float32).
EAGER_DEFAULT = {bool: tf.bool, int: tf.int32, float: tf.float32}
INT64_MIN = -2**63
INT64_MAX = 2**63 - 1
EXACT_INT_IN_FLOAT = 2**53      # ints up to this convert to float64 and compare exactly

COMPARE = {"<": tf.less, "<=": tf.less_equal, "==": tf.equal, "!=": tf.not_equal,
           ">": tf.greater, ">=": tf.greater_equal}


class OutOfRange(Exception):
    """A Python int beyond int64 read at call time: no graph can carry it, so the
    interpreter runs the call."""


def call_time_tensor(value, dtype):
    """A Python number read when a graph is called → its tensor at the carry width; a
    tensor read then is passed as itself (a tape outside the call may watch it)."""
    if isinstance(value, tf.Tensor) and value.dtype == dtype:
        return value
    if type(value) is int and dtype == tf.int64 and not INT64_MIN <= value <= INT64_MAX:
        raise OutOfRange("a Python int beyond int64 read at call time")
    # Through a 0-d array: eager TF caches scalar conversions by value, and 0.0 == -0.0,
    # so tf.convert_to_tensor(0.0) can return an earlier -0.0 (measured, TF 2.21).
    return tf.convert_to_tensor(np.array(value, dtype.as_numpy_dtype))


def eager_zeros(left, right):
    """`loss * -0.0`: eager TF caches its conversions of Python scalars by value, and
    0.0 == -0.0, so a Python zero meeting a float tensor becomes whichever zero of that
    dtype the process converted first (measured, TF 2.21: after `x * 0.0`, `x * -0.0`
    gives +0.0).  The zero is converted by eager now, as the program's own conversion
    at this call would be, and the graph holds that constant."""
    for zero, tensor in ((left, right), (right, left)):
        if type(zero) is float and zero == 0.0 and isinstance(tensor, (tf.Tensor, tf.Variable)) \
                and tensor.dtype.is_floating:
            with tf.init_scope():
                eager = tf.convert_to_tensor(zero, tensor.dtype.base_dtype).numpy()
            converted = tf.constant(eager, tensor.dtype.base_dtype)
            return (converted, right) if zero is left else (left, converted)
    return left, right


class NotRepresentable(Exception):
    """The operation has no exact graph form (its reason says why); the builder refuses."""


def python_type_of(value, number_of):
    """int/float/bool for a Python number, or for a promoted tensor what `number_of`
    (provenance.Provenance.number_of) says it stands for; None otherwise."""
    if type(value) in NUMBERS:
        return type(value)
    return number_of(value)


def carry(value, python_type):
    """A Python number or promoted tensor as a tensor of CARRY[python_type]."""
    if isinstance(value, (tf.Tensor, tf.Variable)):
        return value if value.dtype == CARRY[python_type] else tf.cast(value, CARRY[python_type])
    if python_type is int and not INT64_MIN <= value <= INT64_MAX:
        # A graph constant would wrap it (2**64 - 1 becomes -1) where Python's ints grow.
        raise NotRepresentable("a Python int beyond int64 met a number the graph computes")
    return tf.constant(python_type(value), CARRY[python_type])


def _as_int(value, kind):
    return carry(value, int) if kind is not bool else tf.cast(carry(value, bool), tf.int64)


def _as_float(value, kind):
    if kind is float:
        return carry(value, float)
    number = _as_int(value, kind)
    return tf.cast(number, tf.float64)


def binary(symbol, left, right, kinds, check):
    """`left <symbol> right` for two Python numbers, at least one promoted →
    (tensor, Python type of the result)."""
    symbol = symbol.rstrip("=") if symbol not in COMPARE else symbol
    lk, rk = kinds
    if symbol in COMPARE:
        return compare(symbol, left, right, kinds, check), bool
    if symbol in ("&", "|", "^") and lk is bool and rk is bool:
        op = {"&": tf.logical_and, "|": tf.logical_or, "^": tf.not_equal}[symbol]
        return op(carry(left, bool), carry(right, bool)), bool
    if float in kinds:
        if symbol in ("&", "|", "^", "<<", ">>", "@"):
            raise NotRepresentable(f"unsupported operand types for {symbol}: float")
        return _float_binary(symbol, _as_float(left, lk),
                             _as_float(right, rk), check), float
    if symbol == "/":
        a, b = _as_int(left, lk), _as_int(right, rk)
        check(tf.not_equal(b, 0), "division by zero")
        limit = tf.constant(EXACT_INT_IN_FLOAT, tf.int64)
        # Python divides ints exactly, then rounds once; float64 does the same only
        # while both are exact in float64.
        check(tf.logical_and(tf.abs(a) <= limit, tf.abs(b) <= limit),
              "int true division beyond 2**53")
        return _divide(tf.cast(a, tf.float64), tf.cast(b, tf.float64)), float
    if symbol == "**":
        return _int_power(_as_int(left, lk), right, check)
    return _int_binary(symbol, _as_int(left, lk), _as_int(right, rk), check), int


def _overflow_check(check, overflowed, what):
    check(tf.logical_not(overflowed), f"int {what} beyond int64")


def _int_binary(symbol, a, b, check):
    if symbol in ("+", "-", "*"):
        r = {"+": tf.add, "-": tf.subtract, "*": tf.multiply}[symbol](a, b)
        _overflow_check(check, wrapped(symbol, a, b, r), symbol)
        return r
    if symbol in ("//", "%"):
        check(tf.not_equal(b, 0), "integer division or modulo by zero")
        minimum = tf.constant(INT64_MIN, tf.int64)
        if symbol == "//":
            _overflow_check(check, tf.logical_and(tf.equal(a, minimum), tf.equal(b, -1)), "//")
        # A zero or -1 divisor never reaches the kernel (x86 traps on MIN // -1).
        safe = tf.where(tf.logical_or(tf.equal(b, 0), tf.equal(b, -1)), tf.ones_like(b), b)
        if symbol == "//":
            return tf.where(tf.equal(b, -1), -a, tf.math.floordiv(a, safe))
        return tf.where(tf.equal(b, -1), tf.zeros_like(a), tf.math.floormod(a, safe))
    if symbol in ("&", "|", "^"):
        op = {"&": tf.bitwise.bitwise_and, "|": tf.bitwise.bitwise_or,
              "^": tf.bitwise.bitwise_xor}[symbol]
        return op(a, b)
    if symbol in ("<<", ">>"):
        check(tf.logical_and(b >= 0, b < 63), "shift count outside 0..62")
        shift = tf.clip_by_value(b, 0, 62)
        if symbol == ">>":
            return tf.bitwise.right_shift(a, shift)
        r = tf.bitwise.left_shift(a, shift)
        _overflow_check(check, tf.not_equal(tf.bitwise.right_shift(r, shift), a), "<<")
        return r
    raise NotRepresentable(f"int operator {symbol}")


def wrapped(symbol, a, b, r):
    """Whether `r`, `a <symbol> b` (+, -, *) computed in their integer dtype, wrapped
    around: the exact result lies outside the dtype."""
    if a.dtype.is_unsigned:
        if symbol == "+":
            return r < a
        if symbol == "-":
            return a < b
        safe = tf.where(tf.equal(a, 0), tf.ones_like(a), a)
        return tf.logical_and(tf.not_equal(a, 0),
                              tf.not_equal(tf.raw_ops.TruncateDiv(x=r, y=safe), b))
    if symbol == "+":
        return tf.bitwise.bitwise_and(tf.bitwise.bitwise_xor(a, r),
                                      tf.bitwise.bitwise_xor(b, r)) < 0
    if symbol == "-":
        return tf.bitwise.bitwise_and(tf.bitwise.bitwise_xor(a, b),
                                      tf.bitwise.bitwise_xor(a, r)) < 0
    minimum = tf.constant(a.dtype.min, a.dtype)
    # r / a == b unless it wrapped; a == -1 is the one divisor that itself overflows.
    safe = tf.where(tf.logical_or(tf.equal(a, 0), tf.equal(a, -1)), tf.ones_like(a), a)
    overflowed = tf.logical_and(tf.logical_and(tf.not_equal(a, 0), tf.not_equal(a, -1)),
                                tf.not_equal(tf.raw_ops.TruncateDiv(x=r, y=safe), b))
    overflowed = tf.logical_or(overflowed, tf.logical_and(tf.equal(a, -1),
                                                          tf.equal(b, minimum)))
    return tf.logical_or(overflowed, tf.logical_and(tf.equal(b, -1), tf.equal(a, minimum)))


def _digits(x):
    """(how many, the top one) of the 30-bit digits CPython stores |x| in, for an int64
    tensor x (0 has none)."""
    magnitude = tf.where(x < 0, tf.cast(-(x + 1), tf.uint64) + 1, tf.cast(x, tf.uint64))
    count = tf.where(magnitude >= 2 ** 60, 3,
                     tf.where(magnitude >= 2 ** 30, 2, tf.where(magnitude > 0, 1, 0)))
    shift = tf.cast(30 * tf.maximum(count - 1, 0), tf.uint64)
    return count, tf.bitwise.right_shift(magnitude, shift)


def hands_back_left(symbol, left, right, kinds):
    """Whether CPython's int `left % right` (divmod's remainder too) or `left >> right`
    is the object `left` itself, as a bool tensor.  `%`: unless both are one-digit ints
    (a fast path that makes a new int), long_rem hands back `left` when |left| < |right|
    as it compares their digits (fewer, or as many with a smaller top one), and l_mod
    keeps it when no sign fix-up follows (left is 0 or has right's sign).  `>> 0` hands
    back a negative int of two digits or more (3.13's long_rshift)."""
    a, b = _as_int(left, kinds[0]), _as_int(right, kinds[1])
    count_a, top_a = _digits(a)
    if symbol == ">>":
        return tf.logical_and(tf.logical_and(tf.equal(b, 0), a < 0), count_a >= 2)
    count_b, top_b = _digits(b)
    smaller = tf.logical_or(count_a < count_b,
                            tf.logical_and(tf.equal(count_a, count_b), top_a < top_b))
    kept_sign = tf.logical_or(tf.equal(a, 0), tf.equal(a < 0, b < 0))
    return tf.logical_and(tf.logical_and(tf.logical_or(count_a > 1, count_b > 1), smaller),
                          kept_sign)


def _int_power(base, exponent, check):
    if isinstance(exponent, (tf.Tensor, tf.Variable)):
        # Python's result is an int or a float depending on the exponent's sign.
        raise NotRepresentable("** with an int exponent the graph computes")
    exponent = int(exponent)
    if exponent < 0:
        check(tf.not_equal(base, 0), "0 cannot be raised to a negative power")
        return _pow(tf.cast(base, tf.float64),
                    tf.constant(float(exponent), tf.float64)), float
    if exponent > 64:
        raise NotRepresentable("int ** exponent above 64")
    result = tf.ones_like(base)
    for _ in range(exponent):
        result = _int_binary("*", result, base, check)
    return result, int


def _pow(base, exponent):
    """Python's `**`, libm's pow, as eager's Pow kernel computes it.  Grappler rewrites a
    Pow whose exponent is a constant -1, 0.5, 2, 3… into a reciprocal, sqrt or products,
    which round differently (9215 ** -1 ends in ...014, 1 / 9215.0 in ...015); it cannot
    see through a PlaceholderWithDefault."""
    exponent = tf.raw_ops.PlaceholderWithDefault(input=exponent, shape=exponent.shape)
    return tf.pow(base, exponent)


def _subnormal(x):
    """From the bits: TF's CPU kernels treat subnormal inputs as zero (DAZ), so even a
    comparison cannot tell."""
    bits = tf.bitcast(x, tf.int64)
    exponent = tf.bitwise.bitwise_and(tf.bitwise.right_shift(bits, 52), 0x7FF)
    mantissa = tf.bitwise.bitwise_and(bits, (1 << 52) - 1)
    return tf.logical_and(tf.equal(exponent, 0), tf.not_equal(mantissa, 0))


def as_float32(x):
    """A float64 → float32 rounded as numpy rounds it, which is how eager converts a
    Python float: TF's Cast flushes a result below float32's normal range (2**-126) to
    zero, numpy keeps the subnormal.  Those are made from the bits: the magnitude in
    units of 2**-149 (float64 holds it exactly), rounded half to even."""
    magnitude = tf.abs(x)
    units = tf.cast(tf.math.rint(magnitude * 2.0 ** 149), tf.int32)
    sign = tf.where(tf.bitcast(x, tf.int64) < 0, tf.constant(-2 ** 31, tf.int32),
                    tf.constant(0, tf.int32))
    subnormal = tf.bitcast(tf.bitwise.bitwise_or(units, sign), tf.float32)
    return tf.where(magnitude < 2.0 ** -126, subnormal, tf.cast(x, tf.float32))


def _normal(check, *floats):
    for x in floats:
        check(tf.logical_not(_subnormal(x)), "a subnormal float (TF flushes them to zero)")


def _not_flushed(check, result, exactly_zero):
    """TF's kernels flush a subnormal result to zero (FTZ), Python keeps it: a zero
    where Python's exact result is not zero was flushed."""
    check(tf.logical_or(tf.not_equal(result, 0.0), exactly_zero),
          "a float result below the normal range (TF flushes it to zero)")


def _float_binary(symbol, a, b, check):
    _normal(check, a, b)
    if symbol == "+":
        r = a + b
        _not_flushed(check, r, tf.equal(a, -b))
        return r
    if symbol == "-":
        r = a - b
        _not_flushed(check, r, tf.equal(a, b))
        return r
    if symbol == "*":
        r = a * b
        _not_flushed(check, r, tf.logical_or(tf.equal(a, 0.0), tf.equal(b, 0.0)))
        return r
    if symbol == "/":
        check(tf.not_equal(b, 0.0), "float division by zero")
        r = _divide(a, b)
        _not_flushed(check, r, tf.logical_or(tf.equal(a, 0.0), tf.math.is_inf(b)))
        return r
    if symbol in ("//", "%"):
        check(tf.not_equal(b, 0.0), "float floor division or modulo by zero")
        # fmod of numbers this far from the subnormal range is never subnormal.
        for x in (a, b):
            check(tf.logical_or(tf.logical_or(tf.equal(x, 0.0),
                                              tf.logical_not(tf.math.is_finite(x))),
                                tf.abs(x) >= 2.0 ** -960),
                  "float floor division or modulo near the subnormal range")
        safe = tf.where(tf.equal(b, 0.0), tf.ones_like(b), b)
        div, mod = _float_divmod(a, safe)
        return div if symbol == "//" else mod
    if symbol == "**":
        r = _pow(a, b)
        finite_in = tf.logical_and(tf.math.is_finite(a), tf.math.is_finite(b))
        check(tf.logical_not(tf.logical_and(tf.equal(a, 0.0), b < 0.0)),
              "0.0 cannot be raised to a negative power")
        check(tf.logical_not(tf.logical_and(a < 0.0, tf.not_equal(b, tf.floor(b)))),
              "a negative float to a fractional power is complex")
        check(tf.logical_or(tf.math.is_finite(r), tf.logical_not(finite_in)),
              "float ** overflowed")
        _not_flushed(check, r, tf.logical_or(tf.equal(a, 0.0), tf.logical_not(finite_in)))
        return r
    raise NotRepresentable(f"float operator {symbol}")


def _divide(a, b):
    """a / b for a nonzero b (checked before).  Not RealDiv: Grappler's constant
    folding turns `x / const` into `x * (1 / const)`, which can differ from Python's
    quotient in the last bit (measured: 5 / 3 gave 1.6666666666666665)."""
    return tf.raw_ops.DivNoNan(x=a, y=b)


def _float_divmod(vx, wx):
    """CPython's float_divmod (Objects/floatobject.c), op for op."""
    mod = tf.raw_ops.TruncateMod(x=vx, y=wx)            # C fmod
    div = _divide(vx - mod, wx)
    fix = tf.logical_and(tf.not_equal(mod, 0.0), tf.not_equal(wx < 0.0, mod < 0.0))
    mod = tf.where(fix, mod + wx, mod)
    div = tf.where(fix, div - 1.0, div)
    mod = tf.where(tf.equal(mod, 0.0), _copysign(tf.zeros_like(mod), wx), mod)
    floordiv = tf.floor(div)
    floordiv = tf.where(div - floordiv > 0.5, floordiv + 1.0, floordiv)
    floordiv = tf.where(tf.equal(div, 0.0), _copysign(tf.zeros_like(div), _divide(vx, wx)), floordiv)
    return floordiv, mod


def _copysign(magnitude, sign):
    negative = tf.logical_or(sign < 0.0, tf.logical_and(tf.equal(sign, 0.0),
                                                        tf.math.reciprocal(sign) < 0.0))
    return tf.where(negative, -tf.abs(magnitude), tf.abs(magnitude))


def compare(symbol, left, right, kinds, check):
    lk, rk = kinds
    if float in kinds:
        if lk is not float or rk is not float:
            # Python compares an int with a float exactly; float64 holds ints exactly
            # only up to 2**53.
            as_int = left if lk is not float else right
            int_kind = lk if lk is not float else rk
            check(tf.abs(_as_int(as_int, int_kind)) <= EXACT_INT_IN_FLOAT,
                  "int compared with a float beyond 2**53")
        a, b = _as_float(left, lk), _as_float(right, rk)
        _normal(check, a, b)
        return COMPARE[symbol](a, b)
    return COMPARE[symbol](_as_int(left, lk), _as_int(right, rk))


def negative(value, kind, check):
    if kind is float:
        x = carry(value, float)
        _normal(check, x)
        return -x, float
    a = _as_int(value, kind)
    _overflow_check(check, tf.equal(a, INT64_MIN), "negation")
    return -a, int


def absolute(value, kind, check):
    if kind is float:
        x = carry(value, float)
        _normal(check, x)
        return tf.abs(x), float
    a = _as_int(value, kind)
    _overflow_check(check, tf.equal(a, INT64_MIN), "abs()")
    return tf.abs(a), int


def positive(value, kind):
    """+x: an int or float is itself (CPython's __pos__ returns the very object), a
    bool the int it counts as."""
    if kind is bool:
        return _as_int(value, kind), int
    return value, kind


def invert(value, kind):
    return tf.bitwise.invert(_as_int(value, kind)), int


def to_int(value, kind, check):
    """int(x): a promoted number, or any scalar tensor (eager reads it as a numpy
    scalar first, which int() truncates)."""
    if kind in (int, bool):
        return _as_int(value, kind)
    if kind is None and value.dtype.is_integer:
        scalar = tf.reshape(value, ())
        if value.dtype == tf.uint64:
            # Python's int of a uint64 can pass 2**63, where the graph's int64 would
            # wrap to a negative number: such a call runs in the interpreter.
            check(scalar <= tf.constant(INT64_MAX, tf.uint64),
                  "an unsigned 64-bit value beyond int64 converted to int")
        return tf.cast(scalar, tf.int64)
    x = tf.cast(tf.reshape(value, ()), tf.float64) if kind is None else carry(value, float)
    check(tf.logical_not(tf.math.is_nan(x)), "cannot convert float NaN to integer")
    check(tf.logical_not(tf.math.is_inf(x)), "cannot convert float infinity to integer")
    check(tf.abs(x) < 2.0 ** 63, "float beyond int64 converted to int")
    return tf.cast(x, tf.int64)


def to_float(value, kind):
    if kind is None:
        value = tf.reshape(value, ())
        if value.dtype == tf.float32:
            return float32_as_float64(value)
        return tf.cast(value, tf.float64)
    return _as_float(value, kind)


def float32_as_float64(x):
    """float(x) of a float32 tensor as eager gives it (numpy widens exactly): TF's Cast
    reads a subnormal input as zero, so one is widened from its bits (its mantissa in
    units of 2**-149)."""
    bits = tf.bitcast(x, tf.int32)
    mantissa = tf.bitwise.bitwise_and(bits, (1 << 23) - 1)
    subnormal = tf.logical_and(tf.equal(tf.bitwise.bitwise_and(bits, 0x7F800000), 0),
                               tf.not_equal(mantissa, 0))
    magnitude = tf.cast(mantissa, tf.float64) * 2.0 ** -149
    widened = tf.where(bits < 0, -magnitude, magnitude)
    return tf.where(subnormal, widened, tf.cast(x, tf.float64))


def round_half_even(value, kind, check):
    """round(x) with one argument: ints unchanged, floats to the even neighbour."""
    if kind is not float:
        return _as_int(value, kind), int
    return to_int(tf.round(carry(value, float)), float, check), int


def minimum_or_maximum(which, left, right, kinds, check):
    """min(a, b)/max(a, b): Python returns the first argument unless the second is
    strictly smaller (larger), NaNs included."""
    kind = kinds[0]
    if kinds[0] is not kinds[1]:
        raise NotRepresentable(f"{which}() of a {kinds[0].__name__} and a "
                               f"{kinds[1].__name__} (the result's type depends on values)")
    a, b = carry(left, kind), carry(right, kind)
    if kind is float:
        _normal(check, a, b)
    return tf.where(takes_second(which, left, right, kind), b, a), kind


def takes_second(which, left, right, kind):
    """Whether Python's min/max(left, right) returns `right`, the object itself."""
    a, b = carry(left, kind), carry(right, kind)
    if kind is bool:
        a, b = tf.cast(a, tf.int8), tf.cast(b, tf.int8)
    return (b < a) if which == "min" else (b > a)


def builtin(fn, args, kinds, check):
    """float/int/abs/round/min/max/divmod of promoted numbers, or float()/int() of a
    one-element tensor (kind None) → [(tensor, Python type)], two for divmod."""
    name = fn.__name__
    if (any(k not in NUMBERS for k in kinds) and fn not in (float, int)) or \
            (fn in (float, int, abs, round) and len(args) != 1) or \
            (fn in (min, max, divmod) and len(args) != 2):
        raise NotRepresentable(f"{name}() of a tensor")
    if fn in (float, int):
        value = args[0]
        if kinds[0] is None:
            if value.shape.rank != 0:
                # Eager converts through numpy, which takes only 0-d arrays: a (1, 1)
                # loss raises TypeError there (the interpreter raises it).
                raise NotRepresentable(f"{name}() of a tensor of shape {value.shape} "
                                       "(numpy converts only 0-d arrays: eager raises "
                                       "TypeError)")
            if value.dtype.is_complex:
                # numpy drops the imaginary part with a ComplexWarning at each call.
                raise NotRepresentable(f"{name}() of a {value.dtype.name} tensor (numpy "
                                       "warns: ComplexWarning)")
            # Eager reads the tensor's value: a Python number no tape differentiates.
            value = tf.stop_gradient(value)
        if fn is float:
            return [(to_float(value, kinds[0]), float)]
        return [(to_int(value, kinds[0], check), int)]
    if fn is abs:
        return [absolute(args[0], kinds[0], check)]
    if fn is round:
        return [round_half_even(args[0], kinds[0], check)]
    if fn is divmod:
        return [binary(symbol, *args, kinds, check) for symbol in ("//", "%")]
    return [minimum_or_maximum(name, *args, kinds, check)]


# CPython makes every int in this range from one cached object: `n is 5` is `n == 5`.
SMALL_INTS = range(-5, 257)


def identity(left, right, number_of, check):
    """`left is right` where one side is a bool or int the graph carries: a graph bool,
    or a Python bool; None when neither side is one (the caller decides by objects).
    bool() and comparisons give one of the two singletons, so `flag is True` is
    `flag == True`; an int is the cached object where it is small.  Beyond the cache,
    whether two ints are one object depends on where each came from (the program's
    own `LIMIT` stored in an attribute and read back is the same object): refused.
    Objects of different types are never the same."""
    kinds = [number_of(v) if isinstance(v, tf.Tensor) else None for v in (left, right)]
    if not any(kind in (bool, int) for kind in kinds) or left is right:
        return None
    types_ = [kind if kind is not None else type(v) for kind, v in zip(kinds, (left, right))]
    if types_[0] is not types_[1]:
        return False
    if types_[0] is bool:
        return tf.equal(carry(left, bool), carry(right, bool))
    if any(kind is None and value not in SMALL_INTS
           for value, kind in zip((left, right), kinds)):
        raise NotRepresentable("`is` between an int the graph carries and an int outside "
                               "CPython's small-int cache: whether they are one object "
                               "depends on where each was made")
    both = tf.equal(carry(left, int), carry(right, int))
    small = tf.logical_and(carry(left, int) >= SMALL_INTS.start,
                           carry(left, int) < SMALL_INTS.stop)
    # Two carried ints, equal and beyond the cache: one object or two, as above; the
    # interpreter answers that call.
    check(tf.logical_or(small, tf.logical_not(both)),
          "`is` between two equal ints beyond CPython's small-int cache")
    return tf.logical_and(both, small)


def keras_weak_typing(name, values, number_of):
    """Keras code types a Python number weakly (`keras.ops.multiply(h16, 0.5)` stays
    float16; `isinstance(x, (int, float))` decides): a number the graph carries is a
    tensor to it, with a dtype of its own.  Where that dtype is the one Keras would
    give the number anyway (a float with float32 tensors, an int with int32 ones or
    none), the result is eager's; otherwise NotRepresentable, and the build specialises
    the number."""
    flat = [v for value in values
            for v in (value if type(value) in (list, tuple) else (value,))]
    kinds = {number_of(v) for v in flat if isinstance(v, tf.Tensor)} & {int, float}
    if not kinds:
        return
    dtypes = {v.dtype.base_dtype for v in flat if isinstance(v, (tf.Tensor, tf.Variable))
              and number_of(v) is None}
    if float in kinds and not dtypes <= {tf.float32} or \
            int in kinds and not dtypes <= {tf.int32}:
        kind = "float" if float in kinds else "int"
        raise NotRepresentable(f"a Python {kind} the graph carries passed to {name}: Keras "
                               "types a Python number weakly, to the dtype of the "
                               f"tensors beside it ({', '.join(sorted(d.name for d in dtypes))}), "
                               "where the graph's value has a dtype of its own")


def as_eager_number(value, number_of, check):
    """A promoted number given to a TF or Keras function converts as eager converts the
    Python number it stands for; any other value is given as it is."""
    kind = number_of(value) if isinstance(value, tf.Tensor) else None
    # A bool already has eager's dtype, and stays a tensor a library can branch on.
    return EagerNumber(value, kind, check) if kind in (int, float) else value


def python_sum(items, number_of, check):
    """sum(items) as Python computes it, for items some of which are numbers the graph
    carries: (tensor, float) for floats, summed as CPython 3.12+ sums floats (Neumaier's
    compensated summation, the compensation added at the end when non-zero and
    finite), op for op in float64, so the bits are Python's; (tensor, int) for ints and
    bools, added exactly in int64 with a check (`check`) that no sum leaves it.  None
    when no item is a carried number (TF tensors are summed by Python itself, with
    their `+`).  Mixes of ints and floats are refused: Python adds the ints exactly
    before the first float."""
    if not any(isinstance(x, tf.Tensor) and number_of(x) is not None for x in items):
        return None             # Python numbers only, or TF tensors: Python's own sum
    kinds = [python_type_of(x, number_of) for x in items]
    if all(kind in (int, bool) for kind in kinds):
        if any(type(x) is int and not INT64_MIN <= x <= INT64_MAX for x in items):
            raise NotRepresentable("sum() of numbers the graph carries and an int beyond "
                                   "int64")
        total = tf.constant(0, tf.int64)
        for x, kind in zip(items, kinds):
            total = _int_binary("+", total, _as_int(x, kind), check)
        return total, int
    if not all(type(x) is float or (isinstance(x, tf.Tensor) and number_of(x) is float)
               for x in items):
        raise NotRepresentable("sum() of numbers the graph carries, ints and floats "
                               "mixed (Python adds the ints exactly before the first "
                               "float)")
    values = [tf.constant(x, tf.float64) if type(x) is float else x for x in items]
    total = tf.constant(0.0, tf.float64) + values[0]     # sum() starts at int 0
    compensation = tf.constant(0.0, tf.float64)
    for x in values[1:]:
        t = total + x
        compensation = compensation + tf.where(tf.abs(total) >= tf.abs(x),
                                               (total - t) + x, (x - t) + total)
        total = t
    keep = tf.logical_and(tf.not_equal(compensation, 0.0),
                          tf.math.is_finite(compensation))
    return tf.where(keep, total + compensation, total), float


def handed_back(value):
    """What library code returned, as the program holds it: a number the graph carries
    that library code hands back (an optimizer's learning_rate returning what the
    program's callable returned) is the number's tensor again, not its wrapper."""
    return value.tensor if type(value) is EagerNumber else value


class EagerNumber:
    """A promoted number handed to a TF function: TF converts it (`__tf_tensor__`) as
    eager converts the Python number it stands for — to the dtype the op asks for,
    else float32 / int32 (int64 beyond int32: a check sends those calls back)."""

    __slots__ = ("tensor", "python_type", "check", "__weakref__")

    def __init__(self, tensor, python_type, check):
        self.tensor, self.python_type, self.check = tensor, python_type, check

    def __bool__(self):
        # A library that branches on the number (`if training:`) would otherwise see an
        # always-true object: the build fails instead, and the call stays interpreted.
        raise TypeError("the truth value of a Python number the graph computes")

    def __tf_tensor__(self, dtype=None, name=None):
        inferred = dtype is None
        if dtype is None:
            dtype = EAGER_DEFAULT[self.python_type]
        dtype = tf.as_dtype(dtype)
        if self.python_type is float and not dtype.is_floating:
            raise TypeError(f"a Python float converted to {dtype.name}")
        if self.python_type is float and inferred and dtype == tf.float32:
            # tf.constant(v) without a dtype raises ValueError ("out of range") for a
            # finite float float32 rounds to inf; given the dtype (an op's other
            # operand, tf.constant(v, tf.float32)) it gives inf.
            self.check(tf.logical_or(tf.logical_not(tf.math.is_finite(self.tensor)),
                                     tf.math.is_finite(tf.cast(self.tensor, tf.float32))),
                       "a Python float beyond float32's range converted without a dtype")
        if dtype.is_integer and dtype != tf.int64:
            # (uint64's top is beyond the carried int64's: only its floor can fail.)
            low, high = dtype.min, min(dtype.max, INT64_MAX)
            self.check(tf.logical_and(self.tensor >= low, self.tensor <= high),
                       f"a Python int outside {dtype.name} given to a TF op")
        if self.python_type is float and dtype == tf.float32:
            return as_float32(self.tensor)
        if self.python_type is int and dtype.is_floating and dtype != tf.float64:
            # Eager converts a Python int for a float op through a C double
            # (PyLong_AsDouble), then to the dtype: two roundings, which part from one
            # (int64 straight to float32) near 2**60.
            wide = tf.cast(self.tensor, tf.float64)
            return as_float32(wide) if dtype == tf.float32 else tf.cast(wide, dtype, name=name)
        return tf.cast(self.tensor, dtype, name=name)


# float dtype -> (the int type of its width, the masks of its exponent and mantissa)
FLOAT_BITS = {tf.float16: (tf.int16, 0x7C00, 0x03FF), tf.bfloat16: (tf.int16, 0x7F80, 0x007F),
              tf.float32: (tf.int32, 0x7F800000, 0x007FFFFF),
              tf.float64: (tf.int64, 0x7FF0000000000000, 0x000FFFFFFFFFFFFF)}


def float_bits(value, mask):
    """The bits of a float tensor under `mask` ("exponent", "mantissa" or "magnitude"),
    read without a float kernel: TF's kernels run with the CPU flushing subnormal values
    to zero, and compare a subnormal as 0."""
    bits, exponent, mantissa = FLOAT_BITS[value.dtype]
    masks = {"exponent": exponent, "mantissa": mantissa, "magnitude": exponent | mantissa}
    return tf.bitwise.bitwise_and(tf.bitcast(value, bits), tf.constant(masks[mask], bits))


def is_subnormal(value):
    """Elementwise: a nonzero value below the dtype's smallest normal one."""
    return tf.logical_and(tf.equal(float_bits(value, "exponent"), 0),
                          tf.not_equal(float_bits(value, "mantissa"), 0))
