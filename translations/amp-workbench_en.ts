<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About AMP Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;AMP Workbench %1&lt;/h3&gt;&lt;p&gt;Trains torchvision&apos;s ResNet-18 in FP32 or with automatic mixed precision (AMP) and shows what mixed precision buys on this data and this machine.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions (paste them into a bug report):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Free software under the GNU General Public License, version 3 or any later version (%1), with no warranty: &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartCatalog</name>
    <message>
        <source>Training loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss (raw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss (smoothed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time and throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>images/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process RSS (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak RSS (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA peak allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured after each epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longest data wait of a rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaling is off:
FP32 and AMP bf16 need none,
so the scale stays 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>img/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale (log₂)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>Reset view: fit the axes to the data and follow it (or double-click the chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic vertical axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export this chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClassNames</name>
    <message>
        <source>T-shirt/top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trouser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pullover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shirt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sneaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ankle boot</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClassificationDelegate</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting to be classified…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClassifyTab</name>
    <message>
        <source>Evaluate on a folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate this model on every image in a folder of class folders: confusion matrix, per-class results, the most confident mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder of class folders to evaluate on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate on a folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareTab</name>
    <message>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 vs AMP, as in the original recipe&apos;s table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a comparison, or pick runs in the Runs tab, to see whether AMP helps here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32, then AMP, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset %1 · batch %2 · seed %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose two or more runs to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> vs </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export comparison report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verdict follows when every run has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleave steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32 and AMP in turns, step by step, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (in turns with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train FP32 and AMP in turns, one step each, so that whatever else the machine does slows both alike (on by default on a computer without CUDA). Both models are then in memory at once, so the peak memory is that of the pair: compare memory with this option off. A comparison in several processes runs one after the other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three-way: FP32 · AMP bf16 · AMP fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32, AMP bf16 and AMP fp16 in turns, step by step, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32, then AMP bf16, then AMP fp16, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (run %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verdict compares an FP32 run with the AMP runs after it; this set is compared in the table only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train AMP twice beside FP32: in bf16, and in fp16 with dynamic loss scaling, so the loss-scale chart and skipped steps show what fp16 needs. On a CPU, fp16&apos;s steps take far longer than FP32&apos;s (about 120 times as long on the Intel Xeon measured, at 28 px).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a policy file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train a third run under a precision policy (docs/precision-policy.md), after FP32 and AMP, with the same seed and data order: the table and the verdict say whether it beat both. A three-way comparison takes no policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Third run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32, AMP and the policy %1 in turns, step by step, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training FP32, then AMP, then the policy %1, with the same seed and data order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a precision policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision policies (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonReport</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final top-5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (±%2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
(±%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory
(CUDA allocated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory
(process RSS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch time
(projected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped steps /
NaN losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
(±%2,
within noise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory
(CUDA, both runs
at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory
(RSS, both runs
at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
vs %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message numerus="yes">
        <source>%n %1 image(s) (%2 % of them) were recognised as %1</source>
        <translation>
            <numerusform>%n %1 image (%2 % of them) was recognised as %1</numerusform>
            <numerusform>%n %1 images (%2 % of them) were recognised as %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 image(s) (%2 % of them) were taken for %3</source>
        <translation>
            <numerusform>%n %1 image (%2 % of them) was taken for %3</numerusform>
            <numerusform>%n %1 images (%2 % of them) were taken for %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True class</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetPicker</name>
    <message>
        <source>Fashion-MNIST (installed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CIFAR-10 folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debian&apos;s dataset-fashion-mnist package: 60,000 training and 10,000 test images, 28 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random images of learnable patterns, generated on the fly; needs no files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A folder with one subfolder of images per class (optionally inside train/ and val/)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder of CIFAR-10&apos;s binary version (data_batch_1.bin … test_batch.bin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fashion-MNIST is not installed: install the Debian package dataset-fashion-mnist (sudo apt install dataset-fashion-mnist), or choose another dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the dataset&apos;s folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CIFAR-10 folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 has no class folders: put each class&apos;s images in a subfolder named after the class.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 img/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <source>Choose a dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs must be at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max steps must be 0 (no limit) or positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size must be between 1 and 65536.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The learning rate must be a positive number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum must be in [0, 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesterov momentum needs a momentum above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step schedule&apos;s step size must be at least 1 epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step schedule&apos;s gamma must be in (0, 1].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up epochs cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image size must be between 8 and 1024 pixels (or 0 for the dataset&apos;s own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers must be between 0 and 64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaler: init scale &gt; 0, growth factor &gt; 1, backoff in (0, 1), interval ≥ 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic dataset sizes must be positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The validation limit cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient statistics: every N steps with N ≥ 1, or 0 for none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder for runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No verdict: a run did not take enough steps to measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the step is bound by work that autocast does not speed up (casts, batch norm, data loading).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the images are small (%1 px), so the layers are too small for reduced precision to pay for its casts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch is small (%1), so per-step overhead dominates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No verdict: a run failed (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (%1, 1 thread, bf16 units: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (%1, %2 threads, bf16 units: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workbench run %1, %2 classes, %3 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet-18 state dict, %1 classes (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchvision ResNet-18 ImageNet weights (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training only the new head needs starting weights (ImageNet or a file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The backbone&apos;s learning rate scale must be a positive number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run name cannot start with a dot or contain / or \: it names a folder in the runs folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new head needs starting weights (ImageNet or a file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long, with %3 % less peak memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP did not help here: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long. Likely reason: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train more steps, or interleave the two runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train more steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too short to tell: AMP ran at %1× the FP32 throughput, but the step times of these runs leave ±%2 % of uncertainty (95 %). %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this CPU has no fp16 units (AVX512-FP16 or AMX-FP16), so fp16 math is converted to fp32 and back around every product.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libtorch&apos;s fp16 convolution gradients on the CPU are far slower than its fp32 and bf16 ones; fp16 AMP on a CPU shows loss scaling at work, not speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt, but the runs are too short to tell a difference from run-to-run variation (fewer than 8 steps with a loss each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt is within what runs this short can tell: the training losses differ by %2 (±%3) over the last %4 steps, inside their step-to-step spread. Train longer before reading it as AMP&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt is within the validation sample&apos;s margin (±%2), though the training losses differ by %3 (±%4) over the last %5 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt (±%2 on the validation sample), and the training losses differ by %3 (±%4) over the last %5 steps: a difference these runs can tell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gradient clipping norm must be 0 (off) or positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy %1 beat both: %2× the FP32 throughput and %3× the AMP throughput (steady-state images/s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy %1 did not beat both: %2× the FP32 throughput and %3× the AMP throughput (steady-state images/s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too short to tell whether the policy %1 beat both: %2× the FP32 throughput and %3× the AMP throughput, but the step times of these runs leave ±%4 % of uncertainty (95 %). %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy %1 against FP32: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory: %1 Try a smaller batch size or image size, or AMP, which keeps activations in 16 bits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost contact with the other ranks of the data-parallel group in step %1: a rank ended or its machine went away, or it did not answer within the group timeout. The run&apos;s last checkpoint is kept. (Gloo: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; resume to continue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss scale collapsed below 2^-16 at step %1: the gradients overflow at every scale, so training has diverged. Lower the learning rate, add warm-up or gradient clipping, or train in FP32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss became NaN at step %1 (training diverged); the weights of the last checkpoint are kept. Try a lower learning rate or warm-up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss became infinite at step %1 (training diverged); the weights of the last checkpoint are kept. Try a lower learning rate or warm-up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run would take %1 steps (%2 epochs of %3, max steps %4); a run takes at most %5 steps, so that its steps.csv can be read back to plot or resume it. Ask for fewer epochs, or set max steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in %1 is already at step %2, and this resume would end at step %3: nothing to train. Ask for more epochs or steps (max steps 0: no limit) to continue it; the run is left as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in %1 was trained by %2 and this resume has %3. Resume it with %4: each rank&apos;s share of an epoch and the global batch depend on it. The run is left as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 data-parallel ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one process (no --nproc-per-node, no torchrun)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--nproc-per-node %1 (or torchrun with that many processes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset was given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown dataset &quot;%1&quot; (this build has no OpenCV, so image folders cannot be read).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fashion-MNIST is not installed (%1 is missing). Install it with: sudo apt-get install dataset-fashion-mnist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data folder %1 has no %2(.gz) file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the IDX file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IDX file %1 is truncated or corrupt (ended early).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not an IDX file of unsigned bytes with %2 dimension(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IDX file %1 declares an implausible size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IDX files %1 and %2 hold %3 images but %4 labels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The labels file %1 has label %2, but the dataset has only %3 classes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CIFAR-10 folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 is not CIFAR-10 binary data: it needs data_batch_1.bin … data_batch_5.bin and test_batch.bin (the &quot;CIFAR-10 binary version&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the CIFAR-10 file %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the CIFAR-10 file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CIFAR-10 file %1 is truncated or not a CIFAR-10 binary batch (%2 bytes is not a multiple of %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CIFAR-10 file %1 has label %2; CIFAR-10 has 10 classes (is this CIFAR-100?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image folder %1 needs at least two class subfolders, one per class (found %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image folder %1 has no usable JPEG, PNG, BMP or WebP image in its class folders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The class folder &quot;%1&quot; in %2 has no usable image; remove it or add images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The class folders of %1 differ from those of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is not a JPEG, PNG, BMP, WebP or PBM/PGM/PPM file, or its header is damaged; other formats are not read, as their size cannot be checked before decoding (save it as PNG or JPEG).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is too large (%2×%3 pixels; the limit is %4 megapixels).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is too large (%2 bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the image %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the image %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is an empty file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 is truncated (its JPEG data stops before the end of the image).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image %1 could not be decoded (corrupt, unsupported or too large).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not an image OpenCV can decode (corrupt or unsupported).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dataset has %1 images, fewer than one batch of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than %1 images in a row could not be read; the dataset looks broken (see the unreadable images list).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has %1 classes and the dataset has %2: evaluate it on data with the classes it was trained on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no model file at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is refused: its %2 would unpack to %3 bytes, more than the limit of %4 (4 MiB) for a ResNet-18 state dict or checkpoint (their data.pkl takes about 15-21 kB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is refused: its record %2 would unpack from %3 to %4 bytes, more than 64 times its size (the limit for a record over 1 MiB); PyTorch stores tensor data unpacked, so this is not a file it wrote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is a TorchScript/libtorch archive, not a state dict saved with torch.save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 uses torch.save&apos;s pre-1.6 format; load it in Python and save it again with torch.save(state_dict, path) to convert it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not a state dict saved with torch.save (not a readable PyTorch zip archive).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not a usable state dict: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (it is empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (its first entry is &apos;%1&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: it has no &apos;%2&apos;%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: &apos;%2&apos; has the shape %3, ResNet-18 needs %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: &apos;%2&apos; holds %3 values, ResNet-18 needs %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: it has the unexpected entry &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card %1 needs three numbers for &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 is not a version-1 AMP Workbench model card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card %1 has an input size outside 1–4096.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card %1 resizes to %2 px, which the workbench&apos;s eval transform cannot do for a %3 px input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card %1 is not valid: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card %1 names %2 classes, but the model in %3 has %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the label list %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The label list %1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The label list %1 has %2 names, but the model has %3 classes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run folder %1 has no usable config.json: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The torchvision ImageNet weights %1 are not in the torch hub cache (searched: %2). Download them with `amp-workbench-cli weights fetch imagenet` (or the window&apos;s Download button), or pass a .pth file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 is not a run folder with a checkpoint.pt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file %1 already exists; choose another name or allow replacing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no checkpoint at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 is not a regular file (a pipe, a device, a folder): it is not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 is damaged or not a workbench checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 was written by another workbench version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 is not a workbench ResNet-18 checkpoint: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 has an invalid class count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 has a %2-class head, but this run has %3 classes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint %1 does not fit this model: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot append to %1 (is the disk full?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot flush %1 to disk: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2. The disk holding %3 is full; the previous %4 is kept. Free some space, then resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a file: it is not replaced. Choose a file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file: it is not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 bytes, more than such a file can be (at most %3 bytes: %4); it is not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a special file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA was requested, but this build or machine has no CUDA device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown device &quot;%1&quot; (use auto, cpu, cuda or cuda:N).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No folder to keep torch hub weights in: none of TORCH_HOME, XDG_CACHE_HOME and HOME is set. Set TORCH_HOME to a folder and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libcurl could not be initialised, so nothing can be downloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libcurl could not start a download of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %1 was cancelled; nothing was saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The disk holding %1 is full: %2 could not be saved. Free some space and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1 into %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Nothing was saved. Download it in a browser and put it in %1 as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server announces more than %1 for %2, the most that weights may take (torchvision&apos;s ResNet-18 file is 44.7 MB): it is not the expected file, so the download was stopped.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %2 went past %1, the most that weights may take (torchvision&apos;s ResNet-18 file is 44.7 MB): it is not the expected file, so the download was stopped.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %1 stalled: less than 1 kB/s arrived for %2 s (after %3), so it was given up.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server answered HTTP %1 for %2.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to %1 (%2).%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %1 broke off after %2 of %3 (%4).%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %1 broke off after %2 (%3).%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot download %1 (%2).%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file downloaded from %1 has the SHA-256 %2, which does not start with %3 as its name %4 requires: it is not the expected file, so nothing was saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environment variable %1 is not set; a data-parallel rank needs RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT (torchrun sets them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environment variable %1 is &quot;%2&quot;; it must be a whole number from %3 to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank 0 could not open the rendezvous on port %1 of %2 (is another program using it? choose another MASTER_PORT): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the address does not resolve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank 0 could not open the rendezvous on port %1 (is another program using it? choose another MASTER_PORT): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 could not reach the rendezvous at %2 within %3 (check MASTER_ADDR and MASTER_PORT, and that rank 0 has started): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 could not set up NCCL for its GPU: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 could not connect to the other ranks at %2 within %3 (did all %4 ranks start, with the same WORLD_SIZE, MASTER_ADDR and MASTER_PORT?): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 got no answer from the rendezvous at %2 within %3 (is something other than rank 0&apos;s store listening at MASTER_ADDR and MASTER_PORT?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free port on 127.0.0.1 for the ranks to meet on: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start rank %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ranks were started with different settings: %1 is %2 on rank %3 and %4 on rank %5. Start every rank with the same training settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed pickle at byte %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pickle goes over a limit at byte %1: more than %2 %3, far more than a ResNet-18 state dict needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pickle holds %1 bytes, more than the limit of %2 (4 MiB): far more than a ResNet-18 state dict needs (about 15 kB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values built</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values and MARKs on the stack at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dict entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memo entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data ends in the middle of an instruction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer of %1 bytes does not fit 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a global&apos;s name is not a Python identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a global has an empty name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an instruction needs a value but the stack is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an instruction needs a MARK but there is none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>items are set on a %1, not on a dict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a dict key is a %1, not a str</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the global %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REDUCE needs a global and a tuple, not a %1 and a %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OrderedDict is only supported without arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calling %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BUILD on a %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BUILD with a %1 state is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the memo has no entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pickle protocol %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STACK_GLOBAL needs two str values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SETITEMS has a key without a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistent ids are not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STOP with %1 values and %2 marks left (expected one value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opcode %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config is not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config field &quot;%1&quot; has the wrong type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config field &quot;%1&quot; has the unknown value &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in config field &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision policy %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gives &quot;%1&quot; %2; it must be true or false.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gives &quot;name&quot; %1; it must be text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gives &quot;modules&quot; %1; it must map module paths to precisions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gives %1 %2; a precision is &quot;fp32&quot;, &quot;amp&quot;, &quot;bf16&quot; or &quot;fp16&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>module &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a precision policy preset (%2) nor a policy file: there is no file of that name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision policy names %1, which ResNet-18 does not have; its modules are conv1, bn1, layer1 … layer4, their blocks (layer1.0, layer1.1, …), the blocks&apos; conv1, bn1, conv2, bn2 and downsample (downsample.0, downsample.1), and fc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a line longer than %1 bytes, more than any line of such a file (%2); it is not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, in a line longer than %2 bytes, more than any line of such a file (%3); it is not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary data, not text (byte %1 at position %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a blank line, where the header belongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a blank line, where a row belongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a blank line, where a row of %1 numbers belongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not gradstats.csv&apos;s header, which names step first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a row of gradient statistics (the step, the parameter&apos;s name and its counts, each a number)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step is %1, not a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header names %1 first, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cell, where the header has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cells, where the header has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a whole number from 1 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its first cell is not a whole number (a step or an epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ONNX graph failed the ONNX checker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ONNX model could not be serialised (over 2 GiB?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make the profile folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the data to evaluate on: %1 is not a run folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Nothing in the run was changed; repair that file, or move it out of the run folder, to resume the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no Gloo (libgloo-dev), so it trains in one process only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An interleaved comparison runs in one process; compare data-parallel one run after the other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A precision policy is the third run beside FP32 and AMP; a three-way comparison has three already: compare the policy without --three-way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A precision suggestion profiles at least one step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 or fp16 faster by under %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 fastest, but over %1 of its gradients flush to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to compare fp32 with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A precision suggestion is measured in one process, not in a data-parallel group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in %1 holds no profile to suggest precisions from: it ended before its second step (the first is not profiled), or its profile could not be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no gradient ranges: without them no module can be shown to keep its gradients in fp16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two evaluations are not of the same images: evaluate both models on the same data and split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two evaluations are not of the same images: image %1 is missing from one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has the key &quot;%1&quot;; a policy has &quot;name&quot;, &quot;otherwise&quot;, &quot;batchNormFp32&quot;, &quot;smallMapsFp32&quot;, &quot;reducedWeights&quot; and &quot;modules&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>follows the modules: fp32 where all are, else their most common 16-bit type (the loss then in fp32)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvaluationWindow</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each true class (row-normalised)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation — %1 against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluating %1 on its validation images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluating %1 and %2 on the same validation images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top confusions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping after the images in progress…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The evaluation could not be done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n image(s), top-1 %1, %2 images/s</source>
        <translation>
            <numerusform>%n image, top-1 %1, %2 images/s</numerusform>
            <numerusform>%n images, top-1 %1, %2 images/s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) could not be read and were skipped, the first: %1</source>
        <translation>
            <numerusform>%n image could not be read and was skipped, the first: %1</numerusform>
            <numerusform>%n images could not be read and were skipped, the first: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Written to %1 (confusion.csv, per-class.csv, predictions.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 taken for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No image was taken for another class.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: top-1 %2. %3: top-1 %4.
The same top-1 answer on %5 of %6 images (%7); %8 answered differently.
Probability given to the true class, %3 minus %1: mean %9, largest %10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 says %4, %5 says %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The %n most confidently wrong image(s); click a cell of the matrix to see its images.</source>
        <translation>
            <numerusform>The one wrong image; click a cell of the matrix to see its images.</numerusform>
            <numerusform>The %n most confidently wrong images; click a cell of the matrix to see its images.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>%n shown</numerusform>
            <numerusform>%n shown</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on the validation images of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two models give every image the same answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluating %1 on the images in %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on every image of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run measured top-1 %1 (%2 of %3 images) in %4 as it ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This evaluation read %1 of them: the others could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here, in %1 with batch norm folded in (as Classify and serve run it): the same count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here, in %1 with batch norm folded in (as Classify and serve run it): %2 of them. The arithmetic decides a few borderline images differently; the weights and the images are the same.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GradientRangeChart</name>
    <message>
        <source>Share of the parameter&apos;s non-zero values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unscaled gradient magnitude |g|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16: underflow to 0 below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow above %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No gradient ranges yet: they are measured at step 1 and every K steps
(Configuration ▸ Run ▸ Gradient ranges every)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient values that would underflow to 0 in fp16, per measured step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16, as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16, multiplied by the loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient ranges at step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 underflow after ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 overflow after ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16: normal down to %1, off the chart — nothing here underflows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scale ×%1: the values left of the dashed line underflow in fp16 even after scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No loss scaling: in fp16, the values below %1 would underflow to 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of values</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImageListPanel</name>
    <message>
        <source>Add images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the image or image files on the clipboard (Ctrl+V)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop image files or folders here, paste an image (Ctrl+V), or click “Add images…”.
Each image is shown with its five most likely classes and how long it took.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only files on this computer can be classified, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 holds no images (.jpg, .jpeg, .png, .bmp or .webp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clipboard holds no image and no image file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 classified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waiting for a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n image(s)</source>
        <translation>
            <numerusform>%n image</numerusform>
            <numerusform>%n images</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration loaded from the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train with the configuration on the left (Ctrl+R, F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run FP32 vs &amp;AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train FP32, then AMP, with the same seed and data order, and compare them (Ctrl+Shift+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the current step; the run folder keeps a checkpoint (Shift+F5, Ctrl+.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;runs folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About AMP Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 threads for libtorch. Without bf16 units, AMP on the CPU emulates bf16 and is usually slower than FP32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 run finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 run stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 run failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of %2 (epoch %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing, %1 run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed. You can change the configuration and start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume training (Ctrl+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause after the current step (Ctrl+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language takes effect when AMP Workbench starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the run before closing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume from &amp;checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the stopped or failed run from its checkpoint; its steps follow on in the same charts and run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot resume: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked while a run is in progress; changes apply to the next run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: %1 · bf16 units: %2 · libtorch %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring precisions (the X-ray tab shows how far)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MetricChart</name>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time (h:mm:ss)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MistakesGallery</name>
    <message>
        <source>%1
→ %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True class: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelChoice</name>
    <message>
        <source>No run with a checkpoint in %1 yet: train one, or choose a model file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSelector</name>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 would be slower than fp32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latest run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest run in the runs folder that has a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchvision ImageNet weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the torch hub cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run&apos;s checkpoint…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import .pth…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a ResNet-18 state dict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch state dicts (*.pth *.pt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelServer</name>
    <message>
        <source>Port %1 on %2 is in use by another program (or needs privileges): choose another port in Settings, or 0 for any free port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no classification service (it needs OpenCV and cpp-httplib).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, and %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; stages with maps under 8×8 in fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; batch norms in fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every module in fp32: nothing reduced, an FP32 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autocast&apos;s own lists decide operator by operator, as AMP does without a policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP, with every batch norm in fp32 (Apex O2&apos;s rule)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP, but the stages whose feature maps are under 8×8 in fp32: there autocast&apos;s casts cost more than its products save on the CPUs measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autocast in bf16 whatever the device (on CUDA instead of AMP&apos;s fp16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, and %1 in one module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, and %1 in %2 modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; weights stored reduced, fp32 masters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP, with the convolutions&apos; and the head&apos;s weights stored in AMP&apos;s type and fp32 master copies stepped by the optimizer (Apex O2&apos;s weights)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PrecisionColumn</name>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward and backward per step: fp32 %1 ms, bf16 %2 ms, fp16 %3 ms.
Gradients flushed to zero at the worst step: fp16 %4 %, bf16 %5 %.
Chosen: %6 (%7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set for %1. Double-click to choose another precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the policy&apos;s rule (in italics). Double-click to set a precision for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the step&apos;s work outside the model (the optimizer on the fp32 weights, and the step&apos;s own work): no policy reaches it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights stored reduced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store each convolution&apos;s and the head&apos;s weights in the precision its module computes in, with fp32 master copies that the optimizer steps (Apex O2&apos;s weights): no casts of the weights in each step; batch norms&apos; weights stay fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The autocast region around the modules: the precision of every module left in italics. ReLU, pooling and the shortcuts&apos; additions compute in the type their input arrives in; the loss in fp32 inside autocast (bf16, fp16, AMP), in its input&apos;s type under fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A policy cannot name %1: autocast lowers none of its operators, so they compute in the type %2 hands them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A policy cannot name %1: it runs in the region chosen for everything else.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProfileButton</name>
    <message>
        <source>Records every operator of the next %1 steps of the run in progress (each run of a comparison) for the X-ray tab: time by kind of work, dtype, module and autocast&apos;s casts. The run folder gets trace.json (Perfetto, chrome://tracing) and CSV tables. The profiled steps run slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile the next %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunCheckpointDialog</name>
    <message>
        <source>Choose a run&apos;s checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in %1 with a checkpoint, newest first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run in %1 has a checkpoint yet: a run writes one at the end of each epoch and every five minutes while it trains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classify with this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run checkpoints (checkpoint.pt)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFolderReader</name>
    <message>
        <source>%1 has no readable steps.csv.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFollower</name>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n s ago</numerusform>
            <numerusform>%n s ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: its folder %2 is gone; the charts keep what was read before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not started yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: running, %n step(s), folder written %2</source>
        <translation>
            <numerusform>%1: running, %n step, folder written %2</numerusform>
            <numerusform>%1: running, %n steps, folder written %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 after %n step(s)</source>
        <translation>
            <numerusform>%1: %2 after %n step</numerusform>
            <numerusform>%1: %2 after %n steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunProgressWidget</name>
    <message>
        <source>Time left: 00:00:00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · step %2 · loss %3 · %4 · loss scale %5 · learning rate %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1: top-1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 finished: %2 steps, %3, top-1 %4, peak memory %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped after %2 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n data file(s) could not be read and were skipped; they are listed in &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>%n data file could not be read and was skipped; it is listed in &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</numerusform>
            <numerusform>%n data files could not be read and were skipped; they are listed in &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</numerusform>
        </translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate both runs on their validation images and compare them image by image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate the run on its validation images: confusion matrix, per-class results, the most confident mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n processes</source>
        <translation>
            <numerusform>%1 in %n process</numerusform>
            <numerusform>%1 in %n processes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n class(es), %2 training and %3 validation images of %4 px on %5</source>
        <translation>
            <numerusform>%1: %n class, %2 training and %3 validation images of %4 px on %5</numerusform>
            <numerusform>%1: %n classes, %2 training and %3 validation images of %4 px on %5</numerusform>
        </translation>
    </message>
    <message>
        <source>its %1-class head replaced by a new %2-class head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its %1-class head kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights from %1: %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; only the head trains</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %n image(s))</source>
        <translation>
            <numerusform>%1 (%2 of %n image)</numerusform>
            <numerusform>%1 (%2 of %n images)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunTableModel</name>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + part of one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsTab</name>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot the selected runs below (or double-click a run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the selected runs (two or more) in the Compare tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the selected run&apos;s configuration into the configuration panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run name cannot be empty, start with a dot or contain slashes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a run called %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not rename %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not delete %1 completely.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name of the comparison folder (it holds both runs):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the run&apos;s configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs cannot be deleted while training runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the selected stopped or failed run from its checkpoint in the Train tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n run(s) and all their files? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n run and all its files? This cannot be undone.</numerusform>
            <numerusform>Delete %n runs and all their files? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate the selected run on its validation images: confusion matrix, per-class results, the most confident mistakes; with two runs selected, where they disagree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On its validation images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On every image in a folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A folder of class folders (as for training), e.g. photos the run has never seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder of class folders to evaluate on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot a run from any folder, e.g. one a CLI or torchrun job is writing on a shared filesystem; its charts grow while the job runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no run in %1 yet (no config.json). It is listed here as soon as one appears.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServingPanel</name>
    <message>
        <source>Serve this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve this model over HTTP on this computer: a web page to try it in a browser and an API for scripts. The port is in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the service after the requests in flight…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model changed: restarting the service on %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the service on %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving at %1: a web page to try the model, and an HTTP API for scripts (this computer only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop serving</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language takes effect when AMP Workbench starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where “Serve this model” in the Classify tab listens, on this computer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving port:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StartingWeightsPicker</name>
    <message>
        <source>Download…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train only the new head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ImageNet (torchvision&apos;s ResNet-18)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights file or run folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train from scratch, as torchvision initialises a new ResNet-18</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fine-tune torchvision&apos;s ImageNet weights (resnet18-f37072fd.pth): the head is replaced by a new one for your classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .pth state dict in torchvision&apos;s format, an exported model, or a run folder or its checkpoint.pt; a head for another class count is replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a weights file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch resnet18-f37072fd.pth (45 MB) from download.pytorch.org into the torch hub cache, where Python&apos;s torchvision finds it too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature extraction: the pretrained layers and their batch-norm statistics stay as loaded and only the new head learns, which makes each step much cheaper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pretrained layers learn at this fraction of the learning rate, the new head at the full rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backbone learning rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ImageNet weights are not in the torch hub cache yet: click Download… (or run amp-workbench-cli weights fetch imagenet), or start from another file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the weights file or run folder to start from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights file or folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights (*.pth *.pt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run folder to start from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download cancelled; nothing was saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading from %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the torch hub cache yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ImageNet weights were trained on %1 px images; at %2 px their features fit less well and accuracy will suffer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always use a new head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A head for another class count is always replaced. With the same count the file&apos;s head is kept, to continue training it; tick this when your classes are other ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.pth file or run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .pth state dict in torchvision&apos;s format, an exported model, or a run folder or its checkpoint.pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainTab</name>
    <message>
        <source>AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the run&apos;s configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 under the precision policy %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingCharts</name>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing of the loss curve (a debiased exponential moving average, computed for display; the raw losses are kept and drawn faintly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset all views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X axis:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss smoothing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset all views: fit every chart&apos;s axes to its data and follow it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingConfigPanel</name>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side of the square images the model sees (224 in the original recipe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training images in the synthetic dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random crop and horizontal flip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate on at most this many validation images after each epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic images:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Augmentation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation images:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision and device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 (single precision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA device (or this libtorch has no CUDA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels_last (NHWC) memory format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaling:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial scale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth factor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff factor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth interval:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many optimizer steps in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesterov momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gamma:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seeds the initial weights, the data order and the augmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads that load and transform images ahead of the training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loader workers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step decay multiplies the rate by gamma every step size epochs (the original recipe: 30 epochs, 0.1); cosine decay lowers it to zero over the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At step 1 and every this many steps, each parameter&apos;s gradient against fp16&apos;s and bf16&apos;s range into gradstats.csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient ranges every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel ranks on this machine: the window trains rank 0 and starts amp-workbench-cli for each other rank. They share the cores, each trains a batch of its own shard of the data per step (processes × batch size images in all) and their gradients are averaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the processes wait for each other (to start, and in each exchange of gradients) before the run ends with a message naming the process it lost; a pause does not count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On by default: up to 1.4× faster in training on the CPUs measured, 2 % slower at worst. Untick it to train beside plain PyTorch ranks, which keep PyTorch&apos;s contiguous layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP (fp16 on CUDA, bf16 on the CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP fp16 (with loss scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stock libtorch (no workbench fast paths)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train on libtorch&apos;s own operators and SGD alone, as plain PyTorch does, without the workbench&apos;s measured faster paths (small-map convolutions, the one-pass SGD step). Recorded in the run&apos;s config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dynamic loss scaling: automatic turns it on for AMP in fp16 (on CUDA by default, or chosen on the CPU) and off for AMP in bf16, which needs none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP computes in bf16 or fp16 where autocast allows. fp16 needs loss scaling (its range is narrow); on the CPU it shows loss scaling at work, not speed: libtorch 2.11 computes fp16 convolution gradients slowly there (an AMP fp16 step took about 120× as long as FP32&apos;s on a Xeon with AVX512-FP16, docs/BENCHMARKS.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s folder name; left empty, the precision and the time it starts (amp-20261206-101500)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (the precision decides)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a policy file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which precision each module of ResNet-18 computes in (docs/precision-policy.md): a preset, the X-ray tab&apos;s precision column, or a policy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the X-ray tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy file could not be used; the precision policy stays as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision policy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision policies (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active precision policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision policy decides each module&apos;s precision; this chooses only what its &quot;amp&quot; parts compute in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision policy decides each module&apos;s precision: it has no &quot;amp&quot; part for this choice to set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingDataLikeness</name>
    <message numerus="yes">
        <source>%n image(s) are large colour pictures, and this model learned from %1×%1 px grayscale images.</source>
        <translation>
            <numerusform>%n image is a large colour picture, and this model learned from %1×%1 px grayscale images.</numerusform>
            <numerusform>%n images are large colour pictures, and this model learned from %1×%1 px grayscale images.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) are in colour, and this model learned from grayscale images.</source>
        <translation>
            <numerusform>%n image is in colour, and this model learned from grayscale images.</numerusform>
            <numerusform>%n images are in colour, and this model learned from grayscale images.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) are much larger than the %1×%1 px images this model learned from: shrunk to %1 px, their detail is lost.</source>
        <translation>
            <numerusform>%n image is much larger than the %1×%1 px images this model learned from: shrunk to %1 px, its detail is lost.</numerusform>
            <numerusform>%n images are much larger than the %1×%1 px images this model learned from: shrunk to %1 px, their detail is lost.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its answers for them mean little. For photos, choose “torchvision ImageNet weights” as the model, or fine-tune from them on your own image folders (Train tab, Start from: ImageNet).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>XrayTab</name>
    <message>
        <source>Convolution forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReLU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add (residual)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear (fc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Casts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile recorded no operator time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolutions take %1 of the operator time (in %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autocast&apos;s casts take %1 (%2 per step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profiles hold no step times to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP&apos;s step is %1 than FP32&apos;s (%2 against %3 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its convolutions run %1 and take %2 of its operator time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other kind of work takes longer than in FP32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (+%2 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cost it more than in FP32 and take %2 of its operator time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Casts ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run or comparison…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the profiles and gradient ranges a run folder (or a comparison folder) holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no profile and no gradient ranges. Profile a run with the Profile button while it trains, or with `amp-workbench-cli profile`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No profile yet. Press &quot;Profile the next %1 steps&quot; while a run or comparison trains, or open a folder profiled with `amp-workbench-cli profile`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind of work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP speed-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile of %1, per step (the profiled steps run slower than others). Files: %2 — trace.json opens in Perfetto (ui.perfetto.dev) or chrome://tracing; classes.csv, modules.csv and operators.csv hold the tables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules of the AMP run (click a header to sort)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules of the FP32 run (click a header to sort)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run or comparison folder to X-ray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolution input gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolution weight gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convolution backward (both gradients, not timed apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, timed on the GPU by CUDA events at each operator&apos;s start and end (a gap in which the GPU waited for the host counts to the operator around it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP&apos;s step took %1 FP32&apos;s (%2 against %3 ms), within the ±%4 % these profiled steps leave: too few to tell which is faster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP&apos;s step is %1 than FP32&apos;s (%2 against %3 ms, ±%4 %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kinds of work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile of the earlier work, kept until this one is profiled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train with this policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggest precisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why (suggestion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision each module computes in under the policy this column makes: double-click a module&apos;s cell to choose fp32, bf16, fp16 or amp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the precision column the Train tab&apos;s precision policy and start a run with the configuration on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train a few steps of the configuration on the left in fp32, bf16 and fp16, profile them, and fill the precision column with each module&apos;s fastest precision whose gradients stay representable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything else:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measurement ended without a suggestion: it was stopped, or one of its runs failed (the status bar says why).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring precisions: preparing the data and the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring precisions: the %1 run, step %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules (none profiled yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop measuring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested from the runs in %1 (suggestion.md there explains each choice). Change any precision, then train with the policy.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Language of the window: en or zh_CN (default: the one chosen in the settings, else the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder that holds the runs (remembered).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the versions of the workbench, its libraries, bf16 and CUDA, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
