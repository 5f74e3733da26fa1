"""A step with a quiet block: it prints a progress line, then, inside
`with contextlib.redirect_stdout(DETAIL):` (a StringIO the program keeps), prints the
per-parameter gradient norms, then prints the loss line to the real stdout again.  Every
tenth step the loop prints what DETAIL collected and empties it.  Probes: print
destinations switched by a context manager that rebinds sys.stdout inside the step:
which lines go to stdout and which to the buffer, and their order."""
import random

import numpy

random.seed(5127)
numpy.random.seed(5127)

import contextlib
import sys
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5127)
rng = np.random.default_rng(5127)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
DETAIL = io.StringIO()


def train_step(step, x, y):
    print(f"step {step} start")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    with contextlib.redirect_stdout(DETAIL):
        for v, g in zip(MODEL.trainable_variables, grads):
            print(f"  {step} {v.name} {float(tf.norm(g)):.6f}")
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print(f"step {step} loss {float(loss):.6f}")
    return loss


for step in range(40):
    i = (step * 8) % 72
    train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if step % 10 == 9:
        text = DETAIL.getvalue()
        print(f"detail {step}: {len(text.splitlines())} lines")
        print(text, end="")
        DETAIL.seek(0)
        DETAIL.truncate()

print(json.dumps({"kernel": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "stdout_is_real": sys.stdout is sys.__stdout__}))
