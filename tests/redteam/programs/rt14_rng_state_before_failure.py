"""Noise-augmented regression with a tf.random.Generator (GEN.normal: a stateful op
on the generator's state resource) for input noise, a keras Dropout layer with its own
seed (a keras SeedGenerator whose state variable advances per call), and the optimizer
update -- and, at the very end of the step, `tf.ensure_shape(x, [8, 5])`, which fails
on the partial last batch of every epoch (6 rows).  In eager the generator and the
dropout seed have advanced and the weights were updated when EnsureShape raises; the
loop catches the InvalidArgumentError and moves on.

Probes: all-or-nothing for random-number state.  GEN's state is a resource variable
written by a StatefulStandardNormalV2/RngReadAndSkip kernel, not an assign: a converter
that neither gates it nor restores it advances the generator in the failed graph call
and again in the interpreter's re-run, so every later noise draw (and so every later
loss) differs; the same for the Dropout SeedGenerator and the optimizer if only
assertions are considered fallible (EnsureShape on a relaxed batch dimension).
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1405)
rng = np.random.default_rng(1405)

EPOCHS = 6
SIZES = [8, 8, 8, 8, 6]
DATA = []
for e in range(EPOCHS):
    for n in SIZES:
        x = rng.normal(size=(n, 5)).astype(np.float32)
        y = (x[:, :1] * 0.7 - x[:, 1:2] * 0.2).astype(np.float32)
        DATA.append((x, y))

GEN = tf.random.Generator.from_seed(77)
DROP = keras.layers.Dropout(0.25, seed=5)
DENSE1 = keras.layers.Dense(8, activation="relu")
DENSE2 = keras.layers.Dense(1)
DENSE1.build((None, 5))
DENSE2.build((None, 8))
OPT = keras.optimizers.Adam(learning_rate=0.01)
VARS = DENSE1.trainable_variables + DENSE2.trainable_variables


def train_step(x, y):
    noisy = x + 0.05 * GEN.normal(tf.shape(x))
    with tf.GradientTape() as tape:
        h = DROP(DENSE1(noisy), training=True)
        loss = tf.reduce_mean(tf.square(DENSE2(h) - y))
    OPT.apply_gradients(zip(tape.gradient(loss, VARS), VARS))
    tf.ensure_shape(x, [8, 5])
    return loss


def seed_state():
    return [int(v) for v in DROP.seed_generator.state.numpy()]


for step, (x, y) in enumerate(DATA):
    try:
        loss = train_step(tf.constant(x), tf.constant(y))
        msg = repr(float(loss))
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED partial=%s" % ("not compatible" in str(e))
    if step % 5 in (0, 4):
        print(step, msg, "gen=%s" % GEN.state.numpy().tolist(), "seed=%s" % seed_state(),
              "iters=%d" % int(OPT.iterations.numpy()),
              "k00=%r" % float(DENSE1.kernel.numpy()[0, 0]))

probe = GEN.normal([3])
print(json.dumps({
    "gen_state": GEN.state.numpy().tolist(),
    "next_draws": [repr(float(v)) for v in probe.numpy()],
    "dropout_seed": seed_state(),
    "iterations": int(OPT.iterations.numpy()),
    "k1": [repr(float(v)) for v in DENSE1.kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in DENSE2.kernel.numpy().ravel()],
}))
