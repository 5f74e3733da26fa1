"""Two-stage step: an encoder (Keras Dense) is trained with its own Adam on a
regression loss, a Mean metric records that loss, and THEN cluster prototypes are
pulled towards the per-cluster mean of the *updated* encoder's embeddings computed with
tf.math.unsorted_segment_sum over cluster ids that come with the batch; a second Adam
updates the prototypes.  Some batches carry a corrupted cluster id (7 with only 3
clusters): UnsortedSegmentSum raises on CPU -- downstream of the encoder update, after
the metric and the encoder's Adam (weights, moments, iterations) were written, before
the prototype optimizer.  The loop catches InvalidArgumentError.

Probes: all-or-nothing for an op that fails AFTER and DEPENDING ON an update
(segment ids out of range, not an assertion).  The graph cannot gate the encoder
update behind the failing op, so it must restore the encoder, both Adam states and the
metric before the interpreter re-runs the call; a converter that restores only the
variables it "writes" via assign (missing Adam's slots/iterations or the metric) or
that does not classify UnsortedSegmentSum as fallible shows a doubled encoder step.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1403)
rng = np.random.default_rng(1403)

N_STEPS = 34
XS = rng.normal(size=(N_STEPS, 8, 6)).astype(np.float32)
YS = np.tanh(XS[:, :, :2].sum(axis=2, keepdims=True)).astype(np.float32)
CIDS = rng.integers(0, 3, size=(N_STEPS, 8)).astype(np.int32)
CORRUPT = {5, 6, 18, 29}
for s in CORRUPT:
    CIDS[s, 3] = 7

ENC = keras.layers.Dense(4, activation="tanh")
HEAD = keras.layers.Dense(1)
ENC.build((None, 6))
HEAD.build((None, 4))
PROTOS = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.1, name="protos")
OPT_ENC = keras.optimizers.Adam(learning_rate=0.01)
OPT_PRO = keras.optimizers.Adam(learning_rate=0.05)
LOSS_MEAN = keras.metrics.Mean()
LOG = []


def train_step(x, y, cids):
    enc_vars = ENC.trainable_variables + HEAD.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(ENC(x)) - y))
    OPT_ENC.apply_gradients(zip(tape.gradient(loss, enc_vars), enc_vars))
    LOSS_MEAN.update_state(loss)
    LOG.append("enc")
    emb = tf.stop_gradient(ENC(x))
    sums = tf.math.unsorted_segment_sum(emb, cids, num_segments=3)
    counts = tf.math.unsorted_segment_sum(tf.ones_like(emb[:, :1]), cids, num_segments=3)
    centers = sums / tf.maximum(counts, 1.0)
    with tf.GradientTape() as tape2:
        ploss = tf.reduce_mean(tf.square(PROTOS - centers))
    OPT_PRO.apply_gradients([(tape2.gradient(ploss, PROTOS), PROTOS)])
    LOG.append("proto")
    return loss, ploss


for step in range(N_STEPS):
    try:
        loss, ploss = train_step(tf.constant(XS[step]), tf.constant(YS[step]),
                                 tf.constant(CIDS[step]))
        msg = "loss=%r ploss=%r" % (float(loss), float(ploss))
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED out-of-range=%s" % ("out of range" in str(e))
    if step % 4 == 0 or step in CORRUPT or step - 1 in CORRUPT:
        print(step, msg, "enc_it=%d" % int(OPT_ENC.iterations.numpy()),
              "pro_it=%d" % int(OPT_PRO.iterations.numpy()),
              "mean=%r" % float(LOSS_MEAN.result()),
              "kernel00=%r" % float(ENC.kernel.numpy()[0, 0]),
              "proto0=%r" % float(PROTOS.numpy()[0, 0]), "log=%d" % len(LOG))

print(json.dumps({
    "enc_kernel": [repr(float(v)) for v in ENC.kernel.numpy().ravel()[:8]],
    "head_kernel": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
    "protos": [repr(float(v)) for v in PROTOS.numpy().ravel()],
    "enc_slots": [repr(float(tf.reduce_sum(v))) for v in OPT_ENC.variables],
    "pro_slots": [repr(float(tf.reduce_sum(v))) for v in OPT_PRO.variables],
    "metric": [repr(float(v.numpy())) for v in LOSS_MEAN.variables],
    "log": "".join("e" if t == "enc" else "p" for t in LOG),
}))
