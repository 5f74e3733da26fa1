"""An acting loop that stays in the interpreter (a NumPy environment, np.random choice
of actions) calls a policy model whose custom layer refines its hidden state with
tf.while_loop over (k, decay, h), decay a Python float the body shrinks with Python
arithmetic.  Eagerly the while_loop is a Python loop and decay stays a double until it
meets a tensor; as a co-executed graph site the model call runs while_v2, where decay
is a float32 loop variable.  The probabilities (printed as float hex) pick the
actions.  Probes: co-executed Keras sites holding library control flow over Python
numbers."""
import random

import numpy

random.seed(3433)
numpy.random.seed(3433)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3433)
ENV_RNG = np.random.RandomState(3433)


def w_cond(k, decay, h):
    return k < 5


def w_body(k, decay, h):
    return k + 1, decay * 0.77 + 0.011, h * decay + tf.tanh(h) * (1.0 - decay)


class Refine(keras.layers.Layer):
    def call(self, h):
        _, _, out = tf.while_loop(w_cond, w_body, (0, 1.0, h))
        return out


POLICY = keras.Sequential([keras.layers.Input((4,)), keras.layers.Dense(8), Refine(), keras.layers.Dense(3), keras.layers.Softmax()])
TRACE = []


def episode(ep):
    state = ENV_RNG.normal(size=(1, 4)).astype(np.float32)
    total = 0.0
    for t in range(6):
        probs = POLICY(tf.constant(state))
        p = probs.numpy()[0].astype(np.float64)
        a = int(ENV_RNG.choice(3, p=p / p.sum()))
        TRACE.append(float(p[a]).hex())
        state = np.tanh(state + 0.3 * (a - 1) + ENV_RNG.normal(size=(1, 4)).astype(np.float32) * 0.1).astype(np.float32)
        total += float(state.sum())
    return total


for ep in range(8):
    r = episode(ep)
    print("episode", ep, r.hex(), TRACE[-1])

print("trace", len(TRACE), TRACE[-4:])
