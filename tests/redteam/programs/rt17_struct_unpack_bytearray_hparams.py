"""Hot-reloadable hyperparameters packed in a bytearray (the layout a control
process would write into shared memory): the step decodes them each call with
struct.unpack_from("<3f", HP, 0) (loss scale, L2 coefficient, gradient clip) and
the loop edits them in place with struct.pack_into at steps 8, 16 and 24.

struct.unpack_from reads the bytearray's bytes through the buffer protocol, a C
function over a mutable buffer: the tuple of floats it returns depends on the bytes
at the call, not on the bytearray's identity.  Eager follows every in-place edit.  A
graph that ran unpack_from while building (its arguments a guarded module function,
a constant format and the same bytearray object) and baked the resulting floats in
would keep the first hyperparameters.  The losses, weights and decoded values in
the JSON would differ.
Probes: mutable buffers consumed by stdlib C functions (not item reads or
iteration) inside a step."""
import json
import struct

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2020)
rng = np.random.default_rng(2020)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HP = bytearray(12)
struct.pack_into("<3f", HP, 0, 1.0, 0.0, 10.0)
DECODED = []


def train_step(x, y):
    scale, l2, clip = struct.unpack_from("<3f", HP, 0)
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y)) + l2 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    grads = [tf.clip_by_norm(g, clip) for g in grads]
    OPT.apply_gradients(zip(grads, [W]))
    DECODED.append((scale, l2, clip))
    return loss


for step in range(32):
    if step == 8:
        struct.pack_into("<f", HP, 4, 0.05)
    if step == 16:
        struct.pack_into("<3f", HP, 0, 0.5, 0.05, 0.25)
    if step == 24:
        HP[0:4] = struct.pack("<f", 2.0)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in DECODED[-1]])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "decoded": sorted({tuple(repr(v) for v in d) for d in DECODED}),
    "iterations": int(OPT.iterations.numpy()),
}))
