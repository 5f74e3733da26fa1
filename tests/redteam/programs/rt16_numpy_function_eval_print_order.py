"""Hot evaluation code (no tape, many calls, so janus may take it over) that routes the
labels through tf.numpy_function(tally, ...).  tally is the program's Python: it prints
a line and updates the SEEN histogram.  evaluate() prints before and after the
numpy_function, checks the inputs' range *before* it (assert_less) and the labels' sign
*after* it (assert_non_negative).  Eager order per batch: "eval i", the tally line,
"eval i acc"; a batch with an outlier fails before tally runs (no tally), a batch with a
-1 label fails after tally ran once.  A graph that runs the callback while the graph
runs would print the tally line before the step's deferred prints, and a failed graph
call re-run by the interpreter would tally twice (or tally a batch eager never tallied).
Probes: Python callbacks with effects inside converted hot code, on good and failing
calls."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1609)
rng = np.random.default_rng(1609)

N_CLS = 4
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.abs(XS[:, :N_CLS]).argmax(axis=1)).astype(np.int32)
XS[[45, 93], 2] = 55.0           # outliers -> assert_less fails before tally
YS[[70, 131]] = -1               # bad labels -> assert_non_negative fails after tally
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"), keras.layers.Dense(N_CLS)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.02)
SEEN = [0] * N_CLS
TALLY_CALLS = [0]


def tally(labels):
    TALLY_CALLS[0] += 1
    for v in labels.tolist():
        if 0 <= v < N_CLS:
            SEEN[v] += 1
    print(f"  tally call {TALLY_CALLS[0]}: {labels.shape[0]} labels, first {labels[0]}")
    return np.float32(len(set(labels.tolist())))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(tf.maximum(y, 0), model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def evaluate(x, y, idx):
    print(f"eval {idx}")
    tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 20.0, message="outlier batch")
    distinct = tf.numpy_function(tally, [y], tf.float32)
    tf.debugging.assert_non_negative(y, message="bad label")
    logits = model(x, training=False)
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, axis=1, output_type=tf.int32), y), tf.float32))
    print(f"eval {idx} acc {float(acc):.4f} distinct {float(distinct)}")
    return acc


accs = []
failed = []
for epoch in range(5):
    for k in range(4):
        i = ((epoch * 4 + k) * 8) % 152
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print("train", epoch, k, repr(float(loss)))
    for b in range(5):
        j = ((epoch * 5 + b) * 8 + 40) % 152
        try:
            accs.append(float(evaluate(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]), epoch * 5 + b)))
        except tf.errors.InvalidArgumentError as e:
            failed.append(epoch * 5 + b)
            print("eval failed", epoch * 5 + b, "outlier" if "outlier" in e.message else "label")

print(json.dumps({
    "accs": [repr(a) for a in accs],
    "failed": failed,
    "seen": SEEN,
    "tally_calls": TALLY_CALLS[0],
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
}))
