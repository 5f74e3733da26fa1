"""Fine-tuning: at step 12 the loop freezes the BatchNormalization layer
(`bn.trainable = False`). In Keras 3 a frozen BN runs in inference mode even under
training=True: it normalizes with its moving statistics, stops updating them, and its
gamma/beta leave model.trainable_variables, so the optimizer updates fewer variables."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(502)

rng = np.random.default_rng(6)
XS = (rng.normal(size=(80, 5)) * 3.0 + 1.5).astype("float32")
YS = (np.sin(XS[:, :1]) + 0.2 * XS[:, 1:2]).astype("float32")

bn = tf.keras.layers.BatchNormalization(momentum=0.8)
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8), bn,
                             tf.keras.layers.Activation("relu"), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.02)
FROZEN_AT = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(30):
    if step == 12:
        bn.trainable = False
        FROZEN_AT = step
    i = (step * 10) % 70
    loss, nvars = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), nvars, repr(float(bn.moving_mean[0])))

print("FROZEN_AT", FROZEN_AT, "iterations", int(opt.iterations))
print("moving_var", bn.moving_variance.numpy().tolist())
print("gamma", bn.gamma.numpy().tolist())
