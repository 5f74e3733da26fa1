"""Run one program as `__main__`, then dump everything it left behind → a JSON file.

Usage: janus-python tests/fuzz/launch.py PROGRAM DUMP.json

The dump is what the oracle compares between JANUS_MODE=off and janus: the program's
uncaught exception (type and message), every global with types and object identity
(a second reference to an object is written as ["ref", n]), closure cells of the
program's functions, class attributes of its classes, TF variables (Keras weights and
optimizer state included), and the states of Python's, numpy's and TF's random
generators.  Nothing here runs while the program runs; it reads the state afterwards.
"""

import hashlib
import inspect
import json
import os
import re
import sys
import types
import warnings

MAX_ITEMS = 300


def main(program, dump_path):
    module = types.ModuleType("__main__")
    module.__file__ = program
    module.__builtins__ = __builtins__
    sys.modules["__main__"] = module
    sys.argv = [program]
    with open(program, encoding="utf-8") as f:
        code = compile(f.read(), program, "exec")
    if os.environ.get("JANUS_MODE") == "on":
        # Under janus-python the program's module code is the outermost frame: the
        # functions that run it here are not the program's (janus would count their
        # calls, and claim its sys.monitoring tool earlier than for the program run
        # directly).
        import janus_ext
        frame = sys._getframe()
        while frame is not None:            # this function and the fork server's
            janus_ext.mark_library(frame.f_code)
            frame = frame.f_back
    failure = None
    try:
        exec(code, module.__dict__)
    except BaseException as exc:          # the program's own exit or exception
        failure = [type(exc).__name__, str(exc).splitlines()[0] if str(exc) else ""]
    sys.stdout.flush()
    state = Dumper(program).namespace(module.__dict__)
    with open(dump_path, "w", encoding="utf-8") as f:
        json.dump({"exception": failure, "globals": state, "rng": rng_states()}, f)


def rng_states():
    import random
    out = {"random": _digest(repr(random.getstate()))}
    np = sys.modules.get("numpy")
    if np is not None:
        kind, keys, pos, gauss, cached = np.random.get_state()
        out["numpy"] = _digest(keys.tobytes() + repr((kind, pos, gauss, cached)).encode())
    if "tensorflow" in sys.modules:
        from tensorflow.python.framework import random_seed
        from tensorflow.python.ops import stateful_random_ops
        # The next op seed eager would hand out: counts the stateful random ops run.
        out["tf_op_seed"] = list(random_seed.get_seed(None))
        generator = stateful_random_ops.global_generator
        if generator is not None:
            out["tf_generator"] = generator.state.numpy().tolist()
    return out


def _digest(data):
    if isinstance(data, str):
        data = data.encode()
    return hashlib.sha256(data).hexdigest()[:16]


class Dumper:
    def __init__(self, program):
        self.program = program
        self.memo = {}
        self.keep = []      # objects encoded, alive until the dump ends (ids stay unique)

    def namespace(self, ns):
        out = {}
        for name, value in ns.items():
            if name.startswith("__") or isinstance(value, types.ModuleType):
                continue
            out[name] = self.enc(value)
        return out

    def _ref(self, value):
        key = id(value)
        if key in self.memo:
            return ["ref", self.memo[key]]
        self.memo[key] = len(self.memo)
        self.keep.append(value)
        return None

    def enc(self, v, depth=0):
        t = type(v)
        if v is None or t in (bool, int, str, bytes):
            return [t.__name__, v if t is not bytes else v.hex()]
        if t is float:
            return ["float", repr(v)]
        if t is complex:
            return ["complex", repr(v)]
        if depth > 12:
            return ["deep", t.__qualname__]
        ref = self._ref(v)
        if ref is not None:
            return ref
        d = depth + 1
        tf = sys.modules.get("tensorflow")
        np = sys.modules.get("numpy")
        if tf is not None:
            if isinstance(v, tf.Variable):
                return ["Variable", v.name, v.dtype.name, _array(v.numpy())]
            if isinstance(v, tf.Tensor):
                return ["Tensor", v.dtype.name, _array(v.numpy())]
            keras_var = _keras_variable(v)
            if keras_var is not None:
                return keras_var
            if isinstance(v, tf.keras.optimizers.Optimizer):
                return ["Optimizer", t.__qualname__, int(v.iterations.numpy()),
                        [_keras_variable(w) for w in v.variables]]
            if isinstance(v, tf.keras.layers.Layer):
                return ["Layer", t.__qualname__,
                        [_keras_variable(w) for w in v.weights],
                        {k: self.enc(a, d) for k, a in vars(v).items()
                         if not k.startswith("_") and type(a) in (bool, int, float, str)}]
        if np is not None:
            if isinstance(v, np.ndarray):
                return ["ndarray", v.dtype.name, _array(v)]
            if isinstance(v, np.generic):
                return ["numpy." + t.__name__, repr(v.item())]
        if t in (list, tuple):
            return [t.__name__, [self.enc(x, d) for x in v[:MAX_ITEMS]], len(v)]
        if t in (set, frozenset):
            # Items as values, in a stable order: a repr may hold an address, and the
            # order of items hashed by identity follows the addresses.
            return [t.__name__, sorted(json.dumps(Dumper(self.program).enc(x, d),
                                                  default=str) for x in v)]
        if isinstance(v, dict):
            head = [t.__qualname__]
            if hasattr(v, "default_factory"):
                head.append(getattr(v.default_factory, "__qualname__", repr(v.default_factory)))
            return head + [[[self.enc(k, d), self.enc(x, d)] for k, x in list(v.items())[:MAX_ITEMS]]]
        if t.__qualname__ == "deque" and t.__module__ == "collections":
            return ["deque", v.maxlen, [self.enc(x, d) for x in v]]
        if isinstance(v, types.FunctionType):
            if v.__code__.co_filename != self.program:
                return ["function", v.__qualname__]
            cells = []
            for cell in v.__closure__ or ():
                try:
                    cells.append(self.enc(cell.cell_contents, d))
                except ValueError:
                    cells.append(["empty cell"])
            return ["function", v.__qualname__, cells]
        if isinstance(v, types.MethodType):
            return ["method", v.__func__.__qualname__, self.enc(v.__self__, d)]
        if isinstance(v, type):
            if v.__module__ != "__main__":
                return ["type", v.__qualname__]
            return ["class", v.__qualname__,
                    {k: self.enc(a, d) for k, a in vars(v).items() if not k.startswith("__")}]
        if isinstance(v, (staticmethod, classmethod, property)):
            return [t.__name__, getattr(v.__func__ if not isinstance(v, property) else v.fget,
                                        "__qualname__", "?")]
        if t.__module__ == "__main__":
            fields = dict(getattr(v, "__dict__", {}))
            for slot in getattr(t, "__slots__", ()):
                if hasattr(v, slot):
                    fields[slot] = getattr(v, slot)
            return ["object", t.__qualname__, {k: self.enc(a, d) for k, a in fields.items()}]
        if isinstance(v, types.GeneratorType):
            # Its progress, not its repr (which holds an address): state and locals.
            return ["generator", v.__qualname__, inspect.getgeneratorstate(v),
                    {k: self.enc(a, d) for k, a in inspect.getgeneratorlocals(v).items()}]
        if t.__module__ in ("itertools", "builtins"):
            # An iterator's repr holds its address, which differs between the two runs:
            # its state is what __reduce__ gives (where a range_iterator or islice stands).
            return ["repr", t.__qualname__, _without_addresses(repr(v)), _reduced(v)]
        return ["library", f"{t.__module__}.{t.__qualname__}"]


def _without_addresses(text):
    return re.sub(r" at 0x[0-9a-fA-F]+", " at 0x…", text)


def _reduced(v):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")       # itertools' pickling is deprecated
            return _without_addresses(repr(v.__reduce__()))
    except Exception as exc:
        return f"no state: {type(exc).__name__}"


def _array(a):
    """dtype-exact contents: floats as repr strings (keeps -0.0, nan, inf), and the bytes
    of string tensors (an object array's items) too.  A string tensor's .numpy() of rank
    0 is bytes."""
    if not hasattr(a, "dtype"):
        return [[], [repr(a)]]
    kind = a.dtype.kind
    flat = a.ravel().tolist()
    if kind in "fcOS":
        flat = [repr(x) for x in flat]
    return [list(a.shape), flat[:4096]]


def _keras_variable(v):
    # By class, not by probing attributes: a program's __getattr__ would run (and may
    # raise something other than AttributeError).
    keras = sys.modules.get("keras")
    if keras is None or not isinstance(v, keras.Variable):
        return None
    return ["KerasVariable", v.path, str(v.dtype), _array(v.numpy())]


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
