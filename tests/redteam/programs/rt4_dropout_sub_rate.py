"""Classifier with the program's own Dropout subclass (CountingDropout) in a custom loop.
Keras' Dropout.call reads `rate` when it draws the mask (a seeded Keras SeedGenerator).
At step 21 the loop sets drop.rate = 0.1 (was 0.6): the fraction of zeroed activations
printed each step must drop, and the training loss with it."""
import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(29)
rng = np.random.default_rng(29)
X = tf.constant(rng.normal(size=(48, 10)).astype("float32"))
Y = tf.constant(rng.integers(0, 3, size=(48,)).astype("int32"))


class CountingDropout(keras.layers.Dropout):
    def __init__(self, rate, **kw):
        super().__init__(rate, **kw)
        self.n_train = 0

    def call(self, inputs, training=False):
        if training:
            self.n_train += 1
        return super().call(inputs, training=training)


dense = keras.layers.Dense(16, activation="relu")
drop = CountingDropout(0.6, seed=1234)
out = keras.layers.Dense(3)
opt = keras.optimizers.Adam(learning_rate=0.01)
sce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
out(drop(dense(X[:1])))
variables = dense.trainable_variables + out.trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = dense(x)
        hd = drop(h, training=True)
        loss = sce(y, out(hd))
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    zero_frac = tf.reduce_mean(tf.cast(tf.logical_and(tf.equal(hd, 0.0), tf.greater(h, 0.0)), "float32"))
    return loss, zero_frac


for step in range(42):
    if step == 21:
        drop.rate = 0.1
    loss, zf = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(zf)), drop.n_train)

print("final", [repr(float(tf.reduce_sum(v))) for v in variables], drop.rate, drop.n_train,
      int(opt.iterations))
