"""State reached only through deep library nesting.  The model is a Sequential holding a
Sequential holding ... (6 levels of nested Sequential models, each level one Dense plus the
next level), and the innermost Dense layer's activation is a LeakyReLU LAYER object (its
negative_slope lives in that layer's own dict, several dicts and tracked lists below the
model the step calls).  Step 10: LEAKY.negative_slope changes from 0.2 to 0.01.  Step 20:
the innermost Dense's activation is replaced by keras.activations.elu.  Eager reads both at
every call.  Probes: library-state watching through many levels of nested Keras models,
tracked lists and an activation object."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1242)
rng = np.random.default_rng(1242)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2] * 0.5).astype(np.float32)

LEAKY = keras.layers.LeakyReLU(negative_slope=0.2)
INNER = keras.layers.Dense(4, activation=LEAKY)
level = keras.Sequential([keras.Input((4,)), INNER])
for depth in range(5):
    level = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"),
                              level])
MODEL = keras.Sequential([keras.Input((4,)), level, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        LEAKY.negative_slope = 0.01
    if step == 20:
        INNER.activation = keras.activations.elu
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"inner": [repr(float(v)) for v in INNER.kernel.numpy().ravel()[:8]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
