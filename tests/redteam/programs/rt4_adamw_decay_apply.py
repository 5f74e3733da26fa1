"""keras.Model subclass whose train_step calls self.optimizer.apply(grads) with no variable
list (Keras pairs them with the variables the optimizer was built on) and returns the
model's metric results via self.get_metrics_result() after updating a loss_tracker.
At step 20 the loop sets model.optimizer.weight_decay = 2.0 (was 0.004): only AdamW's own
weight-decay code reads it, so kernel norms (printed) must shrink faster from then on."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(197)
rng = np.random.default_rng(197)
X = tf.constant(rng.normal(size=(34, 5)))
Y = tf.constant((X.numpy()[:, :2] ** 2).sum(axis=1, keepdims=True) - 2.0)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(8, activation="relu")
        self.o = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")

    def call(self, x):
        return self.o(self.d(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.ops.mean(keras.ops.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads)
        self.loss_tracker.update_state(loss)
        return self.get_metrics_result()


model = Net()
model.compile(optimizer=keras.optimizers.AdamW(learning_rate=0.02, weight_decay=0.004))
model(X[:1])
model.optimizer.build(model.trainable_variables)

for step in range(40):
    if step == 20:
        model.optimizer.weight_decay = 2.0
    if step % 10 == 0:
        model.reset_metrics()
    logs = model.train_step((X, Y))
    knorm = tf.sqrt(tf.reduce_sum(tf.square(model.d.kernel)))
    print(step, sorted(logs), repr(float(logs["loss"])), repr(float(knorm)))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      model.optimizer.weight_decay, int(model.optimizer.iterations))
