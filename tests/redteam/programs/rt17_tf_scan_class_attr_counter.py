"""A decayed running sum over time steps computed with tf.scan(accumulate, ...);
`accumulate` counts its calls in a class attribute (`Probe.calls += 1`) and reads
the decay from another class attribute that the loop changes at step 12.

In eager, tf.scan's while loop runs in Python: `accumulate` runs once per element
(T = 5 per call, 4 from step 18 on), so Probe.calls grows by T per call, and every
call reads the current Probe.decay.  A graph traces the body once into a while
loop; a class-attribute write made while tracing (deferred to the commit, stored by
type.__setattr__) would add one per call instead of T, and a decay read baked in
without a guard would stay 0.9.  The JSON shows Probe.calls, the weights and the
losses.
Probes: class-attribute writes and reads inside a library loop body (tf.scan)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2828)
rng = np.random.default_rng(2828)

XS = rng.normal(size=(96, 5, 3)).astype(np.float32)
YS = (XS.sum(axis=(1, 2))[:, None] * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.3)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Probe:
    calls = 0
    decay = 0.9


def accumulate(acc, x_t):
    Probe.calls += 1
    return acc * Probe.decay + tf.tanh(x_t @ W)


def train_step(x, y):
    with tf.GradientTape() as tape:
        seq = tf.transpose(x, [1, 0, 2])
        states = tf.scan(accumulate, seq, initializer=tf.zeros((tf.shape(x)[0], 4)))
        loss = tf.reduce_mean(tf.square(states[-1] @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss


for step in range(30):
    if step == 12:
        Probe.decay = 0.5
    i = (step * 8) % 88
    xb = XS[i:i + 8] if step < 18 else XS[i:i + 8, :4]
    loss = train_step(tf.constant(xb), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Probe.calls)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "V": [repr(float(v)) for v in V.numpy().ravel()],
    "calls": Probe.calls,
    "iterations": int(OPT.iterations.numpy()),
}))
