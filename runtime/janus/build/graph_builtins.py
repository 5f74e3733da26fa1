"""Python builtins given values the graph computes → graph values that answer as eager's
builtins do: float/int/abs/round/min/max/divmod of numbers the graph carries
(semantics/numbers.py), bool() of a tensor, str()/repr() made after the graph from its
output (values.GraphText), and tf.constant of Python numbers the graph carries.
"""

import tensorflow as tf

from ..errors import Unsupported
from ..semantics import numbers
from ..values import GraphRounded, GraphText, is_symbolic, is_variable, variable_kind
from . import control


def text_later(b, value, conversion, code, offset):
    """str()/repr() of a tensor or of a number the graph computes: made after the graph
    from its output (values.GraphText)."""
    if is_variable(value):
        raise Unsupported(f"str()/repr() of a {variable_kind(value)}: its value at this point of the call "
                          "is not kept", code, offset)
    if b.provenance.number_of(value) == control.MIXED:
        raise Unsupported(f"str() of {control.MIXED}", code, offset)
    return GraphText(((value, conversion, ""),))


def truth_later(b, value, code, offset):
    """bool(t): the truth test `if t:` makes, a bool the graph carries for the program's
    Python bool.  A branch on it is a decision on a tensor (control.py: followed under an
    assertion when the profile saw one way, else a cond)."""
    if value.shape.rank is None or value.shape.num_elements() != 1:
        raise Unsupported(f"bool() of a tensor of shape {value.shape} (Python needs "
                          "exactly one element)", code, offset)
    truth = control.scalar_condition(None, value, None)
    b.promote(truth, bool)
    return truth


def number_builtin(b, fn, args, kwargs, code, offset):
    """float/int/abs/round/min/max/divmod of numbers the graph computes (numbers.py)."""
    if fn in (min, max) and len(args) > 2 and not kwargs:
        # Python keeps the first extreme, comparing each next argument with it: the
        # two-argument rule folded from the left (the result one of the arguments).
        result = args[0]
        for other in args[1:]:
            result = number_builtin(b, fn, (result, other), kwargs, code, offset)
        return result
    kinds = [numbers.python_type_of(a, b.provenance.number_of) for a in args]
    if fn is round and len(args) == 2 and not kwargs and kinds[0] in (int, float) \
            and (args[1] is None or type(args[1]) is int):
        return GraphRounded(args[0], args[1])
    if kwargs or control.MIXED in kinds:
        raise Unsupported(f"{fn.__name__}() of a tensor", code, offset)
    try:
        results = numbers.builtin(fn, args, kinds, b.check)
    except numbers.NotRepresentable as exc:
        raise Unsupported(exc.args[0], code, offset) from exc
    for tensor, python_type in results:
        b.promote(tensor, python_type)
    values = tuple(tensor for tensor, _ in results)
    if fn in (min, max):      # the result may be an argument, object and all
        b.heap.keep_by_choice(values[0], numbers.takes_second(fn.__name__, *args, kinds[0]),
                              *args)
    if fn is divmod and kinds[0] is int:
        left_handed_back(b, "%", values[1], *args, kinds)   # its remainder, as `%`
    if fn is abs and kinds[0] is int:
        # CPython's abs() of an int that is not negative returns that very int: for a
        # large one, the caller's object (`abs(sid) is sid`); of a negative one, a new int.
        fresh = b.promoted(tf.identity(values[0]), int)
        b.heap.keep_by_choice(values[0], numbers.carry(args[0], int) < 0, args[0], fresh)
    return values if fn is divmod else values[0]


def left_handed_back(b, symbol, result, left, right, kinds):
    """`result`, an int `left % right` or `left >> right`, is the object `left` where
    CPython hands it back (numbers.hands_back_left), else a new int."""
    if kinds[0] is int and kinds[1] in (int, bool) and symbol in ("%", ">>"):
        same = numbers.hands_back_left(symbol, left, right, kinds)
        b.heap.keep_by_choice(result, tf.logical_not(same), left,
                              b.promoted(tf.identity(result), int))


def pack_constant(b, value, dtype, code, offset):
    if type(value) in (list, tuple):
        return tf.stack([pack_constant(b, v, dtype, code, offset) for v in value])
    if not is_symbolic(value):
        return tf.constant(value, dtype)
    python_type = b.provenance.number_of(value)
    if python_type == control.MIXED:
        raise Unsupported(f"tf.constant of {control.MIXED}", code, offset)
    if python_type in numbers.NUMBERS:
        tensor = tf.convert_to_tensor(numbers.EagerNumber(value, python_type, b.check), dtype)
        # A cast to the dtype it has gives the promoted tensor back; the result is a
        # tensor, not the Python number, so it must not be promoted too.
        return tf.identity(tensor) if tensor is value else tensor
    return value if dtype is None else tf.cast(value, dtype)
