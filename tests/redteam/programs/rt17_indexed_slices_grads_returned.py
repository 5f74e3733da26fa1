"""An embedding model whose step returns its gradients; the loop inspects the
embedding table's gradient (an IndexedSlices in eager) to count how often each row
was touched and to log the slice's shape.

tape.gradient of a tf.gather from a variable is a tf.IndexedSlices: `indices` are
the gathered ids in order (with repeats), `values` one row per occurrence, and
`dense_shape` the table's shape.  The loop reads `type(g).__name__`, `g.indices`,
`g.values.shape` and `g.dense_shape`.  A graph that returned the gradient densified
(a Tensor), or with another index order, would change the printed lines, the touch
counts and the JSON; the dense gradient of the output layer must stay a Tensor.
The number of ids per batch changes at step 15 (a relaxed shape).
Probes: composite tensor values (IndexedSlices) leaving a converted step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2424)
rng = np.random.default_rng(2424)

VOCAB = 20
IDS = rng.integers(0, VOCAB, size=(60, 8, 4)).astype(np.int32)
YS = rng.normal(size=(60, 8, 1)).astype(np.float32)
EMB = tf.Variable(rng.normal(size=(VOCAB, 6)).astype(np.float32) * 0.3)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TOUCHES = [0] * VOCAB


def train_step(ids, y):
    with tf.GradientTape() as tape:
        e = tf.gather(EMB, ids)
        pooled = tf.reduce_mean(e, axis=1)
        loss = tf.reduce_mean(tf.square(pooled @ W - y))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    return loss, grads


for step in range(30):
    ids = IDS[step] if step < 15 else IDS[step][:, :3]
    loss, (g_emb, g_w) = train_step(tf.constant(ids), tf.constant(YS[step]))
    kind = type(g_emb).__name__
    if isinstance(g_emb, tf.IndexedSlices):
        idx = g_emb.indices.numpy().tolist()
        for r in idx:
            TOUCHES[r] += 1
        desc = (tuple(g_emb.values.shape), g_emb.dense_shape.numpy().tolist(), idx[:5])
    else:
        desc = (tuple(g_emb.shape),)
    print(step, repr(float(loss)), kind, type(g_w).__name__, desc)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "EMB0": [repr(float(v)) for v in EMB.numpy()[0]],
    "touches": TOUCHES,
    "iterations": int(OPT.iterations.numpy()),
}))
