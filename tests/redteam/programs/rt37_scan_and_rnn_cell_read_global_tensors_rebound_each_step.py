"""Two library loops call the program's functions that read tensors held by globals the
training loop rebinds before every call: tf.scan over 5 time steps with a module-level
function adding the global BIAS_T (a (3,) tensor), and a keras.layers.RNN over the
program's own cell whose call() multiplies its recurrent term by the global GATE_T (a
scalar tensor).  Both loops have trip counts known while building.  Eagerly each call's
loops read that call's tensors; a graph must make both reads call-time inputs.  At
step 15 the program also rebinds the cell's attribute cell.mix_t (a tensor).  Probes:
tensors in globals and attributes read inside scan and RNN loop bodies."""
import random

import numpy

random.seed(3738)
numpy.random.seed(3738)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3738)
rng = np.random.default_rng(3738)
XS = rng.normal(size=(64, 5, 3)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
BIAS_T = tf.zeros([3])
GATE_T = tf.constant(1.0)


class GatedCell(keras.layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.state_size = units
        self.output_size = units
        self.mix_t = tf.constant(0.5)

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")
        self.rec = self.add_weight(shape=(self.units, self.units), initializer="orthogonal")

    def call(self, inputs, states):
        h = keras.ops.tanh(keras.ops.matmul(inputs, self.kernel)
                           + GATE_T * keras.ops.matmul(states[0], self.rec))
        h = self.mix_t * h + (1.0 - self.mix_t) * states[0]
        return h, [h]


def smooth(acc, x_t):
    return 0.7 * acc + 0.3 * x_t + BIAS_T


cell = GatedCell(4)
rnn = keras.layers.RNN(cell)
head = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        xt = tf.transpose(x, [1, 0, 2])
        sm = tf.scan(smooth, xt, initializer=tf.zeros([8, 3]))
        h = rnn(tf.transpose(sm, [1, 0, 2]))
        loss = tf.reduce_mean(tf.square(head(h) - y))
    variables = rnn.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, sm


for step in range(28):
    BIAS_T = tf.constant([0.05 * (step % 3), -0.1 * (step % 2), 0.02 * step])
    GATE_T = tf.constant(1.0 - 0.1 * (step % 5))
    if step == 15:
        cell.mix_t = tf.constant(0.8)
    j = (step * 8) % 56
    loss, sm = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(sm)).hex())

print("final", [float(v).hex() for v in cell.kernel.numpy().ravel()[:6]],
      float(tf.reduce_sum(head.kernel)).hex())
del BIAS_T, GATE_T
