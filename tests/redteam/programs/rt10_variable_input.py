"""A tf.Variable as the input of co-executed Keras calls (optimising an input through a
frozen model, as in adversarial examples or deep dream): the gradient is taken with respect
to the input variable, which is updated each step; at step 12 another input variable of the
same shape takes its place, at step 20 one of another batch size, and the model's
trainable flag is toggled at step 16 so its weights train too. The gradient's sign is
hashed with crc32 (refused), keeping the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4949)
rng = np.random.default_rng(4949)

MODEL = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(3)])
MODEL.build((None, 4))
MODEL.trainable = False
INPUTS = [tf.Variable(rng.normal(size=(8, 4)).astype("float32"), name="inp_a"),
          tf.Variable(rng.normal(size=(8, 4)).astype("float32"), name="inp_b"),
          tf.Variable(rng.normal(size=(5, 4)).astype("float32"), name="inp_c")]
TARGET = tf.constant([0, 1, 2, 0, 1, 2, 0, 1], dtype=tf.int32)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(inp):
    with tf.GradientTape() as tape:
        logits = MODEL(inp)
        loss = LOSS(TARGET[:inp.shape[0]], logits)
    srcs = [inp] + MODEL.trainable_variables
    grads = tape.gradient(loss, srcs)
    crc = zlib.crc32(np.sign(grads[0].numpy()).tobytes()) % 877
    inp.assign_sub(0.1 * tf.sign(grads[0]))
    for v, g in zip(MODEL.trainable_variables, grads[1:]):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(30):
    if step == 16:
        MODEL.trainable = True
    which = 0 if step < 12 else (1 if step < 20 else 2)
    if step >= 26:
        which = 0
    loss, grads, crc = train_step(INPUTS[which])
    print(step, which, repr(float(loss)), crc, len(grads))
    print("  gx", flat(grads[0])[:8], "gw", flat(grads[-1]) if len(grads) > 1 else None)

print(json.dumps({"inputs": [flat(v) for v in INPUTS], "model": [flat(v) for v in MODEL.weights]}))
