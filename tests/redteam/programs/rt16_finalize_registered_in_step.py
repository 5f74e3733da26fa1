"""The step itself registers the cleanup: it makes a Record, calls `weakref.finalize(rec,
note_free, step)` on it, and stores it in `TRACK.last`, which drops the previous call's
Record (its finalizer, registered by the previous call, runs right at that attribute
write in eager).  The step then reads len(FREED) to pick the gradient scale and prints
it.  weakref.finalize is standard-library Python that writes a class-level registry
keyed by the new finalize object: a graph that ran it once while building would register
one finalizer on a build-time object (firing when the build ends) instead of one per
call on each committed Record.  Probes: a library registration call with a lasting side
effect made inside a converted step."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1604)
rng = np.random.default_rng(1604)

XS = rng.normal(size=(72, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.1)

FREED = []


class Record:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


class Tracker:
    def __init__(self):
        self.last = None
        self.calls = 0


TRACK = Tracker()


def note_free(step):
    FREED.append(step)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = LOSS(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    rec = Record(step, float(loss))
    weakref.finalize(rec, note_free, step)
    TRACK.last = rec
    TRACK.calls += 1
    freed_now = len(FREED)
    scale = 1.0 if freed_now % 3 else 0.5
    OPT.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
    print(f"step {step} freed {freed_now} scale {scale}")
    return loss


for step in range(30):
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), "freed after call", len(FREED), "alive finalizer", TRACK.last.step)

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "freed": FREED,
    "last": [TRACK.last.step, type(TRACK.last.loss).__name__],
    "calls": TRACK.calls,
    "iterations": int(OPT.iterations.numpy()),
}))
TRACK.last = None
print("after drop", FREED[-3:])
