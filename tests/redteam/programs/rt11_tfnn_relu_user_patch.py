"""tf.nn.relu is monkeypatched in the tf.nn module mid-run. Keras reaches it only from library
code at call time (Dense(activation="relu") and keras.layers.ReLU -> ReLU.static_call ->
backend.nn.relu -> tf.nn.relu); the step itself also calls tf.nn.relu directly once.
Step 10: tf.nn.relu becomes a program function (leaky, slope read from global SLOPE).
Step 16: SLOPE changes 0.1 -> 0.3. Step 22: tf.nn.relu becomes tf.nn.relu6 (a library
function). Step 28: the original is restored. Step 31: tf.nn.relu becomes a functools.partial
of tf.nn.leaky_relu(alpha=0.05)."""
import functools
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1102)
rng = np.random.default_rng(1102)
X = (rng.normal(size=(64, 5)) * 3.0).astype("float32")
Y = (np.abs(X[:, :1]) - 0.5 * X[:, 2:3] + 4.0).astype("float32")

model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(10, activation="relu"),
    keras.layers.Dense(10),
    keras.layers.ReLU(),
    keras.layers.Dense(1),
])
opt = keras.optimizers.Adam(learning_rate=0.02)

ORIG_RELU = tf.nn.relu
SLOPE = 0.1


def leaky(features, name=None):
    return tf.maximum(features, features * SLOPE)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        err = pred - y
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * tf.reduce_mean(tf.nn.relu(-pred))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(36):
    if step == 10:
        tf.nn.relu = leaky
    elif step == 16:
        SLOPE = 0.3
    elif step == 22:
        tf.nn.relu = tf.nn.relu6
    elif step == 28:
        tf.nn.relu = ORIG_RELU
    elif step == 31:
        tf.nn.relu = functools.partial(tf.nn.leaky_relu, alpha=0.05)
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)))

tf.nn.relu = ORIG_RELU
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
}))
