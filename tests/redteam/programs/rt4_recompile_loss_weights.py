"""Two-headed keras.Model subclass (regression + classification) with its own train_step
that calls self.compute_loss on a list of two targets/predictions.
At step 24 the loop recompiles with loss_weights=[0.1, 2.0] (was [1.0, 0.0]): only Keras'
compiled loss reads the weights, so the combined loss and the classifier's training change."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(13)
rng = np.random.default_rng(13)
X = tf.constant(rng.normal(size=(40, 5)))
Yr = tf.constant(rng.normal(size=(40, 1)))
Yc = tf.constant((rng.uniform(size=(40, 1)) > 0.4).astype("float64"))


class TwoHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = keras.layers.Dense(8, activation="tanh")
        self.reg = keras.layers.Dense(1)
        self.cls = keras.layers.Dense(1, activation="sigmoid")

    def call(self, x):
        h = self.trunk(x)
        return [self.reg(h), self.cls(h)]

    def train_step(self, data):
        x, ys = data
        with tf.GradientTape() as tape:
            preds = self(x, training=True)
            loss = self.compute_loss(x=x, y=ys, y_pred=preds)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        bce = tf.reduce_mean(keras.losses.binary_crossentropy(ys[1], preds[1]))
        return loss, bce


model = TwoHead()
opt = keras.optimizers.SGD(learning_rate=0.05)
model.compile(optimizer=opt, loss=["mse", "binary_crossentropy"], loss_weights=[1.0, 0.0])
model(X[:1])

for step in range(44):
    if step == 24:
        model.compile(optimizer=opt, loss=["mse", "binary_crossentropy"], loss_weights=[0.1, 2.0])
    loss, bce = model.train_step((X, [Yr, Yc]))
    print(step, repr(float(loss)), repr(float(bce)))

print("final", repr(float(tf.reduce_sum(model.cls.kernel))), repr(float(tf.reduce_sum(model.reg.kernel))),
      int(opt.iterations))
