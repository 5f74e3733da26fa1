"""A Keras BatchNormalization layer inside a subclassed model: its momentum is changed at step
8 (0.99 -> 0.5) and the layer is frozen (bn.trainable = False) at step 17, which in Keras 3
also switches it to inference mode (it normalizes with the moving statistics and stops
updating them). A converter that kept the training-mode graph would keep updating them."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(25)
tf.keras.backend.set_floatx("float64")


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(8)
        self.bn = tf.keras.layers.BatchNormalization()
        self.d2 = tf.keras.layers.Dense(1)

    def call(self, x, training=False):
        h = self.d1(x)
        h = self.bn(h, training=training)
        return self.d2(tf.nn.relu(h))


rng = np.random.default_rng(7)
XS = rng.normal(size=(64, 4)) * 2.0 + 1.0
YS = np.tanh(XS.sum(axis=1, keepdims=True))
BATCHES = [(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16])) for i in range(0, 64, 16)]

net = Net()
net(BATCHES[0][0])
opt = tf.keras.optimizers.SGD(learning_rate=0.05)
opt.build(net.trainable_variables)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = net(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    return loss


for step in range(30):
    if step == 8:
        net.bn.momentum = 0.5
    if step == 17:
        net.bn.trainable = False
    x, y = BATCHES[step % 4]
    loss = train_step(x, y)
    print(step, repr(float(loss)), repr(float(net.bn.moving_mean[0])),
          repr(float(net.bn.moving_variance[0])), len(net.trainable_variables))

print("moving_mean", net.bn.moving_mean.numpy().tolist())
print("moving_var", net.bn.moving_variance.numpy().tolist())
print("gamma", net.bn.gamma.numpy().tolist())
