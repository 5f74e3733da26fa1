"""A layer of the program that calls self.add_loss in its call (a VAE's KL term): the
step adds sum(model.losses) to its loss, the loop prints the layer's own .losses after
each step.  The KL weight (an attribute of the layer) changes at step 14."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(22)
rng = np.random.default_rng(22)


class Sampling(keras.layers.Layer):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def call(self, inputs):
        mean, log_var = inputs
        kl = -0.5 * tf.reduce_mean(1 + log_var - tf.square(mean) - tf.exp(log_var))
        self.add_loss(self.weight * kl)
        return mean + tf.exp(0.5 * log_var) * 0.5


inputs = keras.Input((4,))
mean = keras.layers.Dense(3)(inputs)
log_var = keras.layers.Dense(3)(inputs)
sampler = Sampling(0.1)
z = sampler([mean, log_var])
model = keras.Model(inputs, keras.layers.Dense(4)(z))
opt = keras.optimizers.Adam(0.01)


def train_step(x):
    with tf.GradientTape() as tape:
        recon = tf.reduce_mean(tf.square(model(x) - x))
        loss = recon + tf.add_n(model.losses)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return recon, loss


for i in range(28):
    if i == 14:
        sampler.weight = 0.5
    recon, loss = train_step(tf.constant(rng.normal(size=(8, 4)).astype(np.float32)))
    print(i, repr(float(recon)), repr(float(loss)), [repr(float(v)) for v in sampler.losses],
          len(model.losses))
print("w", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
