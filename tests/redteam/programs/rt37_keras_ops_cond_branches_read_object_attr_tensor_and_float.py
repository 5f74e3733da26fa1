"""keras.ops.cond (TF backend: smart_cond, so tf.cond on a tensor predicate) with two
module-level branch functions that read state from a plain config object: CFG.target,
a tensor the loop replaces before every call (a moving target computed outside the
step), and CFG.scale, a Python float the loop changes at step 10 and 20.  Eagerly the
taken branch runs as Python at each call.  A graph must read the attribute's tensor at
call time inside the branch bodies and follow the float (a guard), as it does for reads
in the step itself.  The predicate is the sign of the batch mean.  Probes: attribute
reads of tensors and numbers inside branches of library control flow."""
import random

import numpy

random.seed(3737)
numpy.random.seed(3737)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3737)
rng = np.random.default_rng(3737)
XS = rng.normal(size=(64, 4)).astype(np.float32)
XS[::16] += 0.8
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Config:
    pass


CFG = Config()
CFG.target = tf.zeros([2])
CFG.scale = 1.0
XB = None


def pos_branch():
    return tf.reduce_mean(tf.square(tf.tanh(XB @ W) - CFG.target)) * CFG.scale


def neg_branch():
    return tf.reduce_mean(tf.abs(XB @ W - CFG.target)) * CFG.scale


def train_step():
    with tf.GradientTape() as tape:
        loss = keras.ops.cond(tf.reduce_mean(XB) > 0.0, pos_branch, neg_branch)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(28):
    if step == 10:
        CFG.scale = 0.5
    if step == 20:
        CFG.scale = 2.0
    CFG.target = tf.constant([0.1 * (step % 4), -0.2 * (step % 3)])
    XB = tf.constant(XS[(step * 8) % 56:(step * 8) % 56 + 8])
    loss = train_step()
    print(step, float(loss).hex(), bool(tf.reduce_mean(XB) > 0.0))

print("final", [float(v).hex() for v in W.numpy().ravel()], CFG.scale)
del XB
