"""`max`/`min` of Python floats the step computes from the graph, where the operands
compare equal or unordered: max(a, b) returns `a` itself unless `b > a`, so
max(-0.0, 0.0) is the -0.0 object and max(0.0, -0.0) the 0.0 one, and max(nan, 1.0) is
the nan while max(1.0, nan) is the 1.0.  The step makes zeros whose sign follows the
loss and the global SIGN (flipped at steps 10 and 20) and a NaN from inf - inf, takes
min/max of them in both orders and nested, tests INSIDE the step which operand object
came back (`max(neg, pos) is neg`), and folds the results into a clip bound (copysign
reads the sign of the zero).  Probes: tie/NaN semantics and the identity of min/max
results on numbers the graph carries, where the identity is asked in the step itself
rather than after the commit; a converter that picks by value, or answers `is` between
two graph values by comparing its own stand-ins, says False where eager says True."""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1931)
rng = np.random.default_rng(1931)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIGN = 1.0
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    lv = float(loss)
    pos = lv * 0.0 * SIGN
    neg = -lv * 0.0 * SIGN
    nan = lv * math.inf - math.inf
    picks = [
        max(neg, pos), max(pos, neg), min(pos, neg), min(neg, pos),
        max(max(neg, pos), 0.0), min(min(pos, neg), -0.0),
        max(nan, lv), max(lv, nan), min(nan, lv), min(lv, nan),
    ]
    same = [max(neg, pos) is neg, max(pos, neg) is pos, min(lv, nan) is lv,
            max(nan, lv) is nan]
    bound = math.copysign(1.0, max(neg, pos)) * 0.5 + 1.5
    grads = tape.gradient(loss, [W1, W2])
    grads = [tf.clip_by_value(g, -bound, bound) for g in grads]
    OPT.apply_gradients(zip(grads, [W1, W2]))
    HIST.append(picks[0])
    return loss, picks, bound, same


for step in range(30):
    if step == 10:
        SIGN = -1.0
    if step == 20:
        SIGN = 1.0
    i = (step * 8) % 56
    loss, picks, bound, same = train_step(tf.constant(XS[i:i + 8]),
                                          tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(p) for p in picks], repr(bound), same)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "hist": [repr(v) for v in HIST],
    "iterations": int(OPT.iterations.numpy()),
}))
