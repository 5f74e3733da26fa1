"""An iterator saved with tf.train.Checkpoint: every 7 steps the loop "peeks" the next
batch (it writes a checkpoint of the iterator alone, pulls one batch outside the step,
prints its ids and reads the checkpoint back, so the iterator is where it was); at step
20 it writes a full checkpoint (iterator, model weights, optimizer), and at step 31 it
restores that checkpoint, rewinding the iterator, the weights and the optimizer.  The
step pulls its batch with `next(ITER)` from a global.  Checkpoints go to a temporary
directory removed at the end; no path is printed.  Probes: iterator state changed
between hot calls by a checkpoint read (rewinds) and by a peek, variables and the
optimizer's iterations restored, the ids trained on after the rollback."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6314)
rng = np.random.default_rng(6314)
N = 200
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.2 - XS[:, 3:4] * 0.4).astype(np.float32)
DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int32), XS, YS))
      .shuffle(50, seed=5).batch(5))
ITER = iter(DS)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
TMP = tempfile.mkdtemp()
PEEK = tf.train.Checkpoint(it=ITER)
FULL = tf.train.Checkpoint(it=ITER, model=MODEL, opt=OPT)
HIST = []


def train_step():
    ids, x, y = next(ITER)
    HIST.append(int(ids[0]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return ids, loss


full_path = None
for step in range(40):
    if step % 7 == 6:
        p = PEEK.write(os.path.join(TMP, "peek"))
        pids, _, _ = next(ITER)
        PEEK.read(p).assert_consumed()
        print("  peek", pids.numpy().tolist())
    if step == 20:
        full_path = FULL.write(os.path.join(TMP, "full"))
        print("  saved at iterations", int(OPT.iterations.numpy()))
    if step == 31:
        FULL.read(full_path).assert_consumed()
        print("  restored, iterations", int(OPT.iterations.numpy()))
    ids, loss = train_step()
    print(step, ids.numpy().tolist(), repr(float(loss)))

shutil.rmtree(TMP)
del TMP, full_path, p       # (temporary paths differ from run to run)
print(json.dumps({
    "hist": HIST,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()],
}))
