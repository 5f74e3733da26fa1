"""A wide linear model over named feature columns whose batches arrive as dicts built by
three readers that emit the columns in different orders (the order rotates with the
step).  The step iterates `batch.items()`, adds each column's contribution to the logit
in that order (float addition is not associative, so the bits depend on it), builds the
variable list in the same order for `apply_gradients`, and records the order it saw as
a string in a global list.  At step 17 a fourth column appears in the middle of the
insertion order.  Probes: a dict argument's key order (same keys, other order) as part
of what a graph assumes, float sums whose association follows that order, and a list of
variables given to the optimizer in a call-dependent order."""
import random

import numpy

random.seed(534)
numpy.random.seed(534)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(534)
rng = np.random.default_rng(534)
N = 240
COLS = {
    "age": (rng.normal(size=(N, 3)) * 30.0).astype(np.float32),
    "income": (rng.normal(size=(N, 3)) * 1e3).astype(np.float32),
    "score": (rng.normal(size=(N, 3)) * 1e-2).astype(np.float32),
    "clicks": (rng.normal(size=(N, 3)) * 7.0).astype(np.float32),
}
YS = (np.tanh(COLS["age"][:, :1] / 30.0) + np.tanh(COLS["income"][:, 1:2] / 1e3)).astype(np.float32)
W = {k: tf.Variable(tf.fill((3, 1), 1e-3 * (j + 1)), name=k) for j, k in enumerate(COLS)}
BIAS = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=1e-7)
OPT.build(list(W.values()) + [BIAS])
ORDERS = []


def train_step(batch, y):
    with tf.GradientTape() as tape:
        logit = BIAS + 0.0
        seen = []
        for name, feat in batch.items():
            logit = logit + tf.matmul(feat, W[name])
            seen.append(name[:2])
        loss = tf.reduce_mean(tf.square(logit - y))
    variables = [W[k] for k in batch] + [BIAS]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    ORDERS.append("-".join(seen))
    return loss, logit


READERS = [("age", "income", "score"), ("score", "age", "income"), ("income", "score", "age")]
for step in range(33):
    names = list(READERS[step % 3])
    if step >= 17:
        names.insert(1, "clicks")
    i = (step * 8) % 232
    batch = {k: tf.constant(COLS[k][i:i + 8]) for k in names}
    loss, logit = train_step(batch, tf.constant(YS[i:i + 8]))
    print(step, ORDERS[-1], repr(float(loss)), repr(float(logit[3, 0])),
          repr(float(W["income"].numpy()[0, 0])))

print(json.dumps({k: [repr(float(x)) for x in v.numpy().ravel()] for k, v in W.items()}))
print(json.dumps({"bias": repr(float(BIAS.numpy()[0])), "orders": ORDERS[-4:], "n": len(ORDERS)}))
