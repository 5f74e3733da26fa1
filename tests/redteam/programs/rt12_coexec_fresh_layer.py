"""A co-executed step (it routes each batch by zlib.crc32 of the batch's bytes) that makes a
FRESH frozen projection layer every call: Dense(3) with a Constant initializer from the
global numpy array PROJ_INIT, built at once with layer.build(), then called (a built layer,
so a Keras call janus could run as a graph site).  The previous call's layer is garbage by
then, so the new one may well get the same id().  Step 10: PROJ_INIT is rebound to another
array; step 20: PROJ_INIT is scaled in place.  Eager projects with the weights each new layer
was initialised with.  Probes: sites whose callable is a new object each call (identity
guards vs. id reuse of dead objects), constants captured from a fresh layer's variables."""
import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1227)
rng = np.random.default_rng(1227)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2] - XS[:, 2:]).astype(np.float32)

PROJ_INIT = rng.normal(size=(4, 3)).astype(np.float32)
HEAD_A = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
HEAD_B = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
VARS = HEAD_A.trainable_variables + HEAD_B.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROUTES = []


def train_step(x, y):
    route = zlib.crc32(x.numpy().tobytes()) % 2
    proj = keras.layers.Dense(3, use_bias=False, trainable=False,
                              kernel_initializer=keras.initializers.Constant(PROJ_INIT))
    proj.build((None, 4))
    with tf.GradientTape() as tape:
        z = proj(x)
        pred = HEAD_A(z) if route == 0 else HEAD_B(z)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, VARS)
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, VARS)]
    OPT.apply_gradients(zip(grads, VARS))
    ROUTES.append(route)
    return loss, float(tf.reduce_sum(proj.kernel))


for step in range(30):
    if step == 10:
        PROJ_INIT = rng.normal(size=(4, 3)).astype(np.float32)
    if step == 20:
        PROJ_INIT *= -0.5
    i = (step * 8) % 56
    loss, ksum = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ROUTES[-1], repr(ksum))

print(json.dumps({"routes": ROUTES,
                  "a": [repr(float(v)) for v in HEAD_A.layers[0].kernel.numpy().ravel()],
                  "b": [repr(float(v)) for v in HEAD_B.layers[0].kernel.numpy().ravel()]}))
