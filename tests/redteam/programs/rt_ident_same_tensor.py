"""The step takes (x, x_aug) and branches on `x_aug is x` (no augmentation: skip the
consistency term); it also memoizes a per-input normalizer in a dict keyed by id(x). Until
step 11 the loop passes two different tensors; from step 11 it passes the same tensor twice;
from step 22 fresh copies again. A converter that sees only values/shapes misses the alias."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(51)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(15)
XS = [tf.constant(rng.normal(size=(16, 4))) for _ in range(3)]
AUG = [x + tf.constant(rng.normal(size=(16, 4)) * 0.1) for x in XS]
YS = [tf.constant(rng.normal(size=(16, 1))) for _ in range(3)]

W = tf.Variable(rng.normal(size=(4, 1)) * 0.1)
NORM_CACHE = {}
ALIAS_LOG = []


def train_step(x, x_aug, y):
    key = id(x)
    if key not in NORM_CACHE:
        NORM_CACHE[key] = 1.0 / (1.0 + len(NORM_CACHE))
    scale = NORM_CACHE[key]
    with tf.GradientTape() as tape:
        pred = (x @ W) * scale
        loss = tf.reduce_mean(tf.square(pred - y))
        if x_aug is x:
            tag = "same"
        else:
            tag = "aug"
            pred2 = (x_aug @ W) * scale
            loss = loss + 0.5 * tf.reduce_mean(tf.square(pred2 - pred))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    ALIAS_LOG.append(tag)
    return loss, tag, scale


for step in range(33):
    i = step % 3
    if step < 11:
        a = AUG[i]
    elif step < 22:
        a = XS[i]
    else:
        a = tf.identity(XS[i])
    loss, tag, scale = train_step(XS[i], a, YS[i])
    print(step, repr(float(loss)), tag, scale, len(NORM_CACHE))

print("W", W.numpy().ravel().tolist())
print("alias", "".join(t[0] for t in ALIAS_LOG))
NORM_CACHE = {i: NORM_CACHE[id(x)] for i, x in enumerate(XS)}  # stable keys for the state dump
print("cache", NORM_CACHE)
