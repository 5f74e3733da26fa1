"""The program's own keras.constraints.Constraint subclass (ClipNorm) on a Dense kernel;
Keras' optimizer calls it back (program code reading self.max_norm) after each update.
At step 18 the loop sets con.max_norm = 0.4 (was 3.0): the kernel's column norms, printed
each step, must be capped from that step on."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(163)
rng = np.random.default_rng(163)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(X.numpy() @ rng.normal(size=(4, 3)) * 1.5)


class ClipNorm(keras.constraints.Constraint):
    def __init__(self, max_norm):
        self.max_norm = max_norm
        self.calls = 0

    def __call__(self, w):
        self.calls += 1
        norms = tf.sqrt(tf.reduce_sum(tf.square(w), axis=0, keepdims=True))
        return w * tf.minimum(1.0, self.max_norm / (norms + 1e-12))

    def get_config(self):
        return {"max_norm": self.max_norm}


con = ClipNorm(3.0)
layer = keras.layers.Dense(3, kernel_constraint=con)
layer.build((None, 4))
opt = keras.optimizers.Adam(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - y))
    grads = tape.gradient(loss, layer.trainable_variables)
    opt.apply_gradients(zip(grads, layer.trainable_variables))
    return loss


for step in range(36):
    if step == 18:
        con.max_norm = 0.4
    loss = train_step(X, Y)
    norms = tf.sqrt(tf.reduce_sum(tf.square(layer.kernel), axis=0))
    print(step, repr(float(loss)), [repr(float(n)) for n in norms], con.calls)

print("final", repr(float(tf.reduce_sum(layer.kernel))), repr(float(tf.reduce_sum(layer.bias))),
      con.calls, int(opt.iterations))
