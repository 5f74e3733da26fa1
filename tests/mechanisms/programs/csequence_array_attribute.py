"""A trainer object keeps its loss weights in an array.array("f") attribute, and a
scheduler callback between steps rescales one weight in place (float32 rounding of the
array's own storage included)."""
import array

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(533)
rng = np.random.default_rng(533)
X = rng.normal(size=(64, 4)).astype("float32")
Y1 = rng.normal(size=(64, 1)).astype("float32")
Y2 = rng.normal(size=(64, 1)).astype("float32")


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(4, 2)).astype("float32") * 0.3)
        self.weights = array.array("f", [1.0, 0.1])

    def train_step(self, x, y1, y2):
        with tf.GradientTape() as tape:
            out = x @ self.w
            loss = self.weights[0] * tf.reduce_mean(tf.square(out[:, :1] - y1)) + \
                self.weights[1] * tf.reduce_mean(tf.square(out[:, 1:] - y2))
        self.w.assign_sub(0.05 * tape.gradient(loss, self.w))
        return loss


trainer = Trainer()
for step in range(20):
    if step in (5, 11, 16):
        trainer.weights[1] = trainer.weights[1] * 3.3
    i = (step * 8) % 56
    loss = trainer.train_step(tf.constant(X[i:i + 8]), tf.constant(Y1[i:i + 8]),
                              tf.constant(Y2[i:i + 8]))
    print(step, repr(float(loss)), trainer.weights.tolist())
