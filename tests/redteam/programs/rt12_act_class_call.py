"""The Dense layer's activation is an instance ACT of the program's own plain class Smooth
(not a Keras class); Keras calls it natively from Dense.call.  At step 10 the program
replaces the class attribute Smooth.__call__ with another function (the instance, the
layer's dict and every attribute the old __call__ read are unchanged); at step 20 it swaps
ACT.__class__ to a sibling class Hard whose __call__ clips.  Eager dispatches to the new
__call__ at once.  Probes: which program callback library code dispatches to, decided by a
type slot lookup on a program class that is neither watched nor guarded by a read."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1205)
rng = np.random.default_rng(1205)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)


class Smooth:
    slope = 0.5

    def __call__(self, x):
        return tf.tanh(x * self.slope)


class Hard:
    slope = 0.5

    def __call__(self, x):
        return tf.clip_by_value(x * self.slope, -1.0, 1.0)


def smooth_v2(self, x):
    return tf.nn.softsign(x * self.slope)


ACT = Smooth()
MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(12, activation=ACT),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        Smooth.__call__ = smooth_v2
    if step == 20:
        ACT.__class__ = Hard
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "act_class": type(ACT).__name__,
    "iterations": int(OPT.iterations.numpy()),
}))
