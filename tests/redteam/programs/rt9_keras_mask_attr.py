"""A helper janus takes over (train_step refused: model-probability draw and crc32) runs a
Keras Embedding with mask_zero=True under train_step's tape and returns its output. Keras
attaches the mask to the returned tensor object (`_keras_mask`); train_step then calls a
GlobalAveragePooling1D and a masked Dense/Softmax path that pick the mask up from that
attribute. The returned object must be the tensor eager returns, attribute included, and the
embedding gradient (IndexedSlices) must be eager's."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(431)
rng = np.random.default_rng(431)
IDS = rng.integers(0, 9, size=(120, 6)).astype(np.int32)
IDS[:, 4:] = np.where(rng.uniform(size=(120, 2)) < 0.6, 0, IDS[:, 4:])
YS = rng.normal(size=(120, 1)).astype(np.float32)
EMB = keras.layers.Embedding(9, 4, mask_zero=True)
POOL = keras.layers.GlobalAveragePooling1D()
HEAD = keras.layers.Dense(1)
EMB.build((None, 6))
HEAD.build((None, 4))
PICK = np.random.default_rng(41)


def embed(ids):
    return EMB(ids)


def describe(g):
    if isinstance(g, tf.IndexedSlices):
        return ["IS", g.indices.numpy().tolist()[:8], g.values.numpy().ravel().tolist()[:4]]
    return [type(g).__name__, g.numpy().ravel().tolist()[:4]]


def train_step(ids, y):
    with tf.GradientTape() as tape:
        h = embed(ids)
        mask = getattr(h, "_keras_mask", None)
        pooled = POOL(h)
        out = HEAD(pooled)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [EMB.embeddings, HEAD.kernel, HEAD.bias])
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(pooled.numpy().tobytes())
    for v, g in zip([EMB.embeddings, HEAD.kernel, HEAD.bias], grads):
        v.assign_sub(0.1 * tf.convert_to_tensor(g))
    return loss, mask, pooled, grads, pick, crc


for step in range(30):
    i = (step * 4) % 110
    loss, mask, pooled, grads, pick, crc = train_step(tf.constant(IDS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, repr(float(loss)), None if mask is None else mask.numpy().astype(int).tolist(), pick, crc)
    print("   ", pooled.numpy().ravel().tolist()[:4], [describe(g) for g in grads])

print(json.dumps({"emb": EMB.embeddings.numpy().ravel().tolist()[:12],
                  "head": HEAD.kernel.numpy().ravel().tolist()}))
