"""`tf.nn.dropout(h, 0.3, seed=11)` in a step fed epochs of 60 examples in batches of 8:
seven full batches and a partial last batch of 4.  The op seed gives one eager kernel
(RandomUniform, float32, pair (global, 11)) whose Philox stream goes on across calls no
matter how many numbers each call draws: a full batch moves it by 8x16 numbers' worth, the
partial one by 4x16.  The partial batch first comes at step 7, after the full-batch
graph is built, and again at steps 15, 23, 31; the loop also draws with seed 11 outside
the step after each epoch.  Probes: a fixed-seed stream continued by graphs of different
draw sizes (a shape-specialised graph for the partial batch, or one whose batch dimension
was relaxed); a converter that keeps one stream position per graph or per shape restarts
or forks the stream where eager's single kernel goes on."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3107)
rng = np.random.default_rng(3107)

XS = rng.normal(size=(60, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 16)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(16, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        h = tf.nn.dropout(h, 0.3, seed=11)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.math.count_nonzero(h)


outside = []
step = 0
for epoch in range(4):
    for start in range(0, 60, 8):
        x = tf.constant(XS[start:start + 8])
        y = tf.constant(YS[start:start + 8])
        loss, kept = train_step(x, y)
        print(step, int(x.shape[0]), repr(float(loss)), int(kept))
        step += 1
    d = tf.random.uniform([3], seed=11)
    outside.append([repr(float(v)) for v in d.numpy()])
    print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:16]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after": [repr(float(v)) for v in tf.random.uniform([2], seed=11).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
