"""Generators with cells of their own: nested generator expressions (the inner one
closes over the outer's loop variable) consumed by all() and any(), which stop at the
first item that decides, and a generator function whose yielded closures share a
`nonlocal` total.  The loop extends a global list at step 8 and an inner list of
another global at step 13."""
import json, random
import keras
import numpy as np
import tensorflow as tf

random.seed(0); np.random.seed(0)
keras.utils.set_random_seed(35)
rng = np.random.default_rng(35)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt = keras.optimizers.SGD(0.1)
GROUPS = [["a", "b"], ["b", "c"], ["d"]]
KNOWN = ["a", "b", "c"]


def scaled_terms(weights):
    total = 0.0
    for w in weights:
        def term(t):
            nonlocal total
            total += 1.0
            return t * w
        yield term
    yield (lambda t: t * total)


def train_step(x, y):
    covered = all(any(n == k for k in KNOWN) for g in GROUPS for n in g)
    counts = [sum(1 for n in g if any(n == k for k in KNOWN)) for g in GROUPS]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        for term in scaled_terms([0.5, 0.25]):
            loss = term(loss)
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, covered, counts


for step in range(20):
    if step == 8:
        KNOWN.append("d")
    if step == 13:
        GROUPS[0].append("z")
    i = (step * 4) % 36
    loss, covered, counts = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 6), covered, counts)
print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
