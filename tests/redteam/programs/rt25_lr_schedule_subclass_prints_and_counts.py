"""A LearningRateSchedule subclass of the program's prints a line and bumps a global call
counter each time Keras calls it (inside apply_gradients, library code calling back into
the program), and reads a global warm-up length.  Eager calls it once per update, in
program order with the step's own prints.  At step 10 the loop changes the warm-up
length.  Probes: program code called back by the optimizer during the build: its
print's place in the output log, its global write and its guarded read."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2528)
rng = np.random.default_rng(2528)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
CALLS = [0]
WARMUP = 5


class Warm(keras.optimizers.schedules.LearningRateSchedule):
    def __call__(self, step):
        CALLS[0] += 1
        print("  schedule call", CALLS[0])
        s = tf.cast(step, tf.float32)
        return 0.05 * tf.minimum(1.0, (s + 1.0) / WARMUP)

    def get_config(self):
        return {}


OPT = keras.optimizers.SGD(learning_rate=Warm())


def train_step(x, y):
    print("  before update")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print("  after update")
    return loss


for step in range(20):
    if step == 10:
        WARMUP = 20
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CALLS[0])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "calls": CALLS[0]}))
