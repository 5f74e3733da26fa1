"""A step asks Keras layers for optional settings the program hangs on them:
`getattr(layer, "lr_scale", 1.0)` per layer scales its gradients, and
`hasattr(layer, "frozen")` skips it.  The loop sets `lr_scale` on one layer at step 6,
marks another frozen at step 11, and deletes both at step 16."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(51)
rng = np.random.default_rng(51)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    variables, scales = [], []
    for layer in model.layers:
        if hasattr(layer, "frozen"):
            continue
        scale = getattr(layer, "lr_scale", 1.0)
        for v in layer.trainable_weights:
            variables.append(v)
            scales.append(scale)
    grads = tape.gradient(loss, variables)
    pairs = [(g * s, v) for g, s, v in zip(grads, scales, variables)]
    opt.apply_gradients(pairs)
    return loss, len(pairs)


for step in range(22):
    if step == 6:
        model.layers[1].lr_scale = 0.5
    if step == 11:
        model.layers[0].frozen = True
    if step == 16:
        del model.layers[1].lr_scale
        del model.layers[0].frozen
    i = (step * 4) % 36
    loss, n = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), n)

print(json.dumps({"out": [round(float(v), 5) for v in model.layers[1].kernel.numpy().ravel()]}))
