"""Probes three-argument `getattr` and `hasattr` on a config object whose attribute
appears and disappears in the instance, its class and a base class mid-run.

The step reads `getattr(CFG, "warmup_scale", 1.0)` and freezes the first layer when
`hasattr(CFG, "freeze_w1")`.  Eager looks the names up at every call through the
instance dict and the MRO.  Mid-run: step 10 adds `Config.warmup_scale = 0.5` (class),
step 16 sets the instance attribute 0.25, step 22 deletes the instance attribute (the
class value shows again), step 26 deletes the class attribute (default 1.0), step 30
adds `BaseConfig.freeze_w1 = True` on the base class, step 36 deletes it.

A conversion that guarded only the instance dict, or only the places it found the name,
or folded a missing name into its default, would keep the old scale or freezing:
printed scales, freeze flags, losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2012)
random.seed(2012)
np.random.seed(2012)
rng = np.random.default_rng(2012)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class BaseConfig:
    pass


class Config(BaseConfig):
    def __init__(self):
        self.name = "cfg"


CFG = Config()


def train_step(x, y):
    scale = getattr(CFG, "warmup_scale", 1.0)
    frozen = hasattr(CFG, "freeze_w1")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y)) * scale
    g1, g2 = tape.gradient(loss, [W1, W2])
    if frozen:
        OPT.apply_gradients([(g2, W2)])
    else:
        OPT.apply_gradients([(g1, W1), (g2, W2)])
    return loss, scale, frozen


for step in range(42):
    if step == 10:
        Config.warmup_scale = 0.5
    if step == 16:
        CFG.warmup_scale = 0.25
    if step == 22:
        del CFG.warmup_scale
    if step == 26:
        del Config.warmup_scale
    if step == 30:
        BaseConfig.freeze_w1 = True
    if step == 36:
        del BaseConfig.freeze_w1
    i = (step * 8) % 56
    loss, scale, frozen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), scale, frozen)

print(json.dumps({
    "W1": [round(float(v), 6) for v in W1.numpy().ravel()[:8]],
    "W2": [round(float(v), 6) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
