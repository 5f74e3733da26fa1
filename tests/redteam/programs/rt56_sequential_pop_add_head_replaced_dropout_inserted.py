"""Head surgery on a Sequential classifier mid-run, the transfer-learning way: at step 10
the loop pops the 3-class head and adds a fresh one (new optimizer for the new
variables), at step 18 it freezes the feature layer, at step 24 it pops the head again
and adds a Dropout(0.3) and the same head object back, at step 30 it pops both and
re-adds only the head.  Each pop/add makes Keras rebuild the Sequential's inner
functional graph (`_functional`) and change its `_layers` list in place.  The step calls
MODEL(x, training=True) and trains MODEL.trainable_variables with a sparse
cross-entropy on logits.  Probes: the list of layers a Sequential holds edited in place
between converted calls, the model's rebuilt internals, a new unbuilt layer."""
import random

import numpy

random.seed(5606)
numpy.random.seed(5606)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5606)
rng = np.random.default_rng(5606)
XS = rng.normal(size=(150, 6)).astype(np.float32)
YS = (np.argmax(XS[:, :3] + 0.5 * XS[:, 3:6], axis=1)).astype(np.int32)

MODEL = keras.Sequential([keras.Input((6,)),
                          keras.layers.Dense(12, activation="relu", name="f1"),
                          keras.layers.Dense(3, name="head_a")])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    tvars = MODEL.trainable_variables
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, logits


HEAD_B = None
for step in range(36):
    if step == 10:
        MODEL.pop()
        HEAD_B = keras.layers.Dense(3, name="head_b")
        MODEL.add(HEAD_B)
        OPT = keras.optimizers.Adam(learning_rate=0.02)
    if step == 18:
        MODEL.get_layer("f1").trainable = False
    if step == 24:
        MODEL.pop()
        MODEL.add(keras.layers.Dropout(0.3, seed=5, name="drop"))
        MODEL.add(HEAD_B)
    if step == 30:
        MODEL.pop()
        MODEL.pop()
        MODEL.add(HEAD_B)
    i = (step * 10) % 140
    loss, logits = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), [l.name for l in MODEL.layers], repr(float(logits[0, 1])))

print(json.dumps({
    "f1": [repr(float(v)) for v in MODEL.get_layer("f1").kernel.numpy().ravel()[:5]],
    "head": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]],
}))
