"""A helper janus takes over (train_step refused: model-probability draw and crc32) calls the
program's own @tf.function under train_step's tape. Eagerly the tape records one
function-call op whose gradient is the tf.function's backward graph (with Grappler's rewrites:
x/3.0 and x**2 inside). From step 12 to 19 the program calls
tf.config.run_functions_eagerly(True): then eager runs the body op by op and the tape holds
per-op records. The function also appends to a trace log at trace time."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(321)
rng = np.random.default_rng(321)
XS = (rng.normal(size=(120, 4)) * 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
TRACES = []
PICK = np.random.default_rng(33)


@tf.function
def feature(x, w):
    TRACES.append(tuple(x.shape))
    h = x @ w
    return tf.math.log(1.0 + h * h) + (h ** 2) / 3.0


def block(x):
    return tf.tanh(feature(x, W)) + x * 0.5


def hx(t):
    return [float(v).hex() for v in t.numpy().ravel()[:5]]


def train_step(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = block(x)
        loss = tf.reduce_sum(h * h) * 10.0
    gw, gx = tape.gradient(loss, [W, x])
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.01 * gw)
    return loss, h, gw, gx, pick, crc


for step in range(30):
    if step == 12:
        tf.config.run_functions_eagerly(True)
    if step == 20:
        tf.config.run_functions_eagerly(False)
    bs = 5 if step < 24 else 6
    x = tf.constant(XS[step * 3:step * 3 + bs])
    loss, h, gw, gx, pick, crc = train_step(x)
    print(step, float(loss).hex(), len(TRACES), pick, crc)
    print("   h", hx(h), "gw", hx(gw), "gx", hx(gx))

print(json.dumps({"W": [float(v).hex() for v in W.numpy().ravel()], "traces": TRACES}))
