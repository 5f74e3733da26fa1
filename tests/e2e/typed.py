"""Program results → JSON that keeps their Python types, for tests that compare them.

int, float, bool, str and None are written as themselves: JSON keeps them apart (1, 1.0,
true), and -0.0, NaN and every float64 survive the round trip.  Everything else names
its type:
- a tuple is {"tuple": [...]};
- a dict is a JSON object (keys in order) when its keys are strings other than the tags
  "tuple", "dict" and "type", else {"dict": [[key, value], ...]};
- a tensor, Variable, ndarray or NumPy scalar is {"type", "dtype", "shape", "value"};
- an object of the program's own classes is {"type", "vars"};
- any other object is only {"type"}.
"""

import numpy as np

EXACT = (int, float, bool, str, type(None))
TAGS = {"tuple", "dict", "type"}      # keys of the tagged forms below


def typed(value, module="__main__"):
    kind = type(value)
    if kind in EXACT:
        return value
    if kind is list:
        return [typed(v, module) for v in value]
    if kind is tuple:
        return {"tuple": [typed(v, module) for v in value]}
    if kind is dict:
        # Key order is part of the state, and JSON objects keep it.
        if all(type(k) is str for k in value) and not TAGS.intersection(value):
            return {k: typed(v, module) for k, v in value.items()}
        return {"dict": [[typed(k, module), typed(v, module)] for k, v in value.items()]}
    if isinstance(value, np.ndarray | np.generic) or hasattr(value, "numpy") and \
            hasattr(value, "dtype") and hasattr(value, "shape"):
        array = np.asarray(value)
        return {"type": kind.__name__, "dtype": array.dtype.name,
                "shape": list(array.shape), "value": array.tolist()}
    if kind.__module__ == module and hasattr(value, "__dict__"):
        return {"type": kind.__qualname__, "vars": typed(vars(value), module)}
    return {"type": f"{kind.__module__}.{kind.__qualname__}"}
