"""Per-variable gradient gains live in a shared float64 buffer: RAW is a bytearray and
GAINS = memoryview(RAW).cast("d") is the view the step reads (`GAINS[k]`), the way a
shared-memory hyperparameter table is read.  The loop edits the table in place, through
the view (step 9: freeze the first kernel, GAINS[0] = 0.0) and through the raw bytes
with struct.pack_into (step 18: halve the last bias' gain).  Neither write rebinds
anything; the view and the bytearray stay the same objects.  Eager reads the current
bytes at every call.  A graph that read GAINS[k] once while building (as a constant of a
C object no guard re-reads) would keep training the frozen kernel.  Probes: item reads
of memoryview buffers edited in place between calls."""
import json
import struct

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1619)
rng = np.random.default_rng(1619)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :2], 0).sum(axis=1, keepdims=True) - 0.3).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)

RAW = bytearray(8 * 4)
GAINS = memoryview(RAW).cast("d")
for k in range(4):
    GAINS[k] = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    variables = model.trainable_variables
    grads = tape.gradient(loss, variables)
    scaled = [g * GAINS[k] for k, g in enumerate(grads)]
    OPT.apply_gradients(zip(scaled, variables))
    print(f"gains {GAINS[0]} {GAINS[1]} {GAINS[2]} {GAINS[3]}")
    return loss


first_kernel_start = model.layers[0].kernel.numpy().copy()
for step in range(30):
    if step == 9:
        GAINS[0] = 0.0
        first_kernel_start = model.layers[0].kernel.numpy().copy()
    if step == 18:
        struct.pack_into("d", RAW, 8 * 3, 0.5)
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "first_kernel_moved_after_freeze": bool(np.any(model.layers[0].kernel.numpy() != first_kernel_start)),
    "bias_out": repr(float(model.layers[1].bias.numpy()[0])),
    "kernel_out": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "gains": list(GAINS),
}))
