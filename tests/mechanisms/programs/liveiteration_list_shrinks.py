"""The step drops finished jobs from a work list with `for job in JOBS: if done:
JOBS.remove(job)` and appends a follow-up job for every third job it keeps, while the
list is below six jobs.  CPython's list iterator is an index into the live list: after a
removal it skips the next job, and it reaches the jobs appended during the loop.  The loop
refills the list at steps 4 and 9; the graph must visit the jobs eager visits."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(512)
rng = np.random.default_rng(512)
X = rng.normal(size=(48, 3)).astype("float32")
Y = (X @ rng.normal(size=(3, 1))).astype("float32")
W = tf.Variable(np.zeros((3, 1), "float32"))
JOBS = [3, -1, -2, 5]
VISITED = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    for job in JOBS:
        VISITED.append(job)
        if job < 0:
            JOBS.remove(job)
        elif job % 3 == 0 and len(JOBS) < 6:
            JOBS.append(job + 1)
    return loss


for step in range(12):
    if step == 4:
        JOBS[:] = [-1, -2, 6, -4, -5, 9]
    if step == 9:
        JOBS.extend([-7, 12, -8])
    i = (step * 8) % 40
    loss = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, f"{float(loss):.6f}", JOBS, len(VISITED))
print(VISITED)
