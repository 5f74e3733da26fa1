"""Distillation with a fallback chain of teachers: the caller passes the logits of two
teachers (tensors it computed once and reuses) and the step picks the soft targets with
nested tf.cond lambdas: `tf.cond(agree_a > ta, lambda: teacher_a, lambda:
tf.cond(agree_b > tb, lambda: teacher_b, lambda: y_onehot))`.  It trains the student on
the chosen targets, stores them (`DIST.targets = t`) and the caller checks which of its
tensors was chosen by identity (`DIST.targets is teacher_a` ...).  Eager tf.cond returns
what the taken branch returned, so the stored value is the caller's tensor.  The
thresholds change at step 13.  Probes: identity of caller tensors returned through
nested tf.cond branch lambdas."""
import random

import numpy

random.seed(4325)
numpy.random.seed(4325)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4325)
rng = np.random.default_rng(4325)
XS = rng.normal(size=(128, 5)).astype(np.float32)
LAB = rng.integers(0, 3, size=(128,))
ONEHOT = np.eye(3, dtype=np.float32)[LAB]
TA = tf.constant(np.log(ONEHOT * 0.8 + 0.1 + 1e-3).astype(np.float32))
TB = tf.constant(rng.normal(size=(128, 3)).astype(np.float32))
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TH = [0.9, 0.9]


class Distill:
    targets = None


DIST = Distill()


def train_step(x, y_onehot, teacher_a, teacher_b):
    agree_a = tf.reduce_mean(tf.cast(tf.argmax(teacher_a, 1) == tf.argmax(y_onehot, 1), tf.float32))
    agree_b = tf.reduce_mean(tf.cast(tf.argmax(teacher_b, 1) == tf.argmax(y_onehot, 1), tf.float32))
    t = tf.cond(agree_a > TH[0], lambda: teacher_a,
                lambda: tf.cond(agree_b > TH[1], lambda: teacher_b, lambda: y_onehot))
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=tf.nn.softmax(t), logits=logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    DIST.targets = t
    return loss


for step in range(30):
    if step == 13:
        TH[0] = 2.0
        TH[1] = 0.2 if step % 2 else 2.0
    if step > 13:
        TH[1] = 0.2 if step % 2 else 2.0
    i = (step * 16) % 112
    ta, tb, yo = TA[i:i + 16], TB[i:i + 16], tf.constant(ONEHOT[i:i + 16])
    loss = train_step(tf.constant(XS[i:i + 16]), yo, ta, tb)
    print(step, repr(float(loss)), DIST.targets is ta, DIST.targets is tb, DIST.targets is yo)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
