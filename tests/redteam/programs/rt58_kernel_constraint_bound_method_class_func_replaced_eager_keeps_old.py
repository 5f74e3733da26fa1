"""A Sequential model whose hidden Dense layer has `kernel_constraint=CLIP.apply`, a
bound method of a program object; Keras' optimizer calls it after every update.  Mid-run
the method is replaced on the class (step 8: zeroing, step 22: a scaled clip), which the
bound method the layer holds does NOT follow in eager (it keeps its original function),
while the object's `limit`, which the original function reads through `self`, is
changed at steps 14 and 27 (eager follows that).
Probes: a bound method held by library state (a constraint): its `__self__`'s dict must
be followed, its class must not be re-resolved."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5813)
rng = np.random.default_rng(5813)
XS = rng.normal(size=(128, 6)).astype(np.float32) * 2.0
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)


class Clipper:
    def __init__(self, limit):
        self.limit = limit

    def apply(self, w):
        return tf.clip_by_value(w, -self.limit, self.limit)


CLIP = Clipper(0.4)
DENSE = keras.layers.Dense(8, kernel_constraint=CLIP.apply)
MODEL = keras.Sequential([keras.Input((6,)), DENSE, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def zeroing(self, w):
    return w * 0.0


def scaled_clip(self, w):
    return tf.clip_by_value(w * 0.5, -self.limit, self.limit)


for step in range(32):
    if step == 8:
        Clipper.apply = zeroing
    if step == 14:
        CLIP.limit = 0.15
    if step == 22:
        Clipper.apply = scaled_clip
    if step == 27:
        CLIP.limit = 0.3
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_max(tf.abs(DENSE.kernel)))))

print(json.dumps({"k": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()[:12]]}))
