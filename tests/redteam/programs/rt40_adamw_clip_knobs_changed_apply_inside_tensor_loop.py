"""AdamW applied inside the body of a data-decided `for i in tf.range(n)` loop over
micro-batches (a tape per micro-batch), while the outer loop re-tunes the optimizer the
way fine-tuning scripts do: step 8 sets `clipnorm = 0.05`, step 13 replaces it with
`global_clipnorm = 0.08` (clipnorm back to None), step 18 sets `clipvalue = 0.01`
(global_clipnorm back to None), step 23 sets `weight_decay = 0.3` and `beta_1 = 0.5`,
step 27 sets `learning_rate = 0.003` (a float assigned to its variable).  The loop
prints the loss, iterations and a weight sum.  Probes: optimizer attributes changed
between calls of a step that applies the optimizer inside a loop on a tensor."""
import random

import numpy

random.seed(73)
numpy.random.seed(73)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4033)
rng = np.random.default_rng(4033)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 2:3] + 0.5).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.AdamW(learning_rate=0.02, weight_decay=0.01)
OPT.build(model.trainable_variables)


def micro(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.5, tf.int32)) // 3
    tot = tf.constant(0.0)
    for i in tf.range(n):
        with tf.GradientTape() as tape:
            l = tf.reduce_mean(tf.square(model(x[2 * i:2 * i + 2]) - y[2 * i:2 * i + 2]))
        g = tape.gradient(l, model.trainable_variables)
        OPT.apply_gradients(zip(g, model.trainable_variables))
        tot += l
    return tot, n


for step in range(32):
    if step == 8:
        OPT.clipnorm = 0.05
    if step == 13:
        OPT.clipnorm = None
        OPT.global_clipnorm = 0.08
    if step == 18:
        OPT.global_clipnorm = None
        OPT.clipvalue = 0.01
    if step == 23:
        OPT.weight_decay = 0.3
        OPT.beta_1 = 0.5
    if step == 27:
        OPT.learning_rate = 0.003
    i = (step * 8) % 96
    tot, n = micro(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(tot)), int(OPT.iterations.numpy()),
          repr(float(tf.reduce_sum(model.trainable_variables[0]))))

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
