"""The builder's shared vocabulary for values: the NULL 3.13 pushes, symbolic tensors
and library objects.  The ground floor every stage imports (no janus imports here)."""

import sys

# Horovod's API (the real package or janus's shim) is library code too: the builder calls
# it on symbolic tensors, and its collectives land in the graph.
LIBRARY_MODULES = ("tensorflow", "keras", "tf_keras", "horovod")


class _Null:
    """The NULL that 3.13 pushes below a callable or after a global."""
    __slots__ = ()

    def __repr__(self):
        return "NULL"


NULL = _Null()

_CONVERSIONS = {"": lambda v: v, "s": str, "r": repr, "a": ascii}


class StandIn:
    """What the builder holds in place of a value eager would have: a str or number that
    exists only once the graph has run (GraphText, GraphRounded), an ndarray argument
    (semantics/arrays.py ArrayArg), an object the graph reaches (state/objects.py
    ObjectRef).  Python's own `==`, hashing and identity on one would answer for janus's
    object, not for the value it stands for (an object's defaults compare identities), so
    no native evaluation takes one (natives.first_opaque, natives.hashes_natively) and
    none is a program's object with its own __eq__ (dunders.is_user_object)."""
    __slots__ = ()
    described_as = "a value that exists only once the graph has run"


def is_stand_in(value) -> bool:
    return isinstance(value, StandIn)


class GraphText(StandIn):
    """A str built from values the graph computes (`f"{float(loss):.4f}"`, `str(t)`):
    formatted after the graph has run, from its outputs, exactly as the program would
    have formatted them.  `parts` holds strs and (value, conversion, spec) triples, with
    conversion one of "", "s", "r", "a" as in f-strings, or "%" with a printf
    conversion as the spec (render).  It may be printed, joined into
    other f-strings, concatenated with strs, stored and returned; anything that would
    look inside it at build time is refused (natives.py)."""
    __slots__ = ("parts",)
    described_as = "a string formatted from values the graph computes"

    def __init__(self, parts):
        self.parts = tuple(parts)

    @staticmethod
    def render(value, conversion, spec):
        """One part's text, from the value it stands for: an f-string conversion then
        format(value, spec), or with conversion "%" the printf conversion `spec`
        (`%.4d`, `%-8.3f`) applied as Python's %-formatting applies it."""
        if conversion == "%":
            return spec % (value,)
        return format(_CONVERSIONS[conversion](value), spec)

    @staticmethod
    def concat(left, right):
        """`left + right` of strs, one a GraphText: CPython's concatenation hands back
        the other operand itself when one side is the empty str."""
        if type(left) is str and not left:
            return right
        if type(right) is str and not right:
            return left
        return GraphText.join((left, right))

    @staticmethod
    def join(pieces):
        parts = []
        for piece in pieces:
            parts.extend(piece.parts if type(piece) is GraphText else (piece,))
        return GraphText(parts)


class GraphRounded(StandIn):
    """round(x, ndigits) of a Python number the graph computes: Python rounds through
    the decimal digits of the float, which no graph op reproduces, so the rounding is
    done after the graph, from its output.  It may be stored (a replay buffer's
    `q.append(round(float(loss), 3))`), returned or printed; anything that would use it
    at build time is refused (natives.py)."""
    __slots__ = ("value", "ndigits")
    described_as = "a number rounded after the graph"

    def __init__(self, value, ndigits):
        self.value, self.ndigits = value, ndigits


# Builtin containers whose methods the builder runs itself on containers it made.
CONTAINER_TYPES = (list, dict, set)


class BuildIterator:
    """An iterator the builder made in place of a builtin's C iterator (janus/build/
    iteration.py Live: `enumerate(queue)` over the program's list): it yields items of
    containers whose contents are guarded, reading them as the call has changed them,
    or resumes a generator the step made in the builder, as a `for` over it would.
    Consumers accept it where they accept the C iterators of natives.ITERATORS."""
    __slots__ = ()
# Heap.kept: a float that may be the caller's own object, where janus did not follow
# which (a loop on a tensor carried it, or a branch inside a branch chose it).
KEPT_UNKNOWN = "carried by a loop or chosen by a branch inside a branch on a tensor"


_Tensor = None


def is_namedtuple(value) -> bool:
    """An instance of a class collections.namedtuple made, not subclassed: its items,
    iteration and field access are tuple's own C code."""
    return is_namedtuple_class(type(value))


def is_namedtuple_class(kind) -> bool:
    """A class collections.namedtuple made (typing.NamedTuple makes one too)."""
    return kind.__bases__ == (tuple,) and isinstance(kind.__dict__.get("_fields"), tuple)


def is_symbolic(value) -> bool:
    # TensorFlow is imported on first use: importing it here would start janus's
    # TensorFlow hook while this module is half made (janus/detect/tape.py).
    global _Tensor
    if _Tensor is None:
        import tensorflow as tf
        _Tensor = tf.Tensor
    return isinstance(value, _Tensor) and not hasattr(value, "_numpy")


def built_here(tensor, graph) -> bool:
    """A symbolic tensor of `graph` or of a graph enclosing it: a cond arm's or a loop
    body's graph sees its outer graphs' tensors (TF captures them where they are used),
    which are values from before the region."""
    while graph is not None:
        if tensor.graph is graph:
            return True
        graph = getattr(graph, "outer_graph", None)
    return False


def is_variable(value) -> bool:
    """A tf.Variable, or a Keras 3 variable (keras.Variable: no tf.Variable, it wraps
    one).  Either shows its value when printed or formatted, a value the call's later
    updates change."""
    tf = sys.modules["tensorflow"]
    keras = sys.modules.get("keras")
    return isinstance(value, tf.Variable) or (
        keras is not None and isinstance(value, getattr(keras, "Variable", ())))


def variable_kind(value) -> str:
    """How a refusal names a variable (is_variable): the program made it either way."""
    return "tf.Variable" if isinstance(value, sys.modules["tensorflow"].Variable) \
        else "Keras variable"


def has_symbolic(value) -> bool:
    """A symbolic tensor, or a list/tuple holding one at any depth."""
    if type(value) in (list, tuple):
        return any(has_symbolic(v) for v in value)
    return is_symbolic(value)


def wrapped_by_library(value) -> bool:
    """A list, dict or set a TF/Keras class wraps: Keras' TrackedList/Dict/Set (a
    layer's `self.blocks = [...]`), TF's ListWrapper (a tf.Module's list).  Library
    code reads them natively; the program edits them in place."""
    kind = type(value)
    return kind not in (list, dict, set) and isinstance(value, (list, dict, set)) and \
        (kind.__module__ or "").startswith(LIBRARY_MODULES)


def is_library_class(cls) -> bool:
    """A class defined in TensorFlow or Keras (its module says so)."""
    return (getattr(cls, "__module__", "") or "").startswith(LIBRARY_MODULES)


HEAPTYPE = 1 << 9        # Py_TPFLAGS_HEAPTYPE: a class made by a class statement


def is_programs_class(cls) -> bool:
    """A class of the program's own: made by a class statement outside TF/Keras.  Its
    dict, `__class__` assignments to its instances and its `__bases__` are the
    program's to change."""
    return bool(cls.__flags__ & HEAPTYPE) and not is_library_class(cls)


def is_library_object(value) -> bool:
    """An instance of a TensorFlow/Keras class, or of a user subclass of one."""
    return any(is_library_class(kind) for kind in type(value).__mro__[:-1])


def from_library(fn) -> bool:
    """True for a callable defined in TensorFlow or Keras."""
    return _module_of_callable(fn).startswith(LIBRARY_MODULES)


def _module_of_callable(fn) -> str:
    target = getattr(fn, "__func__", fn)
    module = getattr(target, "__module__", None)
    if module is None and hasattr(fn, "__self__"):
        module = type(fn.__self__).__module__
    return module or ""


# Attributes Keras hangs on a tensor for later layers and losses to read (a layer's mask,
# a softmax's or sigmoid's logits).
KERAS_TENSOR_ATTRIBUTES = ("_keras_mask", "_keras_logits")
