"""Object lifetime: a global variable the step reads is replaced mid-run, and a
weakref.finalize on the old one reports when it is freed.

Eager frees the old variable as soon as the global is rebound (nothing else refers to
it), so the finalizer prints right there, before the next step.  A graph whose identity
guard or captured inputs held the old variable would keep it alive until exit."""
import gc
import random
import weakref

import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
tf.random.set_seed(3)
rng = np.random.default_rng(7)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(axis=1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
FREED = []


def make_scale(version):
    scale = tf.Variable(np.full((4, 1), 0.5 * version, np.float32), trainable=False)
    weakref.finalize(scale, FREED.append, version)
    weakref.finalize(scale, print, f"freed scale v{version}")
    return scale


SCALE = make_scale(1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ (W * SCALE) - y))
    (grad,) = tape.gradient(loss, [W])
    W.assign_sub(0.05 * grad)
    return loss


for step in range(24):
    if step in (8, 16):
        old = weakref.ref(SCALE)
        SCALE = make_scale(step // 8 + 1)
        gc.collect()
        print("old scale alive:", old() is not None, "freed:", FREED)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print("freed at the end:", FREED)
