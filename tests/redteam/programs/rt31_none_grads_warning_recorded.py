"""Multi-head model: the co-executed step (zlib.crc32 of the targets) trains only the
head the loop selects; the other head's kernel and bias get None gradients, which
Keras' optimizer filters with a UserWarning ("Gradients do not exist for variables").
The step records warnings around opt.apply_gradients with
warnings.catch_warnings(record=True) and simplefilter("always") and returns how many
it saw and their first words.  The head switches at steps 10 and 20.  Probes:
warnings library code shows inside an optimizer site, observed by the program."""
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json
import warnings
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3601)
rng = np.random.default_rng(3601)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YA = np.sin(XS[:, :1]).astype(np.float32)
YB = np.cos(XS[:, 1:2]).astype(np.float32)

inp = keras.Input((5,))
h = keras.layers.Dense(8, activation="tanh")(inp)
out_a = keras.layers.Dense(1, name="head_a")(h)
out_b = keras.layers.Dense(1, name="head_b")(h)
model = keras.Model(inp, [out_a, out_b])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.RMSprop(learning_rate=0.01)
seen = []


def train_step(x, ya, yb, head):
    seen.append(zlib.crc32(ya.tobytes()) % 97)
    with tf.GradientTape() as tape:
        pa, pb = model(x)
        loss = mse(ya, pa) if head == "a" else mse(yb, pb)
    grads = tape.gradient(loss, model.trainable_variables)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, [str(w.message).split(" ")[:3] for w in caught], [w.category.__name__ for w in caught]


for step in range(30):
    head = "a" if (step < 10 or step >= 20) else "b"
    i = (step * 8) % 56
    loss, msgs, cats = train_step(XS[i:i + 8], YA[i:i + 8], YB[i:i + 8], head)
    print(step, head, repr(float(loss)), len(msgs), msgs[:1], cats[:1])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "seen": seen[-4:],
}))
