"""runtime/janus/semantics/numbers.py against Python itself, on random and edge values.

Each operation is built once into a graph whose operands are inputs (and once more with
the right operand baked in as a constant, where Grappler's constant folding could
rewrite it).  For every drawn pair: if every in-graph check holds, the graph's value and
Python type must be exactly Python's (the sign of zero and NaN included); if Python
raises, or its result is not an int64/float64/bool, some check must fail, so the call
goes to the interpreter, which gives Python's answer by construction.
"""

import math
import operator

import numpy as np
import pytest
import tensorflow as tf
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from janus.semantics import arrays, numbers

INT_EDGES = [0, 1, -1, 2, -2, 3, 7, -7, 2**31 - 1, -2**31, 2**53, 2**53 + 1, -(2**53 + 1),
             2**62, 2**63 - 1, -2**63, 10**18]
FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.7, 1.5, 2.5, 3.0, math.inf, -math.inf,
               math.nan, 1e308, -1e308, 5e-324, 2.2250738585072014e-308, 2.0**53, 2.0**63,
               -2.0**63, 0.1, 1e-300]

ints = st.one_of(st.sampled_from(INT_EDGES), st.integers(-2**63, 2**63 - 1),
                 st.integers(-100, 100))
floats = st.one_of(st.sampled_from(FLOAT_EDGES), st.floats(allow_nan=True),
                   st.floats(-100, 100))
bools = st.booleans()
VALUES = {int: ints, float: floats, bool: bools}

def left_shift(a, b):
    """Python's a << b, without building it when it is far outside int64: a shift count
    near 2**37 would make an int of gigabytes (the process was killed for memory).  Any
    value outside int64 says the same thing to agree(): the graph must not answer."""
    if b >= 64 and a != 0:
        return (1 if a > 0 else -1) << 64
    return a << b


PY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
      "//": operator.floordiv, "%": operator.mod, "&": operator.and_, "|": operator.or_,
      "^": operator.xor, "<<": left_shift, ">>": operator.rshift,
      "<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
      ">": operator.gt, ">=": operator.ge}
ARITH = ["+", "-", "*", "/", "//", "%"]
KIND_PAIRS = [(int, int), (float, float), (int, float), (float, int), (bool, int),
              (bool, bool), (bool, float)]
CASES = [(s, k) for s in ARITH + ["<", "<=", "==", "!=", ">", ">="] for k in KIND_PAIRS] + \
    [(s, k) for s in ["&", "|", "^"] for k in [(int, int), (bool, bool), (bool, int)]] + \
    [(s, (int, int)) for s in ["<<", ">>"]]

SETTINGS = settings(max_examples=150, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


def graph_of(build, specs):
    """A concrete function returning (value, [check conditions])."""
    def fn(*args):
        checks = []
        value, kind = build(*args, lambda condition, reason: checks.append(condition))
        fn.kind = kind
        return value, (tf.stack(checks) if checks else tf.ones([0], tf.bool))
    concrete = tf.function(fn, autograph=False).get_concrete_function(*specs)
    return concrete, fn.kind


def python_answer(compute):
    try:
        return compute(), None
    except (ZeroDivisionError, OverflowError, ValueError, MemoryError) as exc:
        return None, exc


def representable(value):
    if type(value) is int:
        return -2**63 <= value <= 2**63 - 1
    return type(value) in (float, bool)


def same(got, want):
    if type(got) is not type(want):
        return False
    if type(want) is float:
        return (math.isnan(got) and math.isnan(want)) or \
            (got == want and math.copysign(1, got) == math.copysign(1, want))
    return got == want


def run(concrete, kind, *args):
    value, checks = concrete(*args)
    if not all(checks.numpy()):
        return None                       # the interpreter runs this call
    value = value.numpy().item()
    return kind(value) if kind is not bool else bool(value)


def agree(got, want, error):
    if got is None:
        return True                       # fallback: the interpreter gives Python's answer
    assert error is None, f"the graph gave {got!r} where Python raised {error!r}"
    assert representable(want), f"the graph gave {got!r} where Python gave {want!r}"
    assert same(got, want), f"the graph gave {got!r}, Python {want!r}"
    return True


def tensor(value, kind):
    # Not tf.constant(value): eager caches scalars by value, and 0.0 == -0.0.
    return numbers.call_time_tensor(value, numbers.CARRY[kind])


def spec(kind):
    return tf.TensorSpec([], numbers.CARRY[kind])


@pytest.mark.parametrize("symbol, kinds", CASES, ids=lambda c: str(c))
def test_binary_operations_with_both_operands_in_the_graph(symbol, kinds):
    concrete, kind = graph_of(
        lambda a, b, check: numbers.binary(symbol, a, b, kinds, check),
        [spec(kinds[0]), spec(kinds[1])])

    @SETTINGS
    @given(VALUES[kinds[0]], VALUES[kinds[1]])
    @example(*(False if k is bool else -0.0 if k is float else 0 for k in kinds))
    def check_pair(a, b):
        want, error = python_answer(lambda: PY[symbol](a, b))
        got = run(concrete, kind, tensor(a, kinds[0]),
                  tensor(b, kinds[1]))
        agree(got, want, error)

    check_pair()


@pytest.mark.parametrize("symbol", ["/", "//", "%", "*", "+"])
@pytest.mark.parametrize("divisor", [3, 7, 0.7, -0.7, 3.0, 10, -1])
def test_a_constant_operand_is_not_rewritten(symbol, divisor):
    # x / 3 must not become x * (1/3): the graph is built with the constant inside.
    kinds = (float if isinstance(divisor, float) else int, type(divisor))
    lhs_kind = int if symbol in ("//", "%") and type(divisor) is int else kinds[0]
    concrete, kind = graph_of(
        lambda a, check: numbers.binary(symbol, a, divisor, (lhs_kind, type(divisor)),
                                        check), [spec(lhs_kind)])

    @SETTINGS
    @given(VALUES[lhs_kind])
    def check_value(a):
        want, error = python_answer(lambda: PY[symbol](a, divisor))
        agree(run(concrete, kind, tensor(a, lhs_kind)), want, error)

    check_value()


@pytest.mark.parametrize("exponent", [0, 1, 2, 3, 5, 17, -1, -2])
def test_int_powers(exponent):
    concrete, _ = graph_of(lambda a, check: numbers._int_power(a, exponent, check),
                           [spec(int)])
    kind = int if exponent >= 0 else float

    @SETTINGS
    @given(ints)
    def check_value(a):
        want, error = python_answer(lambda: a ** exponent)
        agree(run(concrete, kind, tensor(a, int)), want, error)

    check_value()


@pytest.mark.parametrize("exponent", [-1.0, 0.5, 2.0, 3.0, -0.5])
def test_a_constant_exponent_rounds_as_pythons_pow(exponent):
    # Grappler rewrites Pow with these constant exponents (a reciprocal, sqrt, products),
    # which round differently from libm's pow: 9215 ** -1 ends in ...014, 1 / 9215.0 in
    # ...015.  Found by test_int_powers once in about 25 runs.
    if exponent == -1.0:
        concrete, _ = graph_of(lambda a, check: numbers._int_power(a, -1, check),
                               [spec(int)])
        assert run(concrete, float, tensor(9215, int)) == 9215 ** -1
    concrete, kind = graph_of(
        lambda a, check: numbers.binary("**", a, tf.constant(exponent, tf.float64),
                                        (float, float), check), [spec(float)])
    for a in (9215.0, 3.7, 1e-3, 123456.789, 0.1):
        assert run(concrete, kind, tensor(a, float)) == a ** exponent, a


def test_float_powers():
    concrete, kind = graph_of(
        lambda a, b, check: numbers.binary("**", a, b, (float, float), check),
        [spec(float), spec(float)])

    @SETTINGS
    @given(floats, st.one_of(floats, st.sampled_from([2.0, -1.0, 0.5, 3.0, -0.5])))
    def check_pair(a, b):
        want, error = python_answer(lambda: a ** b)
        agree(run(concrete, kind, tensor(a, float), tensor(b, float)),
              want, error)

    check_pair()


UNARY = {
    "neg": (operator.neg, lambda v, k, c: numbers.negative(v, k, c)),
    "abs": (abs, lambda v, k, c: numbers.absolute(v, k, c)),
    "invert": (operator.invert, lambda v, k, c: numbers.invert(v, k)),
    "int": (int, lambda v, k, c: (numbers.to_int(v, k, c), int)),
    "float": (float, lambda v, k, c: (numbers.to_float(v, k), float)),
    "round": (round, lambda v, k, c: numbers.round_half_even(v, k, c)),
}


@pytest.mark.parametrize("name, kind", [(n, k) for n in sorted(UNARY)
                                         for k in (int, float, bool)
                                         if not (n == "invert" and k is float)])
def test_unary_operations(name, kind):
    python, build = UNARY[name]
    concrete, result_kind = graph_of(lambda a, check: build(a, kind, check), [spec(kind)])

    @SETTINGS
    @given(VALUES[kind])
    def check_value(a):
        want, error = python_answer(lambda: python(a))
        agree(run(concrete, result_kind, tensor(a, kind)), want, error)

    check_value()


@pytest.mark.parametrize("which", ["min", "max"])
@pytest.mark.parametrize("kind", [int, float])
def test_min_and_max_return_what_python_returns(which, kind):
    concrete, result_kind = graph_of(
        lambda a, b, check: numbers.minimum_or_maximum(which, a, b, (kind, kind), check),
        [spec(kind), spec(kind)])
    python = min if which == "min" else max

    @SETTINGS
    @given(VALUES[kind], VALUES[kind])
    def check_pair(a, b):
        want, error = python_answer(lambda: python(a, b))
        agree(run(concrete, result_kind, tensor(a, kind),
                  tensor(b, kind)), want, error)

    check_pair()


def test_floats_from_tensors_convert_like_eager():
    concrete, _ = graph_of(lambda a, check: (numbers.to_int(a, None, check), int),
                           [tf.TensorSpec([], tf.float32)])

    @SETTINGS
    @given(st.floats(width=32))
    def check_value(a):
        value = tf.convert_to_tensor(np.array(a, np.float32))
        want, error = python_answer(lambda: int(value))
        agree(run(concrete, int, value), want, error)

    check_value()


def test_promoted_numbers_convert_for_tf_ops_like_eager_python_numbers():
    checks = []
    for value, kind in [(0.1, float), (3, int), (True, bool), (2**40, int)]:
        tensor = tf.constant(value, numbers.CARRY[kind])
        number = numbers.EagerNumber(tensor, kind, lambda c, r: checks.append(c))
        converted = tf.convert_to_tensor(number)
        eager = tf.convert_to_tensor(value)
        if kind is int and value >= 2**31:
            assert not bool(checks[-1])      # eager would make it int64: fall back
            continue
        assert converted.dtype == eager.dtype
        assert converted.numpy().item() == eager.numpy().item()
    with pytest.raises(TypeError):
        tf.convert_to_tensor(numbers.EagerNumber(tf.constant(0.5, tf.float64), float,
                                                 None), tf.int32)


SUBNORMAL_EDGES = [2.0 ** -149, 2.0 ** -150, 3 * 2.0 ** -151, 2.0 ** -126, 2.0 ** -126 * (1 - 2.0 ** -25),
                   -3e-40, 1e-45, 7e-46, 1.5e-38, 0.0, 1.0, -2.5, 3.4e38, math.inf, -math.inf]


@given(st.one_of(st.sampled_from(SUBNORMAL_EDGES),
                 st.floats(min_value=-2.0 ** -120, max_value=2.0 ** -120),
                 st.floats(allow_nan=False)))
@settings(max_examples=300, deadline=None)
def test_a_python_float_becomes_float32_as_numpy_makes_it(x):
    # TF's Cast flushes results below float32's normal range; eager converts with numpy.
    got = tf.function(numbers.as_float32)(tf.constant(np.array(x, np.float64)))
    assert got.numpy().tobytes() == np.float32(x).tobytes()


def test_float64_to_float16_rounds_once_as_numpy_casts():
    # TF's Cast goes through float32 and rounds twice; numpy (an ndarray's arithmetic
    # with a Python float the graph carries) rounds once.
    rng = np.random.default_rng(0)
    scales = rng.choice([1e-8, 1e-5, 1.0, 100.0, 6e4, 7e4], size=50_000)
    midpoints = 1 + 2.0**-11 + np.arange(1, 500) * 2.0**-40
    values = np.concatenate([rng.normal(size=50_000) * scales, midpoints, -midpoints, [
        0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, 65520.0, 65519.99, 1e39, -1e39,
        2.0**-25, 2.0**-25 + 2.0**-60, 5.96e-8, 1e-300, -1e-300]])
    got = tf.function(arrays._float16_rounded_once)(tf.constant(values)).numpy()
    assert got.tobytes() == values.astype(np.float16).tobytes()
    assert tf.cast(tf.constant(midpoints), tf.float16).numpy().tobytes() != \
        midpoints.astype(np.float16).tobytes()          # the double rounding it replaces


@given(st.one_of(st.integers(0, (1 << 23) - 1), st.integers(0, (1 << 32) - 1)))
@settings(max_examples=300, deadline=None)
def test_float_of_a_float32_widens_as_numpy_does(bits):
    value = np.array([bits], np.uint32).view(np.float32)[0]
    got = tf.function(numbers.float32_as_float64)(tf.constant(value))
    want = np.float64(value)
    assert got.numpy().tobytes() == want.tobytes() or (np.isnan(want) and np.isnan(got.numpy()))


_EDGES = [0, 1, -1, 7, -7, 2 ** 30 - 1, 2 ** 30, 2 ** 30 + 1, -(2 ** 30), -(2 ** 30) - 1,
          3 * 2 ** 30, 2 ** 60 - 1, 2 ** 60, -(2 ** 60), 2 ** 61 - 1, 2 ** 62 + 12345,
          -(2 ** 62) - 12345, 2 ** 63 - 1, -(2 ** 63)]


def _fresh(value):
    return int(str(value))          # a new int object, as a program's computed one


@pytest.mark.parametrize("symbol", ["%", ">>"])
def test_when_cpython_hands_back_the_left_operand(symbol):
    # `a % b` (and divmod's remainder) and `a >> b` can be the object `a` itself; the
    # graph's flag must say so exactly (small ints are one cached object: left out).
    operation = operator.mod if symbol == "%" else operator.rshift
    rights = _EDGES if symbol == "%" else [0, 1, 3]
    for a in _EDGES:
        for b in rights:
            if symbol == "%" and b == 0:
                continue
            left, right = _fresh(a), _fresh(b)
            result = operation(left, right)
            if -5 <= result <= 256:
                continue
            flag = numbers.hands_back_left(symbol, tf.constant(a, tf.int64),
                                           tf.constant(b, tf.int64), (int, int))
            assert bool(flag) == (result is left), (a, symbol, b)
            if symbol == "%":
                assert (divmod(left, right)[1] is left) == (result is left), (a, b)
