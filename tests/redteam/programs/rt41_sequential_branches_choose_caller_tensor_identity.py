"""Hard-example selection: the step receives four candidate batches (the caller's
tensors, in a tuple) and keeps the one with the largest current loss through a chain
of Python `if` statements on tensors (`if loss_c > best_loss: best = c`), unrolled
over the static tuple.  It trains on `best`, stores it on a selector object and
returns it; the loop prints which caller tensor (by identity) was chosen, and whether
the stored one is the returned one.  Probes: identity of a caller's tensor chosen
through a sequence of tensor branches (a four-way choice), stored and returned."""
import random

import numpy

random.seed(33)
numpy.random.seed(33)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4126)
rng = np.random.default_rng(4126)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.3 - XS[:, 1:2] * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Selector:
    chosen = None


SEL = Selector()


def batch_loss(xy):
    x, y = xy
    return tf.reduce_mean(tf.square(x @ W - y))


def train_step(cands):
    best = cands[0]
    best_loss = batch_loss(best)
    for c in cands[1:]:
        lc = batch_loss(c)
        if lc > best_loss:
            best = c
            best_loss = lc
    SEL.chosen = best
    with tf.GradientTape() as tape:
        loss = batch_loss(best)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, best


for step in range(34):
    cands = []
    for k in range(4):
        j = ((step * 4 + k) * 8) % 120
        cands.append((tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8])))
    cands = tuple(cands)
    loss, best = train_step(cands)
    which = [best is c for c in cands].index(True) if any(best is c for c in cands) else -1
    print(step, repr(float(loss)), which, SEL.chosen is best, best[0] is cands[which][0])

print("W", [repr(float(v)) for v in W.numpy().ravel()])
