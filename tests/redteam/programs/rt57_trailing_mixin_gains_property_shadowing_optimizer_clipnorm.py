"""A functional two-head model trained with `KnobSGD(keras.optimizers.SGD, Knobs)`,
where `Knobs` is a plain program class after all of Keras' bases in the optimizer's
MRO.  Keras keeps `clipnorm` and `clipvalue` as plain entries of the optimizer's
instance dict (None here) and its `_clip_gradients` reads them.  Mid-run data
descriptors hung on the trailing base shadow them without any write to the
optimizer's dict: at step 7 `Knobs.clipnorm = property(lambda self: 0.05)`, at
step 14 a property reading a program dict `CLIP["norm"]` (0.2), at step 19 that dict
entry changes to 0.02, at step 25 `del Knobs.clipnorm` and `Knobs.clipvalue =
property(...)` (0.004), at step 31 `del Knobs.clipvalue`.
Probes: properties defined after the fact on a trailing program base of a Keras
optimizer's class, shadowing instance attributes Keras' apply path reads."""
import random

import numpy

random.seed(5705)
numpy.random.seed(5705)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5705)
rng = np.random.default_rng(5705)
XS = rng.normal(size=(180, 6)).astype(np.float32) * 2.0
YA = (XS[:, :3].sum(axis=1, keepdims=True) ** 2 * 0.2).astype(np.float32)
YB = np.tanh(XS[:, 3:].sum(axis=1, keepdims=True)).astype(np.float32)

CLIP = {"norm": 0.2}


class Knobs:
    def knob_names(self):
        return [k for k in ("clipnorm", "clipvalue") if k in vars(type(self).__mro__[-2])]


class KnobSGD(keras.optimizers.SGD, Knobs):
    pass


inp = keras.Input((6,))
trunk = keras.layers.Dense(12, activation="relu")(inp)
head_a = keras.layers.Dense(1, name="a")(trunk)
head_b = keras.layers.Dense(1, name="b")(trunk)
MODEL = keras.Model(inp, [head_a, head_b])
OPT = KnobSGD(learning_rate=0.05)


def train_step(x, ya, yb):
    with tf.GradientTape() as tape:
        pa, pb = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pa - ya)) + 0.5 * tf.reduce_mean(tf.square(pb - yb))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 7:
        Knobs.clipnorm = property(lambda self: 0.05)
    if step == 14:
        Knobs.clipnorm = property(lambda self: CLIP["norm"])
    if step == 19:
        CLIP["norm"] = 0.02
    if step == 25:
        del Knobs.clipnorm
        Knobs.clipvalue = property(lambda self: 0.004)
    if step == 31:
        del Knobs.clipvalue
    i = (step * 10) % 170
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YA[i:i + 10]),
                      tf.constant(YB[i:i + 10]))
    print(step, repr(float(loss)), OPT.clipnorm, OPT.clipvalue, OPT.knob_names(),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "trunk": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
    "a": [repr(float(v)) for v in MODEL.get_layer("a").kernel.numpy().ravel()[:6]],
    "b": [repr(float(v)) for v in MODEL.get_layer("b").kernel.numpy().ravel()[:6]],
}))
