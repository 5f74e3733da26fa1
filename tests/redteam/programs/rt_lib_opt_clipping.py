"""Fine-tuning style edits of a Keras Adam optimizer's plain Python attributes mid-run:
clipnorm set at step 10, replaced by clipvalue at step 19, clipvalue set to 0 (falsy: no
clipping) at step 27. Keras reads these in _clip_gradients on every apply; a converter that
baked the optimizer's attributes at trace time would keep (or never start) clipping."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(3)
XS = rng.normal(size=(64, 6)) * 3.0
YS = XS @ rng.normal(size=(6, 2)) * 4.0 + 2.0
X = tf.constant(XS)
Y = tf.constant(YS)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(10, activation="tanh"),
    tf.keras.layers.Dense(2),
])
opt = tf.keras.optimizers.Adam(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    gnorm = tf.linalg.global_norm(grads)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, gnorm


for step in range(34):
    if step == 10:
        opt.clipnorm = 0.05
    elif step == 19:
        opt.clipnorm = None
        opt.clipvalue = 0.01
    elif step == 27:
        opt.clipvalue = 0
    i = (step * 16) % 64
    loss, gnorm = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(float(gnorm)), opt.clipnorm, opt.clipvalue)

print("iterations", int(opt.iterations))
print("kernel0", model.layers[0].kernel.numpy()[0].tolist())
print("bias1", model.layers[1].bias.numpy().tolist())
