"""An LSTM (unroll=False) is trained on batches whose time dimension cycles through five
lengths (3, 5, 4, 6, 7), so after three sizes a graph cache would relax the time axis to
None.  Keras' TF backend then runs its tf.while_loop with a data-decided trip count: a
graph keeps a While op, whose backward pass accumulates the per-timestep gradients of
the kernel and recurrent kernel iteration by iteration, while eager's tape (the eager
Python loop of tf.while_loop) sums all uses of each weight at once.  At step 16 the
Python global STRIDE changes which slice of the data is taken and a sixth length (9)
appears.  Probes: RNN loops over a relaxed time dimension, weight gradients summed
across iterations."""
import random

import numpy

random.seed(3701)
numpy.random.seed(3701)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3701)
rng = np.random.default_rng(3701)
XS = rng.normal(size=(48, 10, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)

lstm = keras.layers.LSTM(6)
head = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LENGTHS = [3, 5, 4, 6, 7]
STRIDE = 8


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = lstm(x)
        pred = head(h)
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = lstm.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads[1]


for step in range(30):
    if step == 16:
        STRIDE = 5
        LENGTHS.append(9)
    t = LENGTHS[step % len(LENGTHS)]
    i = (step * STRIDE) % 40
    loss, g_rec = train_step(tf.constant(XS[i:i + 8, :t]), tf.constant(YS[i:i + 8]))
    print(step, t, float(loss).hex(), float(tf.reduce_sum(g_rec)).hex())

print("final", [float(v).hex() for v in lstm.trainable_variables[1].numpy().ravel()[:6]],
      float(tf.reduce_sum(head.kernel)).hex(), int(OPT.iterations))
