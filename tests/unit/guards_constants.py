"""Python constants that change mid-run in ways only an exact guard sees: 1 → 1.0,
0.0 → -0.0, (-1, 1) → (-1.0, 1.0), a nested tuple, a NaN that does not change, and a
stored tuple replaced by an equal one (its identity shows).
The steps print them, format them and feed them to tf.constant (whose dtype follows
the Python type).  Under janus and JANUS_MODE=off; prints one JSON document.
"""

import json

import tensorflow as tf

STEPS, SWITCH = 16, 8
results = {}


def plain(value):
    """Exact JSON: tensors with their dtype, Python values with their type."""
    if isinstance(value, tf.Tensor):
        return {"dtype": value.dtype.name, "value": value.numpy().tolist()}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return [type(value).__name__, value]


def record(name, value):
    results.setdefault(name, []).append(plain(value))


# 1. A global scale, an int until it becomes a float.
scale = 1


def global_step(x):
    with tf.GradientTape():
        factor = tf.constant(scale)                   # int32, then float32
        total = tf.reduce_sum(x) * tf.cast(factor, tf.float64)
    return factor, total, repr(scale)


for i in range(STEPS):
    if i == SWITCH:
        scale = 1.0
    record("global", global_step(tf.constant([1.0, 2.0], tf.float64)))


# 2. An attribute whose sign flips: 0.0, then -0.0.  Seen in Python (str, repr, a
# tuple), not through TF: eager TF caches scalar conversions by ==, so after 0.0 it
# turns -0.0 into 0.0 where a graph keeps -0.0.
class Config:
    def __init__(self):
        self.offset = 0.0


config = Config()


def signed_step(x, cfg):
    with tf.GradientTape():
        y = x * 2.0
    print("offset", cfg.offset)
    return y, str(cfg.offset), (cfg.offset, 1)


for i in range(STEPS):
    if i == SWITCH:
        config.offset = -0.0
    record("signed", signed_step(tf.constant([1.0, 3.0], tf.float64), config))


# 3. A tuple of bounds on a clipping object: ints, then floats of equal value.
class Clipper:
    def __init__(self):
        self.bounds = (-1, 1)


clipper = Clipper()


def tuple_step(x):
    with tf.GradientTape():
        bounds = tf.constant(clipper.bounds)           # int32, then float32
        low, high = clipper.bounds
        clipped = tf.clip_by_value(x, float(low), float(high))
    print("bounds", clipper.bounds, low / 2)
    return bounds, clipped


for i in range(STEPS):
    if i == SWITCH:
        clipper.bounds = (-1.0, 1.0)
    record("tuple", tuple_step(tf.constant([-2.0, 0.5, 4.0], tf.float64)))


# 4. A nested tuple argument whose inner zero changes sign: ((0.0, 2), "mode").
def nested_step(x, settings):
    with tf.GradientTape():
        (start, width), mode = settings
        y = x * width + tf.constant(start, tf.float64)
    return y, repr(settings), mode


settings = ((0.0, 2), "mode")
for i in range(STEPS):
    if i == SWITCH:
        settings = ((-0.0, 2), "mode")
    record("nested", nested_step(tf.constant([0.0, 1.0], tf.float64), settings))


# 5. A NaN fill value that never changes: its guard must hold at every call.
fill = float("nan")


def nan_step(x):
    with tf.GradientTape():
        y = tf.where(x > 0, x, tf.constant(fill, tf.float64))
        count = tf.reduce_sum(tf.cast(tf.math.is_nan(y), tf.int32))
    return count, repr(fill)


for i in range(STEPS):
    record("nan", nan_step(tf.constant([1.0, -1.0, float(i)], tf.float64)))


# 6. A tuple the step stores: the stored object is the global's own, also after the
# global becomes an equal tuple that is another object (`is` tells them apart).
class Holder:
    pair = None


holder = Holder()
PAIR = (-1, 1)


def stored_tuple_step(x):
    with tf.GradientTape():
        y = x * tf.reduce_sum(tf.constant(PAIR, tf.float64))
    holder.pair = PAIR
    return y


for i in range(STEPS):
    if i == SWITCH:
        PAIR = tuple([-1, 1])          # equal, and a new object
    stored_tuple_step(tf.constant(2.0, tf.float64))
    record("stored_tuple", [holder.pair is PAIR, list(holder.pair)])

print(json.dumps(results))
