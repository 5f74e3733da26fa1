"""The program's subclassed model prints the batch mean of its hidden layer from
call() (a graph value formatted with an f-string).  The co-executed step (zlib.crc32
of the batch) calls the model twice: the training call prints to the real stdout,
while an evaluation call on the next batch is wrapped in
contextlib.redirect_stdout(buf) to keep the log quiet, and the step returns how
much text the buffer caught.  From step 12 the evaluation call is not redirected
on even steps.  Probes: print from program code inside a model site, replayed
to whichever sys.stdout the program had installed at that call."""
import random

import numpy

random.seed(73)
numpy.random.seed(73)

import contextlib
import io
import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7301)
rng = np.random.default_rng(7301)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = np.sin(XS[:, :1] * 2).astype(np.float32)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.out = keras.layers.Dense(1)

    def call(self, x):
        h = self.hidden(x)
        print(f"    probe mean={float(tf.reduce_mean(h)):.5f}")
        return self.out(h)


model = Net()
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.1)
crcs = []


def train_step(x, y, xv, quiet):
    crcs.append(zlib.crc32(x.tobytes()) % 999)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    buf = io.StringIO()
    if quiet:
        with contextlib.redirect_stdout(buf):
            val = model(xv)
    else:
        val = model(xv)
    return loss, float(tf.reduce_mean(val)), len(buf.getvalue())


for step in range(30):
    quiet = step < 12 or step % 2 == 1
    i = (step * 8) % 56
    loss, v, caught = train_step(XS[i:i + 8], YS[i:i + 8], XS[i + 8:i + 16], quiet)
    print(step, repr(float(loss)), repr(v), caught)

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
