"""One op seed (7) shared by several random ops in one step: `normal` float32 drawn
twice per call with different sizes (one kernel: the second draw continues after the
first), `normal` float64 and float16, `truncated_normal` float64, `uniform` float32 and
`uniform` int64 with bounds.  Each (op, dtype) is its own eager kernel, so each has its
own Philox stream, and each stream moves by its own draw sizes (3 and 5: odd sizes, not
a multiple of Philox's 4-number block).  At step 12 the mixing weight MIXW changes (a
rebuild with the same draws); the loop draws float32 normals and int64 uniforms with
seed 7 outside the step at every sixth step.  Probes: per-kernel stream positions for dtypes and ops beyond the
common float32 normal (half precision, doubles, truncated and integer uniform, two draws
of one kernel per call) continued across graph calls and eager draws."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1234)
rng = np.random.default_rng(1234)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
N = 3
MIXW = 0.01


def train_step(x, y):
    with tf.GradientTape() as tape:
        a = tf.random.normal([N], seed=7)
        b = tf.random.normal([N + 2], seed=7)
        c = tf.random.normal([N], seed=7, dtype=tf.float64)
        d = tf.random.normal([N], seed=7, dtype=tf.float16)
        e = tf.random.truncated_normal([N], seed=7, dtype=tf.float64)
        f = tf.random.uniform([N], seed=7)
        g = tf.random.uniform([N], minval=0, maxval=1000, dtype=tf.int64, seed=7)
        mix = (tf.reduce_sum(a) + tf.reduce_sum(b) + tf.cast(tf.reduce_sum(c), tf.float32)
               + tf.cast(tf.reduce_sum(d), tf.float32)
               + tf.cast(tf.reduce_sum(e), tf.float32) + tf.reduce_sum(f)
               + tf.cast(tf.reduce_sum(g), tf.float32) * 1e-3)
        h = tf.tanh(x @ W1 + MIXW * mix)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, mix, g


outside = []
for step in range(30):
    if step == 12:
        MIXW = 0.02
    i = (step * 8) % 56
    loss, mix, g = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mix)), [int(v) for v in g.numpy()])
    if step % 6 == 5:
        o1 = tf.random.normal([2], seed=7)
        o2 = tf.random.uniform([2], minval=0, maxval=1000, dtype=tf.int64, seed=7)
        outside.append([repr(float(v)) for v in o1.numpy()] + [int(v) for v in o2.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after_f16": [repr(float(v)) for v in tf.random.normal([3], seed=7, dtype=tf.float16).numpy()],
    "after_tn64": [repr(float(v)) for v in
                   tf.random.truncated_normal([3], seed=7, dtype=tf.float64).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
