"""Library state that is neither an object's attribute nor code: a Keras registry and
Keras' and TF's configuration, changed between steps.  The step resolves its activation
by name (`keras.activations.deserialize("scaled")`, a lookup in Keras' custom-object registry,
or in a custom_object_scope).  Step 6 re-registers the name, step 10 enters a
custom_object_scope that binds it to a third function, step 14 leaves the scope; step 18
changes Grappler's options (tf.config.optimizer.set_experimental_options), step 22 turns
XLA's auto-jit flag on and off again."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(907)
rng = np.random.default_rng(907)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def first(x):
    return tf.tanh(x)


def second(x):
    return x / (1.0 + tf.abs(x))


def third(x):
    return tf.nn.relu(x) - 0.1 * tf.nn.relu(-x)


keras.saving.get_custom_objects()["scaled"] = first


def train_step(x, y):
    act = keras.activations.deserialize("scaled")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(act(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    return loss


scope = keras.saving.custom_object_scope({"scaled": third})
for step in range(26):
    if step == 6:
        keras.saving.get_custom_objects()["scaled"] = second
    if step == 10:
        scope.__enter__()
    if step == 14:
        scope.__exit__(None, None, None)
    if step == 18:
        tf.config.optimizer.set_experimental_options({"loop_optimization": False})
    if step == 22:
        tf.config.optimizer.set_jit(True)
    if step == 23:
        tf.config.optimizer.set_jit(False)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
