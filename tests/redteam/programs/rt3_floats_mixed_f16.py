"""mixed_float16 Keras model with a dynamic LossScaleOptimizer (its apply branches on
finite gradients with ops.cond). At step 12 the loop raises the global Python float
INPUT_GAIN read by the step from 1.0 to 400.0, so float16 activations overflow, gradients
go non-finite and the loss scale halves; losses and scales must match the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(53)
tf.keras.mixed_precision.set_global_policy("mixed_float16")

rng = np.random.default_rng(53)
X = tf.constant(rng.normal(size=(16, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(16, 1)).astype(np.float32))
MODEL = tf.keras.Sequential([
    tf.keras.Input((4,)),
    tf.keras.layers.Dense(16, activation="tanh"),
    tf.keras.layers.Dense(16),
    tf.keras.layers.Dense(1, dtype="float32"),
])
OPT = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.05))
INPUT_GAIN = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x * INPUT_GAIN, training=True)
        loss = tf.reduce_mean(tf.square(tf.cast(pred, tf.float32) - y))
        scaled = OPT.scale_loss(loss)
    grads = tape.gradient(scaled, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, grads[0]


for i in range(36):
    if i == 12:
        INPUT_GAIN = 400.0
    loss, g0 = train_step(X, Y)
    print(i, repr(float(loss)), repr(float(OPT.dynamic_scale)), int(OPT.iterations),
          bool(tf.reduce_all(tf.math.is_finite(g0))), repr(float(MODEL.variables[0][0, 0])))

print("summary", [repr(float(tf.reduce_sum(tf.cast(v, tf.float64)))) for v in MODEL.variables])
