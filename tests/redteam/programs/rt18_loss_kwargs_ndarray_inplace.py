"""Probes: a numpy array inside a Keras loss's fn kwargs, updated in place.

Class-balanced training keeps per-class weights in a numpy array and refreshes it in
place from running class frequencies.  The loss is
LossFunctionWrapper(weighted_sce, class_w=CLASS_W) (keras.src.losses): Keras keeps the
kwargs in the loss's `_fn_kwargs` dict and passes them at every call, and the program's
function converts the array with tf.constant each time.  The contract compares numpy
arrays a library object holds by content at each lookup and watches the dicts it holds
by identity of their values; here the array sits one level down, inside the kwargs
dict, and only its contents change: CLASS_W[:] = ... at step 10 and CLASS_W[2] *= 4
at step 20 (same object, same dict, same loss)."""
import json

import keras
import numpy as np
import tensorflow as tf
from keras.src.losses.losses import LossFunctionWrapper

keras.utils.set_random_seed(1846)
rng = np.random.default_rng(1846)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = np.argmax(XS[:, :3] + 0.3 * rng.normal(size=(96, 3)), axis=1).astype(np.int32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
CLASS_W = np.array([1.0, 1.0, 1.0], dtype=np.float32)


def weighted_sce(y_true, logits, class_w):
    labels = tf.cast(tf.reshape(y_true, [-1]), tf.int32)
    per = tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True)
    w = tf.gather(tf.constant(class_w), labels)
    return per * w


LOSS = LossFunctionWrapper(weighted_sce, class_w=CLASS_W)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        CLASS_W[:] = [0.5, 2.0, 1.0]
    if step == 20:
        CLASS_W[2] *= 4.0
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "class_w": CLASS_W.tolist(),
    "kwarg_is_array": LOSS._fn_kwargs["class_w"] is CLASS_W,
}))
