"""REINFORCE-style update: the step computes discounted returns backwards in a
tf.while_loop whose loop variable is a tf.TensorArray; each iteration reads the next
return (ta.read(t + 1)) and writes ret[t].  The advantages are ta.stack().  Eager's
TensorArray clears a slot when it is read (clear_after_read defaults to True), and
stack() fills cleared slots with zeros, so eagerly every return but the first is 0
in the stacked tensor; a graph's TensorArray keeps them.  Probes: eager TensorArray
semantics carried through an eager tf.while_loop."""
import random

import numpy

random.seed(3430)
numpy.random.seed(3430)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3430)
rng = np.random.default_rng(3430)
T = 10
OBS = rng.normal(size=(40, T, 4)).astype(np.float32)
ACT = rng.integers(0, 2, size=(40, T)).astype(np.int32)
REW = (rng.uniform(size=(40, T)) < 0.4).astype(np.float32)
POLICY = keras.Sequential([keras.layers.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
GAMMA = 0.9


def ret_cond(t, ta, rewards):
    return t >= 0


def ret_body(t, ta, rewards):
    nxt = ta.read(tf.minimum(t + 1, T - 1)) * tf.cast(t + 1 < T, tf.float32)
    return t - 1, ta.write(t, rewards[t] + GAMMA * nxt), rewards


def train_step(obs, act, rew):
    ta = tf.TensorArray(tf.float32, size=T, element_shape=())
    _, ta, _ = tf.while_loop(ret_cond, ret_body, (tf.constant(T - 1), ta, rew))
    returns = ta.stack()
    with tf.GradientTape() as tape:
        logits = POLICY(obs)
        logp = -tf.nn.sparse_softmax_cross_entropy_with_logits(labels=act, logits=logits)
        loss = -tf.reduce_mean(logp * (returns - tf.reduce_mean(returns)))
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, tf.reduce_sum(returns)


for step in range(36):
    e = step % 40
    loss, rs = train_step(tf.constant(OBS[e]), tf.constant(ACT[e]), tf.constant(REW[e]))
    print(step, float(loss).hex(), float(rs).hex())

for v in POLICY.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
