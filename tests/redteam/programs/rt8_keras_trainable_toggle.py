"""Fine-tuning a Keras functional model: a nested backbone (a Sequential inside the
functional model) frozen and unfrozen layer by layer from the loop, BatchNormalization
in it, `training=` from a Python global, and `len(model.trainable_variables)` used by
the step to choose its optimizer path.

  step 10: backbone.trainable = False        (nested model frozen: BN runs in inference
           mode in Keras 3 when its layer is not trainable)
  step 15: backbone.trainable = True, then backbone.layers[0].trainable = False (only
           the first Dense frozen)
  step 20: TRAINING = False                   (model called with training=False)
  step 24: bn.momentum = 0.5                  (BN's moving-average momentum)
  step 28: TRAINING = True; model.get_layer("head").trainable = False
  step 32: everything trainable again
The step uses one Adam built over all variables, applying only the trainable ones. A
converter that keeps the trainable list of its build, BN's old mode or momentum, or the
old `training` flag updates the wrong variables and moving statistics.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(842)

backbone = keras.Sequential([keras.layers.Dense(12), keras.layers.BatchNormalization(),
                             keras.layers.Activation("relu")], name="backbone")
inp = keras.Input((6,))
out = keras.layers.Dense(1, name="head")(backbone(inp))
model = keras.Model(inp, out)
bn = backbone.layers[1]
opt = keras.optimizers.Adam(0.01)
opt.build(model.trainable_variables)
TRAINING = True

rng = np.random.default_rng(842)
XS = rng.normal(size=(64, 6)).astype(np.float32) * 2.0 + 0.5
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 5:6]).astype(np.float32)


def train_step(x, y):
    tvars = model.trainable_variables
    with tf.GradientTape() as tape:
        pred = model(x, training=TRAINING)
        loss = tf.reduce_mean(tf.square(pred - y))
    if tvars:
        grads = tape.gradient(loss, tvars)
        opt.apply_gradients(zip(grads, tvars))
    print("  n_train", len(tvars), [v.path for v in tvars][:2], "bn_trainable", bn.trainable,
          "training", TRAINING, "mom", bn.momentum)
    return loss


for step in range(36):
    if step == 10:
        backbone.trainable = False
    if step == 15:
        backbone.trainable = True
        backbone.layers[0].trainable = False
    if step == 20:
        TRAINING = False
    if step == 24:
        bn.momentum = 0.5
    if step == 28:
        TRAINING = True
        model.get_layer("head").trainable = False
    if step == 32:
        for layer in [model.get_layer("head"), backbone, *backbone.layers]:
            layer.trainable = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(bn.moving_mean))),
          repr(float(tf.reduce_sum(bn.moving_variance))), int(opt.iterations))

print("final", [(v.path, repr(float(tf.reduce_sum(v)))) for v in model.weights])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
