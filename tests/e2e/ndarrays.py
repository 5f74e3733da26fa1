"""ndarray arguments inside converted steps (docs/soundness.md#ndarray-arguments): the
step asks what
its argument is (isinstance, dtype, shape, len), does numpy arithmetic on it (whose
result types follow numpy: float32 stays float32 with a Python float, int64 / int is
float64), returns a derived array, feeds it to Keras, indexes it by ints and slices, and by a list
(refused: the interpreter runs that step).  Under janus and JANUS_MODE=off; prints one JSON document.
"""

import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
STEPS = 10
RNG = np.random.default_rng(3)
W = tf.Variable(RNG.normal(size=(3, 1)))
results = {}


def record(name, value):
    results.setdefault(name, []).append(value)


def describe(value):
    if isinstance(value, np.ndarray):
        return ["ndarray", str(value.dtype), value.tolist()]
    if isinstance(value, tf.Tensor):
        return ["Tensor", value.dtype.name, value.numpy().tolist()]
    return [type(value).__name__, value]


# 1. Questions about the argument.
def ask_step(x):
    with tf.GradientTape():
        scale = 1.5 if isinstance(x, np.ndarray) else 1.0
        loss = tf.reduce_sum(tf.matmul(x, W)) * scale
    print("asked", str(x.dtype), x.shape, x.ndim, x.size, len(x), x.dtype == np.float64)
    return loss


for i in range(STEPS):
    record("ask", describe(ask_step(RNG.normal(size=(4, 3)))))


# 2. numpy arithmetic: the results are arrays with numpy's dtypes.
def arithmetic_step(x, counts):
    with tf.GradientTape():
        centred = (x - 0.5) * 2.0          # float32 with Python floats: float32
        ratio = counts / 2                  # int64 / int: float64
        both = centred + centred
        loss = tf.reduce_sum(tf.matmul(tf.cast(both, tf.float64), W))
    return loss, centred, ratio, isinstance(both, np.ndarray), str(ratio.dtype)


for i in range(STEPS):
    loss, centred, ratio, is_array, ratio_dtype = arithmetic_step(
        RNG.normal(size=(2, 3)).astype(np.float32), RNG.integers(0, 9, size=(5,)))
    record("arithmetic", [describe(loss), describe(centred), describe(ratio), is_array,
                          ratio_dtype])


# 3. A Keras model on an ndarray batch (eager casts it to float32 like the tensor).
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
opt = tf.keras.optimizers.SGD(0.1)


def keras_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(STEPS):
    record("keras", describe(keras_step(RNG.normal(size=(4, 3)), RNG.normal(size=(4, 2)))))
results["keras_kernel"] = model.layers[0].kernel.numpy().tolist()


# 4. Basic indexing: a row and a slice (numpy views), used by TF.
def index_step(x, t):
    with tf.GradientTape():
        first, middle, last = x[0], x[1:3], x[t]
        loss = tf.reduce_sum(tf.matmul(middle, W)) + tf.reduce_sum(first) * len(middle)
    return loss, tf.reduce_sum(last), isinstance(first, np.ndarray), first.shape


for i in range(STEPS):
    loss, last, is_array, shape = index_step(RNG.normal(size=(4, 3)), i % 4)
    record("index", [describe(loss), describe(last), is_array, list(shape)])


# 5. Fancy indexing (by a list): refused, and the interpreter runs the step.
def fancy_step(x):
    with tf.GradientTape():
        loss = tf.reduce_sum(tf.matmul(x[[0, 2]], W))
    return loss


for i in range(STEPS):
    record("fancy", describe(fancy_step(RNG.normal(size=(4, 3)))))

print(json.dumps(results))
