"""Training options in a types.SimpleNamespace CFG; the trainer keeps CK = vars(CFG).keys()
and CI = vars(CFG).items() (views of the namespace's instance dict) made once.  The step
asks `"clip" in CK` and `"label_noise" in CK` before reading CFG.clip / CFG.label_noise,
and logs len(CK) and the sorted numeric options from CI.  The loop sets new attributes on
CFG, changes them, and deletes them (`del CFG.clip`), never touching the views.
Probes: views of an object's instance __dict__ (vars()) held across calls: attribute
creation and deletion through the object show up in the views' membership, length and
iteration."""
import random

import numpy

random.seed(5414)
numpy.random.seed(5414)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5414)
rng = np.random.default_rng(5414)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1)))).astype(np.float32)

CFG = types.SimpleNamespace(lr=0.1, name="run")
CK = vars(CFG).keys()
CI = vars(CFG).items()
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])


def train_step(x, y):
    target = y
    if "label_noise" in CK:
        target = y * (1.0 - CFG.label_noise)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - target))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    if "clip" in CK:
        grads = [tf.clip_by_norm(g, CFG.clip) for g in grads]
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(CFG.lr * g)
    nums = sorted((k, v) for k, v in CI if isinstance(v, float))
    return loss, len(CK), nums


for step in range(36):
    if step == 7:
        CFG.clip = 0.1
    if step == 12:
        CFG.label_noise = 0.2
    if step == 17:
        CFG.clip = 1.0
        CFG.lr = 0.05
    if step == 22:
        del CFG.clip
    if step == 27:
        del CFG.label_noise
        CFG.clip = 0.02
    i = (step * 8) % 80
    try:
        loss, n, nums = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), n, nums)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()], "cfg": sorted(CK)}))
