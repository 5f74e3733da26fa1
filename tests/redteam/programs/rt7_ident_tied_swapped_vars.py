"""Variables held in a dict, swapped, tied (one variable under two names) and untied between
steps; the step also receives the same tensor twice on some steps.

P maps "proj", "enc", "dec", "out" to variables; the step runs x -> proj -> enc -> dec -> out,
takes gradients for list(P.values()) and does SGD for each (name, variable) pair.
Step 14: P["enc"], P["dec"] swapped.
Step 20: P["dec"] = P["enc"] (tied: the same variable twice in the list -> two identical
         summed gradients, so eager applies the tied update twice).
Step 26: untied with a fresh variable copy of enc made outside (P["dec"] = tf.Variable(...)).
Step 31: P is rebound to a dict with the same items in reverse order.
The loop passes (xb, xb) -- the same object twice -- on even steps and (xb, augmented) on
odd ones; the step takes a shortcut when `x2 is x`.
A wrong converter updates by position instead of by object, applies a tied update once, keeps
the old dict, or answers `x2 is x` from the build."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4028)
random.seed(4028)
rng = np.random.default_rng(4028)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")


def var(shape, name):
    return tf.Variable(rng.normal(size=shape).astype("float32") * 0.2, name=name)


P = {"proj": var((64, 16), "proj"), "enc": var((16, 16), "enc"), "dec": var((16, 16), "dec"),
     "out": var((16, 10), "out")}
ORIG = dict(P)


def train_step(x, x2, y):
    same = x2 is x
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ P["proj"])
        if not same:
            h = 0.5 * (h + tf.nn.relu(x2 @ P["proj"]))
        h = tf.tanh(h @ P["enc"])
        h = tf.tanh(h @ P["dec"])
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, h @ P["out"]))
    names = list(P)
    vs = list(P.values())
    grads = tape.gradient(loss, vs)
    for n, v, g in zip(names, vs, grads):
        v.assign_sub(0.1 * g)
    return loss, same, names


for step in range(38):
    if step == 14:
        P["enc"], P["dec"] = P["dec"], P["enc"]
    elif step == 20:
        P["dec"] = P["enc"]
    elif step == 26:
        P["dec"] = tf.Variable(P["enc"].read_value(), name="dec2")
    elif step == 31:
        P = dict(reversed(list(P.items())))
    i = (step * 16) % (len(X) - 16)
    xb = tf.constant(X[i:i + 16])
    x2 = xb if step % 2 == 0 else tf.constant(np.clip(X[i:i + 16] + 0.05, 0, 1))
    loss, same, names = train_step(xb, x2, tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), same, names, [v.name for v in P.values()],
          P["enc"] is P["dec"])

for k, v in ORIG.items():
    print("orig", k, v.name, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("dec", P["dec"].name, repr(float(np.sum(np.abs(P["dec"].numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
