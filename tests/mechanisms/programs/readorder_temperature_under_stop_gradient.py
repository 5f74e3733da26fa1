"""A subclassed classifier divides its logits by a trainable temperature read under
stop_gradient, and a calibration term gives the temperature a gradient that does not
use it; Keras Adam updates all weights.  The forward read of the temperature must come
before Adam writes it, as in eager."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.logits = keras.layers.Dense(3)
        self.temperature = self.add_weight(shape=(), name="temperature",
                                           initializer=keras.initializers.Constant(1.5))

    def call(self, x):
        return self.logits(self.hidden(x)) / tf.stop_gradient(self.temperature)


rng = np.random.default_rng(24)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.argmax(XS[:, :3], axis=1)).astype(np.int32)
NET = Net()
OPT = keras.optimizers.Adam(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = NET(x)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        spread = tf.stop_gradient(tf.math.reduce_std(logits))
        loss += NET.temperature * spread - tf.stop_gradient(NET.temperature * spread)
    grads = tape.gradient(loss, NET.trainable_variables)
    OPT.apply_gradients(zip(grads, NET.trainable_variables))
    return loss


for step in range(20):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(NET.temperature.numpy())))
print(json.dumps({"w": [repr(float(t)) for t in NET.logits.kernel.numpy().ravel()]}))
