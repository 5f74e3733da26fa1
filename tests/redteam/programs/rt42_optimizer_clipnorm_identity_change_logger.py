"""Fine-tuning code changes the optimizer's `clipnorm` from the loop, and the step logs
optimizer config changes by identity (`if opt.clipnorm is not self.seen_clip:` print
and store), a pattern that avoids float comparisons.  The loop sets
`opt.clipnorm = float(CLIP_TEXT)` at steps 5, 12, 16 and 24 (the text is "1.0" until
step 16, then "0.5"): a new float object each time, equal in value at 5 and 12.
Eagerly each of those calls logs.  Keras reads clipnorm natively in apply_gradients;
janus watches the optimizer's dict, and the step's own `is` must follow the objects."""
import random

import numpy

random.seed(182)
numpy.random.seed(182)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4382)
rng = np.random.default_rng(4382)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 4.0 - XS[:, 2:3] * 2.0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05, clipnorm=1.0)


class Trainer:
    def __init__(self):
        self.seen_clip = None
        self.logged = 0

    def step(self, x, y):
        if opt.clipnorm is not self.seen_clip:
            print("CONFIG clipnorm", opt.clipnorm)
            self.logged += 1
            self.seen_clip = opt.clipnorm
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss


tr = Trainer()
CLIP_TEXT = "1.0"
for step in range(30):
    if step == 16:
        CLIP_TEXT = "0.5"
    if step in (5, 12, 16, 24):
        opt.clipnorm = float(CLIP_TEXT)
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tr.logged, tr.seen_clip is opt.clipnorm)

print(json.dumps({"k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
                  "logged": tr.logged}))
