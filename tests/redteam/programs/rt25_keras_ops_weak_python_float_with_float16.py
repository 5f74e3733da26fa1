"""Mixed-precision style step: activations are float16 and are scaled by a Python float
the step computes from its own warm-up counter, `keras.ops.multiply(h16, scale)`.
Keras treats a Python float as a weakly typed scalar, so eager keeps float16
(result_type(float16, python float) == float16) and the product is rounded to half
precision.  The loss is then computed in float32 from that product.  At step 10 the
loop restarts the warm-up.  Probes: Keras' dtype inference on a Python number that the
graph carries (a tensor in the build) rather than a Python scalar."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2505)
rng = np.random.default_rng(2505)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Warmup:
    def __init__(self):
        self.k = 0


WU = Warmup()


def train_step(x, y):
    WU.k += 1
    scale = min(1.0, 0.3 + 0.07 * WU.k)
    with tf.GradientTape() as tape:
        h16 = keras.ops.cast(keras.ops.tanh(x @ W1), "float16")
        z = keras.ops.multiply(h16, scale)
        pred = keras.ops.cast(z, "float32") @ W2
        loss = keras.ops.mean(keras.ops.square(pred - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, z


for step in range(24):
    if step == 10:
        WU.k = 0
    i = (step * 8) % 56
    loss, z = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), z.dtype.name, repr(float(tf.reduce_sum(tf.cast(z, tf.float32)))))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()], "k": WU.k}))
