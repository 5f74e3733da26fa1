"""Probe: a co-executed step (zlib.adler32 over the model's outputs picks the number of
inner iterations) whose Python inner loop calls the same Keras model at the same call
instruction several times, and between those calls edits library state itself:
Dropout.rate, a Dense layer's `trainable`, BatchNormalization.momentum, and applies
an optimizer update (not a site: eager).

Each inner iteration k: `logits = model(x, training=True)` (a site), `float(loss)` (a
sink), then `drop.rate = rates[k]`, `head.trainable = (k % 2 == 0)`, `bn.momentum =
0.5 + 0.1 * k`, and `opt.apply_gradients` over the currently trainable variables. The
next iteration's site call must see all of those changes. Eager reads them at every
call. A site graph guarded per call instruction but not re-checked between two calls
of the same instruction in one step, or one that folds `training`/`rate`/`momentum`
from its build, diverges; BN's moving statistics show it. Mechanism: library state
changed by the interpreted step between repeated calls of one co-execution site."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1546)
rng = np.random.default_rng(1546)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :3].argmax(axis=1)).astype(np.int32)

drop = keras.layers.Dropout(0.2)
bn = keras.layers.BatchNormalization(momentum=0.9)
hidden = keras.layers.Dense(8, activation="relu")
head = keras.layers.Dense(3)
model = keras.Sequential([keras.Input((6,)), hidden, bn, drop, head])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.05)
RATES = [0.0, 0.3, 0.1, 0.5]
INNER = []


def train_step(x, y):
    probe = model(x, training=False)
    reps = 1 + zlib.adler32(np.asarray(probe).round(2).tobytes()) % 3
    losses = []
    for k in range(reps):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = loss_fn(y, logits)
        losses.append(round(float(loss), 6))
        drop.rate = RATES[(k + len(INNER)) % 4]
        head.trainable = (k % 2 == 0)
        bn.momentum = 0.5 + 0.1 * k
        tv = model.trainable_variables
        grads = tape.gradient(loss, tv)
        opt.apply_gradients(zip(grads, tv))
    INNER.append(reps)
    return losses


for step in range(24):
    i = (step * 8) % 88
    losses = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, losses, drop.rate, head.trainable, bn.momentum)

print(json.dumps({"inner": INNER,
                  "moving_mean": [round(float(v), 6) for v in bn.moving_mean.numpy()],
                  "moving_var": [round(float(v), 6) for v in bn.moving_variance.numpy()],
                  "head": [round(float(v), 6) for v in head.kernel.numpy().ravel()[:6]],
                  "iterations": int(opt.iterations.numpy())}))
