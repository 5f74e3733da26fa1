"""Metrics with sample weights updated in the step: a Mean of the loss, a
BinaryAccuracy with sample_weight and an AUC.  The step resets all three
(reset_state()) when its own Python counter reaches a multiple of RESET (7, then 5
from step 14) before updating, and returns their results.  Probes: metric variables
reset inside a converted step on a Python condition, with sample weights."""
import random

import numpy

random.seed(37)
numpy.random.seed(37)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3701)
rng = np.random.default_rng(3701)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] + 0.5 * XS[:, 1:2] > 0).astype(np.float32)
SW = rng.uniform(0.2, 1.0, size=(64,)).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
OPT = keras.optimizers.SGD(learning_rate=0.3)
bce = keras.losses.BinaryCrossentropy()
m_loss = keras.metrics.Mean()
m_acc = keras.metrics.BinaryAccuracy()
m_auc = keras.metrics.AUC(num_thresholds=20)
RESET = 7
count = [0]


def train_step(x, y, w):
    with tf.GradientTape() as tape:
        p = model(x, training=True)
        loss = bce(y, p, sample_weight=w)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    count[0] += 1
    if count[0] % RESET == 0:
        m_loss.reset_state()
        m_acc.reset_state()
        m_auc.reset_state()
    m_loss.update_state(loss)
    m_acc.update_state(y, p, sample_weight=w)
    m_auc.update_state(y, p)
    return loss, m_loss.result(), m_acc.result(), m_auc.result()


for step in range(30):
    if step == 14:
        RESET = 5
    i = (step * 8) % 56
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(SW[i:i + 8]))
    print(step, *[repr(float(t)) for t in out])

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "count": count, "acc_vars": [repr(float(np.asarray(v).ravel()[0])) for v in m_acc.variables],
    "auc_tp": [repr(float(v)) for v in np.asarray(m_auc.variables[0]).ravel()[:6]],
}))
