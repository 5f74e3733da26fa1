"""Two-optimizer step (encoder W1 with OPT_A, head W2 with OPT_B) that logs a letter
grade between the two updates: `grade = 90 - int(float(loss) * 10)` formatted with
f"{grade:c}" (a character code).  On a few batches with exploded targets the loss is
large, `grade` goes negative and the `c` format spec raises OverflowError ("%c arg not
in range(0x110000)") -- in eager right there: after OPT_A's update, before the log
append and OPT_B's update.  The loop catches it and continues.  A second, width-driven
format `f"{tag:>{width}}"` uses a width computed from the step counter.

Probes: text made from graph values "after the graph, from its outputs".  Whether the
format succeeds depends on the VALUE, so a converter that defers f-string formatting to
the commit discovers the OverflowError only after every update of the call landed
(OPT_B's update and iterations included), whereas eager never reached them; or it
swallows/reorders the log line.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1408)
rng = np.random.default_rng(1408)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = np.tanh(XS[:, :, :1] + XS[:, :, 1:2]).astype(np.float32)
BLOWUP = {10, 11, 26}
for s in BLOWUP:
    YS[s] *= 40.0

W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="W2")
OPT_A = keras.optimizers.SGD(learning_rate=0.02)
OPT_B = keras.optimizers.SGD(learning_rate=0.02)
LOG = []
STATE = {"calls": 0}


def train_step(x, y):
    STATE["calls"] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    OPT_A.apply_gradients([(g1, W1)])
    grade = 90 - int(float(loss) * 10)
    width = 4 + STATE["calls"] % 3
    LOG.append(f"[{grade:c}] {float(loss):.5f} {'#':>{width}}")
    OPT_B.apply_gradients([(g2, W2)])
    return loss


for step in range(N_STEPS):
    try:
        loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
        msg = LOG[-1]
    except (ValueError, OverflowError) as e:
        msg = "FAILED %s: %s" % (type(e).__name__, e)
    print(step, msg, "a=%d b=%d" % (int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy())),
          "W1=%r W2=%r" % (float(W1.numpy()[0, 0]), float(W2.numpy()[0, 0])))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "it_a": int(OPT_A.iterations.numpy()),
    "it_b": int(OPT_B.iterations.numpy()),
    "log_len": len(LOG),
    "log_tail": LOG[-3:],
    "state": STATE,
}))
