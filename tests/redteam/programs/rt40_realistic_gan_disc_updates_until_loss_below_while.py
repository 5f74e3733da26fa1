"""A small GAN step in the shape of the DCGAN tutorial, with the discriminator trained
"until it is good enough": noise is drawn once per step with tf.random.normal (global
seed), then `while d_loss > self.d_target and k < 3:` (a tensor test and a tensor
counter) runs discriminator updates with their own tape and Adam inside the loop body;
then one generator update.  The d_target Python attribute is raised at step 14 and
lowered at step 22.  Prints per step: d_loss, g_loss, number of D updates, both
optimizers' iterations.  Probes: a data-decided `while` loop holding a tape and a Keras
optimizer update, under a GAN step with two tapes and seeded draws."""
import random

import numpy

random.seed(74)
numpy.random.seed(74)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4034)
rng = np.random.default_rng(4034)
REAL = (rng.normal(size=(128, 2)) * [0.5, 0.2] + [1.0, -1.0]).astype(np.float32)
gen = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
disc = keras.Sequential([keras.Input((2,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
G_OPT = keras.optimizers.Adam(1e-2)
D_OPT = keras.optimizers.Adam(1e-2)
G_OPT.build(gen.trainable_variables)
D_OPT.build(disc.trainable_variables)


class GAN:
    def __init__(self):
        self.d_target = 1.2

    def step(self, real):
        noise = tf.random.normal([tf.shape(real)[0], 3])
        d_loss = tf.constant(10.0)
        k = tf.constant(0)
        while d_loss > self.d_target and k < 3:
            with tf.GradientTape() as dt:
                fake = gen(noise)
                rl, fl = disc(real), disc(fake)
                d_loss = bce(tf.ones_like(rl), rl) + bce(tf.zeros_like(fl), fl)
            dg = dt.gradient(d_loss, disc.trainable_variables)
            D_OPT.apply_gradients(zip(dg, disc.trainable_variables))
            k += 1
        with tf.GradientTape() as gt:
            fl = disc(gen(noise))
            g_loss = bce(tf.ones_like(fl), fl)
        gg = gt.gradient(g_loss, gen.trainable_variables)
        G_OPT.apply_gradients(zip(gg, gen.trainable_variables))
        return d_loss, g_loss, k


gan = GAN()
for step in range(30):
    if step == 14:
        gan.d_target = 1.35
    if step == 22:
        gan.d_target = 1.0
    i = (step * 16) % 128
    d, g, k = gan.step(tf.constant(REAL[i:i + 16]))
    print(step, repr(float(d)), repr(float(g)), int(k), int(D_OPT.iterations.numpy()), int(G_OPT.iterations.numpy()))

print([repr(float(tf.reduce_sum(v))) for v in gen.weights + disc.weights])
