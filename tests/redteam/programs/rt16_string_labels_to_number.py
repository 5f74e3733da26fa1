"""Labels arrive as a string tensor ("0".."2", and "n/a" in a few batches).  The step
parses them with tf.strings.to_number inside try/except InvalidArgumentError; on a bad
batch the handler masks "n/a" to class 0 with weight 0 and counts the batch.  The step
also keeps `tf.strings.reduce_join(labels).numpy()` and `labels[0].numpy()` (bytes
objects in eager, not str or ndarray) in Python lists.  A graph must fail the parse at
run time and re-run the call so the handler runs exactly once, and must hand back bytes
for 0-d string tensors' .numpy().  Probes: string tensors in a converted step: a value
error of a string op inside try, and the Python types of string results."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1625)
rng = np.random.default_rng(1625)

XS = rng.normal(size=(96, 5)).astype(np.float32)
LAB = rng.integers(0, 3, size=(96,))
LAB_STR = np.array([str(v) for v in LAB], dtype=object)
LAB_STR[[19, 50, 77]] = "n/a"
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
BAD = []
JOINED = []
HEADS = []


def train_step(x, labels, step):
    try:
        y = tf.strings.to_number(labels, out_type=tf.int32)
        w = tf.ones_like(y, tf.float32)
    except tf.errors.InvalidArgumentError:
        bad = tf.equal(labels, "n/a")
        y = tf.strings.to_number(tf.where(bad, "0", labels), out_type=tf.int32)
        w = 1.0 - tf.cast(bad, tf.float32)
        BAD.append(step)
    with tf.GradientTape() as tape:
        per = keras.losses.sparse_categorical_crossentropy(y, model(x, training=True), from_logits=True)
        loss = tf.reduce_sum(per * w) / tf.reduce_sum(w)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    JOINED.append(tf.strings.reduce_join(labels, separator=",").numpy())
    HEADS.append(labels[0].numpy())
    return loss


for step in range(30):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB_STR[i:i + 8].astype(str)), step)
    print(step, repr(float(loss)), JOINED[-1], HEADS[-1], type(HEADS[-1]).__name__)

print(json.dumps({
    "bad": BAD,
    "joined_types": sorted({type(j).__name__ for j in JOINED}),
    "last_joined": JOINED[-1].decode(),
    "heads": [h.decode() for h in HEADS[-5:]],
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
    "iterations": int(OPT.iterations.numpy()),
}))
