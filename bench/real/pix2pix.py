"""pix2pix: image-to-image translation with a conditional GAN, on generated 32x32 pairs.

Source: https://www.tensorflow.org/tutorials/generative/pix2pix
        github.com/tensorflow/docs, site/en/tutorials/generative/pix2pix.ipynb
        (commit 7c3650212740204359d4ceae481abc79345541be, 2026-03-11)
Licence: Apache-2.0, Copyright 2019 The TensorFlow Authors.

Kept as published: downsample/upsample blocks (Conv2D / Conv2DTranspose, BatchNorm,
Dropout(0.5) on the first up blocks, LeakyReLU/ReLU), the U-Net Generator with skip
connections, the PatchGAN Discriminator (three downsample blocks, ZeroPadding2D,
Conv2D 512, BatchNorm, LeakyReLU, ZeroPadding2D, Conv2D 1), the losses (LAMBDA = 100),
Adam(2e-4, beta_1=0.5) twice, train_step verbatim (two GradientTapes, four
tf.summary.scalar calls under the summary writer, `step // 1000`), the input pipeline
(load -> random_jitter [resize up, random_crop, random flip, itself a @tf.function()
used by Dataset.map] -> normalize; shuffle; batch(1)) and fit()'s loop over
`train_ds.repeat().take(steps).enumerate()`.
Changed:
  * data: the facades photos (downloaded JPEGs) -> 64 generated pairs, 32x32x3: the
    input is a label map of random coloured rectangles, the target the same layout as
    a "photo" (per-class colour, shading and noise); 16 more pairs as the test set;
  * sizes: IMG 256x256 -> 32x32 (random_jitter resizes to 36x36 instead of 286x286);
    for CPU time the Generator keeps the first 4 of its 8 downsample blocks (64, 128,
    256, 512 filters: 32 -> 2 pixels) and the last 3 of its 7 upsample blocks (256,
    128, 64), the first of them with the Dropout(0.5) of the dropped deepest blocks:
    6.1M parameters instead of 54M (with all 512-filter blocks kept at 32x32 it had
    16.7M, and Adam's update alone took ~0.4 s a step in eager); the Discriminator is
    unchanged (2.8M parameters; its PatchGAN output is 2x2 instead of 30x30);
  * load() splits an in-memory [photo | label map] array instead of a decoded JPEG;
  * @tf.function on train_step -> @common.tf_function (bench mode);
  * steps: 6 warm-up steps, then 20 timed steps (batch size 1 as published) instead of
    40000; the summary writer writes to a temporary directory, removed at exit;
    generate_images runs the generator on the example as published but does not plot;
    no checkpoints, no TensorBoard;
  * the final loss reported is gen_total_loss + disc_loss of the trained models
    (training=False) on the first test pair.
"""

import atexit
import datetime
import os
import shutil
import tempfile
import time

import common
import numpy as np
import tensorflow as tf

WARMUP, STEPS = common.counts(warmup=6, steps=20)

# The facade training set consist of 400 images
BUFFER_SIZE = 400
# The batch size of 1 produced better results for the U-Net in the original pix2pix experiment
BATCH_SIZE = 1
# Each image is 32x32 in size (256x256 in the tutorial)
IMG_WIDTH = 32
IMG_HEIGHT = 32
JITTER_SIZE = 36     # 286 in the tutorial


def make_pairs(count, rng):
  """Side-by-side [photo | label map] images, as the facades JPEGs are."""
  palette = rng.uniform(0, 255, size=(6, 3))
  images = np.zeros((count, IMG_HEIGHT, 2 * IMG_WIDTH, 3), np.float32)
  yy, xx = np.mgrid[:IMG_HEIGHT, :IMG_WIDTH]
  for k in range(count):
    labels = np.zeros((IMG_HEIGHT, IMG_WIDTH), np.int64)
    for _ in range(rng.integers(3, 7)):
      y0, x0 = rng.integers(0, IMG_HEIGHT - 4, size=2)
      h, w = rng.integers(3, 14, size=2)
      labels[y0:y0 + h, x0:x0 + w] = rng.integers(1, 6)
    label_map = palette[labels]
    shade = 0.6 + 0.4 * (yy / IMG_HEIGHT)[..., None]
    photo = np.clip(label_map[..., ::-1] * shade + rng.normal(0, 12, label_map.shape),
                    0, 255)
    images[k, :, :IMG_WIDTH] = photo
    images[k, :, IMG_WIDTH:] = label_map
  return images


_rng = np.random.default_rng(0)
train_images = make_pairs(64, _rng)
test_images = make_pairs(16, _rng)


def load(image):
  # Split each image tensor into two tensors:
  # - one with a real building facade image
  # - one with an architecture label image
  w = tf.shape(image)[1]
  w = w // 2
  input_image = image[:, w:, :]
  real_image = image[:, :w, :]

  # Convert both images to float32 tensors
  input_image = tf.cast(input_image, tf.float32)
  real_image = tf.cast(real_image, tf.float32)

  return input_image, real_image


def resize(input_image, real_image, height, width):
  input_image = tf.image.resize(input_image, [height, width],
                                method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
  real_image = tf.image.resize(real_image, [height, width],
                               method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)

  return input_image, real_image


def random_crop(input_image, real_image):
  stacked_image = tf.stack([input_image, real_image], axis=0)
  cropped_image = tf.image.random_crop(
      stacked_image, size=[2, IMG_HEIGHT, IMG_WIDTH, 3])

  return cropped_image[0], cropped_image[1]


# Normalizing the images to [-1, 1]
def normalize(input_image, real_image):
  input_image = (input_image / 127.5) - 1
  real_image = (real_image / 127.5) - 1

  return input_image, real_image


@tf.function()
def random_jitter(input_image, real_image):
  # Resizing to 36x36
  input_image, real_image = resize(input_image, real_image, JITTER_SIZE, JITTER_SIZE)

  # Random cropping back to 32x32
  input_image, real_image = random_crop(input_image, real_image)

  if tf.random.uniform(()) > 0.5:
    # Random mirroring
    input_image = tf.image.flip_left_right(input_image)
    real_image = tf.image.flip_left_right(real_image)

  return input_image, real_image


def load_image_train(image_file):
  input_image, real_image = load(image_file)
  input_image, real_image = random_jitter(input_image, real_image)
  input_image, real_image = normalize(input_image, real_image)

  return input_image, real_image


def load_image_test(image_file):
  input_image, real_image = load(image_file)
  input_image, real_image = resize(input_image, real_image,
                                   IMG_HEIGHT, IMG_WIDTH)
  input_image, real_image = normalize(input_image, real_image)

  return input_image, real_image


train_dataset = tf.data.Dataset.from_tensor_slices(train_images)
train_dataset = train_dataset.map(load_image_train,
                                  num_parallel_calls=tf.data.AUTOTUNE)
train_dataset = train_dataset.shuffle(BUFFER_SIZE)
train_dataset = train_dataset.batch(BATCH_SIZE)

test_dataset = tf.data.Dataset.from_tensor_slices(test_images)
test_dataset = test_dataset.map(load_image_test)
test_dataset = test_dataset.batch(BATCH_SIZE)

OUTPUT_CHANNELS = 3


def downsample(filters, size, apply_batchnorm=True):
  initializer = tf.random_normal_initializer(0., 0.02)

  result = tf.keras.Sequential()
  result.add(
      tf.keras.layers.Conv2D(filters, size, strides=2, padding='same',
                             kernel_initializer=initializer, use_bias=False))

  if apply_batchnorm:
    result.add(tf.keras.layers.BatchNormalization())

  result.add(tf.keras.layers.LeakyReLU())

  return result


def upsample(filters, size, apply_dropout=False):
  initializer = tf.random_normal_initializer(0., 0.02)

  result = tf.keras.Sequential()
  result.add(
    tf.keras.layers.Conv2DTranspose(filters, size, strides=2,
                                    padding='same',
                                    kernel_initializer=initializer,
                                    use_bias=False))

  result.add(tf.keras.layers.BatchNormalization())

  if apply_dropout:
      result.add(tf.keras.layers.Dropout(0.5))

  result.add(tf.keras.layers.ReLU())

  return result


def Generator():
  inputs = tf.keras.layers.Input(shape=[32, 32, 3])

  down_stack = [
    downsample(64, 4, apply_batchnorm=False),  # (batch_size, 16, 16, 64)
    downsample(128, 4),  # (batch_size, 8, 8, 128)
    downsample(256, 4),  # (batch_size, 4, 4, 256)
    downsample(512, 4),  # (batch_size, 2, 2, 512)
  ]

  up_stack = [
    upsample(256, 4, apply_dropout=True),  # (batch_size, 4, 4, 512)
    upsample(128, 4),  # (batch_size, 8, 8, 256)
    upsample(64, 4),  # (batch_size, 16, 16, 128)
  ]

  initializer = tf.random_normal_initializer(0., 0.02)
  last = tf.keras.layers.Conv2DTranspose(OUTPUT_CHANNELS, 4,
                                         strides=2,
                                         padding='same',
                                         kernel_initializer=initializer,
                                         activation='tanh')  # (batch_size, 32, 32, 3)

  x = inputs

  # Downsampling through the model
  skips = []
  for down in down_stack:
    x = down(x)
    skips.append(x)

  skips = reversed(skips[:-1])

  # Upsampling and establishing the skip connections
  for up, skip in zip(up_stack, skips):
    x = up(x)
    x = tf.keras.layers.Concatenate()([x, skip])

  x = last(x)

  return tf.keras.Model(inputs=inputs, outputs=x)


generator = Generator()

LAMBDA = 100

loss_object = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def generator_loss(disc_generated_output, gen_output, target):
  gan_loss = loss_object(tf.ones_like(disc_generated_output), disc_generated_output)

  # Mean absolute error
  l1_loss = tf.reduce_mean(tf.abs(target - gen_output))

  total_gen_loss = gan_loss + (LAMBDA * l1_loss)

  return total_gen_loss, gan_loss, l1_loss


def Discriminator():
  initializer = tf.random_normal_initializer(0., 0.02)

  inp = tf.keras.layers.Input(shape=[32, 32, 3], name='input_image')
  tar = tf.keras.layers.Input(shape=[32, 32, 3], name='target_image')

  x = tf.keras.layers.concatenate([inp, tar])  # (batch_size, 32, 32, channels*2)

  down1 = downsample(64, 4, False)(x)  # (batch_size, 16, 16, 64)
  down2 = downsample(128, 4)(down1)  # (batch_size, 8, 8, 128)
  down3 = downsample(256, 4)(down2)  # (batch_size, 4, 4, 256)

  zero_pad1 = tf.keras.layers.ZeroPadding2D()(down3)  # (batch_size, 6, 6, 256)
  conv = tf.keras.layers.Conv2D(512, 4, strides=1,
                                kernel_initializer=initializer,
                                use_bias=False)(zero_pad1)  # (batch_size, 3, 3, 512)

  batchnorm1 = tf.keras.layers.BatchNormalization()(conv)

  leaky_relu = tf.keras.layers.LeakyReLU()(batchnorm1)

  zero_pad2 = tf.keras.layers.ZeroPadding2D()(leaky_relu)  # (batch_size, 5, 5, 512)

  last = tf.keras.layers.Conv2D(1, 4, strides=1,
                                kernel_initializer=initializer)(zero_pad2)  # (batch_size, 2, 2, 1)

  return tf.keras.Model(inputs=[inp, tar], outputs=last)


discriminator = Discriminator()


def discriminator_loss(disc_real_output, disc_generated_output):
  real_loss = loss_object(tf.ones_like(disc_real_output), disc_real_output)

  generated_loss = loss_object(tf.zeros_like(disc_generated_output), disc_generated_output)

  total_disc_loss = real_loss + generated_loss

  return total_disc_loss


generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)


def generate_images(model, test_input, tar):
  prediction = model(test_input, training=True)
  return prediction


log_dir = tempfile.mkdtemp(prefix="pix2pix-logs-") + "/"
atexit.register(shutil.rmtree, log_dir, True)

summary_writer = tf.summary.create_file_writer(
  log_dir + "fit/" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))

meter = common.Meter("pix2pix", WARMUP, STEPS)


@common.tf_function
def train_step(input_image, target, step):
  with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
    gen_output = generator(input_image, training=True)

    disc_real_output = discriminator([input_image, target], training=True)
    disc_generated_output = discriminator([input_image, gen_output], training=True)

    gen_total_loss, gen_gan_loss, gen_l1_loss = generator_loss(disc_generated_output, gen_output, target)
    disc_loss = discriminator_loss(disc_real_output, disc_generated_output)

  generator_gradients = gen_tape.gradient(gen_total_loss,
                                          generator.trainable_variables)
  discriminator_gradients = disc_tape.gradient(disc_loss,
                                               discriminator.trainable_variables)

  generator_optimizer.apply_gradients(zip(generator_gradients,
                                          generator.trainable_variables))
  discriminator_optimizer.apply_gradients(zip(discriminator_gradients,
                                              discriminator.trainable_variables))

  with summary_writer.as_default():
    tf.summary.scalar('gen_total_loss', gen_total_loss, step=step//1000)
    tf.summary.scalar('gen_gan_loss', gen_gan_loss, step=step//1000)
    tf.summary.scalar('gen_l1_loss', gen_l1_loss, step=step//1000)
    tf.summary.scalar('disc_loss', disc_loss, step=step//1000)


def fit(train_ds, test_ds, steps):
  example_input, example_target = next(iter(test_ds.take(1)))
  start = time.time()
  meter.restart()

  for step, (input_image, target) in train_ds.repeat().take(steps).enumerate():
    if (step) % 1000 == 0:
      if step != 0:
        print(f'Time taken for 1000 steps: {time.time()-start:.2f} sec\n')

      start = time.time()

      generate_images(generator, example_input, example_target)
      print(f"Step: {step//1000}k")

    train_step(input_image, target, step)
    meter.tick()

    # Training step
    if (step+1) % 10 == 0:
      print('.', end='', flush=True)
  print()
  return example_input, example_target


example_input, example_target = fit(train_dataset, test_dataset, steps=meter.total)

gen_output = generator(example_input, training=False)
disc_real_output = discriminator([example_input, example_target], training=False)
disc_generated_output = discriminator([example_input, gen_output], training=False)
final_loss = generator_loss(disc_generated_output, gen_output, example_target)[0] + \
    discriminator_loss(disc_real_output, disc_generated_output)
summary_writer.close()
meter.report(final_loss)
