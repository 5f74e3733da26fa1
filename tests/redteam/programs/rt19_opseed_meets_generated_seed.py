"""With a global seed G, an unseeded draw gets the pair (G, g_k) where g_k is the k-th
`randint(0, 2**31 - 1)` of `random.Random(G)` (the context's op-seed generator), and an
op given `seed=s` gets (G, s).  The program computes g_12 itself and gives it as the op
seed of one draw in the step.  The step makes one unseeded draw (g_0 at step 0, g_1 at
step 1, ...) and one draw with seed g_12: at step 12 the unseeded draw
names the very kernel the seeded draws have been advancing, so eager continues that
stream there, and the seeded draw of the same call continues after it.
The loop also draws with seed g_12 outside the step.
Probes: a stream shared between a fixed op seed and a generated one, reached only after
the step has run as a graph for many calls; a converter that keeps its own positions for
the fixed seed and asks TF's generator only for the unseeded pair double-uses numbers."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

G = 4242
keras.utils.set_random_seed(G)
rng = np.random.default_rng(G)

_gen = random.Random(G)
GENERATED = [_gen.randint(0, 2**31 - 1) for _ in range(64)]
NEXT = 12
FIXED = GENERATED[NEXT]

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        free = tf.random.normal([8, 4])
        fixed = tf.random.normal([8, 4], seed=FIXED)
        h = tf.tanh((x + 0.1 * free + 0.1 * fixed) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, free[0, 0], fixed[0, 0]


outside = []
for step in range(30):
    i = (step * 8) % 56
    loss, f0, x0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(f0)), repr(float(x0)))
    if step in (8, 16, 24):
        d = tf.random.normal([2], seed=FIXED)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after_fixed": [repr(float(v)) for v in tf.random.normal([2], seed=FIXED).numpy()],
    "after_free": [repr(float(v)) for v in tf.random.normal([2]).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
