"""keras.Model subclass with its own train_step; a compiled custom Metric subclass (HitRate).
Keras' CompileMetrics calls HitRate.update_state, which reads the metric's own `threshold`.
At step 25 the loop sets hit.threshold = 0.15 (was 0.6): the hit-rate printed from
self.compute_metrics must drop; a graph that kept the old threshold would not."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
X = tf.constant(rng.normal(size=(30, 4)))
Y = tf.constant((X.numpy()[:, :1] * 0.7 - X.numpy()[:, 1:2] * 0.4) + 0.2 * rng.normal(size=(30, 1)))


class HitRate(keras.metrics.Metric):
    def __init__(self, threshold, name="hit", **kw):
        super().__init__(name=name, **kw)
        self.threshold = threshold
        self.hits = self.add_variable(shape=(), initializer="zeros", name="hits")
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")

    def update_state(self, y_true, y_pred, sample_weight=None):
        ok = tf.cast(tf.abs(y_true - y_pred) < self.threshold, self.dtype)
        self.hits.assign_add(tf.reduce_sum(ok))
        self.total.assign_add(tf.cast(tf.size(ok), self.dtype))

    def result(self):
        return self.hits / tf.maximum(self.total, 1.0)

    def reset_state(self):
        self.hits.assign(0.0)
        self.total.assign(0.0)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(8, activation="relu")
        self.d2 = keras.layers.Dense(1)

    def call(self, x):
        return self.d2(self.d1(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        logs = self.compute_metrics(x, y, y_pred)
        logs["loss"] = loss
        return logs


hit = HitRate(0.6)
model = Net()
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=[hit])
model(X[:1])

for step in range(44):
    if step == 25:
        hit.threshold = 0.15
    if step % 11 == 0:
        model.reset_metrics()
    logs = model.train_step((X, Y))
    print(step, sorted(logs), [repr(float(logs[k])) for k in sorted(logs)])

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      repr(float(hit.hits)), repr(float(hit.total)), hit.threshold, int(model.optimizer.iterations))
