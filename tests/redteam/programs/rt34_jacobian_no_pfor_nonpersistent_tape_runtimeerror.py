"""Besides its training tape the step opens a second, non-persistent tape to monitor
the input sensitivity of the model with tape.batch_jacobian(out, x,
experimental_use_pfor=False).  GradientTape raises RuntimeError for that only
`if context.executing_eagerly() and not self._persistent`; inside a graph the while
loop of gradients is built and runs.  The step catches RuntimeError, counts it and
monitors a cheaper statistic instead.  Probes: eager-only errors of GradientTape."""
import random

import numpy

random.seed(348)
numpy.random.seed(348)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3409)
rng = np.random.default_rng(3409)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = np.sin(XS[:, :1] * 2.0).astype(np.float32)
MODEL = keras.Sequential([keras.layers.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
MON = {"jacobian": 0, "fallback": 0}


def monitor(x):
    with tf.GradientTape() as mtape:
        mtape.watch(x)
        out = MODEL(x)
    try:
        j = mtape.batch_jacobian(out, x, experimental_use_pfor=False)
        MON["jacobian"] += 1
        return tf.reduce_mean(tf.abs(j))
    except RuntimeError:
        MON["fallback"] += 1
        return tf.reduce_mean(tf.abs(out))


def train_step(x, y):
    sens = monitor(x)
    with tf.GradientTape() as tape:
        out = MODEL(x)
        loss = tf.reduce_mean(tf.square(out[:, :1] - y)) + 0.01 * tf.reduce_mean(tf.square(out[:, 1:]))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, sens


for step in range(36):
    i = (step * 8) % 72
    loss, sens = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(sens).hex())

print("monitor", MON)
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
