"""With the global seed 0 (`keras.utils.set_random_seed(0)`), an op given `seed=0`
gets the pair (0, 0), which `random_seed.get_seed` remaps to (0, 2**31 - 1) before the
kernel sees it; `seed=2**31 - 1` truncates to 0 and lands on the same remapped pair, so
both name ONE eager kernel.  The step draws noise with the op seed in the global OPSEED:
3 for steps 0-9, 0 for steps 10-19, 2**31 - 1 for steps 20-29 (eager: continuing the
seed-0 stream), and a second, always-seeded draw with seed 3.  The loop draws with
seed 0 outside the step at steps 14 and 24.  Probes: the (0, 0) -> (0, MAXINT) remap and
truncation in a converter that computes seed pairs itself for its stateless kernels;
keying a stream on (0, 0) or on the raw op seed gives numbers eager never draws."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
rng = np.random.default_rng(1913)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPSEED = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise = tf.random.normal([8, 4], seed=OPSEED)
        gate = tf.random.uniform([8, 1], seed=3)
        h = tf.tanh((x + 0.1 * noise) @ W1) * (0.5 + gate)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise[0, 0], gate[0, 0]


outside = []
for step in range(30):
    if step == 10:
        OPSEED = 0
    if step == 20:
        OPSEED = 2**31 - 1
    i = (step * 8) % 56
    loss, n0, g0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n0)), repr(float(g0)))
    if step in (14, 24):
        d = tf.random.normal([2], seed=0)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after0": [repr(float(v)) for v in tf.random.normal([2], seed=0).numpy()],
    "after3": [repr(float(v)) for v in tf.random.uniform([2], seed=3).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
