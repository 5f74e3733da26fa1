"""MLP and LeNet trained on scikit-learn's digits, as Keras models and as raw tf ops.

Usage: digits.py STEPS OUT.npz

Ordinary eager TF2 code with no janus in it.  Every model trains for STEPS steps of
batch 64 over a fixed shuffle, so a smaller last batch comes round once per epoch.  The
raw MLP is fed float64 images for a stretch (the input dtype changes mid-run), and
the raw LeNet's learning rate lives in a module global that changes mid-run.
Saves every step's loss, the type and dtype of what each step returned, and the final
variables of each model to OUT.npz.
"""

import sys

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

STEPS = int(sys.argv[1])
OUT = sys.argv[2]
BATCH = 64
LEARNING_RATE = 0.05


def load():
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)[..., None]
    order = np.random.default_rng(0).permutation(len(images))
    return images[order][:1437], digits.target.astype(np.int64)[order][:1437]


def batches(images, labels):
    step = 0
    while True:
        for start in range(0, len(labels), BATCH):
            if step == STEPS:
                return
            yield step, images[start:start + BATCH], labels[start:start + BATCH]
            step += 1


# -- Keras models ---------------------------------------------------------------------

def keras_mlp():
    return tf.keras.Sequential([
        tf.keras.layers.Input((8, 8, 1)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(10),
    ])


def keras_lenet():
    return tf.keras.Sequential([
        tf.keras.layers.Input((8, 8, 1)),
        tf.keras.layers.Conv2D(6, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(2),
        tf.keras.layers.Conv2D(16, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(2),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(120, activation="relu"),
        tf.keras.layers.Dense(84, activation="relu"),
        tf.keras.layers.Dense(10),
    ])


def keras_step(model, optimizer, loss_fn, images, labels):
    with tf.GradientTape() as tape:
        loss = loss_fn(labels, model(images, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


# -- raw tf ops and tf.Variables --------------------------------------------------------

def glorot(shape, seed):
    limit = np.sqrt(6.0 / (np.prod(shape[:-1]) + shape[-1]))
    values = np.random.default_rng(seed).uniform(-limit, limit, size=shape)
    return tf.Variable(values.astype(np.float32))


class RawMLP:
    def __init__(self):
        self.w1, self.b1 = glorot((64, 64), 1), tf.Variable(tf.zeros(64))
        self.w2, self.b2 = glorot((64, 10), 2), tf.Variable(tf.zeros(10))
        self.variables = [self.w1, self.b1, self.w2, self.b2]

    def __call__(self, images):
        x = tf.reshape(tf.cast(images, tf.float32), (-1, 64))
        x = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        return tf.matmul(x, self.w2) + self.b2


class RawLeNet:
    def __init__(self):
        self.k1, self.c1 = glorot((3, 3, 1, 6), 3), tf.Variable(tf.zeros(6))
        self.k2, self.c2 = glorot((3, 3, 6, 16), 4), tf.Variable(tf.zeros(16))
        self.w1, self.b1 = glorot((64, 84), 5), tf.Variable(tf.zeros(84))
        self.w2, self.b2 = glorot((84, 10), 6), tf.Variable(tf.zeros(10))
        self.variables = [self.k1, self.c1, self.k2, self.c2,
                          self.w1, self.b1, self.w2, self.b2]

    def __call__(self, images):
        x = tf.nn.relu(tf.nn.conv2d(images, self.k1, 1, "SAME") + self.c1)
        x = tf.nn.max_pool2d(x, 2, 2, "VALID")
        x = tf.nn.relu(tf.nn.conv2d(x, self.k2, 1, "SAME") + self.c2)
        x = tf.nn.max_pool2d(x, 2, 2, "VALID")
        x = tf.reshape(x, (-1, 64))
        x = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        return tf.matmul(x, self.w2) + self.b2


def cross_entropy(labels, logits):
    return tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def raw_step(model, images, labels):
    with tf.GradientTape() as tape:
        loss = cross_entropy(labels, model(images))
    grads = tape.gradient(loss, model.variables)
    for variable, grad in zip(model.variables, grads):
        variable.assign_sub(LEARNING_RATE * grad)
    return loss


def main():
    global LEARNING_RATE
    tf.keras.utils.set_random_seed(0)
    images, labels = load()
    losses, returned, variables = {}, {}, {}

    def record(name, loss):
        losses[name].append(float(loss))
        returned[name].append(f"{type(loss).__name__} {loss.dtype.name}")

    for name, make in (("keras_mlp", keras_mlp), ("keras_lenet", keras_lenet)):
        model = make()
        optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
        loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        losses[name], returned[name] = [], []
        for _, x, y in batches(images, labels):
            record(name, keras_step(model, optimizer, loss_fn, x, y))
        variables[name] = model.trainable_variables + optimizer.variables

    for name, model in (("raw_mlp", RawMLP()), ("raw_lenet", RawLeNet())):
        losses[name], returned[name] = [], []
        for step, x, y in batches(images, labels):
            if name == "raw_mlp" and STEPS // 2 <= step < STEPS // 2 + 20:
                x = x.astype(np.float64)          # the input dtype changes, then back
            if name == "raw_lenet" and step == STEPS // 2:
                LEARNING_RATE = 0.02              # a hyperparameter global changes
            record(name, raw_step(model, x, y))
        variables[name] = model.variables
        LEARNING_RATE = 0.05

    arrays = {f"loss/{name}": np.array(values) for name, values in losses.items()}
    arrays.update((f"returned/{name}", np.array(values)) for name, values in returned.items())
    for name, group in variables.items():
        for index, variable in enumerate(group):
            arrays[f"var/{name}/{index}"] = variable.numpy()
    np.savez(OUT, **arrays)


if __name__ == "__main__":
    main()
