"""Identity questions about library objects Keras makes afresh at each read, asked inside
train_step: `self.compiled_metrics is self.compiled_metrics`, `self.metrics is self.metrics`,
`self.optimizer.variables is self.optimizer.variables`, their lengths and type names; the
step also stores each step's self.metrics list in a history. At step 16 the loop recompiles
with two more metrics: lengths change, and every answer must stay as eager gives it."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(127)
rng = np.random.default_rng(127)
X = tf.constant(rng.normal(size=(26, 3)))
Y = tf.constant(rng.normal(size=(26, 1)))


HISTORY = []


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(4, activation="relu")
        self.o = keras.layers.Dense(1)

    def call(self, x):
        return self.o(self.d(x))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        cm = self.compiled_metrics
        cm.update_state(y, y_pred)
        ms = self.metrics
        HISTORY.append(ms)
        info = (cm is self.compiled_metrics, ms is self.metrics,
                self.optimizer.variables is self.optimizer.variables,
                len(ms), len(self.optimizer.variables), type(cm).__name__, type(ms).__name__)
        res = self.get_metrics_result()
        return loss, info, sorted(res), repr(float(res["mae"]))


model = Net()
opt = keras.optimizers.Adam(0.02)
model.compile(optimizer=opt, loss="mse", metrics=["mae"])
model(X[:1])

for step in range(36):
    if step == 16:
        model.compile(optimizer=opt, loss="mse",
                      metrics=["mae", keras.metrics.RootMeanSquaredError(), "mse"])
    loss, info, names, mae = model.train_step(X, Y)
    print(step, repr(float(loss)), info, names, mae)

h = HISTORY
print("final", len(h), len({id(x) for x in h}), h[0] is h[1], [len(x) for x in h[14:18]],
      repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))), int(opt.iterations))
