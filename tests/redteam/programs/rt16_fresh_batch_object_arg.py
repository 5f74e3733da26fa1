"""Each call receives a fresh Batch dataclass built by the loader (tensors plus Python
fields: a float weight that varies per batch and a `notes` list).  The step writes to
its argument (`batch.loss = float(loss)`, `batch.notes.append(...)`), links it to the
previous batch (`batch.prev = TR.last`) and stores it (`TR.last = batch`), and reads the
previous batch's loss (`TR.last.loss` before the store) to damp the update.  In eager
every write lands on the caller's own object, the chain of `prev` links is the loader's
objects, and identity checks in the loop (`TR.last is b`) hold.  A graph that planned
the argument like a tuple of fields, or made its own copy at commit, would break the
identity or lose the writes to the caller's object.  Probes: a fresh user-object
argument each call whose attributes the step writes, stores and links."""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1645)
rng = np.random.default_rng(1645)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[2.0], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([5, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)


@dataclasses.dataclass(eq=False)
class Batch:
    x: tf.Tensor
    y: tf.Tensor
    weight: float
    notes: list
    loss: float = -1.0
    prev: "Batch | None" = None


class Tracker:
    def __init__(self):
        self.last = None


TR = Tracker()


def train_step(batch):
    with tf.GradientTape() as tape:
        loss = batch.weight * tf.reduce_mean(tf.square(batch.x @ W - batch.y))
    grads = tape.gradient(loss, [W])
    prev_loss = TR.last.loss if TR.last is not None else 1.0
    damp = 0.5 if float(loss) > prev_loss else 1.0
    OPT.apply_gradients([(grads[0] * damp, W)])
    batch.loss = float(loss)
    batch.notes.append(f"damp={damp}")
    batch.prev = TR.last
    TR.last = batch
    return loss


made = []
for step in range(30):
    i = (step * 8) % 72
    b = Batch(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.5 + (step % 3) * 0.25, [f"s{step}"])
    made.append(b)
    loss = train_step(b)
    print(step, repr(float(loss)), b.notes, TR.last is b, b.prev is (made[-2] if step else None), repr(b.loss))

chain = 0
node = TR.last
while node is not None:
    chain += 1
    node = node.prev
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "chain_len": chain,
    "all_written": all(m.loss >= 0 for m in made),
    "loss_types": sorted({type(m.loss).__name__ for m in made}),
    "notes_lens": sorted({len(m.notes) for m in made}),
}))
