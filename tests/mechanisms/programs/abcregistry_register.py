"""The step adds a penalty when `isinstance(aux, Regularizing)`, an abstract base class.
Part-way the program registers the class of `aux` with it (`Regularizing.register`);
the object and its class stay the same.  Eager's isinstance answers True from then on;
a graph that answered it from the object's class alone keeps False."""
import abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(54)
rng = np.random.default_rng(54)
XS = rng.normal(size=(24, 16, 4)).astype(np.float32)
YS = rng.normal(size=(24, 16, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))


class Regularizing(abc.ABC):
    pass


class Aux:
    weight = 0.1


aux = Aux()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if isinstance(aux, Regularizing):
            loss = loss + aux.weight * tf.reduce_sum(tf.square(W))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 10:
        Regularizing.register(Aux)
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss), isinstance(aux, Regularizing))

print(json.dumps({"w": W.numpy().ravel().tolist()}))
