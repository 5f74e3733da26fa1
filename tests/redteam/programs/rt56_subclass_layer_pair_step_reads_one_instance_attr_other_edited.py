"""Two instances each of the program's own subclasses of Keras' Dense and Dropout
(`Proj(Dense)`, `Drop(Dropout)`) in one functional-style forward.  The step itself reads
`PA.activation.__name__` and `DA.rate` (it returns them for the log), so those names are
ones the program's code reads on instances of these classes; the loop then edits the
OTHER instances, whose attributes only Keras' own code reads natively while it runs:
`PB.activation` relu -> tanh at step 9 and -> a leaky-relu partial at step 17,
`DB.rate` 0.05 -> 0.4 at step 13, and finally `PA.activation` -> sigmoid at step 23 and
`DA.rate` -> 0.25 at step 27.  Probes: watches on the program's Keras subclasses that
leave out the names the program's code reads, where those names are read on one
instance and changed on another."""
import random

import numpy

random.seed(5604)
numpy.random.seed(5604)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5604)
rng = np.random.default_rng(5604)
XS = rng.normal(size=(144, 6)).astype(np.float32)
YS = (np.cos(XS[:, :1]) - 0.4 * XS[:, 3:4]).astype(np.float32)


class Proj(keras.layers.Dense):
    pass


class Drop(keras.layers.Dropout):
    pass


PA = Proj(12, activation="relu", name="pa")
PB = Proj(12, activation="relu", name="pb")
DA = Drop(0.1, seed=11, name="da")
DB = Drop(0.05, seed=12, name="db")
HEAD = keras.layers.Dense(1, name="head")
for layer, shape in ((PA, 6), (PB, 6), (HEAD, 24)):
    layer.build((None, shape))
PARAMS = PA.trainable_variables + PB.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        a = DA(PA(x), training=True)
        b = DB(PB(x), training=True)
        pred = HEAD(tf.concat([a, b], axis=1))
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss, PA.activation.__name__, DA.rate


for step in range(32):
    if step == 9:
        PB.activation = keras.activations.tanh
    if step == 13:
        DB.rate = 0.4
    if step == 17:
        PB.activation = functools.partial(keras.activations.leaky_relu, negative_slope=0.3)
    if step == 23:
        PA.activation = keras.activations.sigmoid
    if step == 27:
        DA.rate = 0.25
    i = (step * 8) % 136
    loss, name, rate = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), name, rate, repr(float(PB.kernel.numpy()[0, 0])))

print(json.dumps({
    "pa": [repr(float(v)) for v in PA.kernel.numpy().ravel()[:5]],
    "pb": [repr(float(v)) for v in PB.kernel.numpy().ravel()[:5]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:8]],
}))
