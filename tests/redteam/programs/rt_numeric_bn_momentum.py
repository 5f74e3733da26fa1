"""Hand-written batch normalisation: the step updates moving mean/var with
var.assign(m * var + (1 - m) * batch_stat) twice per step (two BN blocks sharing the moving
mean variable), and reads the moving mean right after assigning it to centre the second block.
At step 9 the Python momentum MOM changes from 0.9 to 0.5. Read/write order must match eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(81)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(24)
XS = rng.normal(size=(64, 4)) * 3.0 + 2.0
YS = np.sin(XS[:, :1]) + 0.1 * XS[:, 1:2]
BATCHES = [(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16])) for i in range(0, 64, 16)]

W1 = tf.Variable(rng.normal(size=(4, 6)) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)) * 0.3)
GAMMA = tf.Variable(np.ones(6))
MOV_MEAN = tf.Variable(np.zeros(6))
MOV_VAR = tf.Variable(np.ones(6))
MOM = 0.9


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = x @ W1
        m1 = tf.reduce_mean(h, axis=0)
        v1 = tf.math.reduce_variance(h, axis=0)
        MOV_MEAN.assign(MOM * MOV_MEAN + (1.0 - MOM) * m1)
        MOV_VAR.assign(MOM * MOV_VAR + (1.0 - MOM) * v1)
        hn = GAMMA * (h - m1) / tf.sqrt(v1 + 1e-5)
        h2 = tf.nn.relu(hn)
        centred = h2 - tf.stop_gradient(MOV_MEAN)  # reads the value just assigned
        m2 = tf.reduce_mean(h2, axis=0)
        MOV_MEAN.assign(MOM * MOV_MEAN + (1.0 - MOM) * m2)
        out = centred @ W2 + tf.reduce_sum(MOV_MEAN) * 0.01
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [W1, W2, GAMMA])
    for v, g in zip([W1, W2, GAMMA], grads):
        v.assign_sub(0.05 * g)
    return loss


for step in range(32):
    if step == 9:
        MOM = 0.5
    x, y = BATCHES[step % 4]
    loss = train_step(x, y)
    print(step, repr(float(loss)), repr(float(MOV_MEAN[0])), repr(float(MOV_VAR[2])))

print("mean", MOV_MEAN.numpy().tolist())
print("var", MOV_VAR.numpy().tolist())
print("gamma", GAMMA.numpy().tolist())
