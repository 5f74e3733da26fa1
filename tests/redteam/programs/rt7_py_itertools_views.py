"""Live dict views and itertools in the step, over containers changed in place from outside.

ITEMS = LOSS_W.items() and KEYS = LOSS_W.keys() are views made once, outside the step; the step
weighs per-head losses with `for k, w in ITEMS` and prints `list(KEYS)`. The trainable
variables are chosen with `itertools.compress(ALL_VARS, MASK)`; the step also uses
`itertools.pairwise`, `itertools.accumulate` (running layer penalties), `itertools.chain` and
`itertools.islice`.
Step 13: LOSS_W["aux"] = 0.3 (a new key: the views now show it; nobody rebinds them).
Step 17: MASK[0] = 0 in place (freeze the first layer's kernel via compress).
Step 22: LOSS_W["main"] = 0.5 (a value changes).
Step 26: del LOSS_W["aux"]; MASK[0] = 1; MASK[3] = 0.
Step 31: LOSS_W is rebound to a new dict, but ITEMS/KEYS still view the *old* one (so eager
         keeps using the old weights), while the step's `len(LOSS_W)` sees the new one.
A wrong converter iterates a stale snapshot of a view or the mask, so it weighs losses or
trains variables the eager run does not."""
import itertools
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2513)
random.seed(2513)
rng = np.random.default_rng(2513)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

shapes = [(64, 32), (32,), (32, 16), (16,), (16, 10), (10,)]
ALL_VARS = [tf.Variable(rng.normal(size=s).astype("float32") * 0.15) for s in shapes]
MASK = [1, 1, 1, 1, 1, 1]
LOSS_W = {"main": 1.0}
ITEMS = LOSS_W.items()
KEYS = LOSS_W.keys()


def forward(x):
    h = x
    ws = ALL_VARS[0::2]
    bs = ALL_VARS[1::2]
    for (w, b), nxt in itertools.zip_longest(zip(ws, bs), ws[1:]):
        h = h @ w + b
        if nxt is not None:
            h = tf.nn.relu(h)
    return h


def train_step(x, y):
    train_vars = list(itertools.compress(ALL_VARS, MASK))
    with tf.GradientTape() as tape:
        logits = forward(x)
        losses = {
            "main": tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits)),
            "aux": tf.reduce_mean(tf.square(logits)) * 0.01,
        }
        total = tf.add_n([w * losses[k] for k, w in ITEMS])
        pens = list(itertools.accumulate(tf.reduce_sum(tf.square(w)) for w in ALL_VARS[0::2]))
        total = total + 1e-4 * pens[-1]
    grads = tape.gradient(total, train_vars)
    for v, g in zip(train_vars, grads):
        v.assign_sub(0.2 * g)
    diffs = [float(tf.reduce_sum(a) - tf.reduce_sum(b))
             for a, b in itertools.pairwise(itertools.islice(itertools.chain(ALL_VARS[1::2], ALL_VARS[0::2]), 4))]
    return total, len(train_vars), list(KEYS), len(LOSS_W), diffs, [float(p) for p in pens]


for step in range(38):
    if step == 13:
        LOSS_W["aux"] = 0.3
    elif step == 17:
        MASK[0] = 0
    elif step == 22:
        LOSS_W["main"] = 0.5
    elif step == 26:
        del LOSS_W["aux"]
        MASK[0] = 1
        MASK[3] = 0
    elif step == 31:
        LOSS_W = {"main": 2.0, "aux": 1.0}
    i = (step * 16) % (len(X) - 16)
    total, ntv, keys, nw, diffs, pens = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(total)), ntv, keys, nw, [repr(d) for d in diffs], [repr(p) for p in pens])

for v in ALL_VARS:
    print("ck", v.shape, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("views", list(ITEMS), list(LOSS_W.items()), MASK)
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
