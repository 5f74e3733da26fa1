"""A config system with interpolated expressions: the learning-rate multiplier is the
string LR_EXPR = "cfg.base * cfg.decay ** (epoch // cfg.every)", evaluated every step
with eval(LR_EXPR, {"cfg": CFG, "epoch": EPOCH}).  CFG is a types.SimpleNamespace that
the loop edits in place (cfg.base at step 9, cfg.decay at step 17); EPOCH changes at
steps 12 and 24 only.  The step never touches cfg.base itself: only the code that eval
compiles from the string reads it.  In eager the expression sees every edit at the next
call.  A graph that ran eval natively while building (its code is "compiled from a
string", like library code) would guard the namespace's identity but not the attributes
eval read, and keep the old multiplier until EPOCH changes.  Probes: eval() of a config
string reading attributes of a mutable object."""
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1630)
rng = np.random.default_rng(1630)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([5, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

CFG = types.SimpleNamespace(base=1.0, decay=0.5, every=1)
LR_EXPR = "cfg.base * cfg.decay ** (epoch // cfg.every)"
EPOCH = 0


def train_step(x, y):
    mult = eval(LR_EXPR, {"cfg": CFG, "epoch": EPOCH})
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients([(grads[0] * mult, W)])
    print(f"epoch {EPOCH} lr multiplier {mult!r}")
    return loss


for step in range(30):
    if step == 9:
        CFG.base = 0.4
    if step == 12:
        EPOCH = 1
    if step == 17:
        CFG.decay = 0.9
    if step == 24:
        EPOCH = 2
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "cfg": vars(CFG),
    "epoch": EPOCH,
}))
