"""keras.ops.cond decides per step whether to clip gradients; its branches return
Python bools and a Python int bucket.

Keras' TensorFlow backend implements ops.cond with smart_cond: in eager mode the
predicate tensor has a value, only the chosen branch function runs, and its Python
result comes back unchanged (True/False, an int).  The step branches on the flag
with a plain Python `if`, keeps the flags and buckets in Python lists and counts the
clipped steps in a Python int.  A graph that built ops.cond as a tf.cond would hand
back bool/int32 tensors: the stored types, the printed "clip True" lines and the
JSON would differ.  The predicate is True early and False later in the run.
Probes: a Keras functional API that returns the program's Python values in eager."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3303)
rng = np.random.default_rng(3303)

XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 2)) * 1.5).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"), keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.5)
LOG = {"flags": [], "buckets": [], "clipped": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = keras.ops.mean(keras.ops.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    gnorm = tf.linalg.global_norm(grads)
    clip = keras.ops.cond(gnorm > 4.0, lambda: True, lambda: False)
    bucket = keras.ops.cond(loss > 2.0, lambda: 2, lambda: 0)
    if clip:
        grads = [tf.clip_by_norm(g, 1.0) for g in grads]
        LOG["clipped"] += 1
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    LOG["flags"].append(clip)
    LOG["buckets"].append(bucket)
    print("  clip", clip, "bucket", bucket)
    return loss


for step in range(40):
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "kernel1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "flag_types": sorted({type(f).__name__ for f in LOG["flags"]}),
    "bucket_types": sorted({type(b).__name__ for b in LOG["buckets"]}),
    "flags": [bool(f) for f in LOG["flags"]],
    "buckets": [int(b) for b in LOG["buckets"]],
    "clipped": LOG["clipped"],
    "clipped_type": type(LOG["clipped"]).__name__,
    "iterations": int(OPT.iterations.numpy()),
}))
