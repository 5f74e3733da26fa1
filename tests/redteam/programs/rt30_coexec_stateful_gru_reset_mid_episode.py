"""A stateful GRU (batch 1) encodes a stream of observations frame by frame inside a
co-executed step (observations come from a generator created outside the step and
advanced inside it); the GRU's state variables carry across frames and calls.  The
step calls gru.reset_states() when the generator yields a 'boundary' flag, and the
program calls it itself at step 13.  Probes: a layer whose own state variables change
between frames under co-execution, reset by the step and by the program."""
import random

import numpy

random.seed(40)
numpy.random.seed(40)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4001)
rng = np.random.default_rng(4001)
DATA = rng.normal(size=(200, 3)).astype(np.float32)

inp = keras.Input(batch_shape=(1, 1, 3))
gru = keras.layers.GRU(5, stateful=True)
head = keras.layers.Dense(1)
model = keras.Model(inp, head(gru(inp)))
OPT = keras.optimizers.Adam(learning_rate=0.01)


def stream():
    i = 0
    while True:
        yield DATA[i % 200], (i % 11 == 10)
        i += 1


SRC = stream()


def train_step(frames):
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(frames):
            x, boundary = next(SRC)
            out = model(tf.constant(x[None, None, :]))
            loss = loss + tf.square(out[0, 0] - float(x.sum()) * 0.3)
            if boundary:
                gru.reset_states()
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 13:
        gru.reset_states()
    loss = train_step(3)
    st = gru.states[0].numpy()
    print(step, repr(float(loss)), repr(float(st[0, 0])))

print(json.dumps({
    "gru_k": [repr(float(v)) for v in gru.cell.kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in head.kernel.numpy().ravel()],
    "state": [repr(float(v)) for v in gru.states[0].numpy().ravel()],
}))
