"""A regression with a learnable output temperature and affine calibration kept in
program records: `TEMP = Param("temp", tf.Variable(1.0))` (a dataclass) and
`AFFINE = Affine(scale=tf.Variable(...), shift=keras bias variable)` (a namedtuple).
The training step prints both records (their generated `__repr__` shows each
variable's value) once before and once after the update (`assign_sub` per variable), plus an f-string of
the dataclass.  Mid-run the loop replaces the dataclass's variable with a new one
(step 10), renames it (step 17), swaps the namedtuple for one whose shift is a
plain constant tensor (step 23) and puts a list of two variables in a dataclass
field (step 28).
Probes: the one ordered log of output when the printed object's text is made by
library-generated code (dataclass and namedtuple `__repr__`, "it stays for the
commit") and shows tf.Variables, whose values change between the print and the
commit."""
import random

import numpy

random.seed(6012)
numpy.random.seed(6012)

import collections
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6012)
rng = np.random.default_rng(6012)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (2.0 * np.tanh(XS[:, :1] + 0.5 * XS[:, 1:2]) + 0.3).astype(np.float32)


@dataclasses.dataclass
class Param:
    name: str
    var: object


Affine = collections.namedtuple("Affine", "scale shift")

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
TEMP = Param("temp", tf.Variable(1.0, name="temp"))
AFFINE = Affine(tf.Variable(1.0, name="scale"), MODEL.layers[-1].bias)
LR = 0.05


def calib_vars():
    extra = [TEMP.var] if isinstance(TEMP.var, tf.Variable) else list(TEMP.var)
    return extra + [AFFINE.scale] + MODEL.layers[0].trainable_variables + [MODEL.layers[-1].kernel]


def train_step(x, y):
    variables = calib_vars()
    with tf.GradientTape() as tape:
        temp = TEMP.var if isinstance(TEMP.var, tf.Variable) else TEMP.var[0] * TEMP.var[1]
        pred = MODEL(x) * temp * AFFINE.scale + AFFINE.shift
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, variables)
    print("  before", TEMP, AFFINE)
    for v, g in zip(variables, grads):
        v.assign_sub(LR * g)
    print("  after", f"{TEMP!r}", AFFINE)
    return loss


for step in range(32):
    if step == 10:
        TEMP.var = tf.Variable(0.5, name="temp2")
    if step == 17:
        TEMP.name = "tau"
    if step == 23:
        AFFINE = Affine(AFFINE.scale, tf.constant([0.25]))
    if step == 28:
        TEMP.var = [tf.Variable(0.9, name="ta"), tf.Variable(1.1, name="tb")]
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(AFFINE.scale.numpy())))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "scale": repr(float(AFFINE.scale.numpy())),
    "temp": [repr(float(v.numpy())) for v in TEMP.var],
}))
