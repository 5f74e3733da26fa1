// Collective TF ops over MPI for data-parallel training (janus/distributed/__init__.py):
// JanusAllreduce, JanusBroadcast, JanusAllgather.
//
// Each op is asynchronous: its kernel queues a request and returns, and one background
// thread per process runs the requests in the order they arrive.  janus/distributed/collectives.py
// chains the ops of a graph with control edges in a fixed order (the last layer's
// gradients first, as backprop produces them), so every rank queues them in the same
// order whatever TF's scheduler does, while the rest of backprop keeps running on TF's
// threads: communication overlaps computation.  A request holds several tensors (a
// bucket); the worker fuses them into one buffer and makes one MPI call.
//
// Before the data moves, every rank sends rank 0 a header: its collective count and a
// description of the request (kind, dtypes, shapes).  Rank 0 answers with a verdict.
// Waiting for headers is a polling loop with a deadline (JANUS_MPI_TIMEOUT): a rank that
// never arrives ends the job with its rank named, and ranks that disagree get the
// descriptions of all of them as the op's error, never a wrong sum.  The data phase
// starts only when every rank has arrived with the same request, so it uses blocking
// MPI calls (MPICH's own progress loop; ~2x faster than polling a nonblocking one here).
//
// A graph call that fails after some of its collectives ran is re-run by the
// interpreter (janus/run/executor.py); the collectives it repeats must not be sent again
// (the other ranks have moved on).  Between janus_mpi_mark() and janus_mpi_commit()
// results are recorded; janus_mpi_rewind() makes the next requests take them from the
// record, after checking that they describe the same collectives.
//
// GPU tensors: the kernels are also registered for GPU devices with every input and
// output in host memory, so TF stages device tensors through host buffers.  Untested:
// this machine has no GPU.

#include <mpi.h>

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/shape_inference.h"

using namespace tensorflow;

namespace {

enum Kind { kAllreduce = 0, kBroadcast = 1, kAllgather = 2 };
const int kHeaderTag = 7301, kVerdictTag = 7302;
const int kTextBytes = 1024;

struct Header {
  int64_t count;             // collectives this rank has run so far
  char text[kTextBytes];     // description: kind, dtypes, shapes (NUL-terminated)
};

struct Request {
  Kind kind;
  bool average = false;
  int root = 0;
  bool in_place = false;             // reduced in the input's own buffer (profile)
  std::string description;
  std::vector<Tensor> inputs;
  std::vector<Tensor> outputs;       // allreduce, broadcast: made by the kernel
  OpKernelContext* ctx = nullptr;
  AsyncOpKernel::DoneCallback done;
};

struct Recorded {
  std::string description;
  std::vector<Tensor> outputs;
};

void half_sum(void* in, void* inout, int* len, MPI_Datatype*) {
  const Eigen::half* a = static_cast<const Eigen::half*>(in);
  Eigen::half* b = static_cast<Eigen::half*>(inout);
  for (int i = 0; i < *len; ++i) b[i] = Eigen::half(float(a[i]) + float(b[i]));
}

double now() {
  return std::chrono::duration<double>(
      std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Poll until every request completed; returns the indices still pending at the
// deadline (empty: all done).
std::vector<int> wait_until(std::vector<MPI_Request>& requests, double deadline) {
  std::vector<int> pending;
  for (size_t i = 0; i < requests.size(); ++i) pending.push_back(i);
  double sleep_after = now() + 20e-3;
  while (!pending.empty()) {
    std::vector<int> still;
    for (int i : pending) {
      int flag = 0;
      MPI_Test(&requests[i], &flag, MPI_STATUS_IGNORE);
      if (!flag) still.push_back(i);
    }
    pending.swap(still);
    if (pending.empty() || now() > deadline) break;
    // Yield for the first 20 ms (a peer about to arrive is answered at once, as in
    // MPI's own busy wait; the yield lets this rank's backprop run), then sleep.
    if (now() > sleep_after) {
      struct timespec pause = {0, 50000};      // 50 µs
      nanosleep(&pause, nullptr);
    } else {
      sched_yield();
    }
  }
  return pending;
}

const char* dtype_name(DataType t) {
  switch (t) {
    case DT_HALF: return "float16";
    case DT_FLOAT: return "float32";
    case DT_DOUBLE: return "float64";
    case DT_INT32: return "int32";
    case DT_INT64: return "int64";
    default: return "unsupported";
  }
}

class Engine {
 public:
  static Engine& get() {
    static Engine engine;
    return engine;
  }

  int start(double timeout) {
    std::lock_guard<std::mutex> lock(mu_);
    if (started_) return 0;
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) return -1;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    MPI_Type_contiguous(2, MPI_BYTE, &half_type_);
    MPI_Type_commit(&half_type_);
    MPI_Op_create(&half_sum, 1, &half_op_);
    timeout_ = timeout;
    const char* profile = getenv("JANUS_MPI_PROFILE");
    profile_ = profile != nullptr && std::strcmp(profile, "1") == 0;
    started_ = true;
    worker_ = std::thread([this] { loop(); });
    return 0;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!started_) return;
      stopping_ = true;
    }
    cv_.notify_all();
    worker_.join();
    std::lock_guard<std::mutex> lock(mu_);
    MPI_Op_free(&half_op_);
    MPI_Type_free(&half_type_);
    MPI_Comm_free(&comm_);
    started_ = false;
  }

  // A request a failed graph call already ran: answered from the record (before the
  // kernel makes any output).  True when it was; `request` is then finished.
  bool replay(Request* request) {
    Status status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (replay_.empty()) return false;
      Recorded entry = std::move(replay_.front());
      replay_.pop_front();
      if (entry.description != request->description) {
        broken_ = "the interpreter's re-run of a failed graph call issued '" +
                  request->description + "' where the graph had issued '" +
                  entry.description + "'";
        replay_.clear();
        status = errors::Internal(broken_);
      } else {
        for (size_t i = 0; i < entry.outputs.size(); ++i)
          request->ctx->set_output(i, entry.outputs[i]);
        replayed_++;
      }
    }
    finish(request, status);     // outside the lock: done() may run the next op here
    return true;
  }

  // `inline_call`: run on the calling thread (an eager call, which waits for the result
  // anyway: no hand-off to the worker and back), after everything queued before it.
  void submit(Request* request, bool inline_call) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!started_) {
        request->ctx->SetStatus(errors::FailedPrecondition(
            "janus collectives are not started (janus.distributed.init() first)"));
        finish(request, OkStatus());
        return;
      }
      if (!inline_call) {
        queue_.push_back(request);
        busy_++;
      }
    }
    if (!inline_call) {
      cv_.notify_all();
      return;
    }
    wait_idle();
    Status status;
    {
      std::lock_guard<std::mutex> running(run_mu_);
      status = run(request);
    }
    finish(request, status);
  }

  void mark() {
    wait_idle();
    std::lock_guard<std::mutex> lock(mu_);
    recording_ = true;
    record_.clear();
    replay_.clear();
  }

  void commit() {
    wait_idle();
    std::lock_guard<std::mutex> lock(mu_);
    recording_ = false;
    record_.clear();
  }

  int rewind() {
    wait_idle();
    std::lock_guard<std::mutex> lock(mu_);
    recording_ = false;
    replay_.swap(record_);
    record_.clear();
    return replay_.size();
  }

  int pending_replay() {
    std::lock_guard<std::mutex> lock(mu_);
    return replay_.size();
  }

  int64_t count() {
    std::lock_guard<std::mutex> lock(mu_);
    return count_;
  }

  int64_t replayed() {
    std::lock_guard<std::mutex> lock(mu_);
    return replayed_;
  }

 private:
  // The request's references to its tensors go before TF hears it is done: the next
  // op, scheduled from done(), may then reduce in the buffer it was handed.
  static void finish(Request* request, const Status& status) {
    if (!status.ok()) request->ctx->SetStatus(status);
    AsyncOpKernel::DoneCallback done = std::move(request->done);
    delete request;
    done();
  }

  void wait_idle() {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return busy_ == 0; });
  }

  void loop() {
    while (true) {
      Request* request;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        request = queue_.front();
        queue_.pop_front();
      }
      Status status;
      {
        std::lock_guard<std::mutex> running(run_mu_);
        status = run(request);
      }
      finish(request, status);
      {
        std::lock_guard<std::mutex> lock(mu_);
        busy_--;
      }
      idle_cv_.notify_all();
    }
  }

  Status run(Request* r) {
    std::string broken;
    {
      std::lock_guard<std::mutex> lock(mu_);
      broken = broken_;
    }
    if (!broken.empty())
      return errors::Aborted("janus collectives stopped after an earlier error: ", broken);
    double t0 = now();
    std::string verdict = negotiate(r->description);
    double t1 = now();
    if (!verdict.empty()) {
      std::lock_guard<std::mutex> lock(mu_);
      broken_ = verdict;
      return errors::FailedPrecondition(verdict);
    }
    Status status;
    std::vector<Tensor> outputs;
    switch (r->kind) {
      case kAllreduce: status = allreduce(r, &outputs); break;
      case kBroadcast: status = broadcast(r, &outputs); break;
      case kAllgather: status = allgather(r, &outputs); break;
    }
    if (!status.ok()) return status;
    if (profile_)
      fprintf(stderr, "rank %d %s: negotiate %.3f ms, data %.3f ms%s\n", rank_,
              r->description.substr(0, 40).c_str(), 1e3 * (t1 - t0), 1e3 * (now() - t1),
              r->in_place ? " (in place)" : "");
    std::lock_guard<std::mutex> lock(mu_);
    count_++;
    if (recording_) record_.push_back(Recorded{r->description, outputs});
    return status;
  }

  [[noreturn]] void abort_job(const std::string& message) {
    fprintf(stderr, "janus.distributed: rank %d: %s; aborting all ranks\n", rank_,
            message.c_str());
    fflush(stderr);
    // MPI_Abort makes MPICH's launcher kill every rank and exit at once; output of this
    // rank it has not forwarded yet is lost (measured: 2 of 6 runs lost this message
    // when mpiexec's stderr was a pipe).  One second lets it forward the message first.
    std::this_thread::sleep_for(std::chrono::seconds(1));
    MPI_Abort(MPI_COMM_WORLD, 3);
    _exit(3);
  }

  // Every rank's header → rank 0 → one verdict for all: "" or what differs.
  std::string negotiate(const std::string& description) {
    Header mine;
    mine.count = count_;
    std::memset(mine.text, 0, kTextBytes);
    std::strncpy(mine.text, description.c_str(), kTextBytes - 1);
    double deadline = now() + timeout_;
    char verdict[kTextBytes * 4] = {0};
    std::string what = "collective #" + std::to_string(mine.count) + " (" + description + ")";
    if (rank_ != 0) {
      std::vector<MPI_Request> requests(2);
      MPI_Isend(&mine, sizeof(Header), MPI_BYTE, 0, kHeaderTag, comm_, &requests[0]);
      MPI_Irecv(verdict, sizeof(verdict), MPI_BYTE, 0, kVerdictTag, comm_, &requests[1]);
      if (!wait_until(requests, deadline).empty())
        abort_job(what + ": no answer from rank 0 within " + std::to_string(int(timeout_)) +
                  " s (JANUS_MPI_TIMEOUT); rank 0 is stuck, busy or dead");
      return std::string(verdict);
    }
    std::vector<Header> theirs(size_);
    std::vector<MPI_Request> requests(size_ - 1);
    for (int r = 1; r < size_; ++r)
      MPI_Irecv(&theirs[r], sizeof(Header), MPI_BYTE, r, kHeaderTag, comm_, &requests[r - 1]);
    std::vector<int> missing = wait_until(requests, deadline);
    if (!missing.empty()) {
      std::string names;
      for (int i : missing) names += (names.empty() ? "" : ", ") + std::to_string(i + 1);
      abort_job(what + ": rank(s) " + names + " did not reach it within " +
                std::to_string(int(timeout_)) +
                " s (JANUS_MPI_TIMEOUT); they are stuck, busy elsewhere or dead");
    }
    theirs[0] = mine;
    bool same = true;
    for (int r = 1; r < size_; ++r)
      same = same && theirs[r].count == mine.count && std::strcmp(theirs[r].text, mine.text) == 0;
    std::string answer;
    if (!same) {
      answer = "ranks disagree on a collective (different graphs, shapes or orders of "
               "collectives):";
      for (int r = 0; r < size_; ++r)
        answer += " rank " + std::to_string(r) + " at #" + std::to_string(theirs[r].count) +
                  ": " + theirs[r].text + ";";
      answer.resize(std::min(answer.size(), sizeof(verdict) - 1));
    }
    std::memset(verdict, 0, sizeof(verdict));
    std::memcpy(verdict, answer.data(), answer.size());
    std::vector<MPI_Request> sends(size_ - 1);
    for (int r = 1; r < size_; ++r)
      MPI_Isend(verdict, sizeof(verdict), MPI_BYTE, r, kVerdictTag, comm_, &sends[r - 1]);
    if (!wait_until(sends, now() + timeout_).empty())
      abort_job(what + ": could not send the verdict within the timeout");
    return answer;
  }

  void mpi_type(DataType dtype, MPI_Datatype* type, MPI_Op* op) {
    *op = MPI_SUM;
    switch (dtype) {
      case DT_HALF: *type = half_type_; *op = half_op_; break;
      case DT_FLOAT: *type = MPI_FLOAT; break;
      case DT_DOUBLE: *type = MPI_DOUBLE; break;
      case DT_INT32: *type = MPI_INT32_T; break;
      default: *type = MPI_INT64_T; break;
    }
  }

  template <typename T>
  static void scale(char* data, int64_t n, double factor) {
    T* values = reinterpret_cast<T*>(data);
    for (int64_t i = 0; i < n; ++i) values[i] = T(double(values[i]) * factor);
  }

  static void scale_by(DataType dtype, char* data, int64_t n, double factor) {
    switch (dtype) {
      case DT_HALF: scale<Eigen::half>(data, n, factor); break;
      case DT_FLOAT: scale<float>(data, n, factor); break;
      case DT_DOUBLE: scale<double>(data, n, factor); break;
      default: break;      // averages of integers are refused in Python
    }
  }

  Status allreduce(Request* r, std::vector<Tensor>* outputs) {
    DataType dtype = r->inputs[0].dtype();
    MPI_Datatype type;
    MPI_Op op;
    mpi_type(dtype, &type, &op);
    *outputs = r->outputs;
    double factor = r->average ? 1.0 / size_ : 1.0;
    // Large tensors are reduced in their own buffers, one call each: copying 16 MB into
    // the fusion buffer and back took ~7 ms here, an extra call ~50 µs.  Small ones
    // (the bias that travels with its weight) share one fused call.  The split depends
    // only on shapes, so every rank makes the same calls.
    std::vector<size_t> fused;
    int64_t fused_elements = 0;
    for (size_t i = 0; i < r->inputs.size(); ++i) {
      if (r->inputs.size() > 1 && r->inputs[i].TotalBytes() < kOwnCallBytes) {
        fused.push_back(i);
        fused_elements += r->inputs[i].NumElements();
        continue;
      }
      // In place when TF forwarded the input's buffer (a gradient nothing else reads),
      // else from the input to the output, as a raw Allreduce would (copying first and
      // reducing in place costs the same here: MPICH copies too).
      const char* in = r->inputs[i].tensor_data().data();
      char* out = const_cast<char*>(r->outputs[i].tensor_data().data());
      int64_t n = r->inputs[i].NumElements();
      r->in_place = in == out;
      if (n > 0) MPI_Allreduce(r->in_place ? MPI_IN_PLACE : in, out, n, type, op, comm_);
      if (r->average) scale_by(dtype, out, n, factor);
    }
    if (fused.empty()) return OkStatus();
    int64_t element = DataTypeSize(dtype);
    if (fusion_.size() < size_t(fused_elements * element))
      fusion_.resize(fused_elements * element);
    char* cursor = fusion_.data();
    for (size_t i : fused) {
      std::memcpy(cursor, r->inputs[i].tensor_data().data(), r->inputs[i].TotalBytes());
      cursor += r->inputs[i].TotalBytes();
    }
    if (fused_elements > 0)
      MPI_Allreduce(MPI_IN_PLACE, fusion_.data(), fused_elements, type, op, comm_);
    if (r->average) scale_by(dtype, fusion_.data(), fused_elements, factor);
    cursor = fusion_.data();
    for (size_t i : fused) {
      std::memcpy(const_cast<char*>(r->outputs[i].tensor_data().data()), cursor,
                  r->outputs[i].TotalBytes());
      cursor += r->outputs[i].TotalBytes();
    }
    return OkStatus();
  }

  Status broadcast(Request* r, std::vector<Tensor>* outputs) {
    *outputs = r->outputs;
    for (size_t i = 0; i < r->inputs.size(); ++i) {
      const char* in = r->inputs[i].tensor_data().data();
      char* data = const_cast<char*>(r->outputs[i].tensor_data().data());
      if (rank_ == r->root && in != data)
        std::memcpy(data, in, r->inputs[i].TotalBytes());
      if (r->outputs[i].TotalBytes() > 0)
        MPI_Bcast(data, r->outputs[i].TotalBytes(), MPI_BYTE, r->root, comm_);
    }
    return OkStatus();
  }

  Status allgather(Request* r, std::vector<Tensor>* outputs) {
    const Tensor& input = r->inputs[0];
    int64_t rows = input.dims() == 0 ? 1 : input.dim_size(0);
    std::vector<int64_t> all_rows(size_);
    MPI_Allgather(&rows, 1, MPI_INT64_T, all_rows.data(), 1, MPI_INT64_T, comm_);
    int64_t row_bytes = rows == 0 ? 0 : input.TotalBytes() / rows;
    if (rows == 0) {
      int64_t per_row = DataTypeSize(input.dtype());
      for (int d = 1; d < input.dims(); ++d) per_row *= input.dim_size(d);
      row_bytes = per_row;
    }
    TensorShape shape = input.shape();
    if (shape.dims() == 0) shape.AddDim(1);
    int64_t total_rows = 0;
    for (int64_t n : all_rows) total_rows += n;
    shape.set_dim(0, total_rows);
    Tensor* out = nullptr;
    TF_RETURN_IF_ERROR(r->ctx->allocate_output(0, shape, &out));
    std::vector<int> counts(size_), offsets(size_);
    int64_t offset = 0;
    for (int i = 0; i < size_; ++i) {
      if (all_rows[i] * row_bytes > INT32_MAX || offset > INT32_MAX)
        return errors::Unimplemented("janus allgather of more than 2 GB");
      counts[i] = all_rows[i] * row_bytes;
      offsets[i] = offset;
      offset += counts[i];
    }
    MPI_Allgatherv(input.tensor_data().data(), counts[rank_], MPI_BYTE,
                   const_cast<char*>(out->tensor_data().data()), counts.data(),
                   offsets.data(), MPI_BYTE, comm_);
    outputs->push_back(*out);
    return OkStatus();
  }

  std::mutex mu_;
  std::mutex run_mu_;                // one request at a time talks to MPI
  std::condition_variable cv_, idle_cv_;
  std::deque<Request*> queue_;
  int busy_ = 0;
  bool started_ = false, stopping_ = false;
  std::thread worker_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Datatype half_type_;
  MPI_Op half_op_;
  int rank_ = 0, size_ = 1;
  double timeout_ = 300;
  bool profile_ = false;             // JANUS_MPI_PROFILE=1: each collective's timings
  int64_t count_ = 0;
  int64_t replayed_ = 0;             // requests answered from the record
  std::string broken_;
  bool recording_ = false;
  std::deque<Recorded> record_, replay_;
  std::vector<char> fusion_;          // grows to the largest bucket, then is reused
  static constexpr size_t kOwnCallBytes = 1 << 20;
};

std::string describe(const char* kind, OpInputList& inputs, bool skip_first_dim) {
  std::string text = kind;
  for (int i = 0; i < inputs.size(); ++i) {
    const Tensor& t = inputs[i];
    text += std::string(i ? " " : " ") + dtype_name(t.dtype()) + "[";
    for (int d = 0; d < t.dims(); ++d) {
      if (d) text += ",";
      text += (d == 0 && skip_first_dim) ? "*" : std::to_string(t.dim_size(d));
    }
    text += "]";
  }
  return text;
}

class CollectiveOp : public AsyncOpKernel {
 public:
  CollectiveOp(OpKernelConstruction* ctx, Kind kind) : AsyncOpKernel(ctx), kind_(kind) {
    if (kind == kAllreduce) OP_REQUIRES_OK(ctx, ctx->GetAttr("average", &average_));
    if (kind == kBroadcast) OP_REQUIRES_OK(ctx, ctx->GetAttr("root", &root_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("inline", &inline_));
  }

  void ComputeAsync(OpKernelContext* ctx, DoneCallback done) override {
    OpInputList inputs;
    OP_REQUIRES_OK_ASYNC(ctx, ctx->input_list("tensors", &inputs), done);
    auto* request = new Request();
    request->kind = kind_;
    request->average = average_;
    request->root = root_;
    const char* names[] = {average_ ? "allreduce(average)" : "allreduce(sum)", "broadcast",
                           "allgather"};
    std::string kind = names[kind_];
    if (kind_ == kBroadcast) kind += "(root " + std::to_string(root_) + ")";
    request->description = describe(kind.c_str(), inputs, kind_ == kAllgather);
    request->ctx = ctx;
    request->done = std::move(done);
    if (Engine::get().replay(request)) return;
    if (kind_ != kAllgather) {
      for (int i = 0; i < inputs.size(); ++i) {
        Tensor out;
        Status status = output_buffer(ctx, i, inputs[i], &out);
        if (!status.ok()) {
          ctx->SetStatus(status);
          request->done();
          delete request;
          return;
        }
        request->outputs.push_back(out);
      }
    }
    for (int i = 0; i < inputs.size(); ++i) request->inputs.push_back(inputs[i]);
    Engine::get().submit(request, inline_);
  }

 private:
  // Outputs are made here, on TF's thread, where TF lets an output take the buffer of
  // an input nothing else reads (a gradient, usually): the reduction is then in place.
  // Other outputs are fresh memory from TF's allocator, which janus makes the BFC one
  // under a launcher (startup.py): it reuses warm memory where the default one faults
  // in new pages for every large tensor.
  Status output_buffer(OpKernelContext* ctx, int i, const Tensor& input, Tensor* out) {
    Tensor* made = nullptr;
    TF_RETURN_IF_ERROR(ctx->forward_input_or_allocate_output({i}, i, input.shape(), &made));
    *out = *made;
    return OkStatus();
  }

  Kind kind_;
  bool inline_ = false;
  bool average_ = false;
  int root_ = 0;
};

class AllreduceOp : public CollectiveOp {
 public:
  explicit AllreduceOp(OpKernelConstruction* ctx) : CollectiveOp(ctx, kAllreduce) {}
};
class BroadcastOp : public CollectiveOp {
 public:
  explicit BroadcastOp(OpKernelConstruction* ctx) : CollectiveOp(ctx, kBroadcast) {}
};
class AllgatherOp : public CollectiveOp {
 public:
  explicit AllgatherOp(OpKernelConstruction* ctx) : CollectiveOp(ctx, kAllgather) {}
};

Status same_shapes(shape_inference::InferenceContext* c) {
  for (int i = 0; i < c->num_inputs(); ++i) c->set_output(i, c->input(i));
  return OkStatus();
}

}  // namespace

#define JANUS_TYPES "{half, float, double, int32, int64}"

// Stateful: never merged, pruned or folded, and ordered by automatic control
// dependencies like other stateful ops; janus/graph/atomic.py counts them as reads.
REGISTER_OP("JanusAllreduce")
    .Input("tensors: T")
    .Output("reduced: T")
    .Attr("T: list(" JANUS_TYPES ")")
    .Attr("average: bool")
    .Attr("inline: bool = false")
    .SetIsStateful()
    .SetShapeFn(same_shapes);

REGISTER_OP("JanusBroadcast")
    .Input("tensors: T")
    .Output("broadcast: T")
    .Attr("T: list(" JANUS_TYPES ")")
    .Attr("root: int")
    .Attr("inline: bool = false")
    .SetIsStateful()
    .SetShapeFn(same_shapes);

REGISTER_OP("JanusAllgather")
    .Input("tensors: T")
    .Output("gathered: T")
    .Attr("T: list(" JANUS_TYPES ") >= 1")
    .Attr("inline: bool = false")
    .SetIsStateful()
    .SetShapeFn([](shape_inference::InferenceContext* c) {
      for (int i = 0; i < c->num_inputs(); ++i) {
        shape_inference::ShapeHandle shape = c->input(i), out;
        if (c->RankKnown(shape) && c->Rank(shape) > 0) {
          TF_RETURN_IF_ERROR(c->ReplaceDim(shape, 0, c->UnknownDim(), &out));
        } else {
          out = c->UnknownShape();
        }
        c->set_output(i, out);
      }
      return OkStatus();
    });

REGISTER_KERNEL_BUILDER(Name("JanusAllreduce").Device(DEVICE_CPU), AllreduceOp);
REGISTER_KERNEL_BUILDER(Name("JanusBroadcast").Device(DEVICE_CPU), BroadcastOp);
REGISTER_KERNEL_BUILDER(Name("JanusAllgather").Device(DEVICE_CPU), AllgatherOp);
REGISTER_KERNEL_BUILDER(Name("JanusAllreduce").Device(DEVICE_GPU)
                            .HostMemory("tensors").HostMemory("reduced"), AllreduceOp);
REGISTER_KERNEL_BUILDER(Name("JanusBroadcast").Device(DEVICE_GPU)
                            .HostMemory("tensors").HostMemory("broadcast"), BroadcastOp);
REGISTER_KERNEL_BUILDER(Name("JanusAllgather").Device(DEVICE_GPU)
                            .HostMemory("tensors").HostMemory("gathered"), AllgatherOp);

extern "C" {
// Called from janus/distributed/collectives.py through ctypes, after mpi4py initialised MPI.
int janus_mpi_start(double timeout) { return Engine::get().start(timeout); }
void janus_mpi_stop() { Engine::get().stop(); }
void janus_mpi_mark() { Engine::get().mark(); }
void janus_mpi_commit() { Engine::get().commit(); }
int janus_mpi_rewind() { return Engine::get().rewind(); }
int janus_mpi_pending_replay() { return Engine::get().pending_replay(); }
long long janus_mpi_count() { return Engine::get().count(); }
long long janus_mpi_replayed() { return Engine::get().replayed(); }
}
