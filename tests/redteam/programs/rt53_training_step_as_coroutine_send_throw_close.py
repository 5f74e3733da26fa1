"""A coroutine-driven training loop: `trainer()` is a generator that receives batches
through `send((x, y))`, runs the tape, the gradient and the update, and yields the loss
as a Python float (and appends it to a history).  The driver throws an `LRDrop`
exception into the coroutine with `co.throw(LRDrop(0.5))` at steps 10 and 20, which the
coroutine catches at its `yield`, scales the optimizer's learning rate and yields a
message instead; at the end `co.close()` runs the coroutine's `finally`, which prints a
summary.  Probes: a GradientTape entered in a generator frame resumed by send() (a step
janus cannot take over as a function), Keras calls made from it, exceptions thrown in at
the yield, and a finally block run by close()."""
import random

import numpy

random.seed(556)
numpy.random.seed(556)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(556)
rng = np.random.default_rng(556)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, 1:2] * XS[:, 2:3] - 0.5 * XS[:, :1]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.02)
HIST = []


class LRDrop(Exception):
    pass


def trainer():
    out = None
    n = 0
    try:
        while True:
            try:
                x, y = yield out
            except LRDrop as e:
                factor = e.args[0]
                OPT.learning_rate = float(OPT.learning_rate) * factor
                out = f"lr now {float(OPT.learning_rate)!r}"
                continue
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
            grads = tape.gradient(loss, MODEL.trainable_variables)
            OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
            n += 1
            out = float(loss)
            HIST.append(out)
    finally:
        print("trainer closed after", n, "updates, last", repr(HIST[-1]))


co = trainer()
next(co)
for step in range(32):
    if step in (10, 20):
        print("throw ->", co.throw(LRDrop(0.5)))
    i = (step * 8) % 152
    print(step, repr(co.send((tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))))
co.close()

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "n": len(HIST), "lr": repr(float(OPT.learning_rate))}))
