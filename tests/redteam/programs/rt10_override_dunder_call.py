"""Program classes that override __call__ on a Keras Model and a Keras Layer and call
super().__call__ with rewritten arguments: the model's __call__ counts calls, injects
training=self.force_training (changed at steps 9 and 18) and rescales its input by an
attribute (changed at step 13); a Dense subclass's __call__ appends to a class-level log. The Keras call is then made from the program's own __call__ frame. The batch comes
from a generator made outside the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3939)
rng = np.random.default_rng(3939)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Forced(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.d = keras.layers.Dense(6, activation="relu")
        self.drop = keras.layers.Dropout(0.5)
        self.bn = keras.layers.BatchNormalization()
        self.out = keras.layers.Dense(1)
        self.force_training = True
        self.in_scale = 1.0
        self.n_calls = 0

    def call(self, x, training=None):
        return self.out(self.bn(self.drop(self.d(x), training=training), training=training))

    def __call__(self, x, **kw):
        self.n_calls += 1
        kw.setdefault("training", self.force_training)
        return super().__call__(x * self.in_scale, **kw)


class Logged(keras.layers.Dense):
    LOG = []

    def __call__(self, *args, **kw):
        Logged.LOG.append(len(Logged.LOG))
        return super().__call__(*args, **kw)


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
MODEL = Forced()
MODEL(X[:2])
PRE = Logged(5, activation="tanh")
PRE.build((None, 5))
VARS = PRE.trainable_variables + MODEL.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        p = MODEL(PRE(x))
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads


for step in range(32):
    if step == 9:
        MODEL.force_training = False
    if step == 13:
        MODEL.in_scale = 2.0
    if step == 18:
        MODEL.force_training = True
    loss, grads = train_step()
    print(step, repr(float(loss)), MODEL.n_calls, len(Logged.LOG), flat(MODEL.bn.moving_mean)[:3],
          flat(MODEL.drop.seed_generator.state))
    print("  g", flat(grads[0])[:5], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "n": MODEL.n_calls}))
