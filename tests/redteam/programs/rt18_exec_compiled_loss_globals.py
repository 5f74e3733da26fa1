"""Probes: program functions compiled from strings, reading their own globals dict.

Config-driven trainers build the loss from a formula string: the program exec()s a
function definition and eval()s a regularizer lambda into a namespace dict NS, whose
entries (WEIGHT, MARGIN, REG) are the formula's knobs.  Their code objects have the
file name "<string>", like the namedtuple and dataclass methods the contract treats as
library code run natively ("code those compile from strings").  These, though, are the
program's functions, and they read NS at every call: the loop changes NS["WEIGHT"] at
step 10, NS["REG"] at step 16 and NS["MARGIN"] at step 22.  Eager follows each change;
code run natively while building would bake the knobs in as constants."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1817)
rng = np.random.default_rng(1817)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

NS = {"tf": tf, "WEIGHT": 1.0, "MARGIN": 0.0, "REG": 0.0}
LOSS_SRC = """
def formula_loss(y, p):
    return WEIGHT * tf.reduce_mean(tf.square(p - y)) + MARGIN
"""
exec(LOSS_SRC, NS)
LOSS_FN = NS["formula_loss"]
REG_FN = eval("lambda w: REG * tf.reduce_sum(tf.abs(w))", NS)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS_FN(y, x @ W) + REG_FN(W)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    if step == 10:
        NS["WEIGHT"] = 0.4
    if step == 16:
        NS["REG"] = 0.05
    if step == 22:
        NS["MARGIN"] = 0.125
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "filenames": [LOSS_FN.__code__.co_filename, REG_FN.__code__.co_filename],
}))
