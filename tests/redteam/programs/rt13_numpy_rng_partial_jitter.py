"""Input jitter drawn through a functools.partial of a numpy Generator method; the
generator is restored from a checkpointed state mid-run.

The augmentation config builds its sampler once: `JITTER = functools.partial(
AUG_RNG.normal, 0.0, 0.05, (8, 5))` -- a partial (C) wrapping a bound C method of a
numpy Generator that is not numpy's global RandomState.  The step calls `JITTER()` each
time and adds the noise to its batch.  At step 12 the loop restores the augmentation
stream from a checkpoint (`AUG_RNG.bit_generator.state = SAVED`, the state recorded at
step 4), so steps 12.. replay the noise of steps 4.. exactly.  Eager draws fresh numbers
at each call from the generator's current state.  A draw reached through a partial may
not be recognised as a draw: run natively while building, it would be a constant of
the graph (and this generator's state is not one a build compares), so every graph call
would reuse the build's noise and leave the generator's state where the build left it.
Probes: draws from a non-global generator through an indirection (partial of a bound
method), generator state restored between calls.
"""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1324)
rng = np.random.default_rng(1324)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4] * 0.5).astype(np.float32)

AUG_RNG = np.random.default_rng(77)
JITTER = functools.partial(AUG_RNG.normal, 0.0, 0.05, (8, 5))

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
NOISE_SUMS = []


def train_step(x, y):
    noise = JITTER()
    xa = x + tf.cast(noise, tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(xa, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.reduce_sum(xa - x)


SAVED = None
for step in range(30):
    if step == 4:
        SAVED = AUG_RNG.bit_generator.state
    if step == 12:
        AUG_RNG.bit_generator.state = SAVED
    i = (step * 8) % 88
    loss, nsum = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    NOISE_SUMS.append(float(nsum))
    print(step, repr(float(loss)), repr(float(nsum)))

print(json.dumps({
    "rng_state": str(AUG_RNG.bit_generator.state["state"]["state"]),
    "next": repr(float(AUG_RNG.normal())),
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
}))
