"""Hyper-parameters live as class attributes of `TrainConfig` (grad_clip = 1.0); the step
reads `CFG.grad_clip` through the instance. At step 12 the loop overrides it for this run
only with an instance attribute (`CFG.grad_clip = 0.05`), and at step 22 deletes that
override (`del CFG.grad_clip`) so the class default shows through again; eager's attribute
lookup follows each change."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(514)


class TrainConfig:
    grad_clip = 1.0
    lr = 0.2

    def __init__(self, name):
        self.name = name


CFG = TrainConfig("base")
rng = np.random.default_rng(18)
XS = (rng.normal(size=(64, 4)) * 4.0).astype("float32")
YS = (XS @ rng.normal(size=(4, 1))).astype("float32")
W = tf.Variable(tf.zeros([4, 1]))
B = tf.Variable(tf.zeros([1]))
CLIPPED = 0


def train_step(x, y):
    global CLIPPED
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    clipped, norm = tf.clip_by_global_norm(grads, CFG.grad_clip)
    if float(norm) > CFG.grad_clip:
        CLIPPED += 1
    W.assign_sub(CFG.lr * clipped[0])
    B.assign_sub(CFG.lr * clipped[1])
    return loss, norm


for step in range(32):
    if step == 12:
        CFG.grad_clip = 0.05
    if step == 22:
        del CFG.grad_clip
    i = (step * 8) % 56
    loss, norm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(norm)), CLIPPED)

print("instance dict", sorted(vars(CFG).items()), "class clip", TrainConfig.grad_clip)
print("W", W.numpy().ravel().tolist())
