"""Keras-3-style custom train_step with a loss_tracker Mean and a second metric, listed by
an overridden `metrics` property; the step returns {m.name: m.result() for m in self.metrics}.
The loop calls model.reset_metrics() every 8 steps and prints get_metrics_result() then.
At step 28 the loop points model.err_metric (was the "mae" MeanAbsoluteError) at the
model's never-used MeanSquaredError "mse": the step's dict keys and values must follow."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(47)
rng = np.random.default_rng(47)
X = rng.normal(size=(80, 3))
Y = X[:, :1] * 1.5 - X[:, 2:] + 0.1 * rng.normal(size=(80, 1))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.h = keras.layers.Dense(5, activation="relu")
        self.o = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")
        self.mse_metric = keras.metrics.MeanSquaredError(name="mse")
        self.err_metric = self.mae_metric

    def call(self, x):
        return self.o(self.h(x))

    @property
    def metrics(self):
        return [self.loss_tracker, self.err_metric]

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = tf.reduce_mean(tf.square(y - y_pred))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        self.loss_tracker.update_state(loss)
        self.err_metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


model = Net()
model.compile(optimizer=keras.optimizers.Adam(0.02))
model(X[:1])

for step in range(48):
    if step % 8 == 0:
        if step:
            res = model.get_metrics_result()
            print("epoch-end", sorted(res), [repr(float(res[k])) for k in sorted(res)])
        model.reset_metrics()
    if step == 28:
        model.err_metric = model.mse_metric
    i = (step % 5) * 16
    logs = model.train_step((tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])))
    print(step, list(logs), [repr(float(v)) for v in logs.values()])

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      [m.name for m in model.metrics], repr(float(model.loss_tracker.count)),
      int(model.optimizer.iterations))
