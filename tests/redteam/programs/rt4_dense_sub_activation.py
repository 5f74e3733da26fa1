"""Regression fine-tune whose hidden layer is the program's own Dense subclass (MyDense).
MyDense.call multiplies by its own `gain` and defers to Dense.call for the activation.
At step 24 the loop sets hidden.activation = keras.activations.tanh (was relu): only
Keras' Dense.call reads that attribute, so a graph that kept relu would differ."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(np.sin(rng.normal(size=(32, 1))) + 0.1 * rng.normal(size=(32, 1)))


class MyDense(keras.layers.Dense):
    def __init__(self, units, gain=1.0, **kw):
        super().__init__(units, **kw)
        self.gain = gain

    def call(self, inputs):
        return super().call(inputs) * self.gain


hidden = MyDense(8, gain=1.5, activation="relu", name="hidden")
head = keras.layers.Dense(1, name="head")
opt = keras.optimizers.SGD(learning_rate=0.05)
hidden.build((None, 4))
head.build((None, 8))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = hidden(x)
        pred = head(h)
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = hidden.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    return loss, tf.reduce_min(h)


for step in range(48):
    if step == 24:
        hidden.activation = keras.activations.tanh
    loss, hmin = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(hmin)))

print("final", repr(float(tf.reduce_sum(hidden.kernel))), repr(float(tf.reduce_sum(head.kernel))),
      hidden.activation.__name__, int(opt.iterations))
