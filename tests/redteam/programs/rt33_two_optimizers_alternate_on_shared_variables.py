"""Two optimizers (Adam and RMSprop), both built on the same variables, alternate on a
schedule the loop decides (Adam for 3 steps, RMSprop for 2, ...), chosen through one
global name the step reads (`OPT`).  Each keeps its own slots and iteration counter.
At step 20 RMSprop's rho is changed.  Probes: the optimizer object read from a global
that is rebound between calls, with two graphs alive."""
import random
import numpy
random.seed(24)
numpy.random.seed(24)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3324)
rng = np.random.default_rng(3324)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2].sum(1, keepdims=True)).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
ADAM = keras.optimizers.Adam(learning_rate=0.01)
RMS = keras.optimizers.RMSprop(learning_rate=0.005)
ADAM.build(model.trainable_variables)
RMS.build(model.trainable_variables)
OPT = ADAM


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    OPT = ADAM if step % 5 < 3 else RMS
    if step == 20:
        RMS.rho = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, type(OPT).__name__, float(loss).hex(), int(ADAM.iterations), int(RMS.iterations))

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
print("slots", float(tf.reduce_sum(ADAM._momentums[0])).hex(), float(tf.reduce_sum(RMS._velocities[0])).hex())
