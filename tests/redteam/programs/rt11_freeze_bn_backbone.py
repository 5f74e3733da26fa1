"""Freezing/unfreezing a nested backbone with BatchNormalization during fine-tuning.
Model: Sequential[backbone (functional: Dense->BN->ReLU->Dense), Dropout(0.3), head Dense].
Step 10: backbone.trainable = False (BN switches to inference mode, grads only for head).
Step 15: only the BN sublayer's trainable = True while its parent stays frozen (BN trains
its moving stats again but the parent still reports no trainable variables).
Step 20: backbone.trainable = True. Step 24: head.kernel.trainable = False (variable-level
flag). Step 28: dropout.rate = 0.0. Step 31: head.kernel.trainable = True."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1112)
rng = np.random.default_rng(1112)
X = (rng.normal(size=(96, 6)) * 2.0 + 1.0).astype("float32")
Y = (np.tanh(X[:, :1] - 1.0) + 0.3 * X[:, 2:3]).astype("float32")

inp = keras.Input((6,))
h = keras.layers.Dense(10, name="bb_dense1")(inp)
h = keras.layers.BatchNormalization(name="bb_bn")(h)
h = keras.layers.ReLU()(h)
h = keras.layers.Dense(8, name="bb_dense2")(h)
backbone = keras.Model(inp, h, name="backbone")
drop = keras.layers.Dropout(0.3)
head = keras.layers.Dense(1, name="head")
model = keras.Sequential([keras.Input((6,)), backbone, drop, head])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


bn = backbone.get_layer("bb_bn")
rows = []
for step in range(34):
    if step == 10:
        backbone.trainable = False
    elif step == 15:
        bn.trainable = True
    elif step == 20:
        backbone.trainable = True
    elif step == 24:
        head.kernel.trainable = False
    elif step == 28:
        drop.rate = 0.0
    elif step == 31:
        head.kernel.trainable = True
    i = (step * 24) % 72
    loss, ntv = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    mm = float(tf.reduce_sum(bn.moving_mean))
    rows.append([float(loss), ntv, mm])
    print(step, repr(float(loss)), ntv, repr(mm))

print(json.dumps({
    "rows": rows,
    "weights": {w.path: w.numpy().ravel().tolist() for w in model.weights},
    "iters": int(opt.iterations.numpy()),
}))
