"""Tensor identity: an id()-keyed cache in the step stores (tensor, count, loss) per batch.
At step 12 the loop replaces its four batch tensors by fresh copies (old ones kept alive),
so every id() misses once and new entries appear; hits, counts and the stored tensors'
identities must match the interpreter. The id-keyed dict is deleted before exit."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(33)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(33)
XS = [tf.constant(rng.normal(size=(16, 3))) for _ in range(4)]
YS = [tf.constant(rng.normal(size=(16, 1))) for _ in range(4)]
W = tf.Variable(rng.normal(size=(3, 1)) * 0.1, name="w")
B = tf.Variable(tf.zeros((1,), tf.float64), name="b")
OPT = tf.keras.optimizers.SGD(0.1)
CACHE = {}
OLD_XS = []


def train_step(x, y):
    key = id(x)
    hit = key in CACHE
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W) + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    if hit:
        entry = CACHE[key]
        CACHE[key] = (entry[0], entry[1] + 1, float(loss))
    else:
        CACHE[key] = (x, 1, float(loss))
    return loss, hit


for i in range(32):
    if i == 12:
        OLD_XS = XS
        XS = [tf.identity(t) for t in XS]
    x = XS[i % 4]
    loss, hit = train_step(x, YS[i % 4])
    entry = CACHE[id(x)]
    print(i, hit, len(CACHE), entry[1], entry[0] is x, repr(entry[2]), repr(float(loss)))

KEPT = [v[0] for v in CACHE.values()]
COUNTS = [v[1] for v in CACHE.values()]
print("summary", COUNTS, [k is o for k, o in zip(KEPT[:4], OLD_XS)],
      [k is n for k, n in zip(KEPT[4:], XS)], repr(float(tf.reduce_sum(W))))
del CACHE
