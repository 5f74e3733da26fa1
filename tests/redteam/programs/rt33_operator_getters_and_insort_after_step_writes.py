"""The step writes Python state and then reads it back through C callables from the
operator module and writes through bisect.insort: it records the loss in `REC.loss`
and reads it with operator.attrgetter('loss'); it appends to a list and reads the last
item with operator.itemgetter(-1); it keeps a sorted list of the best losses with
bisect.insort and reads its head.  Probes: C helpers (not the builtins janus lists)
reading or changing the program's objects inside a converted call."""
import random
import numpy
random.seed(19)
numpy.random.seed(19)
import bisect
import operator
import keras
import numpy as np
import tensorflow as tf


class Rec:
    pass


REC = Rec()
REC.loss = 9.0
keras.utils.set_random_seed(3319)
rng = np.random.default_rng(3319)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * -1.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOG = [0.0]
BEST = [5.0, 6.0]
GET_LOSS = operator.attrgetter("loss")
LAST = operator.itemgetter(-1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    v = float(loss)
    REC.loss = v
    seen = getattr(REC, "loss")
    LOG.append(v * 2)
    last = LOG[-1]
    bisect.insort(BEST, v)
    head = BEST[0]
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, seen, last, head


for step in range(30):
    i = (step * 8) % 56
    loss, seen, last, head = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), seen, last, head, len(BEST))

print("best", BEST[:4], len(LOG), REC.loss)
print("W", [float(v).hex() for v in W.numpy().ravel()])
