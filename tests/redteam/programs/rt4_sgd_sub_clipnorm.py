"""Custom loop with the program's own SGD subclass (MySGD) that counts its applies.
The subclass overrides apply_gradients to bump a Python counter and calls super().
At step 20 the loop sets opt.clipnorm = 0.05 (was None): only Keras' gradient clipping
code reads clipnorm, so a graph built before the change would keep unclipped steps."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
X = tf.constant(rng.normal(size=(40, 3)) * 3.0)
W_true = np.array([[2.0], [-1.0], [0.5]])
Y = tf.constant(X.numpy() @ W_true + 0.3)


class MySGD(keras.optimizers.SGD):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.n_applied = 0

    def apply_gradients(self, grads_and_vars):
        self.n_applied += 1
        return super().apply_gradients(grads_and_vars)


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="elu"),
                          keras.layers.Dense(1)])
opt = MySGD(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    gnorm = tf.linalg.global_norm(grads)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, gnorm


for step in range(44):
    if step == 20:
        opt.clipnorm = 0.05
    loss, gnorm = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(gnorm)), opt.n_applied)

print("final", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables],
      opt.n_applied, int(opt.iterations), opt.clipnorm)
