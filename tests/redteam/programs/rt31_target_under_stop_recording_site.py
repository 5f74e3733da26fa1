"""DQN-style TD step without a target network: inside the GradientTape the step
computes the bootstrap target from the same network under tape.stop_recording(),
so no gradient flows through it; the co-executed step (the next states are hashed
with zlib.crc32 to pick which samples are terminal) then calls model(s) at a
second site with the tape recording.  At step 12 the loop switches to computing
the target outside the tape's with-block instead, and at 20 back.  Probes: a model
site run while the program's tape is paused: it must record nothing."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5201)
rng = np.random.default_rng(5201)
S = rng.normal(size=(64, 4)).astype(np.float32)
S2 = (S + 0.1 * rng.normal(size=(64, 4))).astype(np.float32)
A = rng.integers(0, 3, size=(64,)).astype(np.int32)
R = rng.normal(size=(64,)).astype(np.float32)

q = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                      keras.layers.Dense(3)])
huber = keras.losses.Huber()
opt = keras.optimizers.Adam(0.01)
td_mean = keras.metrics.Mean()


def train_step(s, a, r, s2, inside):
    done = np.array([zlib.crc32(row.tobytes()) % 5 == 0 for row in s2], dtype=np.float32)
    with tf.GradientTape() as tape:
        if inside:
            with tape.stop_recording():
                q_next = q(s2)
                target = r + 0.9 * (1.0 - done) * tf.reduce_max(q_next, axis=1)
        qs = q(s)
        if not inside:
            target = r + 0.9 * (1.0 - done) * tf.reduce_max(q(s2), axis=1)
        chosen = tf.gather(qs, a, batch_dims=1)
        loss = huber(target, chosen)
    grads = tape.gradient(loss, q.trainable_variables)
    opt.apply_gradients(zip(grads, q.trainable_variables))
    td_mean(tf.abs(target - chosen))
    return loss, float(done.sum())


for step in range(30):
    inside = not (12 <= step < 20)
    i = (step * 8) % 56
    loss, nd = train_step(S[i:i + 8], A[i:i + 8], R[i:i + 8], S2[i:i + 8], inside)
    print(step, inside, repr(float(loss)), nd, repr(float(td_mean.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in q.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
}))
