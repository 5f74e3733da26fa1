"""A step that cannot be one graph (it branches on NumPy values of the model's
output to pick a loss weight, and draws a NumPy dropout-of-examples mask) so its Keras
calls run as co-executed sites.  The model is the program's own keras.Model subclass:
Dense -> BatchNormalization (training=True: moving stats assigned) -> a Python counter
`self.calls += 1` and a history append -> an input sanity assertion
(tf.debugging.assert_less on max |x|) -> Dense.  For outlier batches the assertion
fails INSIDE the model call, after BN's moving statistics and the Python counter were
updated in eager; the loop catches InvalidArgumentError.  The step also appends to a
Python TRACE before the model call.

Probes: all-or-nothing inside a co-executed site.  The site's graph holds BN's
moving-stat assigns, the subclass' Python writes and the assertion; a site graph that
does not gate the assigns behind the assertion (or restore them) applies the moving
stats twice when the interpreter re-runs the failed call; one that commits the Python
writes of the failed call counts twice; eager shows each exactly once.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1432)
rng = np.random.default_rng(1432)
mask_rng = np.random.default_rng(5)

N_STEPS = 30
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = np.tanh(XS[:, :, :1] * 2.0 - XS[:, :, 1:2]).astype(np.float32)
OUTLIER = {6, 7, 15, 24}
for s in OUTLIER:
    XS[s, 5, 2] = 35.0


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(6)
        self.bn = keras.layers.BatchNormalization(momentum=0.6)
        self.d2 = keras.layers.Dense(1)
        self.calls = 0
        self.seen_rows = []

    def call(self, x, training=False):
        h = self.bn(self.d1(x), training=training)
        self.calls += 1
        self.seen_rows.append(int(x.shape[0]))
        tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 20.0, message="outlier input")
        return self.d2(tf.nn.relu(h))


NET = Net()
NET(tf.zeros([1, 4]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
TRACE = []


def train_step(x, y):
    TRACE.append("start")
    with tf.GradientTape() as tape:
        out = NET(x, training=True)
        o = out.numpy()
        keep = (mask_rng.random(o.shape[0]) > 0.2).astype(np.float32)[:, None]
        weight = 0.5 if np.abs(o).max() > 1.5 else 1.0
        loss = weight * tf.reduce_mean(keep * tf.square(out - y))
    grads = tape.gradient(loss, NET.trainable_variables)
    OPT.apply_gradients(zip(grads, NET.trainable_variables))
    TRACE.append("done")
    return loss, weight


for step in range(N_STEPS):
    try:
        loss, weight = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
        msg = "%r w=%r" % (float(loss), weight)
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED outlier=%s" % ("outlier input" in str(e))
    print(step, msg, "calls=%d" % NET.calls, "trace=%d" % len(TRACE),
          "mm=%r" % float(NET.bn.moving_mean.numpy()[0]),
          "mv=%r" % float(NET.bn.moving_variance.numpy()[0]),
          "iters=%d" % int(OPT.iterations.numpy()))

print(json.dumps({
    "moving_mean": [repr(float(v)) for v in NET.bn.moving_mean.numpy()],
    "moving_var": [repr(float(v)) for v in NET.bn.moving_variance.numpy()],
    "d1": [repr(float(v)) for v in NET.d1.kernel.numpy().ravel()[:6]],
    "calls": NET.calls,
    "seen_rows": len(NET.seen_rows),
    "trace": "".join("s" if t == "start" else "d" for t in TRACE),
    "mask_rng": repr(mask_rng.random()),
}))
