"""Learning rate given as a callable object of the program's (not a Keras
schedule): WarmupLR.__call__ counts how many times Keras asked it (self.asked),
appends the count to a global list, and returns a Python float that depends on
that count (linear warmup over 12 asks, then a global BASE_LR).  Keras calls it
inside the optimizer site; the loop also reads float(opt.learning_rate), which
asks again.  The co-executed step hashes the batch with zlib.crc32.  At step 15
BASE_LR changes.  Probes: a learning-rate callable with its own state, called by
library code inside an optimizer site."""
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6201)
rng = np.random.default_rng(6201)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + 0.5).astype(np.float32)
BASE_LR = 0.05
ASKS = []


class WarmupLR:
    def __init__(self):
        self.asked = 0

    def __call__(self):
        self.asked += 1
        ASKS.append(self.asked)
        return BASE_LR * min(1.0, self.asked / 12.0)


sched = WarmupLR()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(learning_rate=sched, momentum=0.8)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 4321)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 15:
        BASE_LR = 0.01
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    lr = float(opt.learning_rate)
    print(step, repr(float(loss)), repr(lr), sched.asked, len(ASKS))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "asked": sched.asked, "asks_tail": ASKS[-5:], "crcs": crcs[-3:],
}))
