"""Adam with gradient_accumulation_steps=3, use_ema=True and ema_overwrite_frequency=4:
Keras' apply() runs ops.cond(is_update_step, update-and-reset, accumulate) and, after
the EMA update (momentum = cast(iterations != 0) * ema_momentum, a Python float), a
second ops.cond that overwrites the model variables with their averages every 4th
iteration.  Eagerly ops.cond is tf.cond's eager path (only the branch taken runs, and
each call makes Keras Cond objects); a graph holds both branches.  The model uses its
kernel twice (x @ K and (x @ K) @ transpose(K)).  At step 13 the program sets
opt.ema_momentum from 0.9 to 0.5.  Probes: Keras optimizer control flow with gradient
accumulation and EMA, weights used several times."""
import random

import numpy

random.seed(3724)
numpy.random.seed(3724)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3724)
rng = np.random.default_rng(3724)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 4)).astype(np.float32)
K = keras.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5, name="k")
B = keras.Variable(np.zeros((4,), np.float32), name="b")
OPT = keras.optimizers.Adam(learning_rate=0.02, gradient_accumulation_steps=3,
                            use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = tf.tanh(x @ K)
        recon = z @ tf.transpose(K) + B
        loss = tf.reduce_mean(tf.square(recon - y))
    grads = tape.gradient(loss, [K, B])
    OPT.apply_gradients(zip(grads, [K, B]))
    return loss


for step in range(28):
    if step == 13:
        OPT.ema_momentum = 0.5
    j = (step * 8) % 56
    loss = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, int(OPT.iterations), float(loss).hex(), float(tf.reduce_sum(K)).hex(),
          float(tf.reduce_sum(OPT._model_variables_moving_average[0])).hex())

print("final", [float(v).hex() for v in K.numpy().ravel()], float(tf.reduce_sum(B)).hex(),
      OPT.ema_momentum)
