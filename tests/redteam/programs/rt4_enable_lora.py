"""Fine-tuning with LoRA switched on mid-run. The step adds an L2 penalty on
self.head.kernel (a Keras property that, once LoRA is on, computes kernel + A@B afresh
at each read) and trains self.trainable_variables with a hand-written SGD update.
At step 20 the loop calls model.head.enable_lora(rank=2): the base kernel freezes, two
new variables train, and the kernel property's value must follow them."""
import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(101)
rng = np.random.default_rng(101)
X = tf.constant(rng.normal(size=(36, 6)).astype("float32"))
Y = tf.constant(rng.normal(size=(36, 3)).astype("float32"))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = keras.layers.Dense(8, activation="gelu")
        self.head = keras.layers.Dense(3)
        self.lr = 0.1

    def call(self, x):
        return self.head(self.body(x))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            mse = tf.reduce_mean(tf.square(self(x, training=True) - y))
            loss = mse + 0.01 * tf.reduce_sum(tf.square(self.head.kernel))
        tv = self.trainable_variables
        grads = tape.gradient(loss, tv)
        for v, g in zip(tv, grads):
            v.assign_sub(self.lr * g)
        return loss, len(tv), tf.reduce_sum(self.head.kernel)


model = Net()
model(X[:1])

for step in range(40):
    if step == 20:
        model.head.enable_lora(rank=2)
    loss, n, ksum = model.train_step(X, Y)
    print(step, repr(float(loss)), n, repr(float(ksum)), repr(float(tf.reduce_sum(model.head._kernel))))

print("final", repr(float(tf.reduce_sum(model.head.kernel))), len(model.trainable_variables),
      [v.path for v in model.head.trainable_variables])
