"""A Sequential regressor trained with SGD on a program subclass of Keras'
ExponentialDecay.  The subclass only adds what every serialisable subclass adds: a
`get_config` override (program code that reads `decay_rate`, `decay_steps` and
`staircase`) and a `describe()` the loop prints; `__call__` is Keras' own, which reads
those fields natively when the optimizer asks for the rate inside the step.  The loop
edits the schedule object's plain attributes mid-run: `decay_rate` at step 9,
`decay_steps` at step 17, `staircase` at step 24 and `initial_learning_rate` at step 30.
Each step prints the loss and the schedule's description.
Probes: the library watch of an instance of the program's own subclass of a Keras class,
whose exempted names are "the names the program's own code reads or writes" -- here
read only by methods that never run inside the step."""
import random

import numpy

random.seed(5906)
numpy.random.seed(5906)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5906)
rng = np.random.default_rng(5906)
XS = rng.normal(size=(210, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 2)).astype(np.float32) * 0.5 + np.tanh(XS[:, :2])).astype(np.float32)


class WarmExponential(keras.optimizers.schedules.ExponentialDecay):
    def get_config(self):
        config = super().get_config()
        config["summary"] = self.describe()
        return config

    def describe(self):
        return (f"lr0={self.initial_learning_rate} rate={self.decay_rate} "
                f"steps={self.decay_steps} stair={self.staircase}")


SCHED = WarmExponential(0.08, decay_steps=10, decay_rate=0.9)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="relu"),
    keras.layers.Dense(2),
])
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        SCHED.decay_rate = 0.5
    if step == 17:
        SCHED.decay_steps = 20
    if step == 24:
        SCHED.staircase = True
    if step == 30:
        SCHED.initial_learning_rate = 0.2
    i = (step * 18) % 192
    loss = train_step(tf.constant(XS[i:i + 18]), tf.constant(YS[i:i + 18]))
    print(step, repr(float(loss)), SCHED.get_config()["summary"])

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
