"""keras.Model subclass whose own train_step uses self.compute_loss and self.optimizer.apply.
The loop calls model.train_step((x, y)) directly, one batch per call.
At step 20 the loop calls model.compile(...) again with loss="mae" (was "mse") and the
same optimizer: Keras replaces the compiled loss object that compute_loss reads."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
X = rng.normal(size=(64, 3))
Y = (X @ np.array([[1.0], [-2.0], [0.5]]) + rng.standard_t(2, size=(64, 1)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.out = keras.layers.Dense(1)
        self.steps_seen = 0

    def call(self, x):
        return self.out(self.hidden(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        self.steps_seen += 1
        return {"loss": loss, "mae": tf.reduce_mean(tf.abs(y - y_pred))}


model = Net()
opt = keras.optimizers.SGD(learning_rate=0.02)
model.compile(optimizer=opt, loss="mse")
model(X[:1])

for step in range(40):
    if step == 20:
        model.compile(optimizer=opt, loss="mae")
    i = (step % 4) * 16
    logs = model.train_step((tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])))
    print(step, repr(float(logs["loss"])), repr(float(logs["mae"])), model.steps_seen)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      int(opt.iterations), model.steps_seen, model.optimizer is opt)
