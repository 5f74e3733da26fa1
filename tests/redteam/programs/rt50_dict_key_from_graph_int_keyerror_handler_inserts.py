"""Per-class loss weights kept in a Python dict keyed by class index: the step computes
the majority class of its batch as a Python int from the data (`int(tf.argmax(counts))`)
and looks it up with `CLASS_W[c]` inside `try/except KeyError`; a missing class is
inserted with weight 1.0 by the handler and printed.  The dict starts with classes 0
and 1 only; classes 2 and 3 first dominate a batch late in the run.  The step also
raises the weight of the class it just used by 1 % (a write into the dict under a key
the data chose).  Probes: a dict item read and written under a key computed from graph
data in a hot step, a KeyError whose occurrence depends on the data, the handler's
insert, the dict's contents and order at the end, the weights."""
import random

import numpy

random.seed(78)
numpy.random.seed(78)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7829)
rng = np.random.default_rng(7829)
N = 200
LABELS = rng.integers(0, 2, size=N)
LABELS[120:140] = 2
LABELS[170:185] = 3
XS = (rng.normal(size=(N, 4)) + LABELS[:, None] * 0.5).astype(np.float32)
YS = LABELS.astype(np.int32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
CE = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
CLASS_W = {0: 1.0, 1: 1.2}
INSERTED = []


def train_step(x, y):
    counts = tf.math.bincount(y, minlength=4)
    c = int(tf.argmax(counts))
    try:
        w = CLASS_W[c]
    except KeyError:
        CLASS_W[c] = 1.0
        INSERTED.append(c)
        print("  new class", c)
        w = CLASS_W[c]
    with tf.GradientTape() as tape:
        loss = CE(y, MODEL(x)) * w
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    CLASS_W[c] = round(w * 1.01, 6)
    return c, loss


for step in range(40):
    i = step * 5
    c, loss = train_step(tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, c, repr(float(loss)), CLASS_W)

print(json.dumps({
    "class_w": list(CLASS_W.items()), "inserted": INSERTED,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
}))
