"""TensorFlow 2 quickstart for experts, on scikit-learn's digits.

Source: https://www.tensorflow.org/tutorials/quickstart/advanced
        github.com/tensorflow/docs, site/en/tutorials/quickstart/advanced.ipynb
        (commit 7c3650212740204359d4ceae481abc79345541be, 2026-03-11)
Licence: Apache-2.0, Copyright 2019 The TensorFlow Authors.

Kept as published: the subclassed Keras model (Conv2D 32 3x3 relu, Flatten, Dense 128
relu, Dense 10), SparseCategoricalCrossentropy(from_logits=True), Adam(), the Keras
metrics updated inside train_step and test_step, tf.data shuffle(10000).batch(32) with
its partial last batch, the epoch loop with reset_state(), the test loop and the print.
Changed:
  * data: MNIST (downloaded) -> sklearn.datasets.load_digits (8x8 images, 1797, scaled
    by 1/16 to [0, 1]), 80/20 split (1437 train -> 45 batches, the last of 29; 360
    test);
  * @tf.function on train_step and test_step -> @common.tf_function (bench mode);
  * steps: 1 warm-up epoch (45 steps), then 2 timed epochs (90 steps), instead of
    5 epochs; the timer ticks after each train_step
    and restarts when an epoch's steps begin (the test loop is not timed);
  * the final loss reported is train_loss.result() after the last epoch.
"""

import math

import common
import tensorflow as tf
from sklearn.datasets import load_digits
from tensorflow.keras.layers import Dense, Flatten, Conv2D
from tensorflow.keras import Model

print("TensorFlow version:", tf.__version__)

WARMUP, STEPS = common.counts(warmup=45, steps=90)

digits = load_digits()
x_all = digits.images / 16.0
y_all = digits.target
split = int(len(x_all) * 0.8)
(x_train, y_train), (x_test, y_test) = (x_all[:split], y_all[:split]), \
    (x_all[split:], y_all[split:])

# Add a channels dimension
x_train = x_train[..., tf.newaxis].astype("float32")
x_test = x_test[..., tf.newaxis].astype("float32")

train_ds = tf.data.Dataset.from_tensor_slices(
    (x_train, y_train)).shuffle(10000).batch(32)

test_ds = tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(32)


class MyModel(Model):
  def __init__(self):
    super().__init__()
    self.conv1 = Conv2D(32, 3, activation='relu')
    self.flatten = Flatten()
    self.d1 = Dense(128, activation='relu')
    self.d2 = Dense(10)

  def call(self, x):
    x = self.conv1(x)
    x = self.flatten(x)
    x = self.d1(x)
    return self.d2(x)

# Create an instance of the model
model = MyModel()

loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

optimizer = tf.keras.optimizers.Adam()

train_loss = tf.keras.metrics.Mean(name='train_loss')
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name='train_accuracy')

test_loss = tf.keras.metrics.Mean(name='test_loss')
test_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name='test_accuracy')


@common.tf_function
def train_step(images, labels):
  with tf.GradientTape() as tape:
    # training=True is only needed if there are layers with different
    # behavior during training versus inference (e.g. Dropout).
    predictions = model(images, training=True)
    loss = loss_object(labels, predictions)
  gradients = tape.gradient(loss, model.trainable_variables)
  optimizer.apply_gradients(zip(gradients, model.trainable_variables))

  train_loss(loss)
  train_accuracy(labels, predictions)


@common.tf_function
def test_step(images, labels):
  # training=False is only needed if there are layers with different
  # behavior during training versus inference (e.g. Dropout).
  predictions = model(images, training=False)
  t_loss = loss_object(labels, predictions)

  test_loss(t_loss)
  test_accuracy(labels, predictions)


meter = common.Meter("quickstart_advanced", WARMUP, STEPS, step="train_step")
EPOCHS = math.ceil(meter.total / math.ceil(len(x_train) / 32))

for epoch in range(EPOCHS):
  # Reset the metrics at the start of the next epoch
  train_loss.reset_state()
  train_accuracy.reset_state()
  test_loss.reset_state()
  test_accuracy.reset_state()

  meter.restart()      # the last epoch's test loop is not a training step
  for images, labels in train_ds:
    train_step(images, labels)
    meter.tick()
    if meter.done:
      break

  for test_images, test_labels in test_ds:
    test_step(test_images, test_labels)

  print(
    f'Epoch {epoch + 1}, '
    f'Loss: {train_loss.result():0.2f}, '
    f'Accuracy: {train_accuracy.result() * 100:0.2f}, '
    f'Test Loss: {test_loss.result():0.2f}, '
    f'Test Accuracy: {test_accuracy.result() * 100:0.2f}'
  )
  if meter.done:
    break

meter.report(train_loss.result())
