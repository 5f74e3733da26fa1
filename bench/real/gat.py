"""Graph attention network (GAT) for node classification, on a generated citation graph.

Source: https://keras.io/examples/graph/gat_node_classification/ (the TF2 version,
        last modified 2021/12/26, author akensert)
        github.com/keras-team/keras-io, examples/graph/ipynb/gat_node_classification.ipynb
        (commit 2a37abd10cd9a0dce05bd9e3d1573a51bee16894)
Licence: Apache-2.0, Copyright the Keras authors (keras-team/keras-io).

Kept as published: GraphAttention (tf.gather of node states along the edges,
leaky_relu attention scores, tf.math.unsorted_segment_sum, tf.repeat by tf.math.bincount,
scores normalised per target node, weighted segment sum of neighbours),
MultiHeadGraphAttention (8 heads, concat, relu), GraphAttentionNetwork (Dense
preprocess, 3 residual multi-head layers, Dense output; node_states and edges held as
attributes) with its train_step and test_step overrides verbatim (one GradientTape
over the whole graph, self.compiled_loss on tf.gather(outputs, indices),
optimizer.apply_gradients, self.compiled_metrics.update_state), the hyperparameters
(HIDDEN_UNITS=100, NUM_HEADS=8, NUM_LAYERS=3, BATCH_SIZE=256, VALIDATION_SPLIT=0.1,
SGD(3e-1, momentum=0.9), SparseCategoricalCrossentropy(from_logits=True),
SparseCategoricalAccuracy), compile(), and the 50/50 random split.
Changed:
  * data: Cora (downloaded; 2708 papers, 1433 word features, 5429 citations, 7
    subjects) -> a generated citation graph of 600 papers, 7 subjects, 500 binary word
    features (a few subject words plus noise) and 1,200-odd citations (80% within the
    subject), in the same (target, source) layout, sorted by target as the remapped
    Cora file is; NumPy instead of pandas (not installed);
  * model.fit(...) -> a custom loop doing what fit does with these arguments, calling
    the same train_step and test_step: the first 90% of the training indices (fit's
    validation_split), reshuffled and batched by 256 each epoch (2 steps an epoch, the
    second a partial batch of 14), test_step on the validation 10% after each epoch,
    metrics reset each epoch; no EarlyStopping callback (fixed step counts);
  * fit wraps train_step and test_step in tf.function: here @common.tf_function does
    (bench mode);
  * Keras 3: compiled_loss / compiled_metrics are Keras 3's deprecated shims (kept);
    train_step's returned dict of metric results is what the loop reads;
  * steps: 5 warm-up steps, then 12 timed steps, instead of up to 100 epochs; the timer
    ticks after each train_step and restarts when an epoch's steps begin (validation is
    not timed); predict/test accuracy printing is not run;
  * the final loss reported is loss_fn of the final model on the validation nodes.
"""

import warnings

import common
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

warnings.filterwarnings("ignore")
np.random.seed(2)

WARMUP, STEPS = common.counts(warmup=5, steps=12)

# --- generated stand-in for cora.cites / cora.content --------------------------------
NUM_PAPERS, NUM_TERMS, NUM_SUBJECTS = 600, 500, 7
_rng = np.random.default_rng(2)
subjects = _rng.integers(0, NUM_SUBJECTS, NUM_PAPERS)
_topics = _rng.random((NUM_SUBJECTS, NUM_TERMS)) < 0.04
terms = ((_rng.random((NUM_PAPERS, NUM_TERMS)) < 0.01)
         | (_topics[subjects] & (_rng.random((NUM_PAPERS, NUM_TERMS)) < 0.5)))
_cites = []
for paper in range(NUM_PAPERS):
  for _ in range(_rng.integers(1, 4)):
    same = np.flatnonzero(subjects == subjects[paper])
    cited = _rng.choice(same) if _rng.random() < 0.8 else _rng.integers(NUM_PAPERS)
    if cited != paper:
      _cites.append((cited, paper))            # (target, source), as cora.cites
citations = np.array(sorted(set(_cites)))      # sorted by target

class_values = sorted(set(subjects.tolist()))
papers_paper_id = np.arange(NUM_PAPERS)
papers_subject = subjects

print("citations:", citations.shape, "papers:", (NUM_PAPERS, NUM_TERMS + 2))

# Obtain random indices
random_indices = np.random.permutation(range(NUM_PAPERS))

# 50/50 split
train_data = random_indices[: len(random_indices) // 2]
test_data = random_indices[len(random_indices) // 2 :]

# Obtain paper indices which will be used to gather node states
# from the graph later on when training the model
train_indices = papers_paper_id[train_data]
test_indices = papers_paper_id[test_data]

# Obtain ground truth labels corresponding to each paper_id
train_labels = papers_subject[train_data]
test_labels = papers_subject[test_data]

# Define graph, namely an edge tensor and a node feature tensor
edges = tf.convert_to_tensor(citations)
node_states = tf.convert_to_tensor(terms.astype("float32"))

# Print shapes of the graph
print("Edges shape:\t\t", edges.shape)
print("Node features shape:", node_states.shape)


class GraphAttention(layers.Layer):
    def __init__(
        self,
        units,
        kernel_initializer="glorot_uniform",
        kernel_regularizer=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.units = units
        self.kernel_initializer = keras.initializers.get(kernel_initializer)
        self.kernel_regularizer = keras.regularizers.get(kernel_regularizer)

    def build(self, input_shape):

        self.kernel = self.add_weight(
            shape=(input_shape[0][-1], self.units),
            trainable=True,
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            name="kernel",
        )
        self.kernel_attention = self.add_weight(
            shape=(self.units * 2, 1),
            trainable=True,
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            name="kernel_attention",
        )
        self.built = True

    def call(self, inputs):
        node_states, edges = inputs

        # Linearly transform node states
        node_states_transformed = tf.matmul(node_states, self.kernel)

        # (1) Compute pair-wise attention scores
        node_states_expanded = tf.gather(node_states_transformed, edges)
        node_states_expanded = tf.reshape(
            node_states_expanded, (tf.shape(edges)[0], -1)
        )
        attention_scores = tf.nn.leaky_relu(
            tf.matmul(node_states_expanded, self.kernel_attention)
        )
        attention_scores = tf.squeeze(attention_scores, -1)

        # (2) Normalize attention scores
        attention_scores = tf.math.exp(tf.clip_by_value(attention_scores, -2, 2))
        attention_scores_sum = tf.math.unsorted_segment_sum(
            data=attention_scores,
            segment_ids=edges[:, 0],
            num_segments=tf.reduce_max(edges[:, 0]) + 1,
        )
        attention_scores_sum = tf.repeat(
            attention_scores_sum, tf.math.bincount(tf.cast(edges[:, 0], "int32"))
        )
        attention_scores_norm = attention_scores / attention_scores_sum

        # (3) Gather node states of neighbors, apply attention scores and aggregate
        node_states_neighbors = tf.gather(node_states_transformed, edges[:, 1])
        out = tf.math.unsorted_segment_sum(
            data=node_states_neighbors * attention_scores_norm[:, tf.newaxis],
            segment_ids=edges[:, 0],
            num_segments=tf.shape(node_states)[0],
        )
        return out


class MultiHeadGraphAttention(layers.Layer):
    def __init__(self, units, num_heads=8, merge_type="concat", **kwargs):
        super().__init__(**kwargs)
        self.num_heads = num_heads
        self.merge_type = merge_type
        self.attention_layers = [GraphAttention(units) for _ in range(num_heads)]

    def call(self, inputs):
        atom_features, pair_indices = inputs

        # Obtain outputs from each attention head
        outputs = [
            attention_layer([atom_features, pair_indices])
            for attention_layer in self.attention_layers
        ]
        # Concatenate or average the node states from each head
        if self.merge_type == "concat":
            outputs = tf.concat(outputs, axis=-1)
        else:
            outputs = tf.reduce_mean(tf.stack(outputs, axis=-1), axis=-1)
        # Activate and return node states
        return tf.nn.relu(outputs)


class GraphAttentionNetwork(keras.Model):
    def __init__(
        self,
        node_states,
        edges,
        hidden_units,
        num_heads,
        num_layers,
        output_dim,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.node_states = node_states
        self.edges = edges
        self.preprocess = layers.Dense(hidden_units * num_heads, activation="relu")
        self.attention_layers = [
            MultiHeadGraphAttention(hidden_units, num_heads) for _ in range(num_layers)
        ]
        self.output_layer = layers.Dense(output_dim)

    def call(self, inputs):
        node_states, edges = inputs
        x = self.preprocess(node_states)
        for attention_layer in self.attention_layers:
            x = attention_layer([x, edges]) + x
        outputs = self.output_layer(x)
        return outputs

    @common.tf_function
    def train_step(self, data):
        indices, labels = data

        with tf.GradientTape() as tape:
            # Forward pass
            outputs = self([self.node_states, self.edges])
            # Compute loss
            loss = self.compiled_loss(labels, tf.gather(outputs, indices))
        # Compute gradients
        grads = tape.gradient(loss, self.trainable_weights)
        # Apply gradients (update weights)
        optimizer.apply_gradients(zip(grads, self.trainable_weights))
        # Update metric(s)
        self.compiled_metrics.update_state(labels, tf.gather(outputs, indices))

        return {m.name: m.result() for m in self.metrics}

    def predict_step(self, data):
        indices = data
        # Forward pass
        outputs = self([self.node_states, self.edges])
        # Compute probabilities
        return tf.nn.softmax(tf.gather(outputs, indices))

    @common.tf_function
    def test_step(self, data):
        indices, labels = data
        # Forward pass
        outputs = self([self.node_states, self.edges])
        # Compute loss
        loss = self.compiled_loss(labels, tf.gather(outputs, indices))
        # Update metric(s)
        self.compiled_metrics.update_state(labels, tf.gather(outputs, indices))

        return {m.name: m.result() for m in self.metrics}


# Define hyper-parameters
HIDDEN_UNITS = 100
NUM_HEADS = 8
NUM_LAYERS = 3
OUTPUT_DIM = len(class_values)

NUM_EPOCHS = 100
BATCH_SIZE = 256
VALIDATION_SPLIT = 0.1
LEARNING_RATE = 3e-1
MOMENTUM = 0.9

loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.SGD(LEARNING_RATE, momentum=MOMENTUM)
accuracy_fn = keras.metrics.SparseCategoricalAccuracy(name="acc")

# Build model
gat_model = GraphAttentionNetwork(
    node_states, edges, HIDDEN_UNITS, NUM_HEADS, NUM_LAYERS, OUTPUT_DIM
)

# Compile model
gat_model.compile(loss=loss_fn, optimizer=optimizer, metrics=[accuracy_fn])

# --- what gat_model.fit(x=train_indices, y=train_labels, validation_split=...,
#     batch_size=BATCH_SIZE, epochs=NUM_EPOCHS, verbose=2) does, as a loop ----------
split_at = int(len(train_indices) * (1 - VALIDATION_SPLIT))
x_fit, y_fit = train_indices[:split_at], train_labels[:split_at]
x_val, y_val = train_indices[split_at:], train_labels[split_at:]
fit_dataset = tf.data.Dataset.from_tensor_slices((x_fit, y_fit))
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(BATCH_SIZE)

meter = common.Meter("gat", WARMUP, STEPS, step="GraphAttentionNetwork.train_step")
for epoch in range(NUM_EPOCHS):
    for metric in gat_model.metrics:
        metric.reset_state()
    meter.restart()      # the last epoch's validation is not a training step
    for data in fit_dataset.shuffle(len(x_fit)).batch(BATCH_SIZE):
        logs = gat_model.train_step(data)
        meter.tick()
        if meter.done:
            break
    if meter.done:
        break
    for metric in gat_model.metrics:
        metric.reset_state()
    for data in val_dataset:
        val_logs = gat_model.test_step(data)
    print(f"Epoch {epoch + 1}/{NUM_EPOCHS} - val_acc: {float(accuracy_fn.result()):.4f}")

val_outputs = gat_model([node_states, edges])
final_loss = loss_fn(y_val, tf.gather(val_outputs, x_val))
meter.report(final_loss)
