"""Library objects holding mutable containers of kinds other than list/dict/set/ndarray, or
nested ones.  The loss is CategoricalFocalCrossentropy whose per-class `alpha` is an
array.array('f') (Keras keeps the very object in loss._fn_kwargs and converts it at every
call).  At step 10 the program writes alpha[1] in place.  The input Rescaling layer's scale
is a nested list (Keras keeps it as a TrackedList of TrackedLists); at step 20 the program
writes RESCALE.scale[0][2] in place (the outer list keeps the same inner object).
Eager reads both contents at every call.  Probes: content of containers no dict watcher,
identity guard or flat content guard sees."""
import array
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1207)
rng = np.random.default_rng(1207)

XS = rng.normal(size=(120, 4)).astype(np.float32)
LABELS = (np.argmax(XS[:, :3] + 0.3 * rng.normal(size=(120, 3)), axis=1)).astype(np.int64)
YS = np.eye(3, dtype=np.float32)[LABELS]

ALPHA = array.array("f", [0.25, 0.25, 0.5])
RESCALE = keras.layers.Rescaling(scale=[[1.0, 0.5, 2.0, 1.0]], offset=0.0)
MODEL = keras.Sequential([
    keras.Input((4,)),
    RESCALE,
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(3, activation="softmax"),
])
LOSS = keras.losses.CategoricalFocalCrossentropy(alpha=ALPHA, gamma=2.0)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        probs = MODEL(x, training=True)
        loss = LOSS(y, probs)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        ALPHA[1] = 0.9
    if step == 20:
        RESCALE.scale[0][2] = -1.0
    i = (step * 16) % 104
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))

print(json.dumps({
    "alpha": [repr(v) for v in ALPHA],
    "scale": [list(map(float, row)) for row in RESCALE.scale],
    "k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:9]],
    "iterations": int(OPT.iterations.numpy()),
}))
