"""A bag-of-tags classifier fed by a tf.data iterator whose elements mix dtypes: an int32
id, a tf.string tag, a bool `keep` mask and a float target, batched by 4.  The step
pulls one batch, hashes the tags into 8 buckets (tf.strings.to_hash_bucket_fast) for an
embedding lookup, masks the loss with `keep`, and reports the decoded tags it trained
on (`[t.decode() for t in tags.numpy()]`), the number kept, and `keep.dtype`.  Probes:
pulled elements of string, bool and int32 dtypes inside a converted step (string tensors
turned into Python strs, bool masks, int32 ids): tags, counts and weights."""
import random

import numpy

random.seed(5118)
numpy.random.seed(5118)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5118)
rng = np.random.default_rng(5118)

WORDS = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa", "lambda"]
N = 44
TAGS = np.array([WORDS[int(k)] for k in rng.integers(0, len(WORDS), size=N)])
KEEP = rng.uniform(size=N) < 0.75
YS = np.array([len(t) / 5.0 for t in TAGS], dtype=np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int32), TAGS, KEEP, YS)).batch(4).repeat()
IT = iter(DS)

EMB = tf.Variable(tf.zeros((8,)), name="emb")
OPT = keras.optimizers.SGD(learning_rate=0.5)


def train_step():
    ids, tags, keep, y = next(IT)
    buckets = tf.strings.to_hash_bucket_fast(tags, 8)
    mask = tf.cast(keep, tf.float32)
    with tf.GradientTape() as tape:
        pred = tf.gather(EMB, buckets)
        loss = tf.reduce_sum(mask * tf.square(pred - y)) / tf.maximum(tf.reduce_sum(mask), 1.0)
    grads = tape.gradient(loss, [EMB])
    OPT.apply_gradients(zip(grads, [EMB]))
    words = [t.decode() for t in tags.numpy()]
    kept = int(tf.reduce_sum(tf.cast(keep, tf.int32)))
    return loss, ids.numpy().tolist(), words, kept, keep.dtype.name, ids.dtype.name


for step in range(33):
    loss, ids, words, kept, kd, idd = train_step()
    print(step, ids, words, kept, kd, idd, repr(float(loss)))

print(json.dumps({"emb": [repr(float(v)) for v in EMB.numpy()]}))
