"""A Sequential regressor with large-scale targets (big gradients) trained with
SGD(momentum=0.5).  The loop changes optimizer settings by swapping the optimizer's
whole attribute dict, the trick used to bypass Keras/TF's tracking `__setattr__`:
`object.__setattr__(OPT, "__dict__", edited_copy)`, keeping the previous dict in a
SAVED list.  Step 9: a copy with `clipnorm=0.05`; step 17: a copy of that with
`momentum=0.9`; step 25: the original dict object is put back.  The copies share the
optimizer's variables (iterations, momentum slots).  Each step prints the loss,
clipnorm, momentum, the iteration count and len(SAVED).
Probes: a Keras optimizer whose `__dict__` is replaced by another dict while the old
one stays alive (no dict write on the watched dict, no free), then the watched dict
restored."""
import random

import numpy

random.seed(5914)
numpy.random.seed(5914)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5914)
rng = np.random.default_rng(5914)
XS = rng.normal(size=(200, 5)).astype(np.float32)
YS = (8.0 * XS[:, :1] - 5.0 * XS[:, 1:2] * XS[:, 2:3] + 3.0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.01, momentum=0.5)
SAVED = []


def swap_settings(opt, **changes):
    SAVED.append(opt.__dict__)
    edited = dict(opt.__dict__)
    edited.update(changes)
    object.__setattr__(opt, "__dict__", edited)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(33):
    if step == 9:
        swap_settings(OPT, clipnorm=0.05)
    if step == 17:
        swap_settings(OPT, momentum=0.9)
    if step == 25:
        object.__setattr__(OPT, "__dict__", SAVED[0])
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), OPT.clipnorm, OPT.momentum, int(OPT.iterations.numpy()), len(SAVED))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
