"""Sequential model containing the program's own Layer subclass (Gate) whose call() reads
self.enabled and self.strength; Keras' Sequential.call calls it back while the step runs.
The loop flips gate.enabled every 3 steps and writes gate.last_flip (never read by the
step); at step 26 it also sets strength. Train and eval steps share the model."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(83)
rng = np.random.default_rng(83)
X = tf.constant(rng.normal(size=(30, 5)))
Y = tf.constant(rng.normal(size=(30, 1)))


class Gate(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.enabled = True
        self.strength = 0.5
        self.last_flip = -1

    def call(self, x):
        if self.enabled:
            return x + self.strength * tf.sin(3.0 * x)
        return x


gate = Gate()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), gate,
                          keras.layers.Dense(1)])
opt = keras.optimizers.RMSprop(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def eval_step(x, y):
    return tf.reduce_mean(tf.abs(model(x, training=False) - y))


for step in range(45):
    if step % 3 == 0 and step:
        gate.enabled = not gate.enabled
        gate.last_flip = step
    if step == 26:
        gate.strength = 2.0
    loss = train_step(X, Y)
    mae = eval_step(X, Y)
    print(step, gate.enabled, repr(float(loss)), repr(float(mae)))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      gate.enabled, gate.strength, gate.last_flip, int(opt.iterations))
