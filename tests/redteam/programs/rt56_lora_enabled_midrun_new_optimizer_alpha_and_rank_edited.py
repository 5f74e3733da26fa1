"""A small Sequential MLP is pre-trained with Adam, then fine-tuned with LoRA the way
Keras documents it: at step 10 the loop calls `enable_lora(4, lora_alpha=8)` on the two
hidden Dense layers (their kernels become non-trainable, two low-rank variables each
appear) and swaps in a new Adam for the new trainable set; at step 18 it sets
`d1.lora_alpha = 2`, at step 24 `d2.lora_alpha = 16.0` and at step 30 `d1.lora_rank = 8`
(Dense.kernel is a property that computes `kernel + (lora_alpha / lora_rank) * A @ B`
in Python every time the layer runs).  Probes: a Keras property computing the kernel
from plain attributes of the layer that the loop edits, new variables and a new
optimizer mid-run, `trainable_variables` changing length."""
import random

import numpy

random.seed(5601)
numpy.random.seed(5601)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5601)
rng = np.random.default_rng(5601)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.3) + 0.3 * XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

D1 = keras.layers.Dense(16, activation="relu", name="d1")
D2 = keras.layers.Dense(16, activation="tanh", name="d2")
MODEL = keras.Sequential([keras.Input((6,)), D1, D2, keras.layers.Dense(1, name="out")])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tvars = MODEL.trainable_variables
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, len(tvars)


for step in range(36):
    if step == 10:
        D1.enable_lora(4, lora_alpha=8)
        D2.enable_lora(4, lora_alpha=8)
        OPT = keras.optimizers.Adam(learning_rate=0.02)
    if step == 18:
        D1.lora_alpha = 2
    if step == 24:
        D2.lora_alpha = 16.0
    if step == 30:
        D1.lora_rank = 8
    i = (step * 16) % 144
    loss, n = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    k = D1.kernel.numpy()
    print(step, repr(float(loss)), n, repr(float(k[0, 0])), repr(float(D2.kernel.numpy()[1, 2])))

print(json.dumps({
    "d1_kernel": [repr(float(v)) for v in D1.kernel.numpy().ravel()[:6]],
    "d2_lora_b": [repr(float(v)) for v in D2.lora_kernel_b.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]],
    "iters": int(OPT.iterations.numpy()),
}))
