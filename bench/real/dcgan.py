"""Deep Convolutional Generative Adversarial Network, on scikit-learn's digits.

Source: https://www.tensorflow.org/tutorials/generative/dcgan
        github.com/tensorflow/docs, site/en/tutorials/generative/dcgan.ipynb
        (commit 7c3650212740204359d4ceae481abc79345541be, 2026-03-11)
Licence: Apache-2.0, Copyright 2019 The TensorFlow Authors.

Kept as published: make_generator_model (Dense 7*7*256, BatchNormalization, LeakyReLU,
three Conv2DTranspose, tanh) and make_discriminator_model (two Conv2D with LeakyReLU and
Dropout(0.3), Dense 1), the cross-entropy losses, Adam(1e-4) twice, train_step (noise
drawn inside the step, two GradientTapes) and the train() epoch loop.
Changed:
  * data: MNIST (downloaded) -> sklearn.datasets.load_digits, 1797 images resized
    from 8x8 to 28x28 (tf.image.resize, bilinear), normalised to [-1, 1];
  * BATCH_SIZE 256 -> 16, for CPU time (the step is compute-bound: ~0.3-0.5 s on
    2 cores even so);
  * @tf.function on train_step -> @common.tf_function (bench mode);
  * steps: 8 warm-up steps, then 24 timed steps (within the first epoch: no partial
    batch), instead of 50 epochs; the timer ticks after each train_step
    and restarts when an epoch's steps begin (the epoch's images are not timed);
  * generate_and_save_images runs the generator on the fixed seed as published but
    neither plots nor saves PNGs; no checkpoints, no GIF;
  * the final loss reported is generator_loss + discriminator_loss of the trained
    models in inference mode on the fixed seed noise and the first 16 images.
"""

import math
import time

import common
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits
from tensorflow.keras import layers

WARMUP, STEPS = common.counts(warmup=8, steps=24)

train_images = load_digits().images.astype('float32')[..., np.newaxis]
train_images = tf.image.resize(train_images, [28, 28]).numpy()
train_images = train_images.reshape(train_images.shape[0], 28, 28, 1).astype('float32')
train_images = (train_images - 8.0) / 8.0  # Normalize the images to [-1, 1]

BUFFER_SIZE = 60000
BATCH_SIZE = 16

# Batch and shuffle the data
train_dataset = tf.data.Dataset.from_tensor_slices(train_images).shuffle(BUFFER_SIZE).batch(BATCH_SIZE)


def make_generator_model():
    model = tf.keras.Sequential()
    model.add(layers.Dense(7*7*256, use_bias=False, input_shape=(100,)))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Reshape((7, 7, 256)))
    assert model.output_shape == (None, 7, 7, 256)  # Note: None is the batch size

    model.add(layers.Conv2DTranspose(128, (5, 5), strides=(1, 1), padding='same', use_bias=False))
    assert model.output_shape == (None, 7, 7, 128)
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(64, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    assert model.output_shape == (None, 14, 14, 64)
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(1, (5, 5), strides=(2, 2), padding='same', use_bias=False, activation='tanh'))
    assert model.output_shape == (None, 28, 28, 1)

    return model


generator = make_generator_model()

noise = tf.random.normal([1, 100])
generated_image = generator(noise, training=False)


def make_discriminator_model():
    model = tf.keras.Sequential()
    model.add(layers.Conv2D(64, (5, 5), strides=(2, 2), padding='same',
                                     input_shape=[28, 28, 1]))
    model.add(layers.LeakyReLU())
    model.add(layers.Dropout(0.3))

    model.add(layers.Conv2D(128, (5, 5), strides=(2, 2), padding='same'))
    model.add(layers.LeakyReLU())
    model.add(layers.Dropout(0.3))

    model.add(layers.Flatten())
    model.add(layers.Dense(1))

    return model


discriminator = make_discriminator_model()
decision = discriminator(generated_image)
print (decision)

# This method returns a helper function to compute cross entropy loss
cross_entropy = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def discriminator_loss(real_output, fake_output):
    real_loss = cross_entropy(tf.ones_like(real_output), real_output)
    fake_loss = cross_entropy(tf.zeros_like(fake_output), fake_output)
    total_loss = real_loss + fake_loss
    return total_loss


def generator_loss(fake_output):
    return cross_entropy(tf.ones_like(fake_output), fake_output)


generator_optimizer = tf.keras.optimizers.Adam(1e-4)
discriminator_optimizer = tf.keras.optimizers.Adam(1e-4)

noise_dim = 100
num_examples_to_generate = 16

# You will reuse this seed overtime (so it's easier)
# to visualize progress in the animated GIF)
seed = tf.random.normal([num_examples_to_generate, noise_dim])

meter = common.Meter("dcgan", WARMUP, STEPS)
EPOCHS = math.ceil(meter.total / math.ceil(len(train_images) / BATCH_SIZE))


# Notice the use of `tf.function`
# This annotation causes the function to be "compiled".
@common.tf_function
def train_step(images):
    noise = tf.random.normal([BATCH_SIZE, noise_dim])

    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
      generated_images = generator(noise, training=True)

      real_output = discriminator(images, training=True)
      fake_output = discriminator(generated_images, training=True)

      gen_loss = generator_loss(fake_output)
      disc_loss = discriminator_loss(real_output, fake_output)

    gradients_of_generator = gen_tape.gradient(gen_loss, generator.trainable_variables)
    gradients_of_discriminator = disc_tape.gradient(disc_loss, discriminator.trainable_variables)

    generator_optimizer.apply_gradients(zip(gradients_of_generator, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(gradients_of_discriminator, discriminator.trainable_variables))


def train(dataset, epochs):
  for epoch in range(epochs):
    start = time.time()

    meter.restart()      # the last epoch's images are not a training step
    for image_batch in dataset:
      train_step(image_batch)
      meter.tick()
      if meter.done:
        break

    # Produce images for the GIF as you go
    generate_and_save_images(generator,
                             epoch + 1,
                             seed)

    print ('Time for epoch {} is {} sec'.format(epoch + 1, time.time()-start))
    if meter.done:
      break

  # Generate after the final epoch
  generate_and_save_images(generator,
                           epochs,
                           seed)


def generate_and_save_images(model, epoch, test_input):
  # Notice `training` is set to False.
  # This is so all layers run in inference mode (batchnorm).
  predictions = model(test_input, training=False)
  return predictions


train(train_dataset, EPOCHS)

fake_output = discriminator(generator(seed, training=False), training=False)
real_output = discriminator(train_images[:16], training=False)
meter.report(generator_loss(fake_output) + discriminator_loss(real_output, fake_output))
