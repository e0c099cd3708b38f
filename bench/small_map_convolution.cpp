// AMP's 3×3 convolutions of ResNet-18 one by one, forward and backward under CPU bf16 autocast, on
// the small-map path (model/SmallMapConvolution.h: the weight gradient as one matrix product; all
// three products so; and, on maps of at most 2×2, all three as products of whole maps) against autocast's own
// convolution (oneDNN's kernels throughout), and FP32 for reference. Alternates the paths, R rounds, and prints the
// median ms of each per layer shape, with the Trainer's thread policy and host memory reuse.
//
// Usage: small_map_convolution [--rounds 15]
#include "amp/AutocastGuard.h"
#include "model/SmallMapConvolution.h"
#include "system/HostMemoryReuse.h"
#include "system/MeasurementNoise.h"
#include "system/ThreadPolicy.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ampwb;

namespace {

struct Shape {
    const char* where;
    int64_t batch, inChannels, outChannels, stride, side;
};

/// ms of one forward and backward of `run` on `input` (sum of the output as the loss).
double timeStep(torch::nn::Conv2d& conv, const torch::Tensor& input, bool autocast,
                const std::function<torch::Tensor(const torch::Tensor&)>& run)
{
    conv->zero_grad();
    const auto start = std::chrono::steady_clock::now();
    torch::Tensor output;
    {
        const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), autocast, c10::kBFloat16);
        output = run(input);
    }
    output.to(torch::kFloat).sum().backward();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    int rounds = 15;
    for (int i = 1; i + 1 < argc; i += 2)
        if (std::string(argv[i]) == "--rounds")
            rounds = std::stoi(argv[i + 1]);
    applyThreadPolicy(chooseThreadPolicy());
    reuseFreedHostMemory(); // as the Trainer does
    const std::vector<Shape> shapes{
        {"28 px layer2.0.conv1 (7x7 to 4x4)", 128, 64, 128, 2, 7},     {"28 px layer2.x (4x4)", 128, 128, 128, 1, 4},
        {"28 px layer3.0.conv1 (4x4 to 2x2)", 128, 128, 256, 2, 4},    {"28 px layer3.x (2x2)", 128, 256, 256, 1, 2},
        {"28 px layer4.0.conv1 (2x2 to 1x1)", 128, 256, 512, 2, 2},    {"28 px layer4.x (1x1)", 128, 512, 512, 1, 1},
        {"64 px layer2.0.conv1 (16x16 to 8x8)", 64, 64, 128, 2, 16},   {"64 px layer2.x (8x8)", 64, 128, 128, 1, 8},
        {"64 px layer3.0.conv1 (8x8 to 4x4)", 64, 128, 256, 2, 8},     {"64 px layer3.x (4x4)", 64, 256, 256, 1, 4},
        {"64 px layer4.0.conv1 (4x4 to 2x2)", 64, 256, 512, 2, 4},     {"64 px layer4.x (2x2)", 64, 512, 512, 1, 2},
        {"224 px layer4.0.conv1 (14x14 to 7x7)", 32, 256, 512, 2, 14}, {"224 px layer4.x (7x7)", 32, 512, 512, 1, 7},
    };
    std::printf("operator threads %d; median of %d alternating rounds, ms per forward + backward\n",
                currentThreadPolicy().intraOpThreads, rounds);
    std::printf("| layer (map) | FP32 | AMP, oneDNN throughout | AMP, weight gradient by patches | speed-up | AMP, all "
                "by patches | speed-up | AMP, whole maps | speed-up | path taken here |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (const Shape& shape : shapes) {
        torch::manual_seed(0);
        torch::nn::Conv2d conv(torch::nn::Conv2dOptions(shape.inChannels, shape.outChannels, 3)
                                   .stride(shape.stride)
                                   .padding(1)
                                   .bias(false));
        conv->weight.set_data(conv->weight.contiguous(at::MemoryFormat::ChannelsLast));
        const torch::Tensor input = torch::randn({shape.batch, shape.inChannels, shape.side, shape.side})
                                        .contiguous(at::MemoryFormat::ChannelsLast);
        const auto plain = [&](const torch::Tensor& x) { return conv->forward(x); };
        const auto smallMap = [&](const torch::Tensor& x) { return smallMapConvolution(*conv, x); };
        const auto allByPatches = [&](const torch::Tensor& x) {
            return smallMapConvolution(*conv, x, PatchProducts::All);
        };
        const bool wholeMaps = shape.side <= 2;
        const auto byWholeMaps = [&](const torch::Tensor& x) {
            return smallMapConvolution(*conv, x, PatchProducts::WholeMaps);
        };
        std::vector<double> fp32, amp, path, all, whole;
        for (int round = 0; round <= rounds; ++round) {
            const double a = timeStep(conv, input, false, plain);
            const double b = timeStep(conv, input, true, plain);
            const double c = timeStep(conv, input, true, smallMap);
            const double d = timeStep(conv, input, true, allByPatches);
            const double e = wholeMaps ? timeStep(conv, input, true, byWholeMaps) : 0.0;
            if (round == 0)
                continue; // warm-up: oneDNN builds its kernels
            fp32.push_back(a);
            amp.push_back(b);
            path.push_back(c);
            all.push_back(d);
            whole.push_back(e);
        }
        bool taken = false;
        {
            const AutocastGuard guard(c10::Device(c10::DeviceType::CPU), true, c10::kBFloat16);
            taken = takesSmallMapPath(*conv, input);
        }
        const PatchProducts products = patchProductsFor(*conv, input);
        const char* taking = !taken                               ? "oneDNN throughout"
                           : products == PatchProducts::WholeMaps ? "whole maps"
                           : products == PatchProducts::All       ? "all by patches"
                                                                  : "weight gradient by patches";
        char wholeColumns[64] = "– | –";
        if (wholeMaps)
            std::snprintf(wholeColumns, sizeof wholeColumns, "%.2f | %.2f×", median(whole),
                          median(amp) / median(whole));
        std::printf("| %s | %.2f | %.2f | %.2f | %.2f× | %.2f | %.2f× | %s | %s |\n", shape.where, median(fp32),
                    median(amp), median(path), median(amp) / median(path), median(all), median(amp) / median(all),
                    wholeColumns, taking);
    }
    return 0;
}
