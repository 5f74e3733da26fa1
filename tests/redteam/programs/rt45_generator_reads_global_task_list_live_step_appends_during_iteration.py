"""Auxiliary-loss tasks come from a generator made in the step that walks the program's
TASKS list by index while `i < len(TASKS)` (so it sees items appended while it is
suspended).  The consumer adds each task's weighted auxiliary loss and, when the main
loss is above a threshold and the list is still short, appends a "retry" task to TASKS
during the iteration: the generator then yields it too.  After the loop the step drops
retry tasks with a slice assignment.  At step 12 the loop adds a permanent task.
Probes: a generator made in the step, resumed lazily, whose body reads a caller's list
that the consumer writes between resumptions (length and items read live)."""
import random

import numpy

random.seed(4519)
numpy.random.seed(4519)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4519)
rng = np.random.default_rng(4519)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
TASKS = [("l1", 0.01), ("center", 0.05)]
SEEN = []


def pending():
    i = 0
    while i < len(TASKS):
        yield TASKS[i]
        i += 1


def aux_term(name, pred, y):
    if name == "l1":
        return tf.reduce_mean(tf.abs(pred - y))
    if name == "center":
        return tf.square(tf.reduce_mean(pred))
    if name == "range":
        return tf.reduce_mean(tf.nn.relu(tf.abs(pred) - 2.0))
    return tf.reduce_mean(tf.square(pred - y))


def train_step(x, y):
    names = []
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        main = tf.reduce_mean(tf.square(pred - y))
        loss = main
        hot = float(main) > 0.4
        for name, weight in pending():
            names.append(name)
            loss = loss + weight * aux_term(name, pred, y)
            if hot and len(TASKS) < 5:
                TASKS.append(("retry", 0.5))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TASKS[:] = [t for t in TASKS if t[0] != "retry"]
    SEEN.append(len(names))
    return loss, names


for step in range(26):
    if step == 12:
        TASKS.append(("range", 0.2))
    i = (step * 8) % 88
    loss, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), names, len(TASKS))

print(json.dumps({"seen": SEEN, "tasks": TASKS,
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:5]]}))
