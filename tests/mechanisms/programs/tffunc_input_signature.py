"""The program's own tf.function has an input_signature with a free batch dimension: eager
traces it once, whatever the batch size.  The loop's last batch of every epoch is partial,
and the step counts the traces."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
TRACES = []


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float64),
                              tf.TensorSpec([3, 1], tf.float64)])
def predict(x, w):
    TRACES.append(str(x.shape))
    return x @ w


rng = np.random.default_rng(11)
DATA = rng.normal(size=(22, 3))
LABELS = DATA @ np.array([[1.0], [-2.0], [0.5]])
W = tf.Variable(np.zeros((3, 1)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(predict(x, W) - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for epoch in range(6):
    for start in range(0, 22, 8):
        loss = train_step(tf.constant(DATA[start:start + 8]), tf.constant(LABELS[start:start + 8]))
        print(epoch, start, repr(float(loss)), len(TRACES))
print("W", W.numpy().ravel().tolist(), TRACES)
