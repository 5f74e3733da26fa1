"""A Keras loss called as a co-execution site while its configuration changes mid-run:
CategoricalCrossentropy's from_logits flipped in its `_fn_kwargs` dict in place (step 8; the
public `from_logits` attribute is also set, which eager ignores), label_smoothing changed in
place (step 12), reduction switched to 'sum' (step 16) and 'none' (step 26, then reduced by
the step), and sample_weight given as None, a NumPy array, a tensor, a Python list and a
per-class 2-D array across steps. crc32 of the predictions keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1414)
rng = np.random.default_rng(1414)
X = rng.normal(size=(96, 5)).astype("float32")
Y = np.eye(4, dtype="float32")[rng.integers(0, 4, size=(96,))]
W = rng.uniform(0.2, 2.0, size=(96,)).astype("float32")

MODEL = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(4)])
MODEL(X[:2])
CCE = keras.losses.CategoricalCrossentropy(from_logits=False)


def flat(t):
    return np.asarray(t).ravel().tolist()


def weights_for(step, i):
    kind = step % 5
    if kind == 0:
        return None
    if kind == 1:
        return W[i:i + 8]
    if kind == 2:
        return tf.constant(W[i:i + 8])
    if kind == 3:
        return [float(w) for w in W[i:i + 8]]
    return W[i:i + 8].reshape(8, 1)


def train_step(x, y, sw):
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        loss = CCE(y, logits, sample_weight=sw)
        if len(loss.shape) > 0:
            loss = tf.reduce_mean(loss)
    crc = zlib.crc32(logits.numpy().tobytes()) % 971
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(34):
    if step == 8:
        CCE._fn_kwargs["from_logits"] = True
        CCE.from_logits = True
    if step == 12:
        CCE._fn_kwargs["label_smoothing"] = 0.2
    if step == 16:
        CCE.reduction = "sum"
    if step == 21:
        CCE.from_logits = False
    if step == 26:
        CCE.reduction = "none"
    if step == 30:
        CCE._fn_kwargs = {"from_logits": True, "label_smoothing": 0.0, "axis": -1}
        CCE.reduction = "sum_over_batch_size"
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), weights_for(step, i))
    print(step, repr(float(loss)), crc, CCE.reduction, dict(CCE._fn_kwargs))
    print("  g", flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in MODEL.trainable_variables]}))
