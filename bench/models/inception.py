"""Inception-lite on scikit-learn's digits: parallel convolution towers, concatenated.

A plain eager TF2 program with Keras functional blocks called from a Python model class.
"""

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

import common


class InceptionBlock:
    def __init__(self, width):
        conv = lambda k, n: tf.keras.layers.Conv2D(n, k, padding="same",  # noqa: E731
                                                   activation="relu")
        self.one = conv(1, width)
        self.three = [conv(1, width), conv(3, width)]
        self.five = [conv(1, width // 2), conv(3, width), conv(3, width)]
        self.pool = [tf.keras.layers.MaxPooling2D(3, 1, padding="same"), conv(1, width)]

    def __call__(self, x):
        towers = [self.one(x)]
        for tower in (self.three, self.five, self.pool):
            h = x
            for layer in tower:
                h = layer(h)
            towers.append(h)
        return tf.concat(towers, axis=-1)


class InceptionLite:
    def __init__(self):
        self.stem = tf.keras.layers.Conv2D(16, 3, padding="same", activation="relu")
        self.blocks = [InceptionBlock(8), InceptionBlock(12)]
        self.head = tf.keras.layers.Dense(10)

    def __call__(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = block(h)
        return self.head(tf.reduce_mean(h, axis=[1, 2]))

    @property
    def variables(self):
        layers = [self.stem, self.head]
        for block in self.blocks:
            layers += [block.one, *block.three, *block.five, block.pool[1]]
        return [v for layer in layers for v in layer.trainable_variables]


def train_step(model, optimizer, images, labels):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=model(images)))
    grads = tape.gradient(loss, model.variables)
    optimizer.apply_gradients(zip(grads, model.variables))
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=90, argv=argv)
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)[..., None]
    labels = digits.target.astype(np.int64)
    model, optimizer = InceptionLite(), tf.keras.optimizers.Adam(0.003)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("images/s", args)
    batch = 32
    for i in range(args.steps):
        start = (i * batch) % (len(labels) - batch)
        meter.step(step(model, optimizer, images[start:start + batch],
                        labels[start:start + batch]), batch)
    print(f"final loss {np.mean(meter.losses[-10:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()
