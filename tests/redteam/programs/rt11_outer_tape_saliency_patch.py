"""Adversarial fine-tuning: the loop opens a GradientTape, watches the input batch, and
calls train_step (which has its own tape and applies the update) inside it; the outer
gradient d loss / d x (FGSM) perturbs the next batch. Mid-run changes:
Step 10: first Dense activation relu -> gelu (layer attribute).
Step 14: mse.reduction -> "sum". Step 18: tf.nn.relu (used by the ReLU layer through
Keras' backend) replaced in the tf.nn module by a program leaky relu. Step 23: tf.nn.relu
restored and EPS (a global the loop uses) 0.05 -> 0.2. Step 27: the ReLU layer's
negative_slope attribute set to 0.1 (ReLU.call reads it)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1120)
rng = np.random.default_rng(1120)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (np.sin(X[:, :1] * 2.0) + X[:, 1:2]).astype("float32")

relu_layer = keras.layers.ReLU()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(8), relu_layer, keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(learning_rate=0.01)
ORIG_RELU = tf.nn.relu
EPS = 0.05


def leaky(features, name=None):
    return tf.maximum(features, 0.2 * features)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = mse(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rows = []
delta = np.zeros((16, 5), dtype="float32")
for step in range(33):
    if step == 10:
        model.layers[0].activation = keras.activations.gelu
    elif step == 14:
        mse.reduction = "sum"
    elif step == 18:
        tf.nn.relu = leaky
    elif step == 23:
        tf.nn.relu = ORIG_RELU
        EPS = 0.2
    elif step == 27:
        relu_layer.negative_slope = 0.1
    i = (step * 16) % 48
    x = tf.constant(X[i:i + 16] + delta)
    with tf.GradientTape() as outer:
        outer.watch(x)
        loss = train_step(x, tf.constant(Y[i:i + 16]))
    gx = outer.gradient(loss, x)
    delta = (EPS * np.sign(gx.numpy())).astype("float32")
    rows.append([float(loss), float(tf.reduce_sum(tf.abs(gx)))])
    print(step, repr(rows[-1][0]), repr(rows[-1][1]))

tf.nn.relu = ORIG_RELU
print(json.dumps({
    "rows": rows,
    "delta": delta.ravel().tolist(),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
