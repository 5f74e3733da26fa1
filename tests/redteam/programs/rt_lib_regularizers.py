"""Keras regularizers switched on mid-run: the Dense layer's kernel_regularizer attribute at
step 8 (no effect in Keras 3: the regularizer is bound to the variable when it is built), the
kernel variable's own .regularizer at step 15 (counted in model.losses), the layer's
activity_regularizer at step 22 (added by Layer.__call__). The loop also reads model.losses
after each call: those loss tensors are Python state the step left behind."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(27)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(39)
X = tf.constant(rng.normal(size=(24, 5)))
Y = tf.constant(rng.normal(size=(24, 2)))

model = tf.keras.Sequential([
    tf.keras.Input(shape=(5,)),
    tf.keras.layers.Dense(6, activation="tanh", name="hid"),
    tf.keras.layers.Dense(2, name="out"),
])
opt = tf.keras.optimizers.SGD(learning_rate=0.05)
HID = model.get_layer("hid")


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        reg = tf.add_n(model.losses) if model.losses else tf.constant(0.0, tf.float64)
        loss = tf.reduce_mean(tf.square(pred - y)) + reg
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, reg


for step in range(30):
    if step == 8:
        HID.kernel_regularizer = tf.keras.regularizers.L2(0.5)
    elif step == 15:
        HID.kernel.regularizer = tf.keras.regularizers.L2(0.05)
    elif step == 22:
        HID.activity_regularizer = tf.keras.regularizers.L1(0.01)
    loss, reg = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(reg)), len(model.losses),
          [repr(float(l)) for l in model.losses])

print("kernel", repr(float(tf.reduce_sum(tf.square(HID.kernel)))))
print("out", model.get_layer("out").kernel.numpy().ravel()[:4].tolist())
