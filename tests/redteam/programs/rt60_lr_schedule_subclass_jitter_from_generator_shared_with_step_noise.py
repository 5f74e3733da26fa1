"""An exponential-decay LearningRateSchedule subclass that multiplies the rate by a
random jitter `1 + self.gen.uniform(-self.jitter, self.jitter)` drawn from a numpy
Generator it holds, and counts its calls in `self.calls`.  The training step draws
its input noise from the same Generator (`GEN.normal(size=(8, 5))`) before the
forward pass; Adam asks the schedule for the rate inside `apply_gradients`, after the
backward pass, so the two draws interleave on one stream in program order.
Mid-run the loop changes `jitter` (step 8), rewinds GEN by assigning a saved
`bit_generator.state` (step 13), gives the schedule a new Generator (step 19), and
replaces `JitterDecay.__call__` on the class with a method that draws twice (step 25).
Probes: a Python draw inside a library callback (the optimizer calling the program's
schedule while janus builds) from a generator that the step itself also draws from:
janus pre-draws both before the graph runs, and must keep eager's order and count;
the call counter written inside the callback."""
import random

import numpy

random.seed(6021)
numpy.random.seed(6021)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6021)
rng = np.random.default_rng(6021)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.5) + XS[:, 2:3] * 0.3).astype(np.float32)
GEN = np.random.default_rng(77)


class JitterDecay(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base, gen, jitter):
        self.base = base
        self.gen = gen
        self.jitter = jitter
        self.calls = 0

    def __call__(self, step):
        self.calls += 1
        decay = self.base * 0.97 ** (tf.cast(step, tf.float32) / 4.0)
        return decay * (1.0 + self.gen.uniform(-self.jitter, self.jitter))


SCHED = JitterDecay(0.02, GEN, 0.3)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="elu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=SCHED)


def train_step(x, y):
    noise = GEN.normal(0.0, 0.1, size=(8, 5)).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x + noise, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def twice(self, step):
    self.calls += 1
    lo = self.gen.uniform(0.5, 1.0)
    hi = self.gen.uniform(1.0, 1.5)
    return self.base * 0.97 ** (tf.cast(step, tf.float32) / 4.0) * (lo + hi) / 2.0


SAVED = None
for step in range(34):
    if step == 5:
        SAVED = GEN.bit_generator.state
    if step == 8:
        SCHED.jitter = 0.05
    if step == 13:
        GEN.bit_generator.state = SAVED
    if step == 19:
        SCHED.gen = np.random.default_rng(5)
    if step == 25:
        JitterDecay.__call__ = twice
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SCHED.calls, repr(float(MODEL.layers[1].kernel.numpy()[0, 0])),
          int(GEN.integers(0, 1000)))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "calls": SCHED.calls,
    "gen": int(GEN.integers(0, 10 ** 6)),
    "sgen": int(SCHED.gen.integers(0, 10 ** 6)),
}))
