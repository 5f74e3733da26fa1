"""NaN guard written with a tensor condition: if tf.reduce_all(is_finite(loss)) the
step applies the gradients, else it increments a non-trainable 'skipped' variable
(assign_add) (and an applied counter in the other arm).  Batches 11, 19 and 25 contain a NaN
feature.  At step 16 the program resets the skipped variable to 0.  Probes: a
tensor-valued if whose arms update different state (optimizer vs counter, Python
dict write) under a converted step."""
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3601)
rng = np.random.default_rng(3601)
XS = rng.normal(size=(30, 8, 4)).astype(np.float32)
for b in (11, 19, 25):
    XS[b, 3, 2] = np.nan
YS = rng.normal(size=(30, 8, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SKIPPED = tf.Variable(0, trainable=False)
APPLIED = tf.Variable(0, trainable=False)
stats = {"skipped_py": 0, "applied": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    if tf.reduce_all(tf.math.is_finite(loss)):
        OPT.apply_gradients(zip(grads, model.trainable_variables))
        APPLIED.assign_add(1)
    else:
        SKIPPED.assign_add(1)

    return loss


for step in range(30):
    if step == 16:
        SKIPPED.assign(0)
    loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), int(SKIPPED), int(APPLIED), int(OPT.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "applied": int(APPLIED), "skipped": int(SKIPPED),
    "opt": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables[:5]],
}))
