"""The loop gives the tf.Variable under a Keras kernel its own `assign_sub` (a damped
update), which Keras' SGD calls inside `apply_gradients`; later it changes the damping
factor's function and deletes the attribute.  The step never reads the attribute:
library code does, so only a watch of the variable's dict sees the change."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(17)
rng = np.random.default_rng(17)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.2], [0.5], [1.0]], np.float32)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
KERNEL = MODEL.layers[0].kernel
DAMPED = []


def damped(delta, use_locking=False, name=None, read_value=True):
    DAMPED.append(1)
    return type(KERNEL.value).assign_sub(KERNEL.value, 0.5 * delta, use_locking, name,
                                         read_value)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 8:
        KERNEL.value.assign_sub = damped
    if step == 19:
        del KERNEL.value.assign_sub
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(DAMPED))
print(json.dumps({"k": KERNEL.numpy().ravel().tolist(), "damped": len(DAMPED)}))
