"""ReduceLROnPlateau written into the step: a monitor object keeps `best` (float),
`wait` (int) and `factor`; when the smoothed loss fails to improve (`if` on a tensor)
`wait` grows and, on a nested arm once `wait >= patience`, the optimizer's learning
rate variable is assigned `lr * factor` (`OPT.learning_rate.assign(...)`), `wait` is
reset and a `cuts` counter grows; on the improving arm `best = float(sm)` and
`wait = 0`.  From outside, at call 14 the loop sets `OPT.learning_rate = 0.08` (Keras'
setter) and `MON.factor = 0.25`, at call 24 `MON.patience = 1`.  Probes: a Keras
optimizer's learning-rate variable assigned in a nested arm, plateau state merged,
library hyperparameters reset from outside."""
import random

import numpy

random.seed(3915)
numpy.random.seed(3915)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3915)
rng = np.random.default_rng(3915)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(2.0 * XS @ rng.normal(size=(5, 1))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.05)
LOSS = keras.losses.MeanSquaredError()
SMOOTH = tf.Variable(1.0)


class Monitor:
    def __init__(self):
        self.best = 1e9
        self.wait = 0
        self.patience = 2
        self.factor = 0.5
        self.cuts = 0


MON = Monitor()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    SMOOTH.assign(0.7 * SMOOTH + 0.3 * loss)
    sm = SMOOTH.read_value()
    if sm < MON.best - 1e-3:
        MON.best = float(sm)
        MON.wait = 0
    else:
        MON.wait += 1
        if MON.wait >= MON.patience:
            OPT.learning_rate.assign(OPT.learning_rate * MON.factor)
            MON.wait = 0
            MON.cuts += 1
    return loss, sm


for step in range(34):
    if step == 14:
        OPT.learning_rate = 0.08
        MON.factor = 0.25
    if step == 24:
        MON.patience = 1
    i = (step * 16) % 80
    loss, sm = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(sm)), repr(MON.best), MON.wait, MON.cuts,
          repr(float(OPT.learning_rate)))

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("MON", sorted(vars(MON).items()), int(OPT.iterations))
