"""A co-executed classifier step (np.random.choice over the model's own softmax
draws pseudo-labels for half the batch, so the step stays in the interpreter) asks the
tape for the weights' gradients and, once enabled, for the gradient with respect to
the input batch as well (a saliency map whose mean magnitude scales an input-gradient
penalty added to the next step's learning signal).  What changes mid-run: from step
11 the step calls `tape.watch(x)` and adds x to the sources, so the forward MatMul's
and the first layer's records no longer skip their input gradient (TF's
`skip_input_indices`); at step 21 it stops again.  Probes: the deferred walk's
chunks keyed by op signatures when the same ops switch between skipping and computing
one input's gradient, and the None that eager gives for an unwatched input."""
import random

import numpy

random.seed(4613)
numpy.random.seed(4613)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4613)
rng = np.random.default_rng(4613)
XS = rng.normal(size=(96, 6)).astype(np.float32)
LABELS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int64) + (XS[:, 2] > 1.0).astype(np.int64)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(7, activation="relu"),
                          keras.layers.Dense(3)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.05)
W_IN = tf.Variable(rng.normal(size=(6,)).astype(np.float32) * 0.3)
FLAGS = {"saliency": False}
SAL = [0.0]


def train_step(x, labels):
    probs = tf.nn.softmax(MODEL(x)).numpy().astype(np.float64)
    pseudo = np.array([np.random.choice(3, p=p / p.sum()) for p in probs[::2]])
    labels = labels.copy()
    labels[::2] = pseudo
    with tf.GradientTape() as tape:
        if FLAGS["saliency"]:
            tape.watch(x)
        xs = x * W_IN
        logits = MODEL(xs)
        loss = LOSS(tf.constant(labels), logits) * (1.0 + SAL[0])
    sources = [x, W_IN] + MODEL.trainable_variables
    grads = tape.gradient(loss, sources)
    g_x = grads[0]
    if g_x is not None:
        SAL[0] = float(tf.reduce_mean(tf.abs(g_x)))
    OPT.apply_gradients(zip(grads[1:], sources[1:]))
    return loss, g_x, grads, pseudo


for step in range(30):
    if step == 11:
        FLAGS["saliency"] = True
    if step == 21:
        FLAGS["saliency"] = False
    i = (step * 8) % 88
    loss, g_x, grads, pseudo = train_step(tf.constant(XS[i:i + 8]), LABELS[i:i + 8])
    print(step, repr(float(loss)), None if g_x is None else repr(float(g_x[2, 3])), repr(SAL[0]),
          repr(float(grads[1][4])), repr(float(grads[2][1, 5])), pseudo.tolist())

print(json.dumps({"w_in": [repr(float(v)) for v in W_IN.numpy()],
                  "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[::3]]}))
