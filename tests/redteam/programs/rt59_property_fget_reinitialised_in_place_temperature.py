"""A 3-class softmax classifier whose logits are divided by `CFG.temperature`, a
property of the program's config class.  The loop hot-swaps the property's getter the
way a small "hot reload" helper does, re-running `property.__init__` on the very
property object the class holds (`vars(Config)["temperature"].__init__(new_getter)`):
no class dict write, the same property object, only its C-level `fget` changes.  Step
11: an annealed getter (base * 0.5); step 19: `CFG.base = 3.0` (an instance write);
step 27: a getter that adds a floor.  Each step prints the loss, `CFG.temperature` and
`getattr(CFG, "temperature")`.  NB the reference's own behaviour: CPython 3.13
specialises a hot `CFG.temperature` to LOAD_ATTR_PROPERTY, which caches the getter
function under the class's type version; `property.__init__` does not bump it, so the
specialised reads (the step's and the loop's print) keep calling the old getter, while
`getattr()` (never specialised) calls the new one.  That is what janus must reproduce.
Probes: a property getter inlined into the step whose descriptor object keeps its
identity while its getter is replaced in place (a later guard miss, `CFG.base`, forces a
rebuild that would read the new getter)."""
import random

import numpy

random.seed(5915)
numpy.random.seed(5915)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5915)
rng = np.random.default_rng(5915)
XS = rng.normal(size=(240, 4)).astype(np.float32)
LABELS = np.digitize(XS[:, 0] + 0.5 * XS[:, 1], [-0.5, 0.5]).astype(np.int32)


def plain_temperature(self):
    return self.base


def annealed_temperature(self):
    return self.base * 0.5


def floored_temperature(self):
    return max(self.base * 0.25, 0.9)


class Config:
    def __init__(self, base):
        self.base = base

    temperature = property(plain_temperature)


CFG = Config(2.0)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=1e-2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True) / CFG.temperature
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 11:
        vars(Config)["temperature"].__init__(annealed_temperature)
    if step == 19:
        CFG.base = 3.0
    if step == 27:
        vars(Config)["temperature"].__init__(floored_temperature)
    i = (step * 24) % 216
    loss = train_step(tf.constant(XS[i:i + 24]), tf.constant(LABELS[i:i + 24]))
    print(step, repr(float(loss)), repr(CFG.temperature), repr(getattr(CFG, "temperature")))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:9]],
}))
