"""A step refines its input batch in a `for i in tf.range(n)` loop where the carried
tensor is rebound only under a tensor condition inside the body (`if reduce_max(h) >
cap: h = h * 0.5`).  Eagerly, when no iteration's condition holds (or n == 0), `h`
after the loop is still the caller's tensor object, so `h is x` is True; after a
rebinding it is a new tensor.  The step stores h on a holder and returns it; the loop
prints `h is x`, `holder.h is x` and the values.  n varies per step (0 included) and
the cap is chosen so that both outcomes happen.  Probes: identity of a tensor carried
through a tensor loop whose body rebinds it only conditionally."""
import random

import numpy

random.seed(13)
numpy.random.seed(13)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4106)
rng = np.random.default_rng(4106)
XS = (rng.normal(size=(80, 4)) * np.linspace(0.5, 3.0, 80)[:, None]).astype(np.float32)
YS = XS[:, :1] * 0.5 - XS[:, 3:4] * 0.25
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Holder:
    h = None


HOLD = Holder()


def train_step(x, y, n, cap):
    h = x
    for i in tf.range(n):
        if tf.reduce_max(tf.abs(h)) > cap:
            h = h * 0.5
    HOLD.h = h
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(h @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, h


for step in range(36):
    i = (step * 8) % 72
    x = tf.constant(XS[i:i + 8])
    n = tf.constant(step % 4)
    cap = 2.5 if step % 3 else 100.0
    loss, h = train_step(x, tf.constant(YS[i:i + 8]), n, cap)
    print(step, repr(float(loss)), h is x, HOLD.h is x, HOLD.h is h,
          repr(float(tf.reduce_sum(h))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
