"""The step computes a Python int k = min(8, 1 + int(count of residuals above THRESH)), then
calls the program's own tf.function `hard_mean(err, k)` with k as a PYTHON argument: TF
traces once per distinct value of k, and the function's body logs each trace (k and the
global SCALE read at trace time). At step 10 the program lowers THRESH (k takes new
values, so new traces happen mid-run) and at step 18 it changes SCALE and lowers THRESH
again (k = 8 becomes common); every k seen after step 18 was traced before, so eager keeps
SCALE = 1.0 baked in. Probes: a Python number that the step derives from graph values and
passes to a traced function, whose trace cache is keyed by that exact value."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1212)
rng = np.random.default_rng(1212)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + rng.normal(size=(64, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
THRESH = 2.0
SCALE = 1.0
TRACED = []


@tf.function
def hard_mean(err, k):
    TRACED.append([k, SCALE])
    top = tf.math.top_k(tf.reshape(err, [-1]), k=k).values
    return tf.reduce_mean(top) * SCALE


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)
        k = min(8, 1 + int(tf.reduce_sum(tf.cast(err > THRESH, tf.int32))))
        loss = hard_mean(err, k)
    g = tape.gradient(loss, W)
    W.assign_sub(0.02 * g)
    return loss, k


for step in range(30):
    if step == 10:
        THRESH = 0.4
    if step == 18:
        SCALE = 0.5
        THRESH = 0.02
    i = (step * 8) % 56
    loss, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), k, len(TRACED), hard_mean.experimental_get_tracing_count())

print(json.dumps({"traced": TRACED, "W": [repr(float(v)) for v in W.numpy().ravel()]}))
