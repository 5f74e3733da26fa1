"""Loss objects as co-execution sites: the program's own keras.losses.Loss subclass whose
call() counts its calls on self, reads a class attribute MARGIN (changed at step 12) and a
Python flag; a Huber loss whose `delta` is changed in its _fn_kwargs dict (step 8); the loss
object called through a variable that alternates between them (and a third, MAE, from step
18); sample_weight passed to the subclass as a keyword. np.random.choice on the model's
output keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
X = rng.normal(size=(96, 4)).astype("float32")
Y = (rng.normal(size=(96, 2)) * 2).astype("float32")
SW = rng.uniform(0.5, 1.5, size=(96,)).astype("float32")


class MarginLoss(keras.losses.Loss):
    MARGIN = 0.5

    def __init__(self, **kw):
        super().__init__(**kw)
        self.calls = 0
        self.squared = False

    def call(self, y_true, y_pred):
        self.calls += 1
        d = tf.nn.relu(tf.abs(y_true - y_pred) - self.MARGIN)
        if self.squared:
            d = d * d
        return tf.reduce_mean(d, axis=-1)


MODEL = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(2)])
MODEL(X[:2])
MARGIN = MarginLoss()
HUBER = keras.losses.Huber(delta=1.0)
MAE = keras.losses.MeanAbsoluteError()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, sw, step):
    fn = (MARGIN, HUBER, MAE)[step % 3] if step >= 18 else (MARGIN if step % 2 else HUBER)
    with tf.GradientTape() as tape:
        p = MODEL(x)
        if fn is MARGIN:
            loss = fn(y, p, sample_weight=sw)
        else:
            loss = fn(y, p)
    q = tf.nn.softmax(p).numpy().astype(np.float64)[0]
    a = int(np.random.choice(2, p=q / q.sum()))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(0.05 * g * (1 + a))
    return loss, grads, type(fn).__name__, a


for step in range(32):
    if step == 8:
        HUBER._fn_kwargs["delta"] = 0.25
    if step == 12:
        MarginLoss.MARGIN = 0.1
    if step == 15:
        MARGIN.squared = True
    i = (step * 8) % 88
    loss, grads, name, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), SW[i:i + 8], step)
    print(step, name, repr(float(loss)), a, MARGIN.calls)
    print("  g", flat(grads[-1]), flat(grads[0])[:5])

print(json.dumps({"vars": [flat(v) for v in MODEL.weights], "calls": MARGIN.calls}))
