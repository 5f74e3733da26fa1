"""Residual MLP whose blocks live in a list attribute of a keras.Model subclass (Keras wraps
it in its own tracked list type); call() loops `for b in self.blocks`.
At step 20 the loop prunes the last block with model.blocks.pop(): the forward pass, the
trainable-variable count and the loss must change; the list is Keras' subclass of list."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(167)
rng = np.random.default_rng(167)
X = tf.constant(rng.normal(size=(28, 4)))
Y = tf.constant(np.sin(X.numpy()[:, :1] * 2.0))


class ResMLP(keras.Model):
    def __init__(self):
        super().__init__()
        self.inp = keras.layers.Dense(6)
        self.blocks = [keras.layers.Dense(6, activation="tanh") for _ in range(3)]
        self.out = keras.layers.Dense(1)

    def call(self, x):
        h = self.inp(x)
        for b in self.blocks:
            h = h + b(h)
        return self.out(h)


model = ResMLP()
model(X[:1])
opt = keras.optimizers.SGD(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv), len(model.blocks)


for step in range(40):
    if step == 20:
        removed = model.blocks.pop()
    loss, ntv, nb = train_step(X, Y)
    print(step, repr(float(loss)), ntv, nb)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      type(model.blocks).__name__, len(model.blocks), repr(float(tf.reduce_sum(removed.kernel))),
      int(opt.iterations))
