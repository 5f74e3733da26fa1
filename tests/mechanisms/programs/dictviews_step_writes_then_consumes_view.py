"""The step tags its run info with the phase it trained in, then builds its report
from `list(INFO.items())` and `tuple(INFO.keys())`: the view must show the call's own
write (a key added in the first call, then overwritten), as eager's does.  The loop
switches the phase and clears the dict part-way."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(9)
XS = rng.normal(size=(64, 2)).astype(np.float32)
YS = (XS[:, :1] * 3.0 - 1.0).astype(np.float32)
W = tf.Variable(np.zeros((2, 1), np.float32))
B = tf.Variable(0.0)
INFO = {"run": "demo"}
PHASE = "warmup"
REPORTS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.1 * gw)
    B.assign_sub(0.1 * gb)
    INFO["phase"] = PHASE
    REPORTS.append((list(INFO.items()), tuple(INFO.keys())))
    return loss


for step in range(26):
    if step == 9:
        PHASE = "main"
    if step == 15:
        INFO.clear()
        INFO["run"] = "resumed"
        INFO["epoch"] = 2
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), REPORTS[-1])
print(json.dumps({"w": W.numpy().ravel().tolist(), "b": float(B.numpy()), "info": INFO}))
