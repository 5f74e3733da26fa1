"""Forward-mode autodiff opened by the caller: each train_step call (own GradientTape,
optimizer update) runs inside a tf.autodiff.ForwardAccumulator; the loop reads the JVP of
the returned loss (a directional derivative used as a sharpness probe).
Steps 0-21: primal = the input batch, tangent = a fixed direction TAN.
Step 10: TAN changes to another direction. Step 14: first Dense activation tanh -> swish.
Step 18: mse.reduction -> "sum" (lr variable 0.05 -> 0.003). Step 22 on: primal = the first layer's kernel variable
(the tf.Variable under the Keras variable), tangent = ones. Step 27: the second layer's
activation becomes sigmoid."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1122)
rng = np.random.default_rng(1122)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] * X[:, 1:2] + 0.5 * X[:, 3:4]).astype("float32")

l1 = keras.layers.Dense(8, activation="tanh")
l2 = keras.layers.Dense(6)
model = keras.Sequential([keras.Input((4,)), l1, l2, keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(learning_rate=0.05)
TAN = tf.constant(rng.normal(size=(16, 4)).astype("float32"))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = mse(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rows = []
for step in range(32):
    if step == 10:
        TAN = tf.constant(rng.normal(size=(16, 4)).astype("float32"))
    elif step == 14:
        l1.activation = keras.activations.swish
    elif step == 18:
        mse.reduction = "sum"
        opt.learning_rate = 0.003
    elif step == 27:
        l2.activation = keras.activations.sigmoid
    i = (step * 16) % 48
    x = tf.constant(X[i:i + 16])
    y = tf.constant(Y[i:i + 16])
    if step < 22:
        with tf.autodiff.ForwardAccumulator(x, TAN) as acc:
            loss = train_step(x, y)
    else:
        kv = l1.kernel._value
        with tf.autodiff.ForwardAccumulator(kv, tf.ones_like(kv)) as acc:
            loss = train_step(x, y)
    jvp = acc.jvp(loss)
    rows.append([float(loss), None if jvp is None else float(jvp)])
    print(step, repr(rows[-1][0]), repr(rows[-1][1]))

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
