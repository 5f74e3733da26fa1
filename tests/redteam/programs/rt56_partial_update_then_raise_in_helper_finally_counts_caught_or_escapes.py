"""The step applies its gradients variable by variable through a helper that raises
RuntimeError when it reaches a variable named in the program's BLOCKED set, so the
variables before it are already updated when the error is raised.  A `finally` in the
step counts the attempt in a tf.Variable and appends to a history list.  When
`CATCH[0]` is True the step catches the error itself and prints it; otherwise the error
leaves the step and the loop catches it.  The loop blocks "w2" at steps 6-8 (caught),
"b1" at steps 12-13 (escaping), "w2" again at 18 (escaping), "w1" at 23-24 (caught) and
switches CATCH off at step 10 and on again at step 21.  Probes: updates made before an exception
raised part-way through a step (kept, as eager keeps them), finally blocks on both
paths, output order."""
import random

import numpy

random.seed(5635)
numpy.random.seed(5635)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5635)
rng = np.random.default_rng(5635)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) - XS[:, 3:4]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5, name="w1")
B1 = tf.Variable(np.zeros((6,), np.float32), name="b1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5, name="w2")
VARS = [W1, B1, W2]
NAMES = ["w1", "b1", "w2"]
ATTEMPTS = tf.Variable(0, dtype=tf.int64)
BLOCKED = set()
CATCH = [True]
HIST = []


def apply_all(grads):
    for g, v, name in zip(grads, VARS, NAMES):
        if name in BLOCKED:
            raise RuntimeError("blocked " + name)
        v.assign_sub(0.05 * g)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(tf.nn.relu(tf.matmul(x, W1) + B1), W2) - y))
    grads = tape.gradient(loss, VARS)
    try:
        if CATCH[0]:
            try:
                apply_all(grads)
            except RuntimeError as e:
                print("step caught", step, str(e))
        else:
            apply_all(grads)
    finally:
        ATTEMPTS.assign_add(1)
        HIST.append(step)
    return loss


for step in range(30):
    BLOCKED.clear()
    if step in (6, 7, 8, 18):
        BLOCKED.add("w2")
    if step in (12, 13):
        BLOCKED.add("b1")
    if step in (23, 24):
        BLOCKED.add("w1")
    if step == 10:
        CATCH[0] = False
    if step == 21:
        CATCH[0] = True
    i = (step * 8) % 120
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)), int(ATTEMPTS.numpy()), len(HIST),
              repr(float(W1.numpy()[0, 0])), repr(float(W2.numpy()[0, 0])))
    except RuntimeError as e:
        print(step, "escaped", str(e), int(ATTEMPTS.numpy()), len(HIST),
              repr(float(W1.numpy()[0, 0])), repr(float(W2.numpy()[0, 0])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "b1": [repr(float(v)) for v in B1.numpy()],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()]}))
