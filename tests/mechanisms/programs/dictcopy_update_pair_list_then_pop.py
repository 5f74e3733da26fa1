"""The step merges its defaults with `CFG.update([(n, v) for n, v in zip(NAMES, DEFAULTS)])` and then takes
the one-shot override `CFG.pop("scale")` the loop sets before some calls (a key the
update did not write)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(47)
XS = rng.normal(size=(64, 2)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:]).astype(np.float32)
W = tf.Variable(np.zeros((2, 1), np.float32))
NAMES = ("clip", "eps")
DEFAULTS = (1.0, 1e-7)
CFG = {"scale": 1.0}


def train_step(x, y):
    CFG.update([(name, value) for name, value in zip(NAMES, DEFAULTS)])
    scale = CFG.pop("scale")
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.1 * tf.clip_by_norm(g, CFG["clip"]))
    return loss, scale


for step in range(28):
    CFG["scale"] = 1.0 + 0.5 * (step // 7)
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale, sorted(CFG))
print(json.dumps({"w": W.numpy().ravel().tolist(), "cfg": CFG}))
