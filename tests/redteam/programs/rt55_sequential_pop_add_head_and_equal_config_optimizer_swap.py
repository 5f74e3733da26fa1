"""Fine-tuning by head replacement: a Keras Sequential trunk+head is trained; at step 10
the loop removes the head with `MODEL.pop()` and adds a new Dense head built for 2
outputs (targets change shape too), and replaces the global optimizer `OPT` with a new
Adam of the very same config (equal-looking, new object, fresh slots); at step 18 it
freezes the trunk's first layer (`trainable = False`) and at step 24 swaps `OPT` again
for `OPT_B`, an Adam made from `OPT.get_config()` before any update (equal config,
untouched state).
Probes: a Sequential model whose layer list and variables change between converted
calls (pop/add), the optimizer global swapped for objects with equal configuration,
a layer frozen mid-run (trainable_variables read by the step)."""
import random

import numpy

random.seed(5534)
numpy.random.seed(5534)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5534)
rng = np.random.default_rng(5534)
XS = rng.normal(size=(128, 5)).astype(np.float32)
Y1 = (XS[:, :1] - XS[:, 1:2]).astype(np.float32)
Y2 = np.concatenate([Y1, XS[:, 2:3] * XS[:, 3:4]], axis=1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu", name="t0"),
                          keras.layers.Dense(8, activation="relu", name="t1"),
                          keras.layers.Dense(1, name="head1")])
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT_B = None
TARGETS = Y1


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, len(variables)


for step in range(32):
    if step == 10:
        MODEL.pop()
        MODEL.add(keras.layers.Dense(2, name="head2"))
        OPT = keras.optimizers.Adam(learning_rate=0.01)
        OPT_B = keras.optimizers.Adam.from_config(OPT.get_config())
        TARGETS = Y2
    if step == 18:
        MODEL.layers[0].trainable = False
    if step == 24:
        OPT = OPT_B
    i = (step * 16) % 112
    loss, nvars = train_step(tf.constant(XS[i:i + 16]), tf.constant(TARGETS[i:i + 16]))
    print(step, repr(float(loss)), nvars, int(OPT.iterations), [l.name for l in MODEL.layers])

print(json.dumps({"head": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()],
                  "t0": [repr(float(t)) for t in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "opt_is_b": OPT is OPT_B}))
