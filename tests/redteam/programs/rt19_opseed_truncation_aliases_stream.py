"""TensorFlow truncates an op seed modulo 2**31 - 1 before it becomes the kernel's `seed2`
attribute (random_seed._truncate_seed), so `tf.random.normal(shape, seed=5)`,
`seed=5 + (2**31 - 1)` and `seed=-(2**31 - 1 - 5)` all name one eager kernel and continue
ONE Philox stream.  The step draws its input noise with seed 5 every call and a second
noise tensor with the seed held in the global ALIAS: 11 (its own stream) for steps 0-9,
then 5 + (2**31 - 1) for steps 10-19 (eager: the same kernel as seed 5, so each call's
second draw continues right after the first), then -(2**31 - 1 - 5) for steps 20-29 (the
same kernel again).  The loop also draws with seed 5 outside the step at every fifth step.
Probes: fixed-seed stream bookkeeping keyed on the Python seed value instead of the
truncated pair TF's kernel cache is keyed by; a converter that starts a fresh stream
for 2147483652 draws other numbers than eager."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(719)
rng = np.random.default_rng(719)

MAXINT32 = 2**31 - 1
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ALIAS = 11


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise_a = tf.random.normal([8, 4], seed=5)
        noise_b = tf.random.normal([8, 4], seed=ALIAS)
        h = tf.tanh((x + 0.1 * noise_a + 0.05 * noise_b) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.reduce_sum(noise_b)


outside = []
for step in range(30):
    if step == 10:
        ALIAS = 5 + MAXINT32
    if step == 20:
        ALIAS = -(MAXINT32 - 5)
    i = (step * 8) % 56
    loss, nb = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(nb)))
    if step % 5 == 4:
        d = tf.random.normal([3], seed=5)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after": [repr(float(v)) for v in tf.random.normal([2], seed=5).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
