"""A Sequential regressor whose hidden Dense layer's activation is compiled at start-up
from a configuration string into a namespace dict of its own
(`exec(compile(ACT_SOURCE, "<act-config>", "exec"), ACT_NS)`: the function's
`__globals__` is ACT_NS, not the module, and its code's file name is "<act-config>").
Keras calls it back inside the step.  The loop edits the namespace the way a config
reload would: `ACT_NS["SLOPE"] = 0.3` at step 10, `ACT_NS["CAP"] = 1.0` at step 19 and
`ACT_NS.update(SLOPE=0.0, CAP=4.0)` at step 28.  Each step prints the loss and the two
knobs.
Probes: a program callback that is code compiled from a string (which janus must not
mistake for library code run natively) with globals that are a plain dict, not a
module, read by library-called code between converted steps."""
import random

import numpy

random.seed(5923)
numpy.random.seed(5923)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5923)
rng = np.random.default_rng(5923)
XS = rng.normal(size=(220, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - np.maximum(XS[:, 1:2], 0) * 1.5 + 0.3).astype(np.float32)

ACT_SOURCE = """
def capped_leaky(x):
    return tf.minimum(tf.where(x > 0.0, x, SLOPE * x), CAP)
"""
ACT_NS = {"tf": tf, "SLOPE": 0.1, "CAP": 6.0}
exec(compile(ACT_SOURCE, "<act-config>", "exec"), ACT_NS)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(14, activation=ACT_NS["capped_leaky"]),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.04, momentum=0.6)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 10:
        ACT_NS["SLOPE"] = 0.3
    if step == 19:
        ACT_NS["CAP"] = 1.0
    if step == 28:
        ACT_NS.update(SLOPE=0.0, CAP=4.0)
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), ACT_NS["SLOPE"], ACT_NS["CAP"])

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
