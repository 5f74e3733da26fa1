"""An eager random kernel is cached per op, attributes and device; `tf.random.normal` puts
the dtype of its SHAPE argument in the attribute T.  A shape given as a Python list
converts to int32, a numpy int64 array (or an int64 tensor) to int64: with the same
`seed=7` and the same output dtype these are two kernels and two independent Philox
streams.  The step draws noise with seed 7 and the shape held in the global SHAPE: a
Python list for steps 0-9, a numpy int64 array for steps 10-19 (eager: a new kernel
whose stream starts at its beginning), and the list again from step 20 (eager: the
int32 kernel goes on from where step 9 left it).  The loop draws with seed 7 and a list
shape outside the step every seventh step.  Probes: fixed-seed stream positions keyed
by (op, output dtype, seed pair) without the shape's dtype; a converter that continues
one stream across both shape dtypes draws other numbers than eager."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2207)
rng = np.random.default_rng(2207)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SHAPE = [8, 4]


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise = tf.random.normal(SHAPE, seed=7)
        h = tf.tanh((x + 0.1 * noise) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise[0, 0]


outside = []
for step in range(30):
    if step == 10:
        SHAPE = np.array([8, 4], dtype=np.int64)
    if step == 20:
        SHAPE = [8, 4]
    i = (step * 8) % 56
    loss, n0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n0)))
    if step % 7 == 6:
        d = tf.random.normal([2], seed=7)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

del SHAPE
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after_list": [repr(float(v)) for v in tf.random.normal([2], seed=7).numpy()],
    "after_int64": [repr(float(v)) for v in
                    tf.random.normal(np.array([2], dtype=np.int64), seed=7).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
