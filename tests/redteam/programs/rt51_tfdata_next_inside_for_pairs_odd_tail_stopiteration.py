"""Contrastive pairs from one finite tf.data iterator: the step runs `for a in it:` and
inside the body takes the partner with `b = next(it)`, training on PAIRS pairs per call
and breaking after them.  Each epoch has 41 examples (odd), so the last `next(it)` of an
epoch raises StopIteration inside the for body; the step catches it, records the lone
id and returns.  The loop starts a new epoch (a new iterator) when the step reports the
end, and PAIRS goes from 2 to 3 at step 20.  Probes: next() of a tf.data iterator
inside a for loop over the same iterator, and the end of the data met by that next()
mid-call: which ids are paired, which one is left alone, epoch boundaries."""
import random

import numpy

random.seed(5108)
numpy.random.seed(5108)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5108)
rng = np.random.default_rng(5108)

N = 41
XS = rng.normal(size=(N, 5)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS))

W = tf.Variable(tf.eye(5) * 0.5, name="w")
OPT = keras.optimizers.SGD(learning_rate=0.02)
PAIRS = 2
LONE = []


def train_step(it):
    pairs = []
    ended = False
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for ia, xa in it:
            try:
                ib, xb = next(it)
            except StopIteration:
                LONE.append(int(ia))
                ended = True
                break
            pairs.append((int(ia), int(ib)))
            za = tf.linalg.matvec(W, xa)
            zb = tf.linalg.matvec(W, xb)
            loss = loss + tf.square(tf.reduce_sum(za * zb) - 0.1 * tf.reduce_sum(xa * xb))
            if len(pairs) == PAIRS:
                break
        else:
            ended = True
    if pairs:
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
    return loss, pairs, ended


epoch = 0
it = iter(DS)
for step in range(44):
    if step == 20:
        PAIRS = 3
    loss, pairs, ended = train_step(it)
    print(step, epoch, pairs, ended, repr(float(loss)))
    if ended:
        epoch += 1
        it = iter(DS)

print(json.dumps({
    "lone": LONE,
    "epochs": epoch,
    "w_diag": [repr(float(v)) for v in tf.linalg.diag_part(W).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
