"""The step prints a one-character progress glyph f"{BASE + (3 * t + 20) % 64:c}" of the
loop's step t before the optimizer update; the character comes from a Python int the graph carries.  From step 15
the loop moves BASE to 0xD7E0, so (3 * t + 20) % 64 >= 32 gives a lone high surrogate
(U+D800..), which sys.stdout (utf-8, surrogateescape: only U+DC80..U+DCFF escape) cannot
encode: eager's print raises UnicodeEncodeError before the update.  The text is known
only after the graph runs, so no check before the call can see it.  Probes: print of text
made from graph values that the stream cannot encode."""
import random

import numpy

random.seed(2813)
numpy.random.seed(2813)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2813)
rng = np.random.default_rng(2813)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BASE = 0x2580


def train_step(x, y, t):
    k = t
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    glyph = f"{BASE + (k * 3 + 20) % 64:c}"
    print("  progress", glyph, k)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(32):
    if step == 15:
        BASE = 0xD7E0
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)))
    except UnicodeEncodeError as e:
        print()
        print(step, "UnicodeEncodeError", e.reason, int(OPT.iterations))

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
