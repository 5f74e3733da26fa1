"""A functional regressor whose step reads its hyperparameters from a frozen, slotted
dataclass `Hyper(lr_scale, l2, clip)` held in a program holder object (`RUN.hp`) and
from a second one in a global (`AUX`).  Frozen dataclasses reject normal writes, so the
loop changes them the way libraries do, bypassing `__setattr__`: at step 7
`object.__setattr__(RUN.hp, "l2", 0.01)` (a slot write, no dict anywhere), at step 13
the member descriptor's own `__set__` is called (`Hyper.clip.__set__(RUN.hp, 0.05)`),
at step 19 `RUN.hp = dataclasses.replace(RUN.hp, lr_scale=0.5)` (a new object), at step
25 `object.__setattr__(AUX, "clip", 0.02)`, at step 30 `object.__setattr__` on the new
`RUN.hp` (lr_scale 2.0).
Probes: `__slots__` values of frozen objects changed with `object.__setattr__` and
member descriptors, read by the step."""
import random

import numpy

random.seed(5712)
numpy.random.seed(5712)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5712)
rng = np.random.default_rng(5712)
XS = rng.normal(size=(180, 6)).astype(np.float32)
YS = (XS[:, :3] @ np.array([[1.0], [0.5], [-1.0]], np.float32)).astype(np.float32)


@dataclasses.dataclass(frozen=True, slots=True)
class Hyper:
    lr_scale: float
    l2: float
    clip: float


class Run:
    def __init__(self, hp):
        self.hp = hp


RUN = Run(Hyper(1.0, 0.0005, 1.0))
AUX = Hyper(1.0, 0.0, 0.5)

inp = keras.Input((6,))
h = keras.layers.Dense(10, activation="relu")(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
BASE_LR = 0.05


def train_step(x, y):
    hp = RUN.hp
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
        reg = hp.l2 * tf.add_n([tf.reduce_sum(tf.square(v)) for v in MODEL.trainable_variables])
        total = loss + reg
    grads = tape.gradient(total, MODEL.trainable_variables)
    lr = BASE_LR * hp.lr_scale
    for g, v in zip(grads, MODEL.trainable_variables):
        g = tf.clip_by_value(g, -hp.clip, hp.clip)
        g = tf.clip_by_value(g, -AUX.clip, AUX.clip)
        v.assign_sub(lr * g)
    return loss, reg


for step in range(34):
    if step == 7:
        object.__setattr__(RUN.hp, "l2", 0.01)
    if step == 13:
        Hyper.clip.__set__(RUN.hp, 0.05)
    if step == 19:
        RUN.hp = dataclasses.replace(RUN.hp, lr_scale=0.5)
    if step == 25:
        object.__setattr__(AUX, "clip", 0.02)
    if step == 30:
        object.__setattr__(RUN.hp, "lr_scale", 2.0)
    i = (step * 10) % 170
    loss, reg = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(reg)), repr(RUN.hp), repr(AUX.clip),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
    "hp": dataclasses.asdict(RUN.hp),
}))
