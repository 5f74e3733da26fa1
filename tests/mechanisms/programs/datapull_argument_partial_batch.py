"""A training step that takes its own batch, `x, y = next(iterator)`, from a tf.data
iterator passed as its argument (a dataset of 44 rows batched by 8, repeated: every
sixth batch is a partial one of 4).  The graph is fed the interpreter's own elements,
pulled before it runs; a partial batch's call runs in the interpreter with the element
handed back, so no batch is skipped or taken twice."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(81)
rng = np.random.default_rng(81)
XS = rng.normal(size=(44, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)
SIZES = []


def train_step(iterator):
    x, y = next(iterator)
    SIZES.append(int(x.shape[0]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, tf.reduce_sum(x)


dataset = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(8).repeat()
it = iter(dataset)
for step in range(26):
    loss, total = train_step(it)
    print(step, repr(float(loss)), repr(float(total)), SIZES[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "sizes": SIZES,
                  "next": repr(float(tf.reduce_sum(next(it)[0])))}))
