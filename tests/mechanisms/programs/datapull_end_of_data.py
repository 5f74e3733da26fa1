"""A trainer object holds a tf.data iterator over one pass of the data (no repeat); its
step pulls with `next(self.iterator)` and the loop stops at StopIteration, then starts
the next epoch with a new iterator.  At the end of the data the pull before the graph
meets OutOfRangeError: the call runs in the interpreter, whose `next()` raises
StopIteration where eager's does."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(83)
rng = np.random.default_rng(83)
XS = rng.normal(size=(40, 5)).astype(np.float32)
YS = rng.normal(size=(40, 2)).astype(np.float32)
DATASET = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(5)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"),
                                       keras.layers.Dense(2)])
        self.opt = keras.optimizers.Adam(0.01)
        self.iterator = None
        self.steps = 0

    def train_step(self):
        x, y = next(self.iterator)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.steps += 1
        return loss


trainer = Trainer()
for epoch in range(4):
    trainer.iterator = iter(DATASET)
    losses = []
    while True:
        try:
            losses.append(float(trainer.train_step()))
        except StopIteration:
            print("epoch", epoch, "ended after", len(losses), "steps")
            break
    print(epoch, [repr(v) for v in losses[-2:]], trainer.steps)

print(json.dumps({"w": [repr(float(v)) for v in trainer.model.trainable_variables[0].numpy().ravel()[:6]],
                  "steps": trainer.steps}))
