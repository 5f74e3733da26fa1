"""pix2pix-lite: a conditional GAN that maps outlines to filled shapes (generated pairs).

A plain eager TF2 program: a small U-Net generator, a PatchGAN discriminator, an L1 term.
Pairs are drawn with NumPy: a random rectangle or disc, as an outline (input) and
filled (target), 16x16.
"""

import numpy as np
import tensorflow as tf

import common

SIZE, BATCH = 16, 16


def pairs(rng, count):
    yy, xx = np.mgrid[:SIZE, :SIZE]
    inputs = np.zeros((count, SIZE, SIZE, 1), np.float32)
    targets = np.zeros_like(inputs)
    for k in range(count):
        cy, cx, r = rng.integers(5, 11), rng.integers(5, 11), rng.integers(2, 5)
        if rng.random() < 0.5:
            filled = (np.abs(yy - cy) <= r) & (np.abs(xx - cx) <= r)
        else:
            filled = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
        inner = np.zeros_like(filled)
        inner[1:-1, 1:-1] = filled[:-2, 1:-1] & filled[2:, 1:-1] & filled[1:-1, :-2] & \
            filled[1:-1, 2:]
        inputs[k, ..., 0] = filled & ~inner
        targets[k, ..., 0] = filled
    return inputs * 2 - 1, targets * 2 - 1


class UNet:
    def __init__(self):
        conv = tf.keras.layers.Conv2D
        up = tf.keras.layers.Conv2DTranspose
        self.down1 = conv(16, 4, 2, padding="same")
        self.down2 = conv(32, 4, 2, padding="same")
        self.up1 = up(16, 4, 2, padding="same")
        self.up2 = up(1, 4, 2, padding="same")

    def __call__(self, x):
        d1 = tf.nn.leaky_relu(self.down1(x), 0.2)
        d2 = tf.nn.leaky_relu(self.down2(d1), 0.2)
        u1 = tf.nn.relu(self.up1(d2))
        return tf.tanh(self.up2(tf.concat([u1, d1], axis=-1)))

    def variables(self):
        return [v for layer in (self.down1, self.down2, self.up1, self.up2)
                for v in layer.trainable_variables]


def patch_discriminator():
    return tf.keras.Sequential([
        tf.keras.layers.Input((SIZE, SIZE, 2)),
        tf.keras.layers.Conv2D(16, 4, 2, padding="same"), tf.keras.layers.LeakyReLU(0.2),
        tf.keras.layers.Conv2D(1, 4, 1, padding="same")])


def bce(labels, logits):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels,
                                                                  logits=logits))


def train_step(generator, discriminator, g_opt, d_opt, inputs, targets):
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fake = generator(inputs)
        real_logits = discriminator(tf.concat([inputs, targets], axis=-1))
        fake_logits = discriminator(tf.concat([inputs, fake], axis=-1))
        d_loss = bce(tf.ones_like(real_logits), real_logits) + \
            bce(tf.zeros_like(fake_logits), fake_logits)
        g_loss = bce(tf.ones_like(fake_logits), fake_logits) + \
            10.0 * tf.reduce_mean(tf.abs(targets - fake))
    g_vars, d_vars = generator.variables(), discriminator.trainable_variables
    g_opt.apply_gradients(zip(g_tape.gradient(g_loss, g_vars), g_vars))
    d_opt.apply_gradients(zip(d_tape.gradient(d_loss, d_vars), d_vars))
    return g_loss + d_loss


def main(argv=None):
    args = common.arguments(__doc__, steps=100, argv=argv)
    rng = np.random.default_rng(args.seed)
    generator, discriminator = UNet(), patch_discriminator()
    g_opt = tf.keras.optimizers.Adam(0.002, beta_1=0.5)
    d_opt = tf.keras.optimizers.Adam(0.002, beta_1=0.5)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("images/s", args)
    for _ in range(args.steps):
        inputs, targets = pairs(rng, BATCH)
        meter.step(step(generator, discriminator, g_opt, d_opt, inputs, targets), BATCH)
    print(f"final loss {np.mean(meter.losses[-20:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()
