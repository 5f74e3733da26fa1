"""A smoothed-loss window trimmed by an `operator.methodcaller` held in a global:
the step appends float(loss) to the program's WINDOW list and, once it holds more
than four items, calls TRIM(WINDOW), which is `methodcaller("pop", 0)` (drop the
oldest), then averages the window and scales the next loss term by it.  At step 11
the loop rebinds TRIM to `methodcaller("pop", 1)` (drop the second oldest, keeping
the first loss as an anchor), and at step 19 to `methodcaller("pop")` (drop the
value just appended).  Probes: a C
callable of the operator module that mutates the program's list through the list's
own methods, with its popped value returned and stored."""
import random

import numpy

random.seed(4503)
numpy.random.seed(4503)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4503)
rng = np.random.default_rng(4503)
XS = rng.normal(size=(90, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] + XS[:, 2:3])).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
WINDOW = []
DROPPED = []
TRIM = operator.methodcaller("pop", 0)


def train_step(x, y, smooth):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        loss = mse * (1.0 + 0.1 * smooth)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    WINDOW.append(float(mse))
    dropped = None
    if len(WINDOW) > 4:
        dropped = TRIM(WINDOW)
        DROPPED.append(dropped)
    return loss, dropped, sum(WINDOW) / len(WINDOW)


smooth = 0.0
for step in range(28):
    if step == 11:
        TRIM = operator.methodcaller("pop", 1)
    if step == 19:
        TRIM = operator.methodcaller("pop")
    i = (step * 9) % 81
    loss, dropped, smooth = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]), smooth)
    print(step, repr(float(loss)), repr(dropped), repr(smooth), len(WINDOW),
          dropped is None or dropped is DROPPED[-1])

print(json.dumps({"window": [repr(v) for v in WINDOW], "dropped": [repr(v) for v in DROPPED],
                  "bias": [repr(float(v)) for v in MODEL.layers[0].bias.numpy()]}))
