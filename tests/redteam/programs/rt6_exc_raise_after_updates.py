"""An early-stopping style exception raised from the step AFTER the optimizer applied its
update and after Python writes (a counter attribute, a history list, a dict entry). In
the plain interpreter nothing is rolled back: the update and the writes before the
raise stay, the writes after it never happen. The exception class has its own
__init__ that stores the loss and the step. Step 13: TARGET rises so the loss check
starts raising on some steps. Step 20: the check moves between the two writes
(RAISE_EARLY). Step 27: the exception class attribute `severity` changes and the driver
re-raises severe ones as a RuntimeError chained with `from`, caught at the top."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(109)
np.random.seed(109)
tf.random.set_seed(109)
keras.utils.set_random_seed(109)

rng = np.random.default_rng(151)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.02)


class EarlyStop(Exception):
    severity = 1

    def __init__(self, step, loss):
        super().__init__(f"stop at {step}")
        self.step = step
        self.loss = loss


class Tracker:
    def __init__(self):
        self.calls = 0
        self.history = []
        self.last = {}


TR = Tracker()
TARGET = 0.0
RAISE_EARLY = False


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    TR.calls += 1
    v = float(loss)
    if RAISE_EARLY and v < TARGET:
        raise EarlyStop(step, v)
    TR.history.append(round(v, 6))
    if not RAISE_EARLY and v < TARGET:
        raise EarlyStop(step, v)
    TR.last["step"] = step
    return loss


for step in range(36):
    if step == 13:
        TARGET = 1.05
    elif step == 20:
        RAISE_EARLY = True
    elif step == 27:
        EarlyStop.severity = 2
    i = (step * 16) % 48
    try:
        try:
            loss = train_step(X[i:i + 16], Y[i:i + 16], step)
            print(step, repr(float(loss)), TR.calls, len(TR.history), TR.last)
        except EarlyStop as e:
            print(step, "EarlyStop", e, e.step, repr(e.loss), TR.calls, len(TR.history), TR.last,
                  int(opt.iterations.numpy()))
            if e.severity > 1:
                raise RuntimeError("severe") from e
    except RuntimeError as r:
        print("   outer", r, type(r.__cause__).__name__, r.__cause__.step)

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float((flat ** 2).sum())))
print("iterations", int(opt.iterations.numpy()), "calls", TR.calls, "history", len(TR.history), TR.history[-4:])
