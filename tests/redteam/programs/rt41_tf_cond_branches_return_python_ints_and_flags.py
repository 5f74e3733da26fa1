"""The step classifies each batch with tf.cond on a tensor predicate whose branch
lambdas return Python values, not tensors: a (code, flag) tuple of a Python int and a
bool, and a large Python int (beyond int32 on one branch).  Eagerly tf.cond hands back
exactly what the branch taken returned.  The step appends the flag to a history list,
adds the code to a counter attribute, and returns the large int; the loop prints their
types and values.  Probes: tf.cond merging Python ints, strs and big ints from both
branch functions."""
import random

import numpy

random.seed(3)
numpy.random.seed(3)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4103)
rng = np.random.default_rng(4103)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)
HIST = []


class Stats:
    code_total = 0


ST = Stats()
BIG = 2 ** 40


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = BCE(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    hard = loss > 0.62
    code, tag = tf.cond(hard, lambda: (3, True), lambda: (1, False))
    HIST.append(tag)
    ST.code_total = ST.code_total + code
    big = tf.cond(hard, lambda: BIG + ST.code_total, lambda: 5)
    return loss, big


for step in range(30):
    i = (step * 8) % 64
    loss, big = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HIST[-1], type(HIST[-1]).__name__, ST.code_total,
          type(ST.code_total).__name__, big, type(big).__name__)

print("hist", sum(HIST), ST.code_total,
      [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
