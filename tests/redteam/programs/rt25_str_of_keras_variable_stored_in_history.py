"""The step keeps a text history of the learning-rate variable and iteration counter:
`HIST.append(str(OPT.learning_rate))` and `HIST.append(repr(OPT.iterations))` after the
update.  OPT.learning_rate of an optimizer built with a float is a Keras 3 Variable
(keras.Variable), whose str/repr includes its current value
("<Variable path=sgd/learning_rate, shape=(), dtype=float32, value=0.05>").  At step 10 the
loop assigns a new learning rate (OPT.learning_rate = 0.02).  Probes: str()/repr() of a
Keras Variable made while building a converted step (a tf.Variable is refused there)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2507)
rng = np.random.default_rng(2507)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    HIST.append(str(OPT.learning_rate))
    HIST.append(repr(OPT.iterations))
    return loss


for step in range(20):
    if step == 10:
        OPT.learning_rate = 0.02
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HIST[-2], HIST[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "hist": HIST[-4:]}))
