"""A head made lazily inside the step on its first call and again after the loop drops it
(step 12): building must not take Keras' names twice.  Names are printed every step,
and a probe layer is made at the end."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(33)
rng = np.random.default_rng(33)


class Trainer:
    def __init__(self):
        self.body = keras.layers.Dense(6, activation="tanh")
        self.head = None
        self.opt = None

    def train_step(self, x, y):
        if self.head is None:
            self.head = keras.layers.Dense(1)
            self.opt = keras.optimizers.SGD(0.05)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.head(self.body(x)) - y))
        params = self.body.trainable_variables + self.head.trainable_variables
        self.opt.apply(tape.gradient(loss, params), params)
        return loss


tr = Trainer()
for i in range(22):
    if i == 12:
        tr.head = None
    loss = tr.train_step(tf.constant(rng.normal(size=(5, 3)).astype(np.float32)),
                         tf.constant(rng.normal(size=(5, 1)).astype(np.float32)))
    print(i, repr(float(loss)), tr.head.name, tr.head.kernel.path, tr.opt.name)
print("probe", keras.layers.Dense(2).name)
