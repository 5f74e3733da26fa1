"""A trainer object whose train_step applies the optimizer update, bumps self.updates, appends
to self.log and only then raises LossSpike (the program's own exception) when the batch
loss exceeds self.max_loss; the loop catches it and counts. Eager keeps the update and the
Python writes made before the raise. At step 18 the loop sets trainer.max_loss = 0.9
(was inf): some batches now raise, and weights, counters and logs must match eager's."""
import math
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(137)
rng = np.random.default_rng(137)
BATCHES = []
for k in range(4):
    xb = rng.normal(size=(12, 4)) * (0.5 + 0.5 * k)
    yb = xb @ np.array([[0.3], [-0.2], [0.1], [0.4]]) + rng.normal(size=(12, 1)) * (0.3 * k)
    BATCHES.append((tf.constant(xb), tf.constant(yb)))


class LossSpike(Exception):
    pass


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(0.01)
        self.max_loss = math.inf
        self.updates = 0
        self.log = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.updates += 1
        lv = float(loss)
        self.log.append(round(lv, 5))
        if lv > self.max_loss:
            raise LossSpike("spike %.6f" % lv)
        return lv


tr = Trainer()
spikes = []
for step in range(44):
    if step == 18:
        tr.max_loss = 0.9
    x, y = BATCHES[step % 4]
    try:
        lv = tr.train_step(x, y)
        print(step, "ok", repr(lv), tr.updates)
    except LossSpike as e:
        spikes.append(step)
        print(step, "spike", str(e), tr.updates)

print("final", repr(float(sum(tf.reduce_sum(v) for v in tr.model.trainable_variables))),
      tr.updates, int(tr.opt.iterations), spikes, tr.log[-6:], len(tr.log))
