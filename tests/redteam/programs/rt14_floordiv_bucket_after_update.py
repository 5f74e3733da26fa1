"""Softmax regression on 4 classes with a Keras SGD(momentum) optimizer and a
SparseCategoricalAccuracy metric.  After the optimizer update the step adds the
batch's per-class counts to an int32 SEEN variable, then computes an integer
per-class accuracy percentage `(correct_per_class * 100) // count_per_class` with
int32 floordiv and accumulates it into PCT.  A few batches miss class 3 entirely, so
the int32 FloorDiv raises "Integer division by zero" on CPU: after the metric, the
optimizer (weights, momentum slots, iterations) and SEEN were updated, before PCT and a
Python counter.  The loop catches the InvalidArgumentError.

Probes: all-or-nothing when the failing op is an integer division (no assertion in
sight) and not downstream of the updates.  A converter whose gating only waits for
assertions/check_numerics/gathers lets the graph's updates land, then re-runs the call
in the interpreter (iterations +2, momentum applied twice, SEEN doubled, metric counts
doubled) -- or, gating everything, forgets eager's partial update on re-run.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1402)
rng = np.random.default_rng(1402)

N_STEPS = 36
BATCH = 8
XS = rng.normal(size=(N_STEPS, BATCH, 5)).astype(np.float32)
LABELS = rng.integers(0, 4, size=(N_STEPS, BATCH)).astype(np.int32)
LABELS[:, 0] = 0
LABELS[:, 1] = 1
LABELS[:, 2] = 2
LABELS[:, 3] = 3
MISSING = [7, 19, 20, 33]
for s in MISSING:
    LABELS[s] = np.where(LABELS[s] == 3, 1, LABELS[s])
XS[np.arange(N_STEPS)[:, None], np.arange(BATCH)[None, :], LABELS % 5] += 1.5

W = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.1, name="W")
B = tf.Variable(np.zeros(4, np.float32), name="B")
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.8)
ACC = keras.metrics.SparseCategoricalAccuracy()
SEEN = tf.Variable(tf.zeros([4], tf.int32), name="seen")
PCT = tf.Variable(tf.zeros([4], tf.int32), name="pct")
COUNTER = {"complete": 0}


def train_step(x, labels):
    with tf.GradientTape() as tape:
        logits = x @ W + B
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, [W, B])
    ACC.update_state(labels, logits)
    OPT.apply_gradients(zip(grads, [W, B]))
    counts = tf.math.bincount(labels, minlength=4, maxlength=4)
    SEEN.assign_add(counts)
    hits = tf.cast(tf.equal(tf.argmax(logits, axis=1, output_type=tf.int32), labels), tf.int32)
    correct = tf.math.bincount(labels, weights=hits, minlength=4, maxlength=4, dtype=tf.int32)
    pct = (correct * 100) // counts
    PCT.assign_add(pct)
    COUNTER["complete"] += 1
    return loss, pct


for step in range(N_STEPS):
    try:
        loss, pct = train_step(tf.constant(XS[step]), tf.constant(LABELS[step]))
        msg = "loss=%r pct=%s" % (float(loss), pct.numpy().tolist())
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED zero-division=%s" % ("division by zero" in str(e))
    if step % 4 == 0 or step in MISSING:
        print(step, msg, "iters=%d" % int(OPT.iterations.numpy()),
              "acc=%r" % float(ACC.result()), "seen=%s" % SEEN.numpy().tolist(),
              "pct=%s" % PCT.numpy().tolist(), "Wabs=%r" % float(tf.reduce_sum(tf.abs(W))),
              "complete=%d" % COUNTER["complete"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy()],
    "momentums": [repr(float(tf.reduce_sum(v))) for v in OPT.variables[1:]],
    "iterations": int(OPT.iterations.numpy()),
    "acc": [repr(float(v.numpy())) for v in ACC.variables],
    "seen": SEEN.numpy().tolist(),
    "pct": PCT.numpy().tolist(),
    "counter": COUNTER,
}))
