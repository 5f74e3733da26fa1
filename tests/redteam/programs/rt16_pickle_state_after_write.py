"""An in-memory checkpoint of the Python-side run state every step: the step appends the
phase to STATE["seen"], bumps a list reached through two keys (STATE["shared"] and
STATE["alias"] are one list) and then pickles STATE, recording len(blob) and a crc32 of
it, and uses the size to jitter the step size.  pickle walks the live objects in C: in
eager it sees the writes the step just made, and its memo writes the shared list once
(the second key is a back-reference).  A graph that pickled the caller's objects before
its deferred writes land, or a copy in which the two keys are two lists, would record
other sizes and checksums (and scale the gradient differently).  Probes: C code that
serialises containers the step has just changed."""
import json
import pickle
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1621)
rng = np.random.default_rng(1621)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)

SHARED = []
STATE = {"phase": None, "seen": [], "shared": SHARED, "alias": SHARED}
PHASE = "warm"
SIZES = []
CRCS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    STATE["seen"].append(PHASE)
    STATE["phase"] = PHASE
    STATE["shared"].append(len(PHASE))
    blob = pickle.dumps(STATE, protocol=4)
    SIZES.append(len(blob))
    CRCS.append(zlib.crc32(blob))
    scale = 1.0 + (len(blob) % 7) * 0.05
    OPT.apply_gradients(zip([g * scale for g in grads], [W1, W2]))
    print(f"blob {len(blob)} crc {CRCS[-1]} scale {scale!r}")
    return loss


for step in range(30):
    if step == 12:
        PHASE = "main"
    if step == 24:
        PHASE = "anneal"
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

restored = pickle.loads(pickle.dumps(STATE, protocol=4))
print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "sizes": SIZES,
    "crcs": CRCS[-3:],
    "restored_shared_is_alias": restored["shared"] is restored["alias"],
    "seen_len": len(STATE["seen"]),
    "shared_len": len(SHARED),
}))
