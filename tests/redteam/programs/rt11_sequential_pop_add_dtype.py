"""Fine-tuning surgery on a live Sequential: head replaced, dtype policies changed per layer.
Step 10: model.pop(); model.add(new Dense head); model rebuilt; a new Adam bound to the
global OPT. Step 16: layer 1's dtype_policy = "mixed_float16" (float16 compute, float32
weights). Step 21: layer 0's dtype_policy = "mixed_bfloat16". Step 26: pop the new head and
re-add the original one (whose weights kept training state from steps 0-9) with a fresh
SGD. Step 30: layer 1 back to "float32". The step prints the dtype of each layer's output."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1115)
rng = np.random.default_rng(1115)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (np.cos(X[:, :1]) + X[:, 1:2] * X[:, 2:3]).astype("float32")

orig_head = keras.layers.Dense(1, name="orig_head")
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(8, activation="tanh"), orig_head])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(tf.cast(pred, tf.float32) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, pred.dtype.name


rows = []
for step in range(34):
    if step == 10:
        model.pop()
        model.add(keras.layers.Dense(1, name="new_head", kernel_initializer="zeros"))
        model.build((None, 6))
        OPT = keras.optimizers.Adam(learning_rate=0.02)
    elif step == 16:
        model.layers[1].dtype_policy = "mixed_float16"
    elif step == 21:
        model.layers[0].dtype_policy = "mixed_bfloat16"
    elif step == 26:
        model.pop()
        model.add(orig_head)
        model.build((None, 6))
        OPT = keras.optimizers.SGD(learning_rate=0.05)
    elif step == 30:
        model.layers[1].dtype_policy = "float32"
    i = (step * 16) % 48
    loss, dt = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append(float(loss))
    print(step, repr(float(loss)), dt, [l.dtype_policy.name for l in model.layers])

print(json.dumps({
    "losses": rows,
    "layers": [l.name for l in model.layers],
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
