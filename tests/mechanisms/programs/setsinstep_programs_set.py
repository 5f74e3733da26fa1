"""The program's own sets, read by the step: a global set of frozen layer names tested
with `in` for each layer, its size scaling a penalty, an attribute set iterated in
order (sorted) and intersected with a set the step makes.  The loop adds a name to the
global set in place at step 7, discards it at step 11, rebinds the attribute's set at
step 15; a write to the global set inside the step would be refused (not made here)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(34)
rng = np.random.default_rng(34)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, name="body"),
                          keras.layers.Dense(3, name="neck"),
                          keras.layers.Dense(1, name="head")])
opt = keras.optimizers.SGD(0.05)
FROZEN = {"neck"}


class Config:
    tags = {"l2", "clip"}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        if "l2" in Config.tags:
            loss = loss + 0.001 * len(FROZEN) * tf.reduce_sum(tf.square(model.layers[0].kernel))
    variables = []
    for layer in model.layers:
        if layer.name not in FROZEN:
            variables.extend(layer.trainable_weights)
    grads = tape.gradient(loss, variables)
    if "clip" in Config.tags & {"clip", "norm"}:
        grads = [tf.clip_by_norm(g, 1.0) for g in grads]
    opt.apply_gradients(zip(grads, variables))
    return loss, sorted(Config.tags), len(variables)


for step in range(20):
    if step == 7:
        FROZEN.add("body")
    if step == 11:
        FROZEN.discard("body")
    if step == 15:
        Config.tags = {"clip"}
    i = (step * 4) % 36
    loss, tags, n = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), tags, n)

print(json.dumps({"head": [round(float(v), 5) for v in model.layers[2].kernel.numpy().ravel()]}))
