"""Embedding tables read by tf.gather, tf.nn.embedding_lookup (with max_norm) and
variable.sparse_read, tf.gather_nd (a dense gradient) in helpers janus takes over (train_step refused: model-probability draw
and crc32), plus one gather in train_step itself, all under one tape. Eager's gradient for a
table is an IndexedSlices whose indices and values are the concatenation of each lookup's
slices in the order the tape processed them; one table is also used densely, so its
contributions are summed. Printed: the gradient's type, indices and values, exactly."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(111)
rng = np.random.default_rng(111)
IDS = rng.integers(0, 12, size=(40, 5)).astype(np.int32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
E = tf.Variable(rng.normal(size=(12, 3)).astype(np.float32), name="E")
F = tf.Variable(rng.normal(size=(12, 3)).astype(np.float32), name="F")
G = tf.Variable(rng.normal(size=(12, 3)).astype(np.float32), name="G")
P = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="P")
OPT = keras.optimizers.SGD(0.1)
PICK = np.random.default_rng(16)


def lookups(ids):
    a = tf.gather(E, ids[:, :2])
    b = tf.nn.embedding_lookup(E, ids[:, 2:4], max_norm=1.5)
    c = F.sparse_read(ids[:, 4])
    d = tf.gather_nd(G, tf.stack([ids[:, 1], ids[:, 1] % 3], axis=1))
    return tf.reduce_sum(a, 1) + tf.reduce_mean(b, 1) * 0.5 + c + d[:, None] * 0.3


def dense_reg():
    return 0.001 * tf.reduce_sum(F * F) + 0.0005 * tf.reduce_sum(tf.abs(F))


def describe(g):
    if isinstance(g, tf.IndexedSlices):
        return ["IndexedSlices", g.indices.numpy().tolist(), g.values.numpy().ravel().tolist()[:9]]
    return [type(g).__name__, g.numpy().ravel().tolist()[:9]]


def train_step(ids, y):
    with tf.GradientTape() as tape:
        h = lookups(ids)
        extra = tf.gather(F, ids[:, 0]) * 0.25
        out = (h + extra) @ P
        loss = tf.reduce_mean(tf.square(out - y)) + dense_reg()
    ge, gf, gp, gg = tape.gradient(loss, [E, F, P, G])
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(ge.values.numpy().tobytes() + ge.indices.numpy().tobytes())
    OPT.apply_gradients([(ge, E), (gf, F), (gp, P), (gg, G)])
    return loss, ge, gf, gp, gg, pick, crc


for step in range(30):
    i = (step * 4) % 36
    loss, ge, gf, gp, gg, pick, crc = train_step(tf.constant(IDS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), pick, crc)
    print("   E", describe(ge))
    print("   F", describe(gf))
    print("   P", describe(gp))
    print("   G", describe(gg))

print(json.dumps({"E": E.numpy().ravel().tolist(), "F": F.numpy().ravel().tolist(),
                  "P": P.numpy().ravel().tolist(), "G": G.numpy().ravel().tolist(), "iters": int(OPT.iterations.numpy())}))
