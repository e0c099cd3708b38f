#include "training/OnePassSgd.h"

#include "amp/AutocastWeightCopies.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <c10/util/BFloat16.h>
#include <c10/util/string_utils.h>
#include <immintrin.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

namespace ampwb {

namespace {

/// One parameter's update as SGD computes it, each step of it rounded to float as ATen does:
/// d = g + weightDecay·p; b = momentum·b + (1 − dampening)·d (b = d on the first step);
/// d = d + momentum·b with Nesterov, else b; p = p − lr·d.
struct Update {
    float weightDecay = 0;
    float momentum = 0;
    float dampeningComplement = 1;
    float negativeLearningRate = 0;
    bool decays = false;
    bool hasMomentum = false;
    bool firstStep = false;
    bool nesterov = false;
};

/// a·b + c rounded once, as ATen's AVX2 and AVX512 kernels compute `add(x, y, alpha)`.
struct FusedMultiplyAdd {
    [[gnu::always_inline]] float operator()(float a, float b, float c) const { return __builtin_fmaf(a, b, c); }
};

/// a·b + c rounded twice, as ATen's kernels without AVX2 compute it (nothing to contract without FMA).
struct MultiplyThenAdd {
    [[gnu::always_inline]] float operator()(float a, float b, float c) const { return a * b + c; }
};

/// c10::detail::round_to_nearest_even (bf16 as autocast's casts round it) of eight values, each in the
/// low half of its 32 bits.
__attribute__((target("avx2"), always_inline)) inline __m256i bfloat16BitsOfEight(__m256 value)
{
    const __m256i valueBits = _mm256_castps_si256(value);
    const __m256i lowestKeptBit = _mm256_and_si256(_mm256_srli_epi32(valueBits, 16), _mm256_set1_epi32(1));
    const __m256i rounded =
        _mm256_srli_epi32(_mm256_add_epi32(valueBits, _mm256_add_epi32(_mm256_set1_epi32(0x7FFF), lowestKeptBit)), 16);
    const __m256i isNumber = _mm256_castps_si256(_mm256_cmp_ps(value, value, _CMP_ORD_Q));
    return _mm256_blendv_epi8(_mm256_set1_epi32(0x7FC0), rounded, isNumber);
}

void bfloat16BitsOneByOne(const float* values, uint16_t* bits, int64_t count)
{
    for (int64_t i = 0; i < count; ++i)
        bits[i] = c10::detail::round_to_nearest_even(values[i]);
}

/// The bf16 bits of values[0, count) into bits, sixteen at a time with AVX2, the rest one by one.
__attribute__((target("avx2"))) void bfloat16BitsWithAvx2(const float* values, uint16_t* bits, int64_t count)
{
    int64_t i = 0;
    for (; i + 16 <= count; i += 16) {
        // packus interleaves the two halves by 128-bit lane; the permute puts them back in order.
        const __m256i packed = _mm256_packus_epi32(bfloat16BitsOfEight(_mm256_loadu_ps(values + i)),
                                                   bfloat16BitsOfEight(_mm256_loadu_ps(values + i + 8)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(bits + i), _mm256_permute4x64_epi64(packed, 0xD8));
    }
    bfloat16BitsOneByOne(values + i, bits + i, count - i);
}

template <typename MultiplyAdd>
[[gnu::always_inline]] inline void updateRange(const Update update, float* __restrict weight,
                                               const float* __restrict gradient, float* __restrict momentumBuffer,
                                               int64_t begin, int64_t end, MultiplyAdd multiplyAdd)
{
    for (int64_t i = begin; i < end; ++i) {
        float step = update.decays ? multiplyAdd(weight[i], update.weightDecay, gradient[i]) : gradient[i];
        if (update.hasMomentum) {
            const float buffer = update.firstStep
                                   ? step
                                   : multiplyAdd(step, update.dampeningComplement, momentumBuffer[i] * update.momentum);
            momentumBuffer[i] = buffer;
            step = update.nesterov ? multiplyAdd(buffer, update.momentum, step) : buffer;
        }
        weight[i] = multiplyAdd(step, update.negativeLearningRate, weight[i]);
    }
}

/// How many weights are updated before their bf16 copies are written: a block still in the first-level cache.
constexpr int64_t kCopyBlock = 2048;

/// Updates weight[begin, end); with a `copy`, writes each block's new values there as bf16 while
/// the block is still in cache.
template <typename MultiplyAdd, typename ToBfloat16>
[[gnu::always_inline]] inline void updateWith(const Update& update, float* weight, const float* gradient,
                                              float* momentumBuffer, uint16_t* copy, int64_t begin, int64_t end,
                                              MultiplyAdd multiplyAdd, ToBfloat16 toBfloat16)
{
    if (!copy) {
        updateRange(update, weight, gradient, momentumBuffer, begin, end, multiplyAdd);
        return;
    }
    for (int64_t block = begin; block < end; block += kCopyBlock) {
        const int64_t blockEnd = std::min(block + kCopyBlock, end);
        updateRange(update, weight, gradient, momentumBuffer, block, blockEnd, multiplyAdd);
        toBfloat16(weight + block, copy + block, blockEnd - block);
    }
}

__attribute__((target("avx2,fma"))) void updateWithFma(const Update& update, float* weight, const float* gradient,
                                                       float* momentumBuffer, uint16_t* copy, int64_t begin,
                                                       int64_t end)
{
    updateWith(update, weight, gradient, momentumBuffer, copy, begin, end, FusedMultiplyAdd{}, bfloat16BitsWithAvx2);
}

void updateWithoutFma(const Update& update, float* weight, const float* gradient, float* momentumBuffer, uint16_t* copy,
                      int64_t begin, int64_t end)
{
    updateWith(update, weight, gradient, momentumBuffer, copy, begin, end, MultiplyThenAdd{}, bfloat16BitsOneByOne);
}

/// Whether ATen runs its AVX2 (or wider) kernels here, whose multiply-adds are fused: on a CPU with
/// AVX2 and FMA unless ATEN_CPU_CAPABILITY asks for its plain kernels.
bool atenFusesMultiplyAdds()
{
    static const bool fuses = [] {
        const char* capability = std::getenv("ATEN_CPU_CAPABILITY");
        if (capability && std::string(capability) == "default")
            return false;
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return fuses;
}

bool isFloatOnCpu(const torch::Tensor& tensor)
{
    return tensor.layout() == torch::kStrided && tensor.device().is_cpu() && tensor.scalar_type() == torch::kFloat;
}

/// Whether `tensor` holds its elements in the dense `weight`'s memory order: the same sizes and strides,
/// except where a dimension of size 1 makes its stride meaningless (a 1×1 kernel's strides in
/// channels_last and contiguous form differ only there).
bool laidOutAs(const torch::Tensor& tensor, const torch::Tensor& weight)
{
    if (!isFloatOnCpu(tensor) || !tensor.is_non_overlapping_and_dense() || tensor.sizes() != weight.sizes())
        return false;
    for (int64_t dimension = 0; dimension < weight.dim(); ++dimension)
        if (weight.size(dimension) > 1 && tensor.stride(dimension) != weight.stride(dimension))
            return false;
    return true;
}

// The key torch::optim::SGD keeps each weight's state under.
void* stateKey(const torch::Tensor& weight)
{
    return weight.unsafeGetTensorImpl();
}

} // namespace

torch::Tensor OnePassSgd::momentumBufferOf(const torch::Tensor& weight) const
{
    const auto found = state_.find(stateKey(weight));
    return found == state_.end() ? torch::Tensor()
                                 : static_cast<const torch::optim::SGDParamState&>(*found->second).momentum_buffer();
}

bool OnePassSgd::updatesInOnePass(const torch::Tensor& weight) const
{
    const auto buffer = momentumBufferOf(weight);
    return isFloatOnCpu(weight) && weight.is_non_overlapping_and_dense() && laidOutAs(weight.grad(), weight)
        && (!buffer.defined() || laidOutAs(buffer, weight));
}

torch::Tensor OnePassSgd::step(LossClosure closure)
{
    for (const auto& group : param_groups_)
        for (const auto& weight : group.params())
            if (weight.grad().defined() && (closure || !updatesInOnePass(weight)))
                return torch::optim::SGD::step(closure);

    torch::NoGradGuard noGrad;
    const auto update = atenFusesMultiplyAdds() ? updateWithFma : updateWithoutFma;
    for (auto& group : param_groups_) {
        const auto& options = static_cast<const torch::optim::SGDOptions&>(group.options());
        Update groupUpdate;
        groupUpdate.weightDecay = static_cast<float>(options.weight_decay());
        groupUpdate.decays = options.weight_decay() != 0;
        groupUpdate.momentum = static_cast<float>(options.momentum());
        groupUpdate.hasMomentum = options.momentum() != 0;
        groupUpdate.dampeningComplement = static_cast<float>(1 - options.dampening());
        groupUpdate.nesterov = options.nesterov();
        groupUpdate.negativeLearningRate = static_cast<float>(-1 * options.lr());
        for (auto& weight : group.params()) {
            if (!weight.grad().defined())
                continue;
            Update parts = groupUpdate;
            auto buffer = momentumBufferOf(weight);
            if (parts.hasMomentum && !buffer.defined()) {
                buffer = torch::empty_like(weight);
                auto state = std::make_unique<torch::optim::SGDParamState>();
                state->momentum_buffer(buffer);
                state_[stateKey(weight)] = std::move(state);
                parts.firstStep = true;
            }
            at::RecordFunction range(at::RecordScope::FUNCTION);
            if (range.isActive()) {
                const std::array<c10::IValue, 2> inputs{weight, weight.grad()};
                range.before(kOnePassSgdUpdateName, c10::ArrayRef<const c10::IValue>(inputs.data(), inputs.size()));
            }
            float* weights = weight.data_ptr<float>();
            const float* gradients = weight.grad().data_ptr<float>();
            float* buffers = parts.hasMomentum ? buffer.data_ptr<float>() : nullptr;
            auto* copy = autocastCopies ? reinterpret_cast<uint16_t*>(autocastCopies->destinationFor(weight)) : nullptr;
            at::parallel_for(0, weight.numel(), at::internal::GRAIN_SIZE, [&](int64_t begin, int64_t end) {
                update(parts, weights, gradients, buffers, copy, begin, end);
            });
            if (copy)
                autocastCopies->written(weight);
        }
    }
    return {};
}

} // namespace ampwb
