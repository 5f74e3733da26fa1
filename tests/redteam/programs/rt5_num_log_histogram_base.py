"""Loss histogram on a log scale kept by the step: bucket = math.floor(math.log(v, LOG_BASE))
is counted in the defaultdict HIST, round(v, 3) goes into ROUNDED, and the epoch/position of
the step comes from divmod(step, 7). At step 14 the loop switches LOG_BASE from 2 to 10; eager's
buckets (and so the histogram's keys) use the new base from then on."""
import collections
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(526)

rng = np.random.default_rng(30)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = (XS[:, :1] * 3.0 + rng.normal(size=(64, 1))).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.05)
LOG_BASE = 2
HIST = collections.defaultdict(int)
ROUNDED = []


def train_step(step, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    v = float(loss)
    bucket = math.floor(math.log(v, LOG_BASE))
    HIST[bucket] += 1
    ROUNDED.append(round(v, 3))
    epoch, pos = divmod(step, 7)
    return loss, bucket, epoch, pos


for step in range(30):
    if step == 14:
        LOG_BASE = 10
    i = (step * 8) % 56
    loss, bucket, epoch, pos = train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), bucket, epoch, pos, ROUNDED[-1])

print("HIST", sorted(HIST.items()))
print("ROUNDED", ROUNDED)
