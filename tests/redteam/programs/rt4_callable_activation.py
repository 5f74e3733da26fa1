"""A Dense layer whose activation is an instance of the program's own callable class
(ParamLeaky, __call__ reads self.alpha and bumps self.calls); Dense.call (Keras code) calls it.
At step 22 the loop sets act.alpha = 0.8 (was 0.01): the negative side of every hidden unit
changes, which the minimum activation printed each step shows."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(173)
rng = np.random.default_rng(173)
X = tf.constant(rng.normal(size=(26, 3)))
Y = tf.constant(rng.normal(size=(26, 2)))


class ParamLeaky:
    def __init__(self, alpha):
        self.alpha = alpha
        self.calls = 0
        self.__name__ = "param_leaky"

    def __call__(self, x):
        self.calls += 1
        return tf.where(x > 0, x, self.alpha * x)


act = ParamLeaky(0.01)
hidden = keras.layers.Dense(8, activation=act)
out = keras.layers.Dense(2)
out(hidden(X[:1]))
variables = hidden.trainable_variables + out.trainable_variables
opt = keras.optimizers.Nadam(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = hidden(x)
        loss = tf.reduce_mean(tf.square(out(h) - y))
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    return loss, tf.reduce_min(h)


for step in range(44):
    if step == 22:
        act.alpha = 0.8
    loss, hmin = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(hmin)), act.calls)

print("final", [repr(float(tf.reduce_sum(v))) for v in variables], act.alpha, act.calls,
      hidden.activation is act, int(opt.iterations))
