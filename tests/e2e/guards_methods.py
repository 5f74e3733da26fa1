"""Methods that change under a converted step: an instance attribute that shadows a
method mid-run (t.activation = t.cube), a class attribute reassigned mid-run on a
plain class and on a Keras model subclass (Net.loss_fn = huber), and a classmethod and
a staticmethod read through self at every step (which must not rebuild every call).
Under janus and JANUS_MODE=off; prints one JSON document.
"""

import json

import numpy as np
import tensorflow as tf

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(11)
STEPS, SWITCH = 16, 8
results = {}


def record(name, value):
    results.setdefault(name, []).append(np.asarray(value).tolist())


# 1. An instance attribute that shadows a method.
class Activation:
    def activation(self, x):
        return tf.nn.relu(x)

    def cube(self, x):
        return x ** 3


t = Activation()


def shadow_step(x):
    with tf.GradientTape():
        y = t.activation(x)
    return tf.reduce_sum(y)


for i in range(STEPS):
    if i == SWITCH:
        t.activation = t.cube
    record("shadow", shadow_step(tf.constant([-2.0, 1.0, 2.0])))


# 2. A class attribute of a plain class, reassigned.
def mse(self, y, p):
    return tf.reduce_mean((y - p) ** 2)


def huber(self, y, p):
    return tf.reduce_mean(tf.keras.losses.huber(y, p, delta=0.5))


class Trainer:
    loss_fn = mse

    def __init__(self):
        self.w = tf.Variable([[0.5], [-0.5]], dtype=tf.float64)


trainer = Trainer()
xs = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]], tf.float64)
ys = tf.constant([[1.0], [0.0], [2.0]], tf.float64)


def class_step(x, y):
    with tf.GradientTape() as tape:
        loss = trainer.loss_fn(y, x @ trainer.w)
    grad = tape.gradient(loss, trainer.w)
    trainer.w.assign_sub(0.1 * grad)
    return loss


for i in range(STEPS):
    if i == SWITCH:
        Trainer.loss_fn = huber
    record("class", class_step(xs, ys))


# 3. The same on a tf.keras.Model subclass: its methods are library-object methods.
class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def loss_fn(self, y, p):
        return tf.reduce_mean((y - p) ** 2)


net = Net()
optimizer = tf.keras.optimizers.SGD(0.05)


def keras_step(x, y):
    with tf.GradientTape() as tape:
        loss = net.loss_fn(y, net(x))
    grads = tape.gradient(loss, net.trainable_variables)
    optimizer.apply_gradients(zip(grads, net.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        Net.loss_fn = huber
    record("keras", keras_step(xs, ys))


# 4. A classmethod and a staticmethod read as self.<name> at every step.
class Scaler:
    factor = 3.0

    @classmethod
    def scale(cls, x):
        return x * cls.factor

    @staticmethod
    def shift(x):
        return x + 1.0

    def apply(self, x):
        return self.shift(self.scale(x))


scaler = Scaler()


def classmethod_step(x):
    with tf.GradientTape():
        y = scaler.apply(x)
    return tf.reduce_sum(y)


for i in range(STEPS):
    if i == SWITCH + 4:
        Scaler.factor = 5.0           # read through cls: a guard must see it
    record("classmethod", classmethod_step(tf.constant([1.0, float(i)])))

results["variables"] = {"trainer": trainer.w.numpy().tolist(),
                        "net": [v.numpy().tolist() for v in net.trainable_variables]}
print(json.dumps(results))
