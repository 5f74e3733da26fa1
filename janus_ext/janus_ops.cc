// TensorFlow ops that let a graph read Python objects and keep per-call values: the
// paper's object-pointer tensors (PyGetAttrOp) and the store behind recursive backprop.
//
// An object pointer is an int64 holding a PyObject* (0 stands for None).  A pointer is
// valid for one graph call: the call's root objects are held by the caller's argument
// tuple, and every object an op hands out is kept referenced in that call's arena until
// janus_release_call() runs after the call.  No pointer outlives its call, and nothing
// leaks across calls.
//
// Each call gets an id (an int64 graph input).  The arena for that id also holds the
// tensors that a recursive function's forward pass stashes for its backward pass, keyed
// by (call instance, call site).

#include <Python.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/common_shape_fns.h"
#include "tensorflow/core/framework/shape_inference.h"

using namespace tensorflow;

namespace {

struct Arena {
  std::vector<PyObject*> objects;                       // new references, one per read
  std::map<std::pair<int64_t, int64_t>, std::vector<Tensor>> stash;
  int64_t next_key = 1;
};

std::mutex arenas_mutex;
std::map<int64_t, std::unique_ptr<Arena>> arenas;

// The arena of a call, created on first use.  Callers hold arenas_mutex.
Arena* arena_of(int64_t call) {
  auto& slot = arenas[call];
  if (!slot) slot.reset(new Arena());
  return slot.get();
}

enum Kind { kObject = 0, kObjectOrNone = 1, kInt = 2, kFloat = 3, kBool = 4 };

// Errors carry this tag so the executor knows a heap assumption failed (the interpreter
// then runs the call) rather than a bug.
const char kTag[] = "janus-heap-read: ";   // runtime/janus/messages.py reads it back

class GetAttrOp : public OpKernel {
 public:
  explicit GetAttrOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("attribute", &name_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("kind", &kind_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("owner_type", &owner_type_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("value_type", &value_type_));
  }

  void Compute(OpKernelContext* ctx) override {
    const int64_t pointer = ctx->input(0).scalar<int64_t>()();
    const int64_t call = ctx->input(1).scalar<int64_t>()();
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    if (pointer == 0) {
      ctx->CtxFailure(errors::InvalidArgument(kTag, "attribute ", name_, " of None"));
      return;
    }
    PyGILState_STATE gil = PyGILState_Ensure();
    // TF's worker threads are not Python threads: without this, every read would
    // create and destroy a Python thread state, and the allocations would trigger
    // Python's cyclic GC in the middle of a graph run (measured: 12% of a deep call).
    // One extra, never-released Ensure keeps each worker's thread state for good.
    static thread_local bool thread_state_kept = false;
    if (!thread_state_kept) {
      PyGILState_Ensure();
      thread_state_kept = true;
    }
    Status status = Read(reinterpret_cast<PyObject*>(pointer), call, out);
    PyGILState_Release(gil);
    OP_REQUIRES_OK(ctx, status);
  }

 private:
  Status Read(PyObject* owner, int64_t call, Tensor* out) {
    // The graph was built for one class: its attribute layout and properties are what
    // the builder resolved.  Another class means the assumption failed.
    if (reinterpret_cast<int64_t>(Py_TYPE(owner)) != owner_type_) {
      return errors::InvalidArgument(kTag, "owner of ", name_, " is a ",
                                     Py_TYPE(owner)->tp_name);
    }
    PyObject* value = PyObject_GetAttrString(owner, name_.c_str());
    if (value == nullptr) {
      PyErr_Clear();
      return errors::InvalidArgument(kTag, "object has no attribute ", name_);
    }
    Status status = Convert(value, call, out);
    Py_DECREF(value);
    return status;
  }

  Status Convert(PyObject* value, int64_t call, Tensor* out) {
    switch (kind_) {
      case kObjectOrNone:
        if (value == Py_None) {
          out->scalar<int64_t>()() = 0;
          return absl::OkStatus();
        }
        [[fallthrough]];
      case kObject: {
        if (reinterpret_cast<int64_t>(Py_TYPE(value)) != value_type_) {
          return errors::InvalidArgument(kTag, name_, " is a ", Py_TYPE(value)->tp_name);
        }
        {
          std::lock_guard<std::mutex> lock(arenas_mutex);
          Py_INCREF(value);
          arena_of(call)->objects.push_back(value);
        }
        out->scalar<int64_t>()() = reinterpret_cast<int64_t>(value);
        return absl::OkStatus();
      }
      case kInt: {
        if (!PyLong_CheckExact(value)) {
          return errors::InvalidArgument(kTag, name_, " is a ", Py_TYPE(value)->tp_name);
        }
        int overflow = 0;
        long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow) return errors::InvalidArgument(kTag, name_, " overflows int64");
        out->scalar<int64_t>()() = number;
        return absl::OkStatus();
      }
      case kFloat:
        if (!PyFloat_CheckExact(value)) {
          return errors::InvalidArgument(kTag, name_, " is a ", Py_TYPE(value)->tp_name);
        }
        out->scalar<double>()() = PyFloat_AS_DOUBLE(value);
        return absl::OkStatus();
      case kBool:
        if (!PyBool_Check(value)) {
          return errors::InvalidArgument(kTag, name_, " is a ", Py_TYPE(value)->tp_name);
        }
        out->scalar<bool>()() = value == Py_True;
        return absl::OkStatus();
    }
    return errors::Internal("janus: unknown read kind");
  }

  std::string name_;
  int kind_;
  int64_t owner_type_;
  int64_t value_type_;
};

class NewKeyOp : public OpKernel {
 public:
  using OpKernel::OpKernel;
  void Compute(OpKernelContext* ctx) override {
    const int64_t call = ctx->input(0).scalar<int64_t>()();
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    std::lock_guard<std::mutex> lock(arenas_mutex);
    out->scalar<int64_t>()() = arena_of(call)->next_key++;
  }
};

// Inputs 0-2 of the stash ops: the graph call, the call instance and the call site.
struct StashSlot {
  explicit StashSlot(OpKernelContext* ctx)
      : call(ctx->input(0).scalar<int64_t>()()),
        key(ctx->input(1).scalar<int64_t>()()),
        site(ctx->input(2).scalar<int64_t>()()) {}
  int64_t call, key, site;
};

class StashOp : public OpKernel {
 public:
  using OpKernel::OpKernel;
  void Compute(OpKernelContext* ctx) override {
    const StashSlot slot(ctx);
    std::vector<Tensor> values;
    for (int i = 3; i < ctx->num_inputs(); ++i) values.push_back(ctx->input(i));
    std::lock_guard<std::mutex> lock(arenas_mutex);
    arena_of(slot.call)->stash[{slot.key, slot.site}] = std::move(values);
  }
};

class UnstashOp : public OpKernel {
 public:
  using OpKernel::OpKernel;
  void Compute(OpKernelContext* ctx) override {
    const StashSlot slot(ctx);
    std::vector<Tensor> values;
    {
      std::lock_guard<std::mutex> lock(arenas_mutex);
      auto& stash = arena_of(slot.call)->stash;
      auto found = stash.find({slot.key, slot.site});
      OP_REQUIRES(ctx, found != stash.end(),
                  errors::Internal("janus: no forward values for call instance ",
                                   slot.key, " site ", slot.site));
      values = found->second;
    }
    OP_REQUIRES(ctx, static_cast<int>(values.size()) == ctx->num_outputs(),
                errors::Internal("janus: stashed ", values.size(), " values, expected ",
                                 ctx->num_outputs()));
    for (int i = 0; i < ctx->num_outputs(); ++i) {
      OP_REQUIRES(ctx, values[i].dtype() == output_type(i),
                  errors::Internal("janus: stashed value ", i, " has the wrong dtype"));
      ctx->set_output(i, values[i]);
    }
  }
};

}  // namespace

// Reads an attribute of an object pointer.  Not stateful: within one call the heap does
// not change (writes are deferred until after the call), so equal reads are equal.
REGISTER_OP("JanusGetAttr")
    .Input("pointer: int64")
    .Input("call: int64")
    .Output("value: dtype")
    .Attr("dtype: {int64, double, bool}")
    .Attr("attribute: string")
    .Attr("kind: int")
    .Attr("owner_type: int")
    .Attr("value_type: int = 0")
    .SetShapeFn(shape_inference::ScalarShape);

REGISTER_OP("JanusNewKey")
    .Input("call: int64")
    .Output("key: int64")
    .SetIsStateful()
    .SetShapeFn(shape_inference::ScalarShape);

REGISTER_OP("JanusStash")
    .Input("call: int64")
    .Input("key: int64")
    .Input("site: int64")
    .Input("values: T")
    .Attr("T: list(type) >= 0")
    .SetIsStateful()
    .SetShapeFn(shape_inference::NoOutputs);

REGISTER_OP("JanusUnstash")
    .Input("call: int64")
    .Input("key: int64")
    .Input("site: int64")
    .Output("values: T")
    .Attr("T: list(type) >= 0")
    .SetIsStateful()
    .SetShapeFn(shape_inference::UnknownShape);

REGISTER_KERNEL_BUILDER(Name("JanusGetAttr").Device(DEVICE_CPU), GetAttrOp);
REGISTER_KERNEL_BUILDER(Name("JanusNewKey").Device(DEVICE_CPU), NewKeyOp);
REGISTER_KERNEL_BUILDER(Name("JanusStash").Device(DEVICE_CPU), StashOp);
REGISTER_KERNEL_BUILDER(Name("JanusUnstash").Device(DEVICE_CPU), UnstashOp);

// Called by the executor after every graph call (ctypes), with the GIL held: drops the
// call's object references and stashed tensors.
extern "C" int janus_release_call(int64_t call) {
  std::unique_ptr<Arena> arena;
  {
    std::lock_guard<std::mutex> lock(arenas_mutex);
    auto found = arenas.find(call);
    if (found == arenas.end()) return 0;
    arena = std::move(found->second);
    arenas.erase(found);
  }
  const int count = static_cast<int>(arena->objects.size());
  for (PyObject* object : arena->objects) Py_DECREF(object);
  return count;
}

// Live arenas, for tests that check nothing leaks across calls.
extern "C" int janus_live_calls() {
  std::lock_guard<std::mutex> lock(arenas_mutex);
  return static_cast<int>(arenas.size());
}
