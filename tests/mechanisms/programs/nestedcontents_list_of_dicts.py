"""A step iterates a global list of per-layer config dicts and reads each dict's keys
and values (a scale, an on/off flag); the loop changes a value inside one dict at step
6, adds a key to another at step 10 and deletes it at step 14."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(36)
rng = np.random.default_rng(36)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = [tf.Variable(rng.normal(size=(3, 1)).astype(np.float32)) for _ in range(3)]
opt = keras.optimizers.SGD(0.05)
CONFIGS = [{"scale": 1.0, "on": True}, {"scale": 0.5, "on": True}, {"scale": 2.0, "on": False}]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = 0.0
        for cfg, w in zip(CONFIGS, W):
            if cfg["on"]:
                pred = pred + cfg["scale"] * (x @ w)
            if "bias" in cfg:
                pred = pred + cfg["bias"]
        loss = tf.reduce_mean(tf.square(pred - y))
    opt.apply_gradients(zip(tape.gradient(loss, W), W))
    return loss


for step in range(18):
    if step == 6:
        CONFIGS[2]["on"] = True
    if step == 10:
        CONFIGS[0]["bias"] = 0.25
    if step == 14:
        del CONFIGS[0]["bias"]
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5))
