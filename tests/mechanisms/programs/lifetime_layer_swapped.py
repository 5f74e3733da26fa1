"""Object lifetime: a model's head layer (an attribute the step reads through `self`)
is replaced by a fresh one mid-run, the usual re-initialised head of fine-tuning.  A
WeakSet of live heads and a finalizer show when the old head is freed.

Keras layers hold reference cycles, so eager frees the old head at gc.collect(); a graph
that kept it (an identity guard, a watch on its __dict__) would keep it in the WeakSet."""
import gc
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 2:3]).astype(np.float32)
LIVE_HEADS = weakref.WeakSet()


def new_head(version):
    head = keras.layers.Dense(1, name=f"head_v{version}")
    head.build((None, 8))
    LIVE_HEADS.add(head)
    weakref.finalize(head, print, f"head v{version} freed")
    return head


class Model:
    def __init__(self):
        self.trunk = keras.layers.Dense(8, activation="tanh")
        self.trunk.build((None, 5))
        self.head = new_head(1)
        self.opt = keras.optimizers.SGD(learning_rate=0.05)

    def train_step(self, x, y):
        variables = self.trunk.trainable_variables + self.head.trainable_variables
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.head(self.trunk(x)) - y))
        grads = tape.gradient(loss, variables)
        self.opt.apply_gradients(zip(grads, variables))
        return loss


model = Model()
for step in range(24):
    if step in (8, 16):
        model.head = new_head(step // 8 + 1)
        model.opt = keras.optimizers.SGD(learning_rate=0.05)
        gc.collect()
        print("live heads:", sorted(h.name for h in LIVE_HEADS))
    i = (step * 8) % 56
    loss = model.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
