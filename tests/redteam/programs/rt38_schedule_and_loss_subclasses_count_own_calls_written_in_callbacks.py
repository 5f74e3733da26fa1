"""A LearningRateSchedule subclass and a keras Loss subclass that both write Python state
when library code calls them back: the schedule counts its calls (self.calls += 1),
remembers the last step as a tensor (self.last_step = step) and branches in Python on a
field (`if self.warm > 0`); the loss counts its calls and accumulates a Python float of
its own scale factor.  The step calls the loss twice (main and auxiliary) and reads
float(opt.learning_rate) once after the update (a second schedule call).  Mid-run: step 10
sets schedule.warm = 0 (the other Python branch), step 18 sets loss.scale = 0.5, step 24
sets schedule.calls = 100 from outside.  Probes: Python writes made by the program's code
that library code calls back, counted per call."""
import random

import numpy

random.seed(400)
numpy.random.seed(400)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3820)
rng = np.random.default_rng(3820)
XS = rng.normal(size=(56, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2]).astype(np.float32)


class Warm(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base, warm):
        self.base = base
        self.warm = warm
        self.calls = 0
        self.last_step = None

    def __call__(self, step):
        self.calls += 1
        self.last_step = step
        s = tf.cast(step, tf.float32)
        if self.warm > 0:
            return self.base * tf.minimum(1.0, (s + 1.0) / self.warm)
        return self.base / tf.sqrt(s + 1.0)


class CountingMSE(keras.losses.Loss):
    def __init__(self, scale):
        super().__init__(name="counting_mse")
        self.scale = scale
        self.calls = 0
        self.total_scale = 0.0

    def call(self, y_true, y_pred):
        self.calls += 1
        self.total_scale += self.scale
        return self.scale * tf.square(y_true - y_pred)


SCHED = Warm(0.05, 6)
LOSS = CountingMSE(1.0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x)
        main = LOSS(y, p)
        aux = LOSS(y * 0.5, p * 0.5)
        loss = main + 0.1 * aux
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    lr = float(OPT.learning_rate)
    return loss, lr


for step in range(30):
    if step == 10:
        SCHED.warm = 0
    elif step == 18:
        LOSS.scale = 0.5
    elif step == 24:
        SCHED.calls = 100
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr), SCHED.calls, int(SCHED.last_step), LOSS.calls, repr(LOSS.total_scale))

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "sched_calls": SCHED.calls, "last_step_type": type(SCHED.last_step).__name__,
    "last_step": int(SCHED.last_step), "loss_calls": LOSS.calls, "total_scale": LOSS.total_scale,
}))
