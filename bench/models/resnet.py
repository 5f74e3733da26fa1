"""A small ResNet on scikit-learn's digits; batch norm switched by a training flag.

A plain eager TF2 program: the model is a Keras subclass whose call() reads
`self.train_mode`, which the loop turns off for a held-out evaluation every 10 steps.
"""

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

import common


class Block(tf.keras.layers.Layer):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = tf.keras.layers.Conv2D(channels, 3, padding="same", use_bias=False)
        self.bn1 = tf.keras.layers.BatchNormalization()
        self.conv2 = tf.keras.layers.Conv2D(channels, 3, padding="same", use_bias=False)
        self.bn2 = tf.keras.layers.BatchNormalization()

    def call(self, x, training=False):
        h = tf.nn.relu(self.bn1(self.conv1(x), training=training))
        h = self.bn2(self.conv2(h), training=training)
        return tf.nn.relu(h + x)


class ResNet(tf.keras.Model):
    def __init__(self, channels=16, blocks=3):
        super().__init__()
        self.stem = tf.keras.layers.Conv2D(channels, 3, padding="same")
        self.blocks = [Block(channels) for _ in range(blocks)]
        self.head = tf.keras.layers.Dense(10)
        self.train_mode = True

    def call(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = block(h, training=self.train_mode)
        return self.head(tf.reduce_mean(h, axis=[1, 2]))


def train_step(model, optimizer, images, labels):
    with tf.GradientTape() as tape:
        logits = model(images)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=logits))
    if model.train_mode:
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=90, argv=argv)
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)[..., None]
    labels = digits.target.astype(np.int64)
    model, optimizer = ResNet(), tf.keras.optimizers.SGD(0.05, momentum=0.9)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("images/s", args)
    batch = 32
    for i in range(args.steps):
        model.train_mode = i % 10 != 9           # every 10th step evaluates
        start = (i * batch) % (len(labels) - batch)
        loss = step(model, optimizer, images[start:start + batch],
                    labels[start:start + batch])
        meter.step(loss, batch)
    print(f"final loss {np.mean(meter.losses[-10:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()
