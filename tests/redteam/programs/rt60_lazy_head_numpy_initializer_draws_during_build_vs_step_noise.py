"""A subclassed model whose `call` sums its first `n_active` heads; the heads are made
in `__init__` but stay unbuilt until the loop raises `n_active` at steps 8, 16 and 24,
so each is built lazily, inside the training step, at its first call.  Each head's kernel initializer is a
program initializer that draws from a global generator when Keras builds the layer
lazily inside the training step: `np.random.normal` (step 8), Python's
`random.gauss` (step 16), and numpy again with another scale (step 24).  The step
itself draws its input noise with `np.random.normal` and a dropout-like keep
probability with `random.random()` before the model call, and updates the variables
by hand; the loop draws from both generators after every step, so the order in which
the initializers and the step consume the streams shows in every printed line, as
do the new heads' first weights.
Probes: a build during which library code creates variables (the lazy Dense build,
"a build makes no variables", purity.variables_noted) and, in the same build, draws
from `random` / `numpy.random` (the states compared and put back after a build):
the interpreter's re-run must see the generators where eager's would be."""
import random

import numpy

random.seed(6003)
numpy.random.seed(6003)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6003)
rng = np.random.default_rng(6003)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] - XS[:, 3:4]) * 0.8).astype(np.float32)


class NumpyNormal(keras.initializers.Initializer):
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, shape, dtype=None):
        return np.random.normal(0.0, self.scale, size=shape).astype("float32")


class PyGauss(keras.initializers.Initializer):
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, shape, dtype=None):
        vals = [random.gauss(0.0, self.scale) for _ in range(int(np.prod(shape)))]
        return np.array(vals, dtype="float32").reshape(shape)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = keras.layers.Dense(8, activation="tanh")
        self.heads = [
            keras.layers.Dense(1),
            keras.layers.Dense(1, kernel_initializer=NumpyNormal(0.3)),
            keras.layers.Dense(1, kernel_initializer=PyGauss(0.2)),
            keras.layers.Dense(1, kernel_initializer=NumpyNormal(0.1)),
        ]
        self.n_active = 1

    def call(self, x):
        h = self.trunk(x)
        out = self.heads[0](h)
        for head in self.heads[1:self.n_active]:
            out = out + head(h)
        return out


MODEL = Net()
MODEL(tf.zeros((1, 4)))
LR = 0.05


def train_step(x, y):
    noise = np.random.normal(0.0, 0.05, size=(8, 4)).astype(np.float32)
    keep = random.random()
    with tf.GradientTape() as tape:
        pred = MODEL(x + noise)
        loss = tf.reduce_mean(tf.square(pred - y)) * (0.5 + keep)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(LR * g)
    return loss


for step in range(34):
    if step in (8, 16, 24):
        MODEL.n_active += 1
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    last = MODEL.heads[MODEL.n_active - 1].kernel.numpy().ravel()
    print(step, repr(float(loss)), MODEL.n_active, repr(float(last[0])), repr(float(last[-1])),
          int(np.random.randint(0, 10 ** 6)), random.randint(0, 10 ** 6))

print(json.dumps({
    "trunk": [repr(float(v)) for v in MODEL.trunk.kernel.numpy().ravel()[:6]],
    "heads": [[repr(float(v)) for v in h.kernel.numpy().ravel()[:3]] for h in MODEL.heads[:MODEL.n_active]],
    "np": int(np.random.randint(0, 10 ** 6)),
    "py": random.randint(0, 10 ** 6),
}))
