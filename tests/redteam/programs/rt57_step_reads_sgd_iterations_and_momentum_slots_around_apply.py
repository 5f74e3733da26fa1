"""A Sequential regressor trained with Keras SGD(momentum=0.9) whose step reads the
optimizer's own variables around its update: `int(OPT.iterations)` before
`apply_gradients` (a warm-up factor that scales the gradients, a Python int the graph
computes), `int(OPT.iterations)` again after it, and the L1 norm of the momentum slots
`OPT.momentums` after the update.  Mid-run the optimizer's state is changed from the
loop: at step 9 `OPT.iterations.assign(0)` (warm-up restarts), at step 15
`OPT.momentum = 0.5` (a plain attribute `update_step` reads), at step 21 one momentum
slot is zeroed with `assign`, at step 27 `OPT.nesterov = True`.
Probes: Keras optimizer variables (iterations, momentums) read by the step before and
after the optimizer writes them in the same call, and optimizer settings changed
between calls."""
import random

import numpy

random.seed(5726)
numpy.random.seed(5726)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5726)
rng = np.random.default_rng(5726)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 3:4] + 0.5).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.9)
WARM = 6


def train_step(x, y):
    it_before = int(OPT.iterations)
    warm = min(1.0, (it_before + 1) / WARM)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    grads = [g * warm for g in grads]
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    it_after = int(OPT.iterations)
    mnorm = tf.add_n([tf.reduce_sum(tf.abs(m)) for m in OPT.momentums])
    return loss, warm, it_before, it_after, mnorm


for step in range(34):
    if step == 9:
        OPT.iterations.assign(0)
    if step == 15:
        OPT.momentum = 0.5
    if step == 21:
        OPT.momentums[0].assign(tf.zeros_like(OPT.momentums[0]))
    if step == 27:
        OPT.nesterov = True
    i = (step * 8) % 168
    loss, warm, itb, ita, mnorm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(warm), itb, ita, repr(float(mnorm)))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "it": int(OPT.iterations.numpy()),
}))
