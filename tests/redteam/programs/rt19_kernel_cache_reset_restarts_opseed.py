"""Two ways a program restarts every fixed-seed stream without changing any seed value:
`keras.backend.clear_session()` (Keras 3 calls `context.context().clear_kernel_cache()`
under TensorFlow, to reset layer names and state between experiments) at step 10, and
`tf.random.set_seed(SEED)` with the SAME value the run started with at step 20 (it
empties the kernel cache and restarts the op-seed generator).  After either, eager's
`tf.random.normal(shape, seed=13)` starts its stream again from the beginning.  The step
draws with seed 13 and also unseeded; the loop draws with seed 13 outside the step at
steps 5, 15 and 25.  The model is raw variables, which clear_session does not touch.
Probes: kept stream positions emptied by every path that clears TF's kernel cache (a
library call, and a reseed whose value no guard sees change); a converter that goes on
from its kept position after either reset draws numbers eager does not."""
import json

import keras
import numpy as np
import tensorflow as tf

SEED = 1973
keras.utils.set_random_seed(SEED)
rng = np.random.default_rng(SEED)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        jitter = tf.random.uniform([8, 1], -0.01, 0.01)
        noise = tf.random.normal([8, 4], seed=13)
        h = tf.tanh((x + 0.1 * noise) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 + jitter - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise[0, 0], jitter[0, 0]


outside = []
for step in range(30):
    if step == 10:
        keras.backend.clear_session()
    if step == 20:
        tf.random.set_seed(SEED)
    i = (step * 8) % 56
    loss, n0, j0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n0)), repr(float(j0)))
    if step % 10 == 5:
        d = tf.random.normal([2], seed=13)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after": [repr(float(v)) for v in tf.random.normal([2], seed=13).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
