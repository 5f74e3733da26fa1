"""A Normalization layer as a co-execution site whose statistics are plain tensors it holds
as attributes (`self.mean`, `self.variance`, set by finalize_state after adapt()): the
program re-adapts it to a new data window at steps 8, 16 and 24 (new tensor objects, new
values), and a Rescaling layer's `scale` and `offset` are rewritten at steps 12 and 20. The
normalised features feed a trained head under the tape. crc32 of the normalised batch keeps
the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5151)
rng = np.random.default_rng(5151)
X = (rng.normal(size=(200, 4)) * np.array([1.0, 5.0, 0.2, 3.0]) + np.array([0.0, 2.0, -1.0, 4.0])).astype("float32")
Y = rng.normal(size=(200, 1)).astype("float32")

NORM = keras.layers.Normalization()
NORM.adapt(X[:40])
RESC = keras.layers.Rescaling(scale=0.5, offset=0.1)
HEAD = keras.layers.Dense(1)
HEAD.build((None, 4))


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    z = NORM(x)
    with tf.GradientTape() as tape:
        p = HEAD(RESC(z))
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(z.numpy().tobytes()) % 863
    grads = tape.gradient(loss, HEAD.trainable_variables)
    for v, g in zip(HEAD.trainable_variables, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc, z


for step in range(32):
    if step in (8, 16, 24):
        NORM.adapt(X[step * 5:step * 5 + 40] * (1.0 + step / 10.0))
    if step == 12:
        RESC.scale = 2.0
    if step == 20:
        RESC.offset = -0.3
    i = (step * 8) % 192
    loss, grads, crc, z = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, flat(z[0]), flat(NORM.mean))
    print("  g", flat(grads[0]), flat(grads[1]))

print(json.dumps({"vars": [flat(v) for v in HEAD.weights], "var": flat(NORM.variance)}))
