// A candidate sampler whose op seeds are an input, so that a graph draws at every call
// what eager's sampler draws with the seeds eager's seed generator gives at that call.
//
// Eagerly, tf.random.log_uniform_candidate_sampler (and uniform_, and what nce_loss and
// sampled_softmax_loss call) under a global seed gets fresh op seeds (s, s2) at every
// call; TF's kernel cache has no kernel with those attributes yet, so a new kernel runs:
// its GuardedPhiloxRandom starts at PhiloxRandom(s, s2), and the call reserves
// 2048 * num_sampled 32-bit samples from its start.  In a graph TF's op has its seeds
// as attributes, fixed when the graph is built, and one kernel continues its stream
// from call to call: other numbers.
//
// JanusSeededCandidateSampler runs the same code as that fresh kernel's first call:
// TF's own GuardedPhiloxRandom and range samplers (libtensorflow_cc), fed the seeds as
// an int64 [2] input (janus/semantics/random_ops.py gives it eager's seeds per call).
// The samplers kept are those without state across calls (log-uniform, uniform); the
// learned unigram sampler updates counts and is not offered.

#include <cstdint>
#include <memory>
#include <string>

#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/shape_inference.h"
#include "tensorflow/core/kernels/range_sampler.h"
#include "tensorflow/core/util/guarded_philox_random.h"

using namespace tensorflow;
using shape_inference::DimensionHandle;
using shape_inference::InferenceContext;
using shape_inference::ShapeHandle;

REGISTER_OP("JanusSeededCandidateSampler")
    .Input("true_classes: int64")
    .Input("seeds: int64")
    .Output("sampled_candidates: int64")
    .Output("true_expected_count: float")
    .Output("sampled_expected_count: float")
    .Attr("sampler: {'log_uniform', 'uniform'}")
    .Attr("num_true: int >= 1")
    .Attr("num_sampled: int >= 1")
    .Attr("unique: bool")
    .Attr("range_max: int >= 1")
    // Not stateful: the draw is a function of the inputs (the seeds are one).
    .SetShapeFn([](InferenceContext* c) {
      int64_t num_sampled, num_true;
      TF_RETURN_IF_ERROR(c->GetAttr("num_sampled", &num_sampled));
      TF_RETURN_IF_ERROR(c->GetAttr("num_true", &num_true));
      ShapeHandle true_classes, seeds;
      TF_RETURN_IF_ERROR(c->WithRank(c->input(0), 2, &true_classes));
      TF_RETURN_IF_ERROR(c->WithRank(c->input(1), 1, &seeds));
      DimensionHandle batch_size = c->Dim(true_classes, 0);
      c->set_output(0, c->Vector(num_sampled));
      c->set_output(1, c->Matrix(batch_size, num_true));
      c->set_output(2, c->Vector(num_sampled));
      return absl::OkStatus();
    });

namespace {

class SeededCandidateSamplerOp : public OpKernel {
 public:
  explicit SeededCandidateSamplerOp(OpKernelConstruction* context) : OpKernel(context) {
    std::string sampler;
    int64_t range_max;
    OP_REQUIRES_OK(context, context->GetAttr("sampler", &sampler));
    OP_REQUIRES_OK(context, context->GetAttr("num_true", &num_true_));
    OP_REQUIRES_OK(context, context->GetAttr("num_sampled", &num_sampled_));
    OP_REQUIRES_OK(context, context->GetAttr("unique", &unique_));
    OP_REQUIRES_OK(context, context->GetAttr("range_max", &range_max));
    if (sampler == "log_uniform") {
      sampler_ = std::make_unique<LogUniformSampler>(range_max);
    } else {
      sampler_ = std::make_unique<UniformSampler>(range_max);
    }
  }

  // The checks and the draw of TF's BaseCandidateSamplerOp::Compute, in its order.
  void Compute(OpKernelContext* context) override {
    const Tensor& true_classes = context->input(0);
    const Tensor& seeds = context->input(1);
    OP_REQUIRES(context, true_classes.dims() == 2,
                absl::InvalidArgumentError("true_classes must be a matrix"));
    OP_REQUIRES(context, seeds.dims() == 1 && seeds.dim_size(0) == 2,
                absl::InvalidArgumentError("seeds must be a vector of 2"));
    const int32_t batch_size = true_classes.dim_size(0);
    OP_REQUIRES(context, true_classes.dim_size(1) == num_true_,
                absl::InvalidArgumentError(absl::StrCat(
                    "true_classes must have num_true columns, expected: ",
                    true_classes.dim_size(1), " was: ", num_true_)));
    if (unique_) {
      OP_REQUIRES(context, num_sampled_ <= sampler_->range(),
                  absl::InvalidArgumentError("Sampler's range is too small."));
    }
    Tensor* sampled = nullptr;
    Tensor* true_expected = nullptr;
    Tensor* sampled_expected = nullptr;
    OP_REQUIRES_OK(context, context->allocate_output(0, TensorShape({num_sampled_}),
                                                     &sampled));
    OP_REQUIRES_OK(context, context->allocate_output(
                                1, TensorShape({batch_size, num_true_}), &true_expected));
    OP_REQUIRES_OK(context, context->allocate_output(2, TensorShape({num_sampled_}),
                                                     &sampled_expected));
    absl::Span<const int64_t> true_candidate(true_classes.matrix<int64_t>().data(),
                                             batch_size * num_true_);
    for (const auto& candidate : true_candidate) {
      OP_REQUIRES(context, candidate >= 0 && candidate < sampler_->range(),
                  absl::InvalidArgumentError(absl::StrCat(
                      "`true_candidate` out of range [", 0, ", ", sampler_->range(),
                      "), received ", candidate)));
    }
    // A fresh kernel's generator, and its first reservation.
    GuardedPhiloxRandom generator;
    generator.Init(seeds.vec<int64_t>()(0), seeds.vec<int64_t>()(1));
    auto local_gen = generator.ReserveSamples32(2048 * num_sampled_);
    random::SimplePhilox random(&local_gen);
    sampler_->SampleBatchGetExpectedCount(
        &random, unique_, absl::Span<int64_t>(sampled->vec<int64_t>().data(), num_sampled_),
        absl::Span<float>(sampled_expected->vec<float>().data(), num_sampled_),
        true_candidate,
        absl::Span<float>(true_expected->matrix<float>().data(), batch_size * num_true_));
  }

 private:
  int32_t num_true_;
  int32_t num_sampled_;
  bool unique_;
  std::unique_ptr<RangeSampler> sampler_;
};

}  // namespace

REGISTER_KERNEL_BUILDER(Name("JanusSeededCandidateSampler").Device(DEVICE_CPU),
                        SeededCandidateSamplerOp);
