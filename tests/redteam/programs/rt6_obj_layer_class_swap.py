"""Object-model changes to a Keras layer nested in a Sequential that the step only
reaches through `model(x)`: step 12 the hidden Dense instance's __class__ is swapped to
the program's subclass ScaledDense (its own call() halves the output); step 19 the
subclass's `call` is replaced on the class; step 25 the class attribute SCALE the
subclass's call reads is changed; step 31 the instance's class is swapped back to
Dense. No instance __dict__ is written by any of these."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(61)
np.random.seed(61)
tf.random.set_seed(61)
keras.utils.set_random_seed(61)

rng = np.random.default_rng(97)
X = tf.constant(rng.normal(size=(64, 5)), dtype=tf.float32)
Y = tf.constant(np.tanh(rng.normal(size=(64, 2))), dtype=tf.float32)


class ScaledDense(keras.layers.Dense):
    SCALE = 0.5

    def call(self, inputs, training=None):
        return super().call(inputs) * self.SCALE


def call_with_bias_shift(self, inputs, training=None):
    return keras.layers.Dense.call(self, inputs) * self.SCALE + 0.25


model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh", name="hidden"),
    keras.layers.Dense(2, name="out"),
])
hidden = model.get_layer("hidden")
opt = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(37):
    if step == 12:
        hidden.__class__ = ScaledDense
    elif step == 19:
        ScaledDense.call = call_with_bias_shift
    elif step == 25:
        ScaledDense.SCALE = 2.0
    elif step == 31:
        hidden.__class__ = keras.layers.Dense
    i = (step * 16) % 48
    loss = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), type(hidden).__name__)

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float((flat ** 2).sum())))
print("class", type(hidden).__name__, ScaledDense.SCALE)
