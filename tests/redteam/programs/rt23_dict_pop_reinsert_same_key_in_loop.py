"""A for loop over a plain dict whose body moves the current key to the end with the
"d[k] = d.pop(k)" idiom (an LRU touch).  The dict has the same keys and the same size
after each body, only their storage order changed: CPython's dict iterator walks the
entry table by position, so it reaches the re-inserted key again at the end, and since
it already yielded len(d) keys it raises RuntimeError("dictionary keys changed during
iteration") on that pull.

The step weights several per-bucket losses by a dict of bucket -> weight and "touches"
the bucket whose batch loss is the one the program wants to keep warm (chosen by a
Python string the loop sets; "none" on some steps).  The step catches the RuntimeError
and counts it.  A graph that sees "same keys, same size" and goes on with the keys the
dict had when the loop began ends the loop normally: no error counted, another order of
keys afterwards, other losses.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(11)
np.random.seed(11)
keras.utils.set_random_seed(11)

rng = np.random.default_rng(11)
X = tf.constant(rng.normal(size=(96, 5)).astype(np.float32))
Y = tf.constant((rng.normal(size=(96, 1)) > 0).astype(np.float32))

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)

BUCKETS = {"a": 1.0, "b": 0.5, "c": 0.25, "d": 0.125}
OFFSETS = {"a": 0, "b": 16, "c": 32, "d": 48}
TOUCH = ["none"]
ERRORS = [0]


def train_step(shift):
    order = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        try:
            for name in BUCKETS:
                order.append(name)
                o = OFFSETS[name] + shift
                logits = model(X[o:o + 8])
                loss = loss + BUCKETS[name] * bce(Y[o:o + 8], logits)
                if name == TOUCH[0]:
                    BUCKETS[name] = BUCKETS.pop(name)
        except RuntimeError as e:
            ERRORS[0] += 1
            order.append(str(e)[:24])
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, order


for step in range(36):
    TOUCH[0] = ["none", "b", "none", "d", "a"][step % 5] if step >= 4 else "none"
    loss, order = train_step(step % 5)
    print(step, TOUCH[0], repr(float(loss)), order, list(BUCKETS), ERRORS[0])

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "buckets": list(BUCKETS.items()),
    "errors": ERRORS[0],
}))
