"""A step with two exits by exception, both decided by tensors: a SpikeError raised
BEFORE the optimizer update when the loss spikes (the update is skipped), and a
DivergedWarning-style RuntimeError raised AFTER the update and after a print when the
weight norm passes a bound (eagerly the update has landed and the print appeared).
The step also increments an attribute counter before each raise.  The loop catches
both, prints the message (which includes a formatted float) and goes on; the bound is
tightened mid-run so the late raise starts happening.  Probes: exceptions raised in
a converted step before and after updates, prints and Python writes before them."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4157)
rng = np.random.default_rng(4157)
XS = rng.normal(size=(80, 4)).astype(np.float32)
XS[::9] *= 6.0
YS = (XS[:, :1] * 0.6 + XS[:, 1:2] * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class SpikeError(Exception):
    pass


class Stats:
    calls = 0


ST = Stats()
BOUND = 10.0


def train_step(x, y):
    ST.calls += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    if loss > 1.5:
        raise SpikeError(f"spike {float(loss):.3f}")
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    norm = tf.norm(W)
    print("  updated, norm", float(norm))
    if norm > BOUND:
        raise RuntimeError("norm above bound")
    return loss


for step in range(40):
    if step == 20:
        BOUND = 0.71
    i = (step * 8) % 72
    try:
        out = repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))))
    except SpikeError as e:
        out = "SpikeError " + str(e)
    except RuntimeError as e:
        out = "RuntimeError " + str(e)
    print(step, out, ST.calls, int(OPT.iterations.numpy()), repr(float(tf.reduce_sum(W))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
