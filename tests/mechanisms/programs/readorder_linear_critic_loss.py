"""A WGAN-style critic trained with a linear loss, mean(D(fake)) - mean(D(real)), by
Keras RMSprop: the gradient of the critic's last kernel is the mean of its features and
does not use the kernel itself.  The step reads every weight in the forward pass before
the optimizer writes it; the loss printed is the one computed from the weights the call
started with."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3)

rng = np.random.default_rng(21)
REAL = (rng.normal(size=(96, 4)) + 1.0).astype(np.float32)
FAKE = rng.normal(size=(96, 4)).astype(np.float32)
CRITIC = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                           keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.RMSprop(0.01)


def critic_step(real, fake):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(CRITIC(fake)) - tf.reduce_mean(CRITIC(real))
    grads = tape.gradient(loss, CRITIC.trainable_variables)
    OPT.apply_gradients(zip(grads, CRITIC.trainable_variables))
    return loss


for step in range(20):
    i = (step * 16) % 80
    loss = critic_step(tf.constant(REAL[i:i + 16]), tf.constant(FAKE[i:i + 16]))
    print(step, repr(float(loss)))
print(json.dumps({"w": [repr(float(t)) for t in CRITIC.layers[-1].kernel.numpy().ravel()]}))
