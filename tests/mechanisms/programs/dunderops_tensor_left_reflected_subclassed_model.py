"""A subclassed Keras model's step divides its logits by the program's temperature
object (`logits / TEMP`): TF's `/` fails to convert the object and hands it the
tensor through its `__rtruediv__`.  Mid-run the loop changes the temperature, gives
the class another `__rtruediv__`, and puts a new temperature object in the global."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(14)


class Temperature:
    def __init__(self, t):
        self.t = t

    def __rtruediv__(self, logits):
        return logits / self.t


def sharpened(self, logits):
    return logits * (2.0 / self.t)


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(3)

    def call(self, x):
        return self.out(self.hidden(x))


rng = np.random.default_rng(14)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :3].argmax(axis=1)).astype(np.int32)
MODEL = Net()
OPT = tf.keras.optimizers.SGD(0.1)
TEMP = Temperature(1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x) / TEMP
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        TEMP.t = 2.0
    if step == 13:
        Temperature.__rtruediv__ = sharpened
    if step == 19:
        TEMP = Temperature(0.5)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TEMP.t)
print(json.dumps({"out": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()[:6]]}))
