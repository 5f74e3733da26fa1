"""Raw-variable softmax regression trained with a program subclass of Keras SGD whose
`momentum` and `nesterov` are properties implemented without Python getters:
`property(operator.attrgetter("cfg.momentum"), setter)` -- the getter is C code that
reads the optimizer's `cfg` object (a plain program object).  Keras' SGD.update_step
reads `self.momentum`/`self.nesterov` natively inside `apply_gradients`, so the value
reaches the step through C code alone.  The loop edits the config object in place --
`OPT.cfg.momentum = 0.9` at step 10, `OPT.cfg.nesterov = True` at step 19 -- and at
step 27 gives the optimizer a new config object.  Each step prints the loss and both
settings as the optimizer reports them.
Probes: a data descriptor of the program's subclass of a Keras optimizer whose getter
is a C callable, reading a program object held by the optimizer that no program frame
reads inside the step."""
import random

import numpy

random.seed(5927)
numpy.random.seed(5927)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5927)
rng = np.random.default_rng(5927)
XS = rng.normal(size=(240, 5)).astype(np.float32)
LABELS = np.digitize(XS[:, 0] - XS[:, 2] + 0.3 * XS[:, 4], [-0.6, 0.6]).astype(np.int32)

W = tf.Variable(rng.normal(scale=0.2, size=(5, 3)).astype(np.float32), name="w")
B = tf.Variable(np.zeros((3,), np.float32), name="b")
PARAMS = [W, B]


class MomentumConfig:
    def __init__(self, momentum, nesterov=False):
        self.momentum = momentum
        self.nesterov = nesterov


def _set_momentum(self, value):
    self.__dict__.setdefault("cfg", MomentumConfig(0.0)).momentum = value


def _set_nesterov(self, value):
    self.__dict__.setdefault("cfg", MomentumConfig(0.0)).nesterov = value


class ConfiguredSGD(keras.optimizers.SGD):
    momentum = property(operator.attrgetter("cfg.momentum"), _set_momentum)
    nesterov = property(operator.attrgetter("cfg.nesterov"), _set_nesterov)


OPT = ConfiguredSGD(learning_rate=0.1, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W + B
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(34):
    if step == 10:
        OPT.cfg.momentum = 0.9
    if step == 19:
        OPT.cfg.nesterov = True
    if step == 27:
        OPT.cfg = MomentumConfig(0.2)
    i = (step * 24) % 216
    loss = train_step(tf.constant(XS[i:i + 24]), tf.constant(LABELS[i:i + 24]))
    print(step, repr(float(loss)), OPT.momentum, OPT.nesterov)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "m": [repr(float(v)) for v in OPT.momentums[0].numpy().ravel()[:6]],
}))
