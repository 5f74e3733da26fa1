"""Optimizer and metric calls in steps janus cannot make one graph: `apply_gradients`,
`apply` and a metric's call become graph sites (janus/coexec/sites.py) where the
interpreter runs the rest;
tests/e2e/test_coexec.py runs this in both modes, oneDNN off, and compares everything
bit for bit:

  * zip_step: `apply_gradients(zip(grads, variables))` with the step's result of it
    kept, an optimizer with a learning-rate schedule whose clipnorm the loop changes;
  * generator_step: the pairs come from a generator of the program's, which prints:
    the interpreter runs that call;
  * apply_step: `optimizer.apply(grads, variables)`, with a gradient that is None;
  * scaled_step: a LossScaleOptimizer around SGD with momentum;
  * embedding_step: an Embedding's IndexedSlices gradient, of another length as the
    loop hands it sequences of 1, 2 or 3 ids;
  * own_optimizer_step: a subclass whose apply_gradients counts its calls and calls
    super(): the interpreter runs it, the count is eager's;
  * loud_layer_step: a layer whose __call__ counts and calls super(): likewise;
  * metric_step: Keras metrics called in the step, and a metric of the program's
    whose update_state appends to a Python list; the loop reads and resets them;
  * the loop at module level also calls an optimizer directly.

Each step calls zlib.crc32, a C function janus does not know, so it stays in the
interpreter.  One JSON document last."""

import json
import zlib

import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
X = tf.constant(rng.normal(size=(16, 6)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
IDS = tf.constant(rng.integers(0, 20, size=(16, 3)))


def mlp():
    return keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                             keras.layers.Dense(1)])


mse = keras.losses.MeanSquaredError()

net_a = mlp()
schedule = keras.optimizers.schedules.ExponentialDecay(0.05, decay_steps=4, decay_rate=0.7)
opt_a = keras.optimizers.Adam(learning_rate=schedule, clipnorm=1.0)
KEPT = []


def zip_step():
    zlib.crc32(b"zip")
    with tf.GradientTape() as tape:
        loss = mse(Y, net_a(X))
    grads = tape.gradient(loss, net_a.trainable_variables)
    counter = opt_a.apply_gradients(zip(grads, net_a.trainable_variables))
    KEPT.append(counter is opt_a.iterations)
    return float(loss), int(counter)


net_b = mlp()
opt_b = keras.optimizers.RMSprop(learning_rate=0.01)


def pairs(grads, variables):
    for g, v in zip(grads, variables):
        print("pair", v.path, g.shape)
        yield g, v


def generator_step():
    zlib.crc32(b"gen")
    with tf.GradientTape() as tape:
        loss = mse(Y, net_b(X))
    grads = tape.gradient(loss, net_b.trainable_variables)
    opt_b.apply_gradients(pairs(grads, net_b.trainable_variables))
    return float(loss)


net_c = mlp()
unused = keras.Variable(np.ones((3,), "float32"), name="unused")
opt_c = keras.optimizers.SGD(learning_rate=0.02, weight_decay=0.01)
opt_c.build(net_c.trainable_variables + [unused])


def apply_step():
    zlib.crc32(b"apply")
    with tf.GradientTape() as tape:
        loss = mse(Y, net_c(X))
    variables = net_c.trainable_variables + [unused]
    grads = tape.gradient(loss, variables)
    opt_c.apply(grads, variables)
    return float(loss)


net_d = mlp()
opt_d = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.01, momentum=0.9))


def scaled_step():
    zlib.crc32(b"scaled")
    with tf.GradientTape() as tape:
        loss = mse(Y, net_d(X))
        scaled = opt_d.scale_loss(loss)
    grads = tape.gradient(scaled, net_d.trainable_variables)
    opt_d.apply_gradients(zip(grads, net_d.trainable_variables))
    return float(loss)


embed = keras.Sequential([keras.Input((None,), dtype="int64"), keras.layers.Embedding(20, 4),
                          keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])
opt_e = keras.optimizers.Adagrad(0.1)


def embedding_step(length):
    zlib.crc32(b"embed")
    with tf.GradientTape() as tape:
        loss = mse(Y, embed(IDS[:, :length]))
    grads = tape.gradient(loss, embed.trainable_variables)
    opt_e.apply_gradients(zip(grads, embed.trainable_variables))
    return float(loss)


class CountingSGD(keras.optimizers.SGD):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.applied = 0

    def apply_gradients(self, grads_and_vars):
        self.applied += 1
        return super().apply_gradients(grads_and_vars)


net_f = mlp()
opt_f = CountingSGD(0.03)


def own_optimizer_step():
    zlib.crc32(b"own")
    with tf.GradientTape() as tape:
        loss = mse(Y, net_f(X))
    grads = tape.gradient(loss, net_f.trainable_variables)
    opt_f.apply_gradients(zip(grads, net_f.trainable_variables))
    return float(loss)


CALLS = [0]


class LoudDense(keras.layers.Dense):
    def __call__(self, *args, **kwargs):
        CALLS[0] += 1
        return super().__call__(*args, **kwargs)


loud = LoudDense(1)
opt_g = keras.optimizers.SGD(0.02)


def loud_layer_step():
    zlib.crc32(b"loud")
    with tf.GradientTape() as tape:
        loss = mse(Y, loud(X))
    grads = tape.gradient(loss, loud.trainable_variables)
    opt_g.apply_gradients(zip(grads, loud.trainable_variables))
    return float(loss)


SEEN = []


class RunningMax(keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.best = self.add_variable(shape=(), initializer="zeros", name="best")

    def update_state(self, values):
        SEEN.append(len(SEEN))
        self.best.assign(tf.maximum(self.best, tf.reduce_max(values)))

    def result(self):
        return self.best * 1.0


net_m = mlp()
opt_m = keras.optimizers.SGD(0.02)
mean_loss = keras.metrics.Mean()
mae_metric = keras.metrics.MeanAbsoluteError()
running_max = RunningMax()


def metric_step():
    zlib.crc32(b"metric")
    with tf.GradientTape() as tape:
        pred = net_m(X)
        loss = mse(Y, pred)
    opt_m.apply_gradients(zip(tape.gradient(loss, net_m.trainable_variables),
                              net_m.trainable_variables))
    mean_loss(loss)
    shown = mae_metric(Y, pred)
    top = running_max(pred)
    return float(shown), float(top)


net_h = mlp()
opt_h = keras.optimizers.Adam(0.01)
history = {k: [] for k in ("zip", "generator", "apply", "scaled", "embedding", "own",
                           "loud", "metric", "module")}
for i in range(14):
    if i == 8:
        opt_a.clipnorm = 0.05
    history["zip"].append(zip_step())
    history["generator"].append(generator_step())
    history["apply"].append(apply_step())
    history["scaled"].append(scaled_step())
    history["embedding"].append(embedding_step(1 + i % 3))
    history["own"].append(own_optimizer_step())
    history["loud"].append(loud_layer_step())
    history["metric"].append(metric_step() + (float(mean_loss.result()),))
    if i % 5 == 4:
        mean_loss.reset_state()
    # The loop's own code calls an optimizer too.
    with tf.GradientTape() as tape:
        loss = mse(Y, net_h(X))
    opt_h.apply_gradients(zip(tape.gradient(loss, net_h.trainable_variables),
                              net_h.trainable_variables))
    history["module"].append(float(loss))
    print(i, history["zip"][-1], history["apply"][-1], history["embedding"][-1])

models = (net_a, net_b, net_c, net_d, embed, net_f, loud, net_m, net_h)
optimizers = (opt_a, opt_b, opt_c, opt_d, opt_e, opt_f, opt_g, opt_m, opt_h)
print(json.dumps({
    "history": history, "kept": KEPT, "applied": opt_f.applied, "calls": CALLS[0],
    "seen": SEEN,
    "metrics": [[v.numpy().tolist() for v in m.variables]
                for m in (mean_loss, mae_metric, running_max)],
    "weights": [[w.numpy().tolist() for w in m.weights] for m in models],
    "unused": unused.numpy().tolist(),
    "slots": [[v.numpy().tolist() for v in o.variables] for o in optimizers],
}))
