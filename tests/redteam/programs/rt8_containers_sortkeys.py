"""sorted/min/max with key= over a global dict, and dict.get/setdefault/pop on copies.

SCORES ranks variables; the step trains only the TOPK best-ranked ones
(`sorted(SCORES.items(), key=lambda kv: (-kv[1], kv[0]))`), picks `max(SCORES,
key=SCORES.get)` for an extra lr boost, `min(<genexpr>, key=SCORES.get, default="none")`,
and reads hyperparameters from a copy `cfg = dict(CFG)` with pop/setdefault/get (the
global CFG itself never changes through the copy).
  step 12: SCORES["b2"] = 3.0     (b2 jumps to the top: ranking and max change)
  step 16: TOPK = 3               (a global int rebinding)
  step 20: CFG["lr"] = 0.03       (pop("lr", ...) on the copy sees it)
  step 24: CFG["boost"] = 1.5     (setdefault on the copy now finds the key)
  step 28: del SCORES["b1"], SCORES["b2"]  (the genexpr is empty: min's default)
  step 32: SCORES["w1"] = -1.0
A converter that runs the key functions once at build time, or guards SCORES/CFG only
by identity or by length, trains the wrong variables with the wrong lr; the printed
rankings differ, and CFG must stay unchanged by the copies' pops.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(815)

SCORES = {"w1": 1.0, "b1": 0.5, "w2": 2.0, "b2": 0.1}
CFG = {"lr": 0.06, "decay": 0.99}
TOPK = 2

rng = np.random.default_rng(815)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 1.5).astype(np.float32)
NAMED = {
    "w1": tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5),
    "b1": tf.Variable(np.zeros(6, np.float32)),
    "w2": tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5),
    "b2": tf.Variable(np.zeros(1, np.float32)),
}


def train_step(x, y):
    cfg = dict(CFG)
    lr = cfg.pop("lr", 0.01)
    boost = cfg.setdefault("boost", 1.0)
    decay = cfg.get("decay", 1.0)
    ranked = sorted(SCORES.items(), key=lambda kv: (-kv[1], kv[0]))
    chosen = [name for name, _ in ranked[:TOPK]]
    hi = max(SCORES, key=SCORES.get)
    lo = min((k for k in SCORES if k.startswith("b")), key=SCORES.get, default="none")
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ NAMED["w1"] + NAMED["b1"])
        pred = h @ NAMED["w2"] + NAMED["b2"]
        loss = tf.reduce_mean(tf.square(pred - y))
    names = sorted(NAMED)
    grads = tape.gradient(loss, [NAMED[n] for n in names])
    for n, g in zip(names, grads):
        if n in chosen:
            NAMED[n].assign_sub(lr * decay * (boost if n == hi else 1.0) * g)
    print("  chosen", chosen, "hi", hi, "lo", lo, "lr", repr(lr), "boost", repr(boost),
          "cfg_left", sorted(cfg.items()))
    return loss, chosen


for step in range(36):
    if step == 12:
        SCORES["b2"] = 3.0
    if step == 16:
        TOPK = 3
    if step == 20:
        CFG["lr"] = 0.03
    if step == 24:
        CFG["boost"] = 1.5
    if step == 28:
        del SCORES["b1"], SCORES["b2"]
    if step == 32:
        SCORES["w1"] = -1.0
    i = (step * 12) % 60
    loss, chosen = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), chosen)

print("final", {k: repr(float(tf.reduce_sum(v))) for k, v in NAMED.items()})
print("state", SCORES, CFG, TOPK)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
