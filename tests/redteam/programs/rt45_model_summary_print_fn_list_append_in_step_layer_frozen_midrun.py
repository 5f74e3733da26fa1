"""The step snapshots the architecture text each call with
`MODEL.summary(print_fn=SUMMARIES.append)`: Keras renders the table and hands the text
to the program's list's bound `append` (a C method, not the program's Python, and no
print).  The loop reports the number of snapshots and the "Trainable params" line of the
newest.  At step 10 the loop freezes the first Dense layer (`trainable = False`), which
changes the trainable count in the text and which variables train.  Probes: library
code run in the step whose only effect on the program is a call of a C method of the
program's list (an append per call, with text that depends on library state)."""
import random

import numpy

random.seed(4528)
numpy.random.seed(4528)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4528)
rng = np.random.default_rng(4528)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu", name="enc"),
                          keras.layers.Dense(1, name="out")], name="net")
OPT = keras.optimizers.SGD(learning_rate=0.05)
SUMMARIES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    MODEL.summary(print_fn=SUMMARIES.append)
    return loss


def trainable_line(text):
    for line in text.splitlines():
        if "Trainable params" in line:
            return " ".join(line.split())
    return None


for step in range(20):
    if step == 10:
        MODEL.layers[0].trainable = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(SUMMARIES), trainable_line(SUMMARIES[-1]) if SUMMARIES else None)

print(json.dumps({"enc": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:5]],
                  "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
