"""A subclassed keras Model keeps its residual blocks in `self.blocks` (a list attribute,
which Keras wraps in its own tracked list) and its call loops over it.  Mid-run the loop
edits that list the way surgery code does: step 8 reverses it in place, step 14 slice-
assigns blocks[0:2] = [blocks[1], blocks[0]], step 20 inserts a spare block the model
already tracks (built on a dummy batch first) at index 1, step 25 deletes blocks[-1].  The step
prints how many blocks it ran and their names in order.  Probes: a model's list of layers
edited in place between steps (reorder, slice-assign, insert, delete)."""
import random

import numpy

random.seed(387)
numpy.random.seed(387)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3807)
rng = np.random.default_rng(3807)
XS = rng.normal(size=(60, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) - XS[:, 1:2] * 0.5).astype(np.float32)


class Block(keras.layers.Layer):
    def __init__(self, scale, **kw):
        super().__init__(**kw)
        self.scale = scale
        self.inner = keras.layers.Dense(4, activation="tanh")

    def call(self, x):
        return x + self.scale * self.inner(x)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [Block(0.5, name="b0"), Block(0.25, name="b1"), Block(1.0, name="b2")]
        self.head = keras.layers.Dense(1)
        self.spare = Block(0.75, name="b3")

    def call(self, x):
        names = []
        for b in self.blocks:
            x = b(x)
            names.append(b.name)
        return self.head(x), names


NET = Net()
NET(tf.constant(XS[:2]))
NET.spare(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred, names = NET(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = NET.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, names, len(tv)


for step in range(30):
    if step == 8:
        NET.blocks.reverse()
    elif step == 14:
        NET.blocks[0:2] = [NET.blocks[1], NET.blocks[0]]
    elif step == 20:
        NET.blocks.insert(1, NET.spare)
    elif step == 25:
        del NET.blocks[-1]
    i = (step * 10) % 60
    loss, names, ntv = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), names, ntv, type(NET.blocks).__name__)

print(json.dumps({
    "order": [b.name for b in NET.blocks],
    "weights": {b.name: [w.numpy().ravel().tolist() for w in b.weights] for b in NET.blocks},
    "head": [w.numpy().ravel().tolist() for w in NET.head.weights],
    "iterations": int(OPT.iterations),
}))
