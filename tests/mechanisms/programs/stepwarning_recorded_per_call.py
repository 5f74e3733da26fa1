"""The step warns when its loss is high (a branch on the loss) and every call with a
constant message; the caller records warnings with catch_warnings(record=True) around
each call and prints what it caught; the filter goes from "always" to "default" at step
8 and to "error" (caught by the caller) at step 14."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)
import warnings

HIGH = 0.5


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    if loss > HIGH:
        warnings.warn("loss above the bound", RuntimeWarning)
    warnings.warn("step ran")
    return loss


action = "always"
for step in range(20):
    if step == 8:
        action = "default"
    if step == 14:
        action = "error"
    i = (step * 4) % 44
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter(action)
        try:
            loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
            text = repr(float(loss))
        except Warning as e:
            text = f"raised {type(e).__name__}: {e}"
    print(step, text, [(w.category.__name__, str(w.message), w.lineno) for w in caught])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
