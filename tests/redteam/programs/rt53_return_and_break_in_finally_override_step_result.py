"""CPython's rules for control flow leaving a `finally`: the step accumulates gradients
over two micro-batches in a `for` loop whose body raises ValueError for a "corrupt"
micro-batch (chosen by a global index the loop changes), and whose `finally` does
`break` for that micro-batch, which silently discards the exception and skips the rest;
the outer `try` applies the accumulated gradients and returns the loss, and its
`finally` counts the call and, when the global flag OVERRIDE is set (steps 12-17 and 25),
executes `return None`, replacing the loss the `try` returned.  Probes: `return` in a
finally overriding a pending return value, `break` in a finally swallowing an in-flight
exception, both on Python flags changed between calls."""
import random

import numpy

random.seed(558)
numpy.random.seed(558)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(558)
rng = np.random.default_rng(558)
XS = rng.normal(size=(192, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + 0.5 * XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
FIN = {"calls": 0, "micro": 0}
OVERRIDE = False
BAD = -1


def train_step(x, y):
    try:
        acc = [tf.zeros_like(v) for v in MODEL.trainable_variables]
        total = 0.0
        for k in range(2):
            try:
                if k == BAD:
                    raise ValueError("corrupt micro-batch")
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(MODEL(x[k * 4:(k + 1) * 4]) - y[k * 4:(k + 1) * 4]))
                grads = tape.gradient(loss, MODEL.trainable_variables)
                acc = [a + g * 0.5 for a, g in zip(acc, grads)]
                total = total + loss * 0.5
                FIN["micro"] += 1
            finally:
                if k == BAD:
                    break
        OPT.apply_gradients(zip(acc, MODEL.trainable_variables))
        return total
    finally:
        FIN["calls"] += 1
        if OVERRIDE:
            return None


for step in range(32):
    OVERRIDE = 12 <= step < 18 or step == 25
    BAD = 0 if step % 7 == 3 else (1 if step % 7 == 5 else -1)
    i = (step * 8) % 184
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, BAD, OVERRIDE, type(out).__name__, None if out is None else repr(float(out)), FIN,
          repr(float(MODEL.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]], "fin": FIN,
                  "iters": int(OPT.iterations.numpy())}))
