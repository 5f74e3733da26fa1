"""A gradient-clipping identity layer written with @tf.custom_gradient: its backward
function prints the incoming gradient norm, counts its calls in GRAD_STATS and clips to
the module global CLIP (changed by the loop at steps 9 and 17).  In eager the backward
function runs inside tape.gradient, so its line appears between the step's "forward"
line and its "applied" line, once per call, and it reads CLIP at that moment.  A graph
must replay the backward print in that position (not at build time, not after the step's
own prints) and follow CLIP.  Probes: Python effects inside a custom gradient's backward
function, ordered against the step's own output."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1638)
rng = np.random.default_rng(1638)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.1)
CLIP = 1.0
GRAD_STATS = {"calls": 0}


@tf.custom_gradient
def clip_grad(h):
    def grad(dy):
        GRAD_STATS["calls"] += 1
        print(f"  backward norm {float(tf.norm(dy)):.6f} clip {CLIP}")
        return tf.clip_by_norm(dy, CLIP)
    return tf.identity(h), grad


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = clip_grad(tf.tanh(x @ W1))
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print(f"step {step} forward loss {float(loss):.6f}")
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print(f"step {step} applied")
    return loss


for step in range(26):
    if step == 9:
        CLIP = 0.05
    if step == 17:
        CLIP = 0.5
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "grad_calls": GRAD_STATS["calls"],
}))
