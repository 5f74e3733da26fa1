"""Group-balanced loss: per-example losses are averaged per group with tf.math.segment_mean
(group ids from the batch, normally sorted) and the class weights come from
tf.math.bincount of the labels; a hand-made range-binned histogram of the targets uses
tf.histogram_fixed_width with a value range from the batch.  Some batches are broken:
unsorted group ids (SegmentMean raises "segment ids are not increasing"), a -1 label
(DenseBincount raises on negative input), a degenerate value range (HistogramFixedWidth
raises).  All of these ops check *values* at run time although their shapes are fully
known, and all come before apply_gradients: eager raises before any update.  A graph
that counted them as ops that cannot fail (like other reductions with known shapes)
would let the update run and then raise, or raise after writing Python state.  Probes:
run-time value checks of segment/bincount/histogram kernels and the all-or-nothing
barrier."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1626)
rng = np.random.default_rng(1626)

N_CLS = 3
XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = rng.integers(0, N_CLS, size=(120,)).astype(np.int32)
GROUPS = np.repeat(np.arange(4), 2)[None, :].repeat(15, axis=0).astype(np.int32)   # per batch [0,0,1,1,2,2,3,3]
GROUPS[3] = [0, 0, 2, 2, 1, 1, 3, 3]
GROUPS[11] = [0, 1, 1, 0, 2, 2, 3, 3]
YS[7 * 8 + 3] = -1
YS[13 * 8 + 5] = -1
SPAN = np.ones(15, np.float32)
SPAN[9] = 0.0
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(N_CLS)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATS = {"applied": 0}


def train_step(x, y, groups, span):
    counts = tf.math.bincount(y, minlength=N_CLS, maxlength=N_CLS, dtype=tf.float32)
    cls_w = tf.reduce_sum(counts) / (N_CLS * tf.maximum(counts, 1.0))
    hist = tf.histogram_fixed_width(tf.reduce_sum(x, axis=1), tf.stack([-span * 3.0, span * 3.0]), nbins=4)
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        per = keras.losses.sparse_categorical_crossentropy(tf.maximum(y, 0), logits, from_logits=True)
        per = per * tf.gather(cls_w, tf.maximum(y, 0))
        loss = tf.reduce_mean(tf.math.segment_mean(per, groups))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    STATS["applied"] += 1
    return loss, hist


errors = []
for step in range(30):
    b = step % 15
    i = b * 8
    try:
        loss, hist = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                tf.constant(GROUPS[b]), tf.constant(SPAN[b]))
        print(step, repr(float(loss)), hist.numpy().tolist(), STATS["applied"])
    except tf.errors.InvalidArgumentError as e:
        msg = e.message.lower()
        kind = "segment" if "segment" in msg else ("bincount" if "bincount" in msg else ("histogram" if "histogram" in msg else msg[:60]))
        errors.append([step, kind])
        print(step, "failed in", kind, "iterations", int(OPT.iterations.numpy()), STATS["applied"])

print(json.dumps({
    "errors": errors,
    "applied": STATS["applied"],
    "iterations": int(OPT.iterations.numpy()),
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
    "bias": [repr(float(v)) for v in model.layers[-1].bias.numpy()],
}))
