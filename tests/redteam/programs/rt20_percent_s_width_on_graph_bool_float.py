"""Probes `%s` with a width or precision applied to non-str values the graph computes,
against `format()` specs applied to the same values.

Eager: `"%6s" % improved` is `str(improved)` padded (`"  True"`), while
`"{:>6}".format(improved)` and `f"{improved:>6}"` go through `int.__format__` for a bool
with a non-empty spec and give `"     1"`; `"%.5s" % lossf` is the first five characters
of `str(lossf)` (`"0.123"`), while `"{:.5}".format(lossf)` is five significant digits.
`improved` (a bool) and `lossf` (a float) are computed in the step from the loss.  From
step 15 the loop changes the template strings (globals) to other mixes of `%-7s`,
`%8.3s`, `{!s:>6}`, `{:<6}` so the graph built first no longer fits.

A conversion that maps `%6s` to the format spec `>6`, or formats a bool's spec through
`str()`, prints `"     1"` where eager prints `"  True"` (or the reverse), or `0.1235`
where eager prints `0.123`.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2005)
random.seed(2005)
np.random.seed(2005)
rng = np.random.default_rng(2005)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)

PCT = "step %3d improved=%6s loss=%.5s"
BRACE = "[{:>6}] [{!s:>6}] [{:.5}]"
BEST = [float("inf")]
LINES = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    lossf = float(loss)
    improved = lossf < BEST[0]
    if improved:
        BEST[0] = lossf
    a = PCT % (step, improved, lossf)
    b = BRACE.format(improved, improved, lossf)
    c = f"<{improved:^5}|{improved!s:^7}|{lossf:.3}|{improved:d}>"
    LINES.append(a)
    print(a)
    print(b)
    print(c)
    return loss


for step in range(40):
    if step == 15:
        PCT = "s=%-4d imp=%-7s| loss=%8.3s"
    if step == 22:
        BRACE = "[{:<6}] [{!s:<6}] [{:8.3}]"
    if step == 30:
        PCT = "%d:%5.4s:%s"
    i = (step * 8) % 56
    train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)

print(json.dumps({
    "best": repr(BEST[0]),
    "last_lines": LINES[-3:],
    "n_lines": len(LINES),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
