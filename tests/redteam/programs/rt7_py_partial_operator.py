"""functools.partial and operator-module callables whose hidden state changes mid-run.

ACT is `partial(tf.nn.leaky_relu, alpha=0.2)`; the step reads the learning rate with
`operator.itemgetter("lr")(CFG)`, the weight decay with `operator.attrgetter("wd")(HP)` (a
SimpleNamespace), the clip with `operator.methodcaller("get", "clip", 5.0)(CFG)`, and sums the
penalty with `functools.reduce(operator.add, ...)`.
Step 13: `ACT.keywords["alpha"] = 0.01` (the partial's own dict, changed in place).
Step 17: `CFG["lr"] = 0.05`.
Step 21: `HP.wd = 0.01`.
Step 25: `del CFG["clip"]` (methodcaller's default 5.0 applies).
Step 29: ACT is rebound to `partial(tf.nn.elu)`.
Step 33: GET_LR is rebound to `itemgetter("lr2")` and CFG gains "lr2".
A wrong converter keeps what the C-level callables read at build time: the old alpha, lr,
weight decay or clip."""
import functools
import operator
import random
import types

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2311)
random.seed(2311)
rng = np.random.default_rng(2311)

digits = load_digits()
X = (digits.data / 16.0 - 0.3).astype("float32")
Y = digits.target.astype("int32")

W1 = tf.Variable(rng.normal(size=(64, 32)).astype("float32") * 0.2)
W2 = tf.Variable(rng.normal(size=(32, 10)).astype("float32") * 0.2)
VARS = [W1, W2]
ACT = functools.partial(tf.nn.leaky_relu, alpha=0.2)
CFG = {"lr": 0.1, "clip": 0.5}
HP = types.SimpleNamespace(wd=1e-3)
GET_LR = operator.itemgetter("lr")
GET_WD = operator.attrgetter("wd")
GET_CLIP = operator.methodcaller("get", "clip", 5.0)


def train_step(x, y):
    lr = GET_LR(CFG)
    wd = GET_WD(HP)
    clip = GET_CLIP(CFG)
    with tf.GradientTape() as tape:
        logits = ACT(x @ W1) @ W2
        ce = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        pen = functools.reduce(operator.add, [tf.reduce_sum(tf.square(v)) for v in VARS])
        loss = ce + wd * pen
    grads = tape.gradient(loss, VARS)
    grads, gnorm = tf.clip_by_global_norm(grads, clip)
    for v, g in zip(VARS, grads):
        v.assign_sub(lr * g)
    return loss, gnorm, lr, wd, clip


for step in range(38):
    if step == 13:
        ACT.keywords["alpha"] = 0.01
    elif step == 17:
        CFG["lr"] = 0.05
    elif step == 21:
        HP.wd = 0.01
    elif step == 25:
        del CFG["clip"]
    elif step == 29:
        ACT = functools.partial(tf.nn.elu)
    elif step == 33:
        GET_LR = operator.itemgetter("lr2")
        CFG["lr2"] = 0.02
    i = (step * 16) % (len(X) - 16)
    loss, gnorm, lr, wd, clip = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), repr(float(gnorm)), lr, wd, clip, ACT.keywords)

for v in VARS:
    print("ck", repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
