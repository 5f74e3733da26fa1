"""Multi-task loss weighting by rank: the step orders the task names with sorted(TASKS,
key=functools.cmp_to_key(compare)) and gives the task at rank r the weight 0.5**r.
compare() is the program's function; it reads the module globals PRIORITY (a dict the
loop edits in place at step 16) and DESCENDING (flipped at step 8).  sorted() calls
compare from C through the KeyWrapper objects cmp_to_key makes, so no instruction of the
step reads those globals directly.  In eager the order follows every change.  A graph
that sorted natively at build time would keep the first order (the weights and the
printed order would be stale).  Probes: program callbacks invoked from C by
functools.cmp_to_key inside sorted()."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1639)
rng = np.random.default_rng(1639)

TASKS = ["depth", "normals", "segm"]
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = {t: (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32) for t in TASKS}
TRUNK = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
HEADS = {t: tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4) for t in TASKS}
OPT = keras.optimizers.Adam(learning_rate=0.02)
PRIORITY = {"depth": 2, "normals": 1, "segm": 3}
DESCENDING = True


def compare(a, b):
    pa, pb = PRIORITY[a], PRIORITY[b]
    if pa == pb:
        return -1 if a < b else (1 if a > b else 0)
    return (pb - pa) if DESCENDING else (pa - pb)


def train_step(x, ys):
    order = sorted(TASKS, key=functools.cmp_to_key(compare))
    variables = [TRUNK] + [HEADS[t] for t in TASKS]
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ TRUNK)
        loss = 0.0
        for r, t in enumerate(order):
            loss += 0.5 ** r * tf.reduce_mean(tf.square(h @ HEADS[t] - ys[t]))
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    print("order", ",".join(order))
    return loss


for step in range(26):
    if step == 8:
        DESCENDING = False
    if step == 16:
        PRIORITY["normals"] = 5
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), {t: tf.constant(YS[t][i:i + 8]) for t in TASKS})
    print(step, repr(float(loss)))

print(json.dumps({
    "heads": {t: [repr(float(v)) for v in HEADS[t].numpy().ravel()] for t in TASKS},
    "priority": PRIORITY,
    "descending": DESCENDING,
}))
