"""tf.math.tanh, which Keras' TF backend looks up at call time (keras.activations.tanh ->
ops.tanh -> backend.numpy.tanh -> tf.math.tanh), is replaced in the tf.math module mid-run:
at step 10 by tf.math.softsign (a library function), at step 18 the original is put back,
at step 24 by a program function that reads a global GAIN, GAIN changes at step 28, and the
original comes back at step 32. Nothing on the layer, optimizer or model changes."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1101)
rng = np.random.default_rng(1101)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (np.sin(X[:, :1] * 1.5) + 0.2 * X[:, 1:2]).astype("float32")

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(12, activation="tanh"),
    keras.layers.Dense(1),
])
opt = keras.optimizers.SGD(learning_rate=0.1)
mse = keras.losses.MeanSquaredError()

ORIG_TANH = tf.math.tanh
GAIN = 1.0


def scaled_tanh(x, name=None):
    return ORIG_TANH(x * GAIN) * 0.9


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = mse(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(36):
    if step == 10:
        tf.math.tanh = tf.math.softsign
    elif step == 18:
        tf.math.tanh = ORIG_TANH
    elif step == 24:
        tf.math.tanh = scaled_tanh
    elif step == 28:
        GAIN = 2.5
    elif step == 32:
        tf.math.tanh = ORIG_TANH
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)))

tf.math.tanh = ORIG_TANH
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
}))
