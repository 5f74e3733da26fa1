"""Hyper-parameters come from a config module built with `types.ModuleType` and registered in
`sys.modules["rt5_hparams"]`; the step does `import rt5_hparams as hp` and reads hp.lr and
hp.l1. At step 14 the loop loads a second stage's config: a new module object replaces the
entry in sys.modules (the old module object is kept unchanged); eager's import statement
finds the new module at every call."""
import sys
import types

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(515)


def make_config(name, lr, l1):
    mod = types.ModuleType(name)
    mod.lr = lr
    mod.l1 = l1
    mod.stage = name
    return mod


STAGE1 = make_config("rt5_hparams", 0.1, 0.0)
sys.modules["rt5_hparams"] = STAGE1

rng = np.random.default_rng(19)
XS = rng.normal(size=(64, 6)).astype("float32")
YS = (XS[:, :2] @ np.array([[1.5], [-1.0]])).astype("float32")
W = tf.Variable(rng.normal(size=(6, 1)).astype("float32") * 0.3)
STAGES_SEEN = []


def train_step(x, y):
    import rt5_hparams as hp
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + hp.l1 * tf.reduce_sum(tf.abs(W))
    W.assign_sub(hp.lr * tape.gradient(loss, W))
    if not STAGES_SEEN or STAGES_SEEN[-1] != hp.stage + str(hp.lr):
        STAGES_SEEN.append(hp.stage + str(hp.lr))
    return loss


for step in range(30):
    if step == 14:
        sys.modules["rt5_hparams"] = make_config("rt5_hparams", 0.03, 0.05)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("STAGES_SEEN", STAGES_SEEN, "STAGE1.lr", STAGE1.lr)
print("W", W.numpy().ravel().tolist())
