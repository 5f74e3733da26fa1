"""An augmentation cache keyed by tensor identity: batches are a fixed list of
pre-made tensors (the same tensor objects come back every epoch), and the step looks
up `x.ref()` in a dict VISITS (a Reference hashes and compares by the tensor's
identity) to count visits and to pick a per-batch jitter scale: first visit 0.0, later
visits 0.02 * visits.  Mid-run the loop replaces two of the batch tensors with NEW
tensors of equal value (reloaded from "disk"): their identity changes, so eager treats
them as never seen; and it drops one entry from VISITS.  After each epoch the loop
maps the references back to batch indices with `.deref()` and prints the counts.

Probes: identity of caller tensors used as dictionary keys through TF's own
Reference objects.  A converter that keys on value, keeps one build per tensor
identity but reuses the count of the old tensor, or bakes `ref in VISITS` at build
time prints different counts and applies different jitter.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1416)
rng = np.random.default_rng(1416)

N_BATCHES = 6
EPOCHS = 7
XNP = rng.normal(size=(N_BATCHES, 8, 3)).astype(np.float32)
YNP = (XNP @ np.array([[0.3], [0.8], [-0.4]], np.float32)).astype(np.float32)
XT = [tf.constant(XNP[i]) for i in range(N_BATCHES)]
YT = [tf.constant(YNP[i]) for i in range(N_BATCHES)]
NOISE = rng.normal(size=(EPOCHS * N_BATCHES, 8, 3)).astype(np.float32)

W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)
VISITS = {}


def train_step(x, y, noise):
    key = x.ref()
    n = VISITS.get(key, 0)
    VISITS[key] = n + 1
    jitter = 0.02 * n
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + jitter * noise) @ W - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, n


step = 0
for epoch in range(EPOCHS):
    if epoch == 3:
        XT[1] = tf.constant(XNP[1])
        XT[4] = tf.constant(XNP[4].copy())
    if epoch == 5:
        del VISITS[XT[2].ref()]
    seen = []
    for i in range(N_BATCHES):
        loss, n = train_step(XT[i], YT[i], tf.constant(NOISE[step]))
        seen.append(n)
        step += 1
    counts = {}
    for ref, c in VISITS.items():
        t = ref.deref()
        idx = [j for j in range(N_BATCHES) if XT[j] is t]
        counts[idx[0] if idx else "stale"] = counts.get(idx[0] if idx else "stale", 0) + c
    print(epoch, repr(float(loss)), "seen-before:", seen,
          "counts:", sorted(counts.items(), key=str), "keys=%d" % len(VISITS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "n_keys": len(VISITS),
    "iterations": int(OPT.iterations.numpy()),
}))
