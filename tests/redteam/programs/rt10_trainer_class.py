"""The hot function is Trainer.step, a method: self.model is replaced by a clone with
copied weights (step 10) and by a fresh model (step 20), self.loss_fn is swapped (step 14),
self.temperature (a Python float attribute) is passed to a custom layer as a keyword, and
self.history grows. A Keras Adam optimizer applies the gradients (eagerly, not a site) and
its slots follow the model swaps. np.random.choice on the probabilities keeps it in the
interpreter."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3838)
rng = np.random.default_rng(3838)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Temper(keras.layers.Layer):
    def call(self, x, temperature=1.0):
        return x / temperature


def make_model():
    return keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(3)])


class Trainer:
    def __init__(self):
        self.model = make_model()
        self.model(X[:2])
        self.temper = Temper()
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        self.opt = keras.optimizers.Adam(0.01)
        self.temperature = 1.0
        self.history = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            logits = self.temper(self.model(x), temperature=self.temperature)
            loss = self.loss_fn(y, logits)
        p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
        a = int(np.random.choice(3, p=p / p.sum()))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.history.append((a, round(float(loss), 5)))
        return loss, grads


tr = Trainer()


def flat(t):
    return np.asarray(t).ravel().tolist()


for step in range(32):
    if step == 10:
        clone = keras.models.clone_model(tr.model)
        clone(X[:2])
        clone.set_weights(tr.model.get_weights())
        tr.model = clone
        tr.opt = keras.optimizers.Adam(0.01)
    if step == 14:
        tr.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=2)
    if step == 20:
        tr.model = make_model()
        tr.opt = keras.optimizers.Adam(0.02)
    if step % 6 == 5:
        tr.temperature = tr.temperature * 1.5
    i = (step * 8) % 88
    loss, grads = tr.step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), tr.history[-1], int(tr.opt.iterations), tr.temperature)
    print("  g", flat(grads[-1]), flat(grads[0])[:5])

print(json.dumps({"vars": [flat(v) for v in tr.model.weights], "hist": tr.history,
                  "slots": [repr(float(tf.reduce_sum(v))) for v in tr.opt.variables]}))
