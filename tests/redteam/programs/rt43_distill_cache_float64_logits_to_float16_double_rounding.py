"""Knowledge-distillation style loop: each step trains a student MLP and also caches the
teacher-side logits, divided by a Python-float temperature in float64 numpy precision,
as a compact float16 array (`.numpy().astype(np.float64) / T` then `.astype(np.float16)`)
that the caller keeps in a list and checksums.  numpy rounds float64 to float16 once,
correctly; TensorFlow's Cast from float64 to float16 goes through float32 and rounds
twice, so a value just above a float16 tie lands on the other neighbour.  With 4096
cached values per step a few land in that window.  janus says floats-to-floats astype is
made "with TF's where the two agree"; a graph that casts with TF's kernel would store
other float16 values than eager.  The temperature changes at step 14."""
import random

import numpy

random.seed(4302)
numpy.random.seed(4302)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4302)
rng = np.random.default_rng(4302)
XS = rng.normal(size=(256, 16)).astype(np.float32)
YS = rng.integers(0, 64, size=(256,)).astype(np.int32)
W1 = tf.Variable(rng.normal(size=(16, 32)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(32, 64)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMPERATURE = 3.0
CACHE = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        logits = h @ W2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    soft = logits.numpy().astype(np.float64) / TEMPERATURE
    packed = soft.astype(np.float16)
    CACHE.append(packed)
    return loss, packed


for step in range(30):
    if step == 14:
        TEMPERATURE = 1.7
    i = (step * 64) % 192
    loss, packed = train_step(tf.constant(XS[i:i + 64]), tf.constant(YS[i:i + 64]))
    bits = packed.view(np.uint16).astype(np.int64)
    print(step, repr(float(loss)), repr(float(packed.astype(np.float64).sum())), int(bits.sum()))

allbits = np.concatenate([c.view(np.uint16).ravel() for c in CACHE]).astype(np.int64)
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()[:8]],
    "cache_len": len(CACHE),
    "cache_bitsum": int(allbits.sum()),
    "cache_dtype": str(CACHE[-1].dtype),
}))
