"""Fine-tuning without regularization: at step 12 the loop sets the Keras Dropout layer's
`rate` from 0.3 to 0.0. Keras 3's Dropout then returns its input unchanged under
training=True and stops drawing from its SeedGenerator, so in eager the losses change and
the generator's state stops advancing; the final state is printed."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(533)

rng = np.random.default_rng(37)
XS = rng.normal(size=(64, 6)).astype("float32")
YS = (XS[:, :2].prod(axis=1, keepdims=True) + XS[:, 5:]).astype("float32")
drop = tf.keras.layers.Dropout(0.3)
model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(12, activation="relu"),
                             drop, tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        drop.rate = 0.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), drop.seed_generator.state.numpy().tolist())

print("rate", drop.rate, "state", drop.seed_generator.state.numpy().tolist())
print("bias", model.layers[-1].bias.numpy().tolist())
