"""QLoRA-style fine-tuning of a small Sequential MLP: pre-trained in float for 8 steps,
then at step 8 the loop calls `MODEL.quantize("int8")` (Dense kernels become int8
variables with per-channel scales, the layers' `quantization_mode` is set, and Keras'
Operation.__call__ now routes to `quantized_call`, an int8 matmul with a custom
gradient), enables LoRA on the two hidden layers at step 9 (`enable_lora(2)`) and swaps
in a new optimizer for the new variables; then edits `H1.lora_alpha` at step 18 and
`H2.lora_alpha` at step 24, and freezes the output layer's bias at step 29.  Probes: a
layer's call path chosen from plain attributes (quantization_mode, lora_enabled) that
change mid-run, a custom gradient inside library code, new variables mid-run."""
import random

import numpy

random.seed(5632)
numpy.random.seed(5632)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5632)
rng = np.random.default_rng(5632)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) - 0.3 * XS[:, 5:6]).astype(np.float32)

H1 = keras.layers.Dense(16, activation="relu", name="h1")
H2 = keras.layers.Dense(16, activation="relu", name="h2")
OUT = keras.layers.Dense(1, name="out")
MODEL = keras.Sequential([keras.Input((6,)), H1, H2, OUT])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    tvars = MODEL.trainable_variables
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, len(tvars)


for step in range(34):
    if step == 8:
        MODEL.quantize("int8")
    if step == 9:
        H1.enable_lora(2)
        H2.enable_lora(2)
        OPT = keras.optimizers.Adam(learning_rate=0.02)
    if step == 18:
        H1.lora_alpha = 8
    if step == 24:
        H2.lora_alpha = 0.5
    if step == 29:
        OUT.bias.trainable = False
    i = (step * 8) % 152
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, H1.quantization_mode, H1.lora_enabled,
          repr(float(OUT.bias.numpy()[0])))

print(json.dumps({"h1_lora_b": [repr(float(v)) for v in H1.lora_kernel_b.numpy().ravel()[:6]],
                  "h2_lora_a": [repr(float(v)) for v in H2.lora_kernel_a.numpy().ravel()[:6]],
                  "out_k": [repr(float(v)) for v in np.asarray(OUT.kernel).ravel()[:6]]}))
