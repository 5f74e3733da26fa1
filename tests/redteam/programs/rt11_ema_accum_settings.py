"""EMA and gradient-accumulation settings of a live optimizer changed mid-run.
SGD(momentum) built with use_ema=True, ema_momentum=0.9, gradient_accumulation_steps=2.
Step 10: ema_momentum = 0.5. Step 14: ema_overwrite_frequency = 3 (weights overwritten by
their average every 3 iterations). Step 19: gradient_accumulation_steps = 3.
Step 23: ema_overwrite_frequency = None. Step 26: use_ema = False.
Step 29: gradient_accumulation_steps = None. The step returns the loss and the sum of the
EMA copies."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1114)
rng = np.random.default_rng(1114)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] - 2.0 * X[:, 3:4] + 1.0).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5, use_ema=True, ema_momentum=0.9,
                           gradient_accumulation_steps=2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    ema_sum = tf.add_n([tf.reduce_sum(v) for v in opt._model_variables_moving_average])
    return loss, ema_sum


rows = []
for step in range(33):
    if step == 10:
        opt.ema_momentum = 0.5
    elif step == 14:
        opt.ema_overwrite_frequency = 3
    elif step == 19:
        opt.gradient_accumulation_steps = 3
    elif step == 23:
        opt.ema_overwrite_frequency = None
    elif step == 26:
        opt.use_ema = False
    elif step == 29:
        opt.gradient_accumulation_steps = None
    i = (step * 16) % 48
    loss, ema_sum = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), float(ema_sum)])
    print(step, repr(float(loss)), repr(float(ema_sum)), int(opt.iterations.numpy()))

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "opt": {v.path: v.numpy().ravel().tolist() for v in opt.variables},
}))
