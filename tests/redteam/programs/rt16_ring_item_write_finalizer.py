"""A checkpoint ring buffer (a plain list) and a per-phase "latest" dict hold Snapshot
records the step makes.  The loop attaches a weakref.finalize to every record it gets
back; the finalizer counts releases in RELEASED (a list the step reads).  Inside the
step, `RING[slot] = Snapshot(...)` and `LATEST[phase] = Snapshot(...)` overwrite the
only reference to an older record, so in eager its finalizer runs right at that item
write, before the rest of the step, which then reads RELEASED[0] and uses it to damp the
gradient.  A graph whose item writes land at its commit (after the graph already read
RELEASED[0]) sees one release fewer on every call that recycles a slot: the printed
"released" counts, the gradient scale and the trained weights all change.  Probes:
object death caused by list/dict item writes inside a converted step."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1601)
rng = np.random.default_rng(1601)

XS = rng.normal(size=(96, 6)).astype(np.float32)
TRUE_W = rng.normal(size=(6, 1)).astype(np.float32)
YS = (XS @ TRUE_W + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3, name="w")
B = tf.Variable(tf.zeros([1]), name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Snapshot:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


RING = [None, None, None]
LATEST = {}
RELEASED = [0]
RELEASE_LOG = []


def on_release(kind, step):
    RELEASED[0] += 1
    RELEASE_LOG.append(f"{kind}{step}")


def train_step(x, y, step, slot, phase):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    RING[slot] = Snapshot(step, float(loss))
    LATEST[phase] = Snapshot(step, float(loss))
    released_now = RELEASED[0]
    scale = 1.0 / (1.0 + 0.05 * released_now)
    OPT.apply_gradients(zip([g * scale for g in grads], [W, B]))
    print(f"step {step} slot {slot} phase {phase} released {released_now} scale {scale!r}")
    return loss


for step in range(30):
    slot = step % 3
    phase = "warm" if step < 12 else "main"
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, slot, phase)
    weakref.finalize(RING[slot], on_release, "ring", step)
    weakref.finalize(LATEST[phase], on_release, phase, step)
    print(step, repr(float(loss)), "after-call released", RELEASED[0])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "released": RELEASED[0],
    "release_log": RELEASE_LOG,
    "ring_steps": [r.step for r in RING],
    "latest": {k: [v.step, type(v.loss).__name__] for k, v in LATEST.items()},
    "iterations": int(OPT.iterations.numpy()),
}))
