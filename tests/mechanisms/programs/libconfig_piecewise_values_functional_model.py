"""A functional Keras model trained by SGD whose learning rate is `Schedule`, a
subclass of keras.optimizers.schedules.PiecewiseConstantDecay; the step only calls
OPT.apply_gradients, and the optimizer evaluates the schedule, which reads its
`values` list.  Mid-run the loop calls the program's own `Schedule.scale_values(f)`,
which multiplies the entries of that list in place."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(12)


class Schedule(keras.optimizers.schedules.PiecewiseConstantDecay):
    def scale_values(self, f):
        for k in range(len(self.values)):
            self.values[k] = self.values[k] * f


rng = np.random.default_rng(47)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, 1:2] * XS[:, 2:] - XS[:, :1]).astype(np.float32)
inp = keras.Input((3,))
hid = keras.layers.Dense(6, activation="relu")(inp)
out = keras.layers.Dense(1)(hid)
MODEL = keras.Model(inp, out)
SCHED = Schedule([10, 20], [0.05, 0.02, 0.01])
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        SCHED.scale_values(4.0)
    if step == 14:
        SCHED.scale_values(0.1)
    if step == 19:
        SCHED.scale_values(20.0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [round(v, 6) for v in SCHED.values])
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
