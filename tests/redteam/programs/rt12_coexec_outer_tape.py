"""A co-executed step (it picks a per-batch weight with numpy's argmax on the model's
output) called while a GradientTape opened OUTSIDE the step records: the loop computes a
meta-gradient of the step's loss with respect to an input-scaling tensor it watches.  The
model holds a BatchNormalization layer.  Step 10: bn.trainable = False (in Keras 3 the
layer then runs in inference mode, using its moving statistics, and stops updating them).
Step 20: bn.trainable = True again and bn.momentum changes from 0.9 to 0.5.  The loop prints
the loss, the meta-gradient and the moving mean.  Probes: Keras sites under an outer tape
(eager's op records for two tapes at once) while a layer's mode flips mid-run."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1228)
rng = np.random.default_rng(1228)
XS = rng.normal(size=(64, 4)).astype(np.float32) * 2.0 + 1.0
YS = (np.sin(XS[:, :1]) + XS[:, 1:2]).astype(np.float32)

BN = keras.layers.BatchNormalization(momentum=0.9)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6), BN,
                          keras.layers.Activation("relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
WEIGHTS = [1.0, 0.5, 2.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        k = int(np.argmax(pred.numpy()[:, 0])) % 3
        loss = WEIGHTS[k] * tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, k


scale = tf.constant(1.0)
for step in range(30):
    if step == 10:
        BN.trainable = False
    if step == 20:
        BN.trainable = True
        BN.momentum = 0.5
    i = (step * 8) % 56
    with tf.GradientTape() as outer:
        outer.watch(scale)
        loss, k = train_step(tf.constant(XS[i:i + 8]) * scale, tf.constant(YS[i:i + 8]))
    meta = outer.gradient(loss, scale)
    scale = scale - 0.01 * meta
    print(step, repr(float(loss)), k, repr(float(meta)),
          repr(float(BN.moving_mean.numpy()[0])))

print(json.dumps({"scale": repr(float(scale)),
                  "gamma": [repr(float(v)) for v in BN.gamma.numpy()],
                  "mm": [repr(float(v)) for v in BN.moving_mean.numpy()],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
