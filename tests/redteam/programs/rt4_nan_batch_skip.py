"""A trainer whose train_step first runs tf.debugging.check_numerics on the batch inside a
try block; on tf.errors.InvalidArgumentError it counts the skip, prints, and returns None
without updating. From step 16 the loop feeds a NaN-corrupted copy of the batch on every
4th step (a data-pipeline change): those calls must skip cleanly, the rest must train."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(223)
rng = np.random.default_rng(223)
Xn = rng.normal(size=(20, 4))
X = tf.constant(Xn)
Xbad = Xn.copy()
Xbad[3, 2] = np.nan
XBAD = tf.constant(Xbad)
Y = tf.constant(rng.normal(size=(20, 1)))


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(0.05, momentum=0.5)
        self.skipped = 0
        self.done = 0

    def train_step(self, x, y):
        try:
            x = tf.debugging.check_numerics(x, "bad batch")
        except tf.errors.InvalidArgumentError:
            self.skipped += 1
            print("  skipped", self.skipped)
            return None
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.done += 1
        return loss


tr = Trainer()
for step in range(40):
    x = XBAD if (step >= 16 and step % 4 == 0) else X
    loss = tr.train_step(x, Y)
    print(step, None if loss is None else repr(float(loss)), tr.done, tr.skipped)

print("final", repr(float(sum(tf.reduce_sum(v) for v in tr.model.trainable_variables))),
      tr.done, tr.skipped, int(tr.opt.iterations))
