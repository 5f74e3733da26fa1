"""The step calls the program's own tf.function(reduce_retracing=True) `feature`, whose Python
body records every trace (shape seen, GAIN read at trace time, the Python `temp` argument)
in a list.  The batch size changes at step 10 (16 -> 12: TF retraces with a relaxed
(None, 5) signature), GAIN changes at step 13 (the relaxed trace keeps the old GAIN), the
batch size changes again at step 16 (10: served by the relaxed trace, no new trace), the
Python float argument `temp` changes at step 19 (a new trace, reading the new GAIN), and
the batch goes back to 16 at step 24.  The loop prints the trace log and TF's tracing count
after each step.  Probes: TF's retracing rules under reduce_retracing (relaxed shapes eager
does trace) combined with trace-time reads and Python-value arguments."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1211)
rng = np.random.default_rng(1211)

TRACES = []
GAIN = 1.0
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)


@tf.function(reduce_retracing=True)
def feature(x, w, temp):
    TRACES.append([str(x.shape), GAIN, temp])
    return tf.tanh((x @ w) / temp) * GAIN


def train_step(x, y, temp):
    with tf.GradientTape() as tape:
        h = feature(x, W1, temp)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    return loss


TEMP = 1.0
for step in range(30):
    if step == 13:
        GAIN = 2.5
    if step == 19:
        TEMP = 2.0
    if step < 10 or step >= 24:
        bs = 16
    elif step < 16:
        bs = 12
    else:
        bs = 10
    i = (step * bs) % (64 - bs)
    loss = train_step(tf.constant(XS[i:i + bs]), tf.constant(YS[i:i + bs]), TEMP)
    print(step, repr(float(loss)), bs, len(TRACES), feature.experimental_get_tracing_count())

print(json.dumps({"traces": TRACES,
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
