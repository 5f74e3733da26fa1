"""Adam hyper-parameters edited mid-run the way fine-tuning code does: beta_1 (a Python float
read by update_step) at step 9, weight_decay from None to 0.05 at step 16, the learning rate
switched from a float variable to an ExponentialDecay schedule at step 23 and to a Python
callable (lambda reading a global) at step 29. Baking any of these at trace time is wrong."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(22)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(4)
X = tf.constant(rng.normal(size=(32, 5)))
Y = tf.constant(rng.normal(size=(32, 1)))

W1 = tf.Variable(rng.normal(size=(5, 7)) * 0.3, name="w1")
B1 = tf.Variable(np.zeros(7), name="b1")
W2 = tf.Variable(rng.normal(size=(7, 1)) * 0.3, name="w2")
PARAMS = [W1, B1, W2]
opt = tf.keras.optimizers.Adam(learning_rate=0.02)
opt.build(PARAMS)
LR_SCALE = 0.01


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.softplus(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, PARAMS)
    opt.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(34):
    if step == 9:
        opt.beta_1 = 0.5
    elif step == 16:
        opt.weight_decay = 0.05
    elif step == 23:
        opt.learning_rate = tf.keras.optimizers.schedules.ExponentialDecay(0.02, 3, 0.7)
    elif step == 29:
        opt.learning_rate = lambda: LR_SCALE * 2.0
    if step == 31:
        LR_SCALE = 0.001
    loss = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(opt.learning_rate)), opt.beta_1, opt.weight_decay)

print("iterations", int(opt.iterations))
print("W2", W2.numpy().ravel().tolist())
print("B1", B1.numpy().tolist())
