"""A co-executed episode step (each frame's action is drawn by np.random.choice from the
policy's numpy probabilities and a pure-Python corridor environment moves the agent)
records 8 frames on one tape but truncates backpropagation: at frame R it calls
`tape.reset()` (dropping everything recorded before, so only frames R.. contribute),
and every third frame's value bootstrap is computed under `tape.stop_recording()`.
What changes mid-run: R is 2 for steps 0-10 and 5 from step 11 (a Python int), so the
number of recorded frames and the walk's length change.  Probes: reset and
stop_recording inside an interpreted step whose Keras calls are graph sites recorded
on the tape, and the deferred walk over what remains."""
import random

import numpy

random.seed(4624)
numpy.random.seed(4624)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4624)
TRUNK = keras.layers.Dense(6, activation="tanh")
POLICY = keras.layers.Dense(3)
VALUE = keras.layers.Dense(1)
TRUNK(np.zeros((1, 3), np.float32))
POLICY(np.zeros((1, 6), np.float32))
VALUE(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"reset_at": 2}


def train_step():
    pos = 0
    terms = []
    boots = []
    with tf.GradientTape() as tape:
        for t in range(8):
            if t == STATE["reset_at"]:
                tape.reset()
                terms = []
            x = tf.constant([[pos / 5.0, t / 8.0, 1.0]], tf.float32)
            h = TRUNK(x)
            p = tf.nn.softmax(POLICY(h))[0]
            pn = p.numpy().astype(np.float64)
            a = int(np.random.choice(3, p=pn / pn.sum()))
            pos = max(0, min(5, pos + a - 1))
            r = 1.0 if pos == 5 else -0.1
            if t % 3 == 2:
                with tape.stop_recording():
                    boot = float(VALUE(TRUNK(x))[0, 0])
                boots.append(boot)
            else:
                boot = 0.0
            v = VALUE(h)[0, 0]
            terms.append(-tf.math.log(p[a]) * (r - float(v)) + tf.square(v - (r + 0.9 * boot)))
        loss = tf.add_n(terms)
    variables = TRUNK.trainable_variables + POLICY.trainable_variables + VALUE.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, len(terms), grads, pos, boots


for step in range(26):
    if step == 11:
        STATE["reset_at"] = 5
    loss, n, grads, pos, boots = train_step()
    print(step, n, pos, repr(float(loss)), repr(float(grads[0][1, 4])), repr(float(grads[2][5, 2])),
          repr(float(grads[4][3, 0])), [repr(b) for b in boots])

print(json.dumps({"value": [repr(float(v)) for v in VALUE.kernel.numpy().ravel()],
                  "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()]}))
