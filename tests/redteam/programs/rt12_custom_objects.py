"""The step resolves its hidden activation by name every call with
keras.activations.deserialize("gain"), which looks the name up in Keras' global
custom-objects registry (a dict in a Keras module) and in the thread-local
custom_object_scope dict.  At step 10 the program re-registers "gain" to another function
(same name, new object, written into the registry dict); at step 20 it deletes the global
entry and from then on calls the step inside keras.saving.custom_object_scope({"gain": ...})
with a third function.  Eager resolves the name at every call; a graph that folded the
lookup would keep the first function.  Probes: global registries (module-level data dicts
and Keras thread-local state) read by library code at build time."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1203)
rng = np.random.default_rng(1203)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def gain_tanh(x):
    return tf.tanh(x)


def gain_soft(x):
    return x / (1.0 + tf.abs(x))


def gain_scaled(x):
    return 0.5 * tf.tanh(2.0 * x)


keras.saving.get_custom_objects()["gain"] = gain_tanh


def train_step(x, y):
    act = keras.activations.deserialize("gain")
    with tf.GradientTape() as tape:
        h = act(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


SCOPE = None
for step in range(30):
    if step == 10:
        keras.saving.get_custom_objects()["gain"] = gain_soft
    if step == 20:
        del keras.saving.get_custom_objects()["gain"]
        SCOPE = keras.saving.custom_object_scope({"gain": gain_scaled})
        SCOPE.__enter__()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
SCOPE.__exit__(None, None, None)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
