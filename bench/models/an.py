"""AN: a generative adversarial network on scikit-learn's digits (MLPs, two tapes).

A plain eager TF2 program: each step updates the discriminator on real and generated
digits, then the generator through the discriminator.  The noise comes from a NumPy
generator in the loop, so every mode sees the same numbers.
"""

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

import common

NOISE, BATCH = 16, 64


class GAN:
    def __init__(self):
        self.generator = tf.keras.Sequential([
            tf.keras.layers.Input((NOISE,)),
            tf.keras.layers.Dense(128, activation="relu"),
            tf.keras.layers.Dense(64, activation="sigmoid")])
        self.discriminator = tf.keras.Sequential([
            tf.keras.layers.Input((64,)),
            tf.keras.layers.Dense(128), tf.keras.layers.LeakyReLU(0.2),
            tf.keras.layers.Dense(1)])
        self.g_optimizer = tf.keras.optimizers.Adam(0.001, beta_1=0.5)
        self.d_optimizer = tf.keras.optimizers.Adam(0.001, beta_1=0.5)


def bce(labels, logits):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels,
                                                                  logits=logits))


def train_step(gan, real, noise):
    with tf.GradientTape() as tape:
        fake = gan.generator(noise)
        real_logits = gan.discriminator(real)
        fake_logits = gan.discriminator(fake)
        d_loss = bce(tf.ones_like(real_logits), real_logits) + \
            bce(tf.zeros_like(fake_logits), fake_logits)
    d_vars = gan.discriminator.trainable_variables
    gan.d_optimizer.apply_gradients(zip(tape.gradient(d_loss, d_vars), d_vars))
    with tf.GradientTape() as tape:
        fake_logits = gan.discriminator(gan.generator(noise))
        g_loss = bce(tf.ones_like(fake_logits), fake_logits)
    g_vars = gan.generator.trainable_variables
    gan.g_optimizer.apply_gradients(zip(tape.gradient(g_loss, g_vars), g_vars))
    return d_loss + g_loss


def main(argv=None):
    args = common.arguments(__doc__, steps=150, argv=argv)
    images = (load_digits().data / 16.0).astype(np.float32)
    gan = GAN()
    noise_source = np.random.default_rng(args.seed)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("images/s", args)
    for i in range(args.steps):
        start = (i * BATCH) % (len(images) - BATCH)
        noise = noise_source.normal(size=(BATCH, NOISE)).astype(np.float32)
        meter.step(step(gan, images[start:start + BATCH], noise), BATCH)
    print(f"final loss {np.mean(meter.losses[-20:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()
