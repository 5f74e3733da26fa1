"""LeNet on scikit-learn's bundled handwritten digits: a plain eager TF2 training loop.

No decorators and no janus imports: janus-python must speed this up unchanged.
Prints loss and test accuracy per epoch.
"""

import time

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

import common


def load_data(seed):
    digits = load_digits()
    images = (digits.images / 16.0).astype(np.float32)[..., None]  # (1797, 8, 8, 1)
    labels = digits.target.astype(np.int64)
    order = np.random.default_rng(seed).permutation(len(labels))
    images, labels = images[order], labels[order]
    split = len(labels) * 4 // 5
    return (images[:split], labels[:split]), (images[split:], labels[split:])


def build_model():
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


def train_step(model, optimizer, loss_fn, images, labels):
    with tf.GradientTape() as tape:
        logits = model(images, training=True)
        loss = loss_fn(labels, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def accuracy(model, images, labels):
    predictions = tf.argmax(model(images, training=False), axis=1)
    return float(tf.reduce_mean(tf.cast(predictions == labels, tf.float32)))


def main(argv=None):
    args = common.arguments(__doc__, steps=0, argv=argv, extra={
        "--epochs": {"type": int, "default": 10},
        "--batch-size": {"type": int, "default": 64},
        "--tf-function": {"action": "store_true",
                          "help": "same as --wrap function (the symbolic baseline)"}})
    step = common.wrap(train_step, "function" if args.tf_function else args.wrap)
    (train_x, train_y), (test_x, test_y) = load_data(args.seed)
    model = build_model()
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    meter = common.Meter("images/s", args)
    if args.bench and not args.steps:
        args.steps = 120
    batches_per_epoch = -(-len(train_y) // args.batch_size)     # the last one is partial
    epochs = args.epochs if not args.steps else -(-args.steps // batches_per_epoch)

    timed_steps, timed_seconds = 0, 0.0
    for epoch in range(epochs):
        total, batches = 0.0, 0
        started = time.perf_counter()
        for start in range(0, len(train_y), args.batch_size):
            if args.steps and len(meter.losses) == args.steps:
                break
            images = train_x[start:start + args.batch_size]
            loss = step(model, optimizer, loss_fn, images,
                        train_y[start:start + args.batch_size])
            meter.step(loss, len(images))
            total += float(loss)
            batches += 1
        if epoch > 0:                   # the first epoch includes profiling and building
            timed_steps += batches
            timed_seconds += time.perf_counter() - started
        print(f"epoch {epoch + 1}: loss {total / batches:.4f} "
              f"accuracy {accuracy(model, test_x, test_y):.4f}", flush=True)
    if timed_steps:
        print(f"steps/s {timed_steps / timed_seconds:.1f} (epochs 2-{epochs})")
    meter.report()


if __name__ == "__main__":
    main()
