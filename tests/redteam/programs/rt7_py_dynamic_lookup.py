"""Config read by *dynamic* lookups in the step: getattr with a default, hasattr, a name
computed at run time, globals().get(...), vars(cfg)[key], and an attribute set with setattr
under a computed name -- while attributes and globals appear and disappear from outside.

Step 13: cfg.warmup = 20 appears (getattr(cfg, "warmup", 0) was 0).
Step 17: the global LR_OVERRIDE is defined (globals().get("LR_OVERRIDE", None)).
Step 21: cfg.mode = "sum" (the step reads getattr(cfg, "reduce_" + cfg.mode)).
Step 25: del cfg.warmup; del LR_OVERRIDE (globals).
Step 29: cfg.frozen = True appears (hasattr(cfg, "frozen") -> skip the first layer's update).
Step 33: cfg is rebound to a copy whose __dict__ has the same keys, different values.
The step writes setattr(cfg, f"seen_{cfg.mode}", n) each call.
A wrong converter answers a lookup from the build (a stale default, a missing/extra global,
the old computed name), or writes the counter under the wrong name."""
import copy
import random
import types

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4836)
random.seed(4836)
rng = np.random.default_rng(4836)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W1 = tf.Variable(rng.normal(size=(64, 24)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(24, 10)).astype("float32") * 0.1)
cfg = types.SimpleNamespace(lr=0.2, mode="mean", reduce_mean=tf.reduce_mean, reduce_sum=tf.reduce_sum)
TICKS = [0]


def train_step(x, y):
    TICKS[0] += 1
    warm = getattr(cfg, "warmup", 0)
    lr = globals().get("LR_OVERRIDE", None)
    if lr is None:
        lr = vars(cfg)["lr"]
    if warm:
        lr = lr * min(1.0, TICKS[0] / warm)
    reduce = getattr(cfg, "reduce_" + cfg.mode)
    with tf.GradientTape() as tape:
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(y, tf.nn.relu(x @ W1) @ W2)
        loss = reduce(ce) / (16.0 if cfg.mode == "sum" else 1.0)
    g1, g2 = tape.gradient(loss, [W1, W2])
    if not hasattr(cfg, "frozen"):
        W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    key = f"seen_{cfg.mode}"
    setattr(cfg, key, getattr(cfg, key, 0) + 1)
    return loss, lr, warm


for step in range(38):
    if step == 13:
        cfg.warmup = 20
    elif step == 17:
        LR_OVERRIDE = 0.05
    elif step == 21:
        cfg.mode = "sum"
    elif step == 25:
        del cfg.warmup
        del LR_OVERRIDE
    elif step == 29:
        cfg.frozen = True
    elif step == 33:
        cfg = copy.copy(cfg)
        cfg.lr = 0.1
    i = (step * 16) % (len(X) - 16)
    loss, lr, warm = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), repr(lr), warm, sorted(k for k in vars(cfg) if not k.startswith("reduce_")),
          getattr(cfg, "seen_mean", None), getattr(cfg, "seen_sum", None))

print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("globals", "LR_OVERRIDE" in globals(), TICKS)
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
