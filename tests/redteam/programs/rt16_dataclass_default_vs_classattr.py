"""The step makes a fresh Aug() dataclass every call and uses its fields (noise scale, flip
flag) and its default_factory list.  A dataclass keeps two copies of a default: the
class attribute Aug.noise and the generated __init__'s __defaults__.  At step 10 the
loop sets the class attribute (Aug.noise = 0.5): new instances are NOT affected in eager
(the __init__ default still says 0.1).  At step 20 it replaces Aug.__init__.__defaults__
with (0.3, True, <factory sentinel>): new instances ARE affected.  The step stores each
Aug in HISTORY, and every instance gets its own fresh `tags` list from default_factory.
A graph that read the class attribute for a made instance's default, or kept the old
__defaults__, or shared one list between instances, would differ.  Probes: the defaults
of a dataclass __init__ inlined for objects the step makes."""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1641)
rng = np.random.default_rng(1641)

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.0], [-1.0], [0.5]], np.float32)).astype(np.float32)
NOISE = tf.constant(rng.normal(size=(8, 4)).astype(np.float32))
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
HISTORY = []


@dataclasses.dataclass
class Aug:
    noise: float = 0.1
    flip: bool = False
    tags: list = dataclasses.field(default_factory=list)


def train_step(x, y):
    aug = Aug()
    aug.tags.append("flip" if aug.flip else "keep")
    xa = x + aug.noise * NOISE
    if aug.flip:
        xa = -xa
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    HISTORY.append(aug)
    print(f"aug noise {aug.noise!r} flip {aug.flip} tags {aug.tags}")
    return loss


for step in range(30):
    if step == 10:
        Aug.noise = 0.5
    if step == 20:
        Aug.__init__.__defaults__ = (0.3, True) + Aug.__init__.__defaults__[2:]
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "noises": sorted({h.noise for h in HISTORY}),
    "flips": sum(1 for h in HISTORY if h.flip),
    "shared_tag_lists": sum(1 for a, b in zip(HISTORY, HISTORY[1:]) if a.tags is b.tags),
    "tag_lens": sorted({len(h.tags) for h in HISTORY}),
    "class_noise": Aug.noise,
}))
