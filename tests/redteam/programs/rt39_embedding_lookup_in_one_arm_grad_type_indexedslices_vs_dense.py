"""Two embedding tables; an `if` on a tensor (batch mean label plus a per-call offset)
looks the token ids up in table A on one arm and in table B on the other (both via
`tf.nn.embedding_lookup`), then a shared linear head.  The step takes the gradients of
both tables, reports the Python type name of each (eagerly an IndexedSlices for the
table used, None for the other), the number of rows it touches, and applies the
non-None ones with SGD(momentum) (whose update of a sparse gradient touches only the
rows looked up).  Probes: sparse gradients of a variable read in one arm of a branch
on a tensor."""
import random

import numpy

random.seed(3930)
numpy.random.seed(3930)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3930)
rng = np.random.default_rng(3930)
V, D = 30, 4
IDS = rng.integers(0, V, size=(128, 3)).astype(np.int32)
LAB = (IDS.sum(axis=1, keepdims=True) % 2).astype(np.float32)
EA = tf.Variable(rng.normal(size=(V, D)).astype(np.float32) * 0.3, name="ea")
EB = tf.Variable(rng.normal(size=(V, D)).astype(np.float32) * 0.3, name="eb")
HW = tf.Variable(rng.normal(size=(D, 1)).astype(np.float32) * 0.3, name="hw")
OPT = keras.optimizers.SGD(0.1, momentum=0.9)
OPT.build([EA, EB, HW])
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(ids, y, off):
    with tf.GradientTape() as tape:
        if tf.reduce_mean(y) + off > 0.9:
            e = tf.nn.embedding_lookup(EA, ids)
        else:
            e = tf.nn.embedding_lookup(EB, ids)
        logit = tf.reduce_mean(e, axis=1) @ HW
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logit))
    ga, gb, gh = tape.gradient(loss, [EA, EB, HW])
    kinds = [type(g).__name__ for g in (ga, gb, gh)]
    pairs = [(g, v) for g, v in ((ga, EA), (gb, EB), (gh, HW)) if g is not None]
    OPT.apply_gradients(pairs)
    return loss, kinds, len(pairs)


for step in range(len(OFF)):
    i = (step * 8) % 120
    loss, kinds, n = train_step(tf.constant(IDS[i:i + 8]), tf.constant(LAB[i:i + 8]),
                                tf.constant(OFF[step]))
    print(step, repr(float(loss)), kinds, n)

for v in (EA, EB, HW):
    print(v.name, v.numpy().ravel()[:8].tolist(), repr(float(np.abs(v.numpy()).sum())))
print("mom", [repr(float(np.abs(s.numpy()).sum())) for s in OPT.variables[1:]])
