"""Weight decay ramp: the hidden Dense layer's kernel carries an L2 regularizer object and the
step adds `sum(model.losses)` to the data loss. At step 13 the loop strengthens it in place
(`REG.l2 = 0.05`); eager's model.losses calls the same regularizer object, so the
penalty (and every later gradient) uses the new factor at once."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(503)

rng = np.random.default_rng(7)
XS = rng.normal(size=(72, 4)).astype("float32")
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [3.0]]) + rng.normal(size=(72, 1)) * 0.1).astype("float32")

REG = tf.keras.regularizers.L2(0.001)
model = tf.keras.Sequential([
    tf.keras.Input((4,)),
    tf.keras.layers.Dense(6, activation="tanh", kernel_regularizer=REG),
    tf.keras.layers.Dense(1),
])
opt = tf.keras.optimizers.SGD(0.05)
PENALTIES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        data_loss = tf.reduce_mean(tf.square(pred - y))
        penalty = tf.add_n(model.losses)
        loss = data_loss + penalty
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    PENALTIES.append(float(penalty))
    return loss


for step in range(30):
    if step == 13:
        REG.l2 = 0.05
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(PENALTIES[-1]))

print("REG", REG.get_config())
print("kernel", [round(float(v), 7) for v in model.layers[0].kernel.numpy().ravel()])
