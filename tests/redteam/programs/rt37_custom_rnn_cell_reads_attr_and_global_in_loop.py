"""A keras.layers.RNN over the program's own cell class (a keras Layer subclass with
state_size/output_size).  Its call(), which Keras' TF rnn loop calls once per time step
(plus once more for the 'time zero' output signature), reads self.leak (an attribute
the program sets mid-run, at step 9), a global GATE (changed at step 17) and a
class attribute Cell.floor (changed at step 22).  The step prints the final state's
sum.  A graph must follow each change, since Keras calls the cell from inside its own
while loop.  Probes: the program's code called back from inside library loops, reads
of attributes, globals and class attributes there."""
import random

import numpy

random.seed(3725)
numpy.random.seed(3725)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3725)
rng = np.random.default_rng(3725)
XS = rng.normal(size=(64, 6, 3)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
GATE = 1.0


class Cell(keras.layers.Layer):
    floor = 0.0

    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = units
        self.output_size = units
        self.leak = 0.2

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")
        self.rec = self.add_weight(shape=(self.units, self.units), initializer="orthogonal")

    def call(self, inputs, states):
        h_prev = states[0]
        pre = keras.ops.matmul(inputs, self.kernel) + GATE * keras.ops.matmul(h_prev, self.rec)
        h = (1.0 - self.leak) * keras.ops.tanh(pre) + self.leak * h_prev
        h = keras.ops.maximum(h, Cell.floor)
        return h, [h]


cell = Cell(5)
rnn = keras.layers.RNN(cell)
head = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = rnn(x)
        loss = tf.reduce_mean(tf.square(head(h) - y))
    variables = rnn.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, h


for step in range(28):
    if step == 9:
        cell.leak = 0.6
    if step == 17:
        GATE = 0.5
    if step == 22:
        Cell.floor = -0.25
    j = (step * 8) % 56
    loss, h = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(h)).hex())

print("final", [float(v).hex() for v in cell.kernel.numpy().ravel()[:6]], cell.leak, GATE,
      Cell.floor)
