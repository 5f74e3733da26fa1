"""A residual MLP as a keras.Model subclass whose `call` loops over `self.blocks`, a list
Keras wraps into its TrackedList, skipping blocks whose flag in the program list KEEP is
off (LayerDrop).  Mid-run the loop restructures the network in place: step 8
`MODEL.blocks.reverse()` (same blocks, other order; the list object is Keras' own and
is changed without any attribute write), step 12 `KEEP[1] = False`, step 16
`MODEL.blocks.pop()` (the last block pruned: fewer trainable variables), step 22
`KEEP[1] = True` and `KEEP[0] = False`, step 27 `MODEL.blocks.reverse()` again.  The
step trains `MODEL.trainable_variables` with Adam.  Probes: a Keras-tracked list of
layers, iterated by the program's own call (which Keras calls back), reordered and
shortened in place between converted calls."""
import random

import numpy

random.seed(5647)
numpy.random.seed(5647)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5647)
rng = np.random.default_rng(5647)
XS = rng.normal(size=(144, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1] + XS[:, 1:2]) - XS[:, 2:3] * XS[:, 3:4] * 0.5).astype(np.float32)

KEEP = [True, True, True]


class ResNet(keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [keras.layers.Dense(4, activation="tanh", name="blk%d" % k) for k in range(3)]
        self.out = keras.layers.Dense(1)

    def call(self, x, training=False):
        for blk, keep in zip(self.blocks, KEEP):
            if keep:
                x = x + blk(x)
        return self.out(x)


MODEL = ResNet()
MODEL(XS[:2])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    tvars = MODEL.trainable_variables
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, len(tvars)


for step in range(32):
    if step == 8:
        MODEL.blocks.reverse()
    if step == 12:
        KEEP[1] = False
    if step == 16:
        MODEL.blocks.pop()
    if step == 22:
        KEEP[1] = True
        KEEP[0] = False
    if step == 27:
        MODEL.blocks.reverse()
    i = (step * 8) % 136
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, [b.name for b in MODEL.blocks],
          repr(float(MODEL.out.kernel.numpy()[0, 0])))

print(json.dumps({b.name: [repr(float(v)) for v in b.kernel.numpy().ravel()[:4]] for b in MODEL.blocks}))
