"""Probes: a numpy Generator draw that writes into a global buffer (`out=`).

The contract takes numpy draws whose arguments are constants of the build as graph
inputs: "Before each graph call ... the executor makes the very calls the interpreter
would make, in program order".  `GEN.standard_normal(out=NOISE)` has a constant
argument (the same ndarray every call) but its effect is an in-place write to that
array, which the step also reads: it converts NOISE to a tensor *before* the draw (the
previous batch's noise, for a smoothing term) and again after it.  Made before the
graph runs, the draw would already have overwritten what the first read should see.
The step uses the out= form from step 10 on (a flag the loop sets; before that it
draws a fresh array and ignores the buffer)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1831)
rng = np.random.default_rng(1831)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

GEN = np.random.default_rng(77)
NOISE = np.zeros((8, 1), dtype=np.float64)
FLAGS = {"inplace": False}


def train_step(x, y):
    prev = tf.cast(tf.convert_to_tensor(NOISE), tf.float32)
    if FLAGS["inplace"]:
        GEN.standard_normal(out=NOISE)
        cur = tf.cast(tf.convert_to_tensor(NOISE), tf.float32)
    else:
        cur = tf.cast(tf.convert_to_tensor(GEN.standard_normal((8, 1))), tf.float32)
    target = y + 0.05 * cur - 0.02 * prev
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - target))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, tf.reduce_sum(prev)


for step in range(30):
    if step == 10:
        FLAGS["inplace"] = True
    i = (step * 8) % 56
    loss, prev_sum = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "prev", repr(float(prev_sum)), "buf", repr(float(NOISE.sum())))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "noise": [repr(float(v)) for v in NOISE.ravel()],
    "gen_state": GEN.bit_generator.state["state"]["state"] % 1000003,
}))
