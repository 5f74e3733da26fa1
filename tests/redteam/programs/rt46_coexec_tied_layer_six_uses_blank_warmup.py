"""A co-executed recurrent-style step (a pure-Python environment returns the next
observation from the action drawn by np.random.choice over the policy's numpy
probabilities, so the step stays in the interpreter) applies ONE Keras Dense layer six
times per step (weight tying across six unrolled frames) and a shared head three
times, so each of their variables' gradients is a sum of six (three) terms, which
eager's tape adds with AddN in the order its walk met them, and each intermediate
state's gradient is a sum of two or three terms.  What changes mid-run: for steps
0-6 the observations are blank (all zeros and a zero target, so the tied layer's
kernel gradient terms are all exactly zero); from step 7 they are real.  Probes: the
order and rounding of multi-term gradient sums in the deferred walk's compiled chunks,
where the first compiled runs (compared with eager) had only zero terms."""
import random

import numpy

random.seed(4632)
numpy.random.seed(4632)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4632)
rng = np.random.default_rng(4632)
OBS = rng.normal(size=(200, 6)).astype(np.float32)
CELL = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(3)
CELL(np.zeros((1, 6), np.float32))
HEAD(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
BLANK_UNTIL = 7
POS = [0]


def train_step(blank):
    frames = []
    for t in range(6):
        if blank:
            frames.append(np.zeros((1, 6), np.float32))
        else:
            frames.append(OBS[POS[0]][None, :])
        p = tf.nn.softmax(HEAD(tf.constant(frames[-1])))[0].numpy().astype(np.float64)
        a = int(np.random.choice(3, p=p / p.sum()))
        POS[0] = (POS[0] * 5 + a + 1) % 200
    target = 0.0 if blank else float(OBS[POS[0], 0])
    with tf.GradientTape() as tape:
        s = tf.zeros((1, 6))
        outs = []
        for t in range(6):
            s = CELL(s + tf.constant(frames[t])) + 0.5 * s
            if t % 2 == 1:
                outs.append(HEAD(s))
        total = outs[0] + outs[1] * 0.5 + outs[2] * 0.25
        loss = tf.reduce_mean(tf.square(total - target))
    variables = CELL.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(30):
    loss, grads = train_step(step < BLANK_UNTIL)
    gk = grads[0].numpy()
    print(step, POS[0], repr(float(loss)), repr(float(gk[0, 3])), repr(float(gk[4, 1])),
          repr(float(np.sum(gk, dtype=np.float64))), repr(float(grads[1][2])), repr(float(grads[2][5, 0])))

print(json.dumps({"cell": [repr(float(v)) for v in CELL.kernel.numpy().ravel()],
                  "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()]}))
