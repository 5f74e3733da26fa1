"""Legacy-style custom train_step ported to Keras 3: it calls self.compiled_loss(y, y_pred)
and self.compiled_metrics.update_state(y, y_pred) (shims Keras makes anew at each read)
and returns {m.name: m.result() for m in self.metrics}.
At step 22 the loop recompiles with metrics=["mae", "mse"] and loss="huber" (were ["mae"]
and "mse"): the metric names and the loss value printed each step must change."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(53)
rng = np.random.default_rng(53)
X = tf.constant(rng.normal(size=(36, 4)))
Y = tf.constant(X.numpy() @ rng.normal(size=(4, 1)) + rng.standard_t(3, size=(36, 1)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(6, activation="softplus")
        self.o = keras.layers.Dense(1)

    def call(self, x):
        return self.o(self.d(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        out = {"step_loss": loss}
        for m in self.metrics:
            r = m.result()
            if isinstance(r, dict):
                out.update(r)
            else:
                out[m.name] = r
        return out


model = Net()
opt = keras.optimizers.SGD(learning_rate=0.03)
model.compile(optimizer=opt, loss="mse", metrics=["mae"])
model(X[:1])

for step in range(40):
    if step == 22:
        model.compile(optimizer=opt, loss="huber", metrics=["mae", "mse"])
    logs = model.train_step((X, Y))
    print(step, sorted(logs), [repr(float(logs[k])) for k in sorted(logs)])

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      [m.name for m in model.metrics], int(opt.iterations))
