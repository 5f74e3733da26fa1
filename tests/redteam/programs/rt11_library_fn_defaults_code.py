"""Library functions' own function objects changed in place (their identity unchanged):
Dense(activation="relu") / Dense(activation="elu") hold keras' relu and elu functions and
call them with default arguments, so the defaults (and code) decide the result.
Step 10: relu.__defaults__ = (0.1, None, 0.0) (leaky). Step 15: relu.__defaults__ =
(0.0, 1.5, 0.0) (clipped at 1.5). Step 20: relu defaults restored.
Step 23: elu.__defaults__ = (0.3,). Step 27: elu.__code__ = the code of a program function
(same signature, runs in keras' module globals). Step 31: elu's code and defaults restored."""
import json
import numpy as np
import tensorflow as tf
import keras
from keras.src.activations import activations as act_mod

keras.utils.set_random_seed(1137)
rng = np.random.default_rng(1137)
X = (rng.normal(size=(64, 5)) * 2.0).astype("float32")
Y = (np.abs(X[:, :1]) - X[:, 1:2] + 1.0).astype("float32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(8, activation="elu"), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)
relu_fn = act_mod.relu
elu_fn = act_mod.elu
assert model.layers[0].activation is relu_fn and model.layers[1].activation is elu_fn
ORIG_RELU_DEFAULTS = relu_fn.__defaults__
ORIG_ELU_DEFAULTS = elu_fn.__defaults__
ORIG_ELU_CODE = elu_fn.__code__


def alt_elu(x, alpha=1.0):
    return ops.elu(x, alpha=alpha) * 0.5 + ops.tanh(x) * 0.5  # noqa: F821 (keras' globals)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(35):
    if step == 10:
        relu_fn.__defaults__ = (0.1, None, 0.0)
    elif step == 15:
        relu_fn.__defaults__ = (0.0, 1.5, 0.0)
    elif step == 20:
        relu_fn.__defaults__ = ORIG_RELU_DEFAULTS
    elif step == 23:
        elu_fn.__defaults__ = (0.3,)
    elif step == 27:
        elu_fn.__code__ = alt_elu.__code__
    elif step == 31:
        elu_fn.__code__ = ORIG_ELU_CODE
        elu_fn.__defaults__ = ORIG_ELU_DEFAULTS
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)), relu_fn.__defaults__, elu_fn.__defaults__)

relu_fn.__defaults__ = ORIG_RELU_DEFAULTS
elu_fn.__code__ = ORIG_ELU_CODE
elu_fn.__defaults__ = ORIG_ELU_DEFAULTS
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
