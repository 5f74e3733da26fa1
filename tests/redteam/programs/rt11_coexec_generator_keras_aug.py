"""Co-execution: an augmentation generator made outside the step is resumed inside it
(`next(AUG_STREAM)`), and the generator itself calls Keras layers (a GaussianNoise
augmenter with training=True and a Rescaling layer) from its own frame, between the step's
own model and loss calls. Mid-run changes:
Step 10: augmenter.stddev 0.1 -> 0.5. Step 13: rescale.scale 1.0 -> 0.5 and
rescale.offset 0.0 -> 0.25. Step 17: AUG_STREAM replaced by a new generator (other order).
Step 21: keras.layers.GaussianNoise.call replaced on the class by a uniform-noise version.
Step 25: model's hidden activation -> selu. Step 28: GaussianNoise.call restored."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1138)
rng = np.random.default_rng(1138)
X = rng.normal(size=(96, 4)).astype("float32")
Y = (X[:, :1] * X[:, 2:3] + X[:, 1:2]).astype("float32")

augmenter = keras.layers.GaussianNoise(0.1, seed=3)
rescale = keras.layers.Rescaling(1.0, 0.0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
loss_fn = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(learning_rate=0.01)
ORIG_NOISE_CALL = keras.layers.GaussianNoise.call


def uniform_noise_call(self, inputs, training=False):
    if training and self.stddev > 0:
        return inputs + keras.random.uniform(tf.shape(inputs), -self.stddev, self.stddev,
                                             seed=self.seed_generator)
    return inputs


def stream(order_seed):
    g = np.random.default_rng(order_seed)
    while True:
        idx = g.permutation(96)[:16]
        xb = rescale(augmenter(tf.constant(X[idx]), training=True))
        yield xb, tf.constant(Y[idx])


AUG_STREAM = stream(1)


def train_step():
    x, y = next(AUG_STREAM)
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, float(tf.reduce_sum(x))


rows = []
for step in range(31):
    if step == 10:
        augmenter.stddev = 0.5
    elif step == 13:
        rescale.scale = 0.5
        rescale.offset = 0.25
    elif step == 17:
        AUG_STREAM = stream(2)
    elif step == 21:
        keras.layers.GaussianNoise.call = uniform_noise_call
    elif step == 25:
        model.layers[0].activation = keras.activations.selu
    elif step == 28:
        keras.layers.GaussianNoise.call = ORIG_NOISE_CALL
    loss, xs = train_step()
    rows.append([float(loss), xs])
    print(step, repr(float(loss)), repr(xs))

keras.layers.GaussianNoise.call = ORIG_NOISE_CALL
print(json.dumps({
    "rows": rows,
    "seed_state": augmenter.seed_generator.state.numpy().tolist(),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
