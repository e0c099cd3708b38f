<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About AMP Workbench</source>
        <translation>关于 AMP 工作台</translation>
    </message>
    <message>
        <source>&lt;h3&gt;AMP Workbench %1&lt;/h3&gt;&lt;p&gt;Trains torchvision&apos;s ResNet-18 in FP32 or with automatic mixed precision (AMP) and shows what mixed precision buys on this data and this machine.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;AMP 工作台 %1&lt;/h3&gt;&lt;p&gt;以 FP32 或自动混合精度（AMP）训练 torchvision 的 ResNet-18，展示混合精度在这份数据和这台机器上能带来什么。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Copy versions</source>
        <translation>复制版本信息(&amp;C)</translation>
    </message>
    <message>
        <source>Versions (paste them into a bug report):</source>
        <translation>版本信息（可粘贴到错误报告中）：</translation>
    </message>
    <message>
        <source>&lt;p&gt;Free software under the GNU General Public License, version 3 or any later version (%1), with no warranty: &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;自由软件，以 GNU 通用公共许可证第 3 版或任何更新版本（%1）发布，不提供任何担保：&lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ChartCatalog</name>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>loss (raw)</source>
        <translation>损失（原始）</translation>
    </message>
    <message>
        <source>loss (smoothed)</source>
        <translation>损失（平滑）</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation>跳过的步</translation>
    </message>
    <message>
        <source>Step time and throughput</source>
        <translation>步耗时与吞吐量</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>步耗时（毫秒）</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>步耗时</translation>
    </message>
    <message>
        <source>images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation>内存（MB）</translation>
    </message>
    <message>
        <source>process RSS (CPU)</source>
        <translation>进程常驻内存 RSS（CPU）</translation>
    </message>
    <message>
        <source>peak RSS (CPU)</source>
        <translation>峰值 RSS（CPU）</translation>
    </message>
    <message>
        <source>CUDA allocated</source>
        <translation>CUDA 已分配</translation>
    </message>
    <message>
        <source>CUDA reserved</source>
        <translation>CUDA 已预留</translation>
    </message>
    <message>
        <source>CUDA peak allocated</source>
        <translation>CUDA 峰值已分配</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Validation accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <source>Accuracy (%)</source>
        <translation>准确率（%）</translation>
    </message>
    <message>
        <source>top-1</source>
        <translation>top-1</translation>
    </message>
    <message>
        <source>top-5</source>
        <translation>top-5</translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>Measured after each epoch</source>
        <translation>每轮结束后测量</translation>
    </message>
    <message>
        <source>slowest rank</source>
        <translation>最慢的进程</translation>
    </message>
    <message>
        <source>fastest rank</source>
        <translation>最快的进程</translation>
    </message>
    <message>
        <source>longest data wait of a rank</source>
        <translation>进程中最长的数据等待</translation>
    </message>
    <message>
        <source>largest rank</source>
        <translation>内存最大的进程</translation>
    </message>
    <message>
        <source>Loss scaling is off:
FP32 and AMP bf16 need none,
so the scale stays 1</source>
        <translation>损失缩放已关闭：
FP32 和 AMP bf16 不需要缩放，
缩放值保持为 1</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>img/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Scale (log₂)</source>
        <translation>缩放值（log₂）</translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>Reset view: fit the axes to the data and follow it (or double-click the chart)</source>
        <translation>重置视图：让坐标轴适应数据并跟随更新（也可双击图表）</translation>
    </message>
    <message>
        <source>log y</source>
        <translation>对数 y</translation>
    </message>
    <message>
        <source>Logarithmic vertical axis</source>
        <translation>纵轴使用对数刻度</translation>
    </message>
    <message>
        <source>Export this chart</source>
        <translation>导出此图表</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>另存为 PNG…</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>另存为 SVG…</translation>
    </message>
    <message>
        <source>Save as PDF…</source>
        <translation>另存为 PDF…</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation>导出数据为 CSV…</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation>暂无数据</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ClassNames</name>
    <message>
        <source>T-shirt/top</source>
        <translation>T恤/上衣</translation>
    </message>
    <message>
        <source>Trouser</source>
        <translation>裤子</translation>
    </message>
    <message>
        <source>Pullover</source>
        <translation>套头衫</translation>
    </message>
    <message>
        <source>Dress</source>
        <translation>连衣裙</translation>
    </message>
    <message>
        <source>Coat</source>
        <translation>外套</translation>
    </message>
    <message>
        <source>Sandal</source>
        <translation>凉鞋</translation>
    </message>
    <message>
        <source>Shirt</source>
        <translation>衬衫</translation>
    </message>
    <message>
        <source>Sneaker</source>
        <translation>运动鞋</translation>
    </message>
    <message>
        <source>Bag</source>
        <translation>包</translation>
    </message>
    <message>
        <source>Ankle boot</source>
        <translation>短靴</translation>
    </message>
</context>
<context>
    <name>ClassificationDelegate</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Waiting to be classified…</source>
        <translation>等待分类…</translation>
    </message>
</context>
<context>
    <name>ClassifyTab</name>
    <message>
        <source>Evaluate on a folder…</source>
        <translation>在文件夹上评估…</translation>
    </message>
    <message>
        <source>Evaluate this model on every image in a folder of class folders: confusion matrix, per-class results, the most confident mistakes</source>
        <translation>在一个类别文件夹结构的全部图像上评估该模型：混淆矩阵、各类别结果、置信度最高的错误</translation>
    </message>
    <message>
        <source>Folder of class folders to evaluate on</source>
        <translation>用于评估的类别文件夹所在的文件夹</translation>
    </message>
    <message>
        <source>Evaluate on a folder</source>
        <translation>在文件夹上评估</translation>
    </message>
</context>
<context>
    <name>CompareTab</name>
    <message>
        <source>Export report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>FP32 vs AMP, as in the original recipe&apos;s table</source>
        <translation>FP32 与 AMP 对比（原始方案的表格）</translation>
    </message>
    <message>
        <source>Run a comparison, or pick runs in the Runs tab, to see whether AMP helps here.</source>
        <translation>运行一次对比，或在“运行记录”页选择运行，看看 AMP 在这里是否有帮助。</translation>
    </message>
    <message>
        <source>AMP</source>
        <translation>AMP</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>Training FP32, then AMP, with the same seed and data order…</source>
        <translation>正在以相同的随机种子和数据顺序先训练 FP32，再训练 AMP…</translation>
    </message>
    <message>
        <source>Saved in %1</source>
        <translation>已保存在 %1</translation>
    </message>
    <message>
        <source>Dataset %1 · batch %2 · seed %3</source>
        <translation>数据集 %1 · 批量 %2 · 随机种子 %3</translation>
    </message>
    <message>
        <source>Choose two or more runs to compare.</source>
        <translation>请选择两个或更多运行进行对比。</translation>
    </message>
    <message>
        <source>Comparison: %1</source>
        <translation>对比：%1</translation>
    </message>
    <message>
        <source> vs </source>
        <translation> 对比 </translation>
    </message>
    <message>
        <source>Export comparison report</source>
        <translation>导出对比报告</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html)</source>
        <translation>Markdown (*.md);;HTML (*.html)</translation>
    </message>
    <message>
        <source>The verdict follows when every run has finished.</source>
        <translation>所有运行结束后给出结论。</translation>
    </message>
    <message>
        <source>Interleave steps</source>
        <translation>交替执行各步</translation>
    </message>
    <message>
        <source>Training FP32 and AMP in turns, step by step, with the same seed and data order…</source>
        <translation>正在以相同的随机种子和数据顺序逐步轮流训练 FP32 和 AMP……</translation>
    </message>
    <message>
        <source>%1 (in turns with %2)</source>
        <translation>%1（与 %2 轮流）</translation>
    </message>
    <message>
        <source>Train FP32 and AMP in turns, one step each, so that whatever else the machine does slows both alike (on by default on a computer without CUDA). Both models are then in memory at once, so the peak memory is that of the pair: compare memory with this option off. A comparison in several processes runs one after the other.</source>
        <translation>FP32 与 AMP 轮流训练，每次各一步，使机器上的其他负载同等地拖慢两者（在没有 CUDA 的计算机上默认开启）。此时两个模型同时占用内存，峰值内存是两者合计的值：比较内存时请关闭此选项。多进程的比较总是先后运行。</translation>
    </message>
    <message>
        <source>Three-way: FP32 · AMP bf16 · AMP fp16</source>
        <translation>三方对比：FP32 · AMP bf16 · AMP fp16</translation>
    </message>
    <message>
        <source>Training FP32, AMP bf16 and AMP fp16 in turns, step by step, with the same seed and data order…</source>
        <translation>正在以相同的随机种子和数据顺序，逐步轮流训练 FP32、AMP bf16 和 AMP fp16…</translation>
    </message>
    <message>
        <source>Training FP32, then AMP bf16, then AMP fp16, with the same seed and data order…</source>
        <translation>正在以相同的随机种子和数据顺序，依次训练 FP32、AMP bf16、AMP fp16…</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>%1 (run %2 of %3)</source>
        <translation>%1（第 %2 次运行，共 %3 次）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The verdict compares an FP32 run with the AMP runs after it; this set is compared in the table only.</source>
        <translation>结论针对一次 FP32 运行及其后的 AMP 运行；这组运行仅在表格中对比。</translation>
    </message>
    <message>
        <source>Train AMP twice beside FP32: in bf16, and in fp16 with dynamic loss scaling, so the loss-scale chart and skipped steps show what fp16 needs. On a CPU, fp16&apos;s steps take far longer than FP32&apos;s (about 120 times as long on the Intel Xeon measured, at 28 px).</source>
        <translation>在 FP32 之外训练两次 AMP：一次 bf16，一次带动态损失缩放的 fp16，让损失缩放图和跳过的步骤显示 fp16 需要什么。在 CPU 上，fp16 每步远比 FP32 慢（在所测的 Intel Xeon 上，28 px 时约为 120 倍）。</translation>
    </message>
    <message>
        <source>No policy</source>
        <translation>不使用策略</translation>
    </message>
    <message>
        <source>Open a policy file…</source>
        <translation>打开策略文件…</translation>
    </message>
    <message>
        <source>Train a third run under a precision policy (docs/precision-policy.md), after FP32 and AMP, with the same seed and data order: the table and the verdict say whether it beat both. A three-way comparison takes no policy.</source>
        <translation>在 FP32 和 AMP 之后，以相同的种子和数据顺序，按精度策略（docs/precision-policy.md）训练第三次运行：比较表和结论会说明它是否同时胜过二者。三方对比不接受策略。</translation>
    </message>
    <message>
        <source>Third run:</source>
        <translation>第三次运行：</translation>
    </message>
    <message>
        <source>Training FP32, AMP and the policy %1 in turns, step by step, with the same seed and data order…</source>
        <translation>正在以相同的种子和数据顺序逐步轮流训练 FP32、AMP 和策略 %1…</translation>
    </message>
    <message>
        <source>Training FP32, then AMP, then the policy %1, with the same seed and data order…</source>
        <translation>正在以相同的种子和数据顺序依次训练 FP32、AMP 和策略 %1…</translation>
    </message>
    <message>
        <source>Open a precision policy</source>
        <translation>打开精度策略</translation>
    </message>
    <message>
        <source>Precision policies (*.json);;All files (*)</source>
        <translation>精度策略 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Policy %1 (%2)</source>
        <translation>策略 %1（%2）</translation>
    </message>
</context>
<context>
    <name>ComparisonReport</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>ComparisonTable</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Epoch time</source>
        <translation>每轮耗时</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Final top-1</source>
        <translation>最终 top-1</translation>
    </message>
    <message>
        <source>Final top-5</source>
        <translation>最终 top-5</translation>
    </message>
    <message>
        <source>Run state</source>
        <translation>运行状态</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 pt</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation>快 %1</translation>
    </message>
    <message>
        <source>%1 slower</source>
        <translation>慢 %1</translation>
    </message>
    <message>
        <source>%1 (±%2 %)</source>
        <translation>%1（±%2 %）</translation>
    </message>
    <message>
        <source>%1
(±%2)</source>
        <translation>%1
（±%2）</translation>
    </message>
    <message>
        <source>Peak memory
(CUDA allocated)</source>
        <translation>峰值内存
（CUDA 已分配）</translation>
    </message>
    <message>
        <source>Peak memory
(process RSS)</source>
        <translation>峰值内存
（进程 RSS）</translation>
    </message>
    <message>
        <source>Epoch time
(projected)</source>
        <translation>每轮耗时
（推算）</translation>
    </message>
    <message>
        <source>Skipped steps /
NaN losses</source>
        <translation>跳过的步 /
NaN 损失</translation>
    </message>
    <message>
        <source>%1
(±%2,
within noise)</source>
        <translation>%1
（±%2，
在噪声范围内）</translation>
    </message>
    <message>
        <source>Peak memory
(CUDA, both runs
at once)</source>
        <translation>峰值内存
（CUDA，两次运行
同时）</translation>
    </message>
    <message>
        <source>Peak memory
(RSS, both runs
at once)</source>
        <translation>峰值内存
（RSS，两次运行
同时）</translation>
    </message>
    <message>
        <source>%1
vs %2</source>
        <translation>%1
对比 %2</translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message numerus="yes">
        <source>%n %1 image(s) (%2 % of them) were recognised as %1</source>
        <translation>
            <numerusform>%n 张 %1 图像（占该类的 %2 %）被正确识别为 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 image(s) (%2 % of them) were taken for %3</source>
        <translation>
            <numerusform>%n 张 %1 图像（占该类的 %2 %）被误认为 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted class</source>
        <translation>预测类别</translation>
    </message>
    <message>
        <source>True class</source>
        <translation>真实类别</translation>
    </message>
</context>
<context>
    <name>DatasetPicker</name>
    <message>
        <source>Fashion-MNIST (installed)</source>
        <translation>Fashion-MNIST（已安装）</translation>
    </message>
    <message>
        <source>Synthetic images</source>
        <translation>合成图像</translation>
    </message>
    <message>
        <source>Image folder…</source>
        <translation>图像文件夹…</translation>
    </message>
    <message>
        <source>CIFAR-10 folder…</source>
        <translation>CIFAR-10 文件夹…</translation>
    </message>
    <message>
        <source>Debian&apos;s dataset-fashion-mnist package: 60,000 training and 10,000 test images, 28 px</source>
        <translation>Debian 的 dataset-fashion-mnist 软件包：60,000 张训练图像和 10,000 张测试图像，28 像素</translation>
    </message>
    <message>
        <source>Random images of learnable patterns, generated on the fly; needs no files</source>
        <translation>即时生成的可学习图案随机图像；不需要任何文件</translation>
    </message>
    <message>
        <source>A folder with one subfolder of images per class (optionally inside train/ and val/)</source>
        <translation>每个类别一个图像子文件夹的目录（可放在 train/ 和 val/ 之下）</translation>
    </message>
    <message>
        <source>The folder of CIFAR-10&apos;s binary version (data_batch_1.bin … test_batch.bin)</source>
        <translation>CIFAR-10 二进制版本所在的文件夹（data_batch_1.bin … test_batch.bin）</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Fashion-MNIST is not installed: install the Debian package dataset-fashion-mnist (sudo apt install dataset-fashion-mnist), or choose another dataset.</source>
        <translation>未安装 Fashion-MNIST：请安装 Debian 软件包 dataset-fashion-mnist（sudo apt install dataset-fashion-mnist），或选择其他数据集。</translation>
    </message>
    <message>
        <source>Choose the dataset&apos;s folder.</source>
        <translation>请选择数据集所在的文件夹。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>CIFAR-10 folder</source>
        <translation>CIFAR-10 文件夹</translation>
    </message>
    <message>
        <source>Image folder</source>
        <translation>图像文件夹</translation>
    </message>
    <message>
        <source>The folder %1 has no class folders: put each class&apos;s images in a subfolder named after the class.</source>
        <translation>文件夹 %1 中没有类别文件夹：请把每个类别的图像放进以该类别命名的子文件夹。</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 img/s</source>
        <translation>%1 图像/秒</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <source>Choose a dataset.</source>
        <translation>请选择数据集。</translation>
    </message>
    <message>
        <source>Epochs must be at least 1.</source>
        <translation>轮数至少为 1。</translation>
    </message>
    <message>
        <source>Max steps must be 0 (no limit) or positive.</source>
        <translation>最大步数必须为 0（不限制）或正数。</translation>
    </message>
    <message>
        <source>Batch size must be between 1 and 65536.</source>
        <translation>批量大小必须在 1 到 65536 之间。</translation>
    </message>
    <message>
        <source>The learning rate must be a positive number.</source>
        <translation>学习率必须为正数。</translation>
    </message>
    <message>
        <source>Momentum must be in [0, 1).</source>
        <translation>动量必须在 [0, 1) 之间。</translation>
    </message>
    <message>
        <source>Weight decay cannot be negative.</source>
        <translation>权重衰减不能为负数。</translation>
    </message>
    <message>
        <source>Nesterov momentum needs a momentum above 0.</source>
        <translation>Nesterov 动量要求动量大于 0。</translation>
    </message>
    <message>
        <source>The step schedule&apos;s step size must be at least 1 epoch.</source>
        <translation>阶梯调度的步长至少为 1 轮。</translation>
    </message>
    <message>
        <source>The step schedule&apos;s gamma must be in (0, 1].</source>
        <translation>阶梯调度的 gamma 必须在 (0, 1] 之间。</translation>
    </message>
    <message>
        <source>Warm-up epochs cannot be negative.</source>
        <translation>预热轮数不能为负数。</translation>
    </message>
    <message>
        <source>The image size must be between 8 and 1024 pixels (or 0 for the dataset&apos;s own).</source>
        <translation>图像尺寸必须在 8 到 1024 像素之间（0 表示使用数据集自身的尺寸）。</translation>
    </message>
    <message>
        <source>Workers must be between 0 and 64.</source>
        <translation>加载线程数必须在 0 到 64 之间。</translation>
    </message>
    <message>
        <source>Loss scaler: init scale &gt; 0, growth factor &gt; 1, backoff in (0, 1), interval ≥ 1.</source>
        <translation>损失缩放器：初始缩放 &gt; 0，增长因子 &gt; 1，回退因子在 (0, 1) 之间，间隔 ≥ 1。</translation>
    </message>
    <message>
        <source>Synthetic dataset sizes must be positive.</source>
        <translation>合成数据集的大小必须为正数。</translation>
    </message>
    <message>
        <source>The validation limit cannot be negative.</source>
        <translation>验证图像数量上限不能为负数。</translation>
    </message>
    <message>
        <source>Gradient statistics: every N steps with N ≥ 1, or 0 for none.</source>
        <translation>梯度统计：每 N 步一次（N ≥ 1），或填 0 表示不统计。</translation>
    </message>
    <message>
        <source>Choose a folder for runs.</source>
        <translation>请选择保存运行记录的文件夹。</translation>
    </message>
    <message>
        <source>No verdict: a run did not take enough steps to measure.</source>
        <translation>无结论：有一次运行的步数不足以测量。</translation>
    </message>
    <message>
        <source>this CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 math is emulated.</source>
        <translation>这颗 CPU 没有 bf16 运算单元（AVX512-BF16 或 AMX），bf16 运算只能模拟执行。</translation>
    </message>
    <message>
        <source>the step is bound by work that autocast does not speed up (casts, batch norm, data loading).</source>
        <translation>训练步的瓶颈在于 autocast 无法加速的工作（类型转换、批归一化、数据加载）。</translation>
    </message>
    <message>
        <source>the images are small (%1 px), so the layers are too small for reduced precision to pay for its casts.</source>
        <translation>图像太小（%1 像素），各层的计算量太小，降低精度带来的收益抵不上类型转换的开销。</translation>
    </message>
    <message>
        <source>the batch is small (%1), so per-step overhead dominates.</source>
        <translation>批量太小（%1），每步的固定开销占了主导。</translation>
    </message>
    <message>
        <source>No verdict: a run failed (%1).</source>
        <translation>无结论：有一次运行失败（%1）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPU (%1, 1 thread, bf16 units: %2)</source>
        <translation>CPU（%1，1 个线程，bf16 单元：%2）</translation>
    </message>
    <message>
        <source>CPU (%1, %2 threads, bf16 units: %3)</source>
        <translation>CPU（%1，%2 个线程，bf16 单元：%3）</translation>
    </message>
    <message>
        <source>workbench run %1, %2 classes, %3 px</source>
        <translation>工作台运行 %1，%2 个类别，%3 像素</translation>
    </message>
    <message>
        <source>ResNet-18 state dict, %1 classes (%2)</source>
        <translation>ResNet-18 state dict，%1 个类别（%2）</translation>
    </message>
    <message>
        <source>torchvision ResNet-18 ImageNet weights (%1)</source>
        <translation>torchvision ResNet-18 ImageNet 权重（%1）</translation>
    </message>
    <message>
        <source>Training only the new head needs starting weights (ImageNet or a file).</source>
        <translation>只训练新的分类头需要起始权重（ImageNet 或文件）。</translation>
    </message>
    <message>
        <source>The backbone&apos;s learning rate scale must be a positive number.</source>
        <translation>骨干学习率比例必须为正数。</translation>
    </message>
    <message>
        <source>A run name cannot start with a dot or contain / or \: it names a folder in the runs folder.</source>
        <translation>运行名称不能以点开头，也不能包含 / 或 \：它是运行文件夹中的一个文件夹名。</translation>
    </message>
    <message>
        <source>A new head needs starting weights (ImageNet or a file).</source>
        <translation>新的分类头需要起始权重（ImageNet 或文件）。</translation>
    </message>
    <message>
        <source>AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long, with %3 % less peak memory.</source>
        <translation>AMP 有帮助：吞吐量（稳态每秒图像数）为 FP32 的 %1×，一轮用时为 FP32 的 %2×，峰值内存减少 %3 %。</translation>
    </message>
    <message>
        <source>AMP helped: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long.</source>
        <translation>AMP 有帮助：吞吐量（稳态每秒图像数）为 FP32 的 %1×，一轮用时为 FP32 的 %2×。</translation>
    </message>
    <message>
        <source>AMP did not help here: %1× the FP32 throughput (steady-state images/s), and an epoch took %2× as long. Likely reason: %3</source>
        <translation>AMP 在这里没有帮助：吞吐量（稳态每秒图像数）为 FP32 的 %1×，一轮用时为 FP32 的 %2×。可能的原因：%3</translation>
    </message>
    <message>
        <source>Train more steps, or interleave the two runs.</source>
        <translation>请训练更多步数，或让两次运行交替进行。</translation>
    </message>
    <message>
        <source>Train more steps.</source>
        <translation>请训练更多步数。</translation>
    </message>
    <message>
        <source>Too short to tell: AMP ran at %1× the FP32 throughput, but the step times of these runs leave ±%2 % of uncertainty (95 %). %3</source>
        <translation>运行太短，无法判断：AMP 的吞吐量为 FP32 的 %1×，但这些运行的步时波动带来 ±%2 % 的不确定性（95 %）。%3</translation>
    </message>
    <message>
        <source>this CPU has no fp16 units (AVX512-FP16 or AMX-FP16), so fp16 math is converted to fp32 and back around every product.</source>
        <translation>此 CPU 没有 fp16 单元（AVX512-FP16 或 AMX-FP16），因此每次乘积前后 fp16 运算都要与 fp32 相互转换。</translation>
    </message>
    <message>
        <source>libtorch&apos;s fp16 convolution gradients on the CPU are far slower than its fp32 and bf16 ones; fp16 AMP on a CPU shows loss scaling at work, not speed.</source>
        <translation>libtorch 在 CPU 上的 fp16 卷积梯度远慢于 fp32 和 bf16；CPU 上的 fp16 AMP 用于观察损失缩放的工作，而非速度。</translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt, but the runs are too short to tell a difference from run-to-run variation (fewer than 8 steps with a loss each).</source>
        <translation>准确率：top-1 相差 %1 个百分点，但运行太短，无法与运行间的波动区分（有损失值的步少于 8 步）。</translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt is within what runs this short can tell: the training losses differ by %2 (±%3) over the last %4 steps, inside their step-to-step spread. Train longer before reading it as AMP&apos;s.</source>
        <translation>准确率：top-1 相差 %1 个百分点，在这么短的运行能分辨的范围之内：最后 %4 步的训练损失相差 %2（±%3），未超出逐步波动。请训练更久，再把它归因于 AMP。</translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt is within the validation sample&apos;s margin (±%2), though the training losses differ by %3 (±%4) over the last %5 steps.</source>
        <translation>准确率：top-1 相差 %1 个百分点，在验证样本的误差范围（±%2）之内，尽管最后 %5 步的训练损失相差 %3（±%4）。</translation>
    </message>
    <message>
        <source>Accuracy: top-1 %1 pt (±%2 on the validation sample), and the training losses differ by %3 (±%4) over the last %5 steps: a difference these runs can tell.</source>
        <translation>准确率：top-1 相差 %1 个百分点（验证样本误差 ±%2），且最后 %5 步的训练损失相差 %3（±%4）：这些运行能分辨出这一差异。</translation>
    </message>
    <message>
        <source>The gradient clipping norm must be 0 (off) or positive.</source>
        <translation>梯度裁剪范数必须为 0（关闭）或正数。</translation>
    </message>
    <message>
        <source>CUDA (%1)</source>
        <translation>CUDA（%1）</translation>
    </message>
    <message>
        <source>The policy %1 beat both: %2× the FP32 throughput and %3× the AMP throughput (steady-state images/s).</source>
        <translation>策略 %1 同时胜过二者：吞吐量（稳态每秒图像数）为 FP32 的 %2×、AMP 的 %3×。</translation>
    </message>
    <message>
        <source>The policy %1 did not beat both: %2× the FP32 throughput and %3× the AMP throughput (steady-state images/s).</source>
        <translation>策略 %1 未能同时胜过二者：吞吐量（稳态每秒图像数）为 FP32 的 %2×、AMP 的 %3×。</translation>
    </message>
    <message>
        <source>Too short to tell whether the policy %1 beat both: %2× the FP32 throughput and %3× the AMP throughput, but the step times of these runs leave ±%4 % of uncertainty (95 %). %5</source>
        <translation>运行太短，无法判断策略 %1 是否同时胜过二者：吞吐量为 FP32 的 %2×、AMP 的 %3×，但这些运行的步时波动带来 ±%4 % 的不确定性（95 %）。%5</translation>
    </message>
    <message>
        <source>The policy %1 against FP32: %2</source>
        <translation>策略 %1 对比 FP32：%2</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>Out of memory: %1 Try a smaller batch size or image size, or AMP, which keeps activations in 16 bits.</source>
        <translation>内存不足：%1 请尝试更小的批量大小或图像尺寸，或使用 AMP（它以 16 位保存激活值）。</translation>
    </message>
    <message>
        <source>Lost contact with the other ranks of the data-parallel group in step %1: a rank ended or its machine went away, or it did not answer within the group timeout. The run&apos;s last checkpoint is kept. (Gloo: %2)</source>
        <translation>在第 %1 步与数据并行组的其他进程失去联系：某个进程已结束或其机器已离线，或未在组超时时间内应答。运行的最后一个检查点已保留。（Gloo：%2）</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; resume to continue.</source>
        <translation>已在第 %1 步（共 %2 步）停止；继续运行即可接着训练。</translation>
    </message>
    <message>
        <source>The loss scale collapsed below 2^-16 at step %1: the gradients overflow at every scale, so training has diverged. Lower the learning rate, add warm-up or gradient clipping, or train in FP32.</source>
        <translation>损失缩放在第 %1 步降到 2^-16 以下：梯度在任何缩放下都会溢出，训练已发散。请降低学习率、加入预热或梯度裁剪，或改用 FP32 训练。</translation>
    </message>
    <message>
        <source>The loss became NaN at step %1 (training diverged); the weights of the last checkpoint are kept. Try a lower learning rate or warm-up.</source>
        <translation>损失在第 %1 步变为 NaN（训练已发散）；最后一个检查点的权重已保留。请尝试更低的学习率或预热。</translation>
    </message>
    <message>
        <source>The loss became infinite at step %1 (training diverged); the weights of the last checkpoint are kept. Try a lower learning rate or warm-up.</source>
        <translation>损失在第 %1 步变为无穷大（训练已发散）；最后一个检查点的权重已保留。请尝试更低的学习率或预热。</translation>
    </message>
    <message>
        <source>This run would take %1 steps (%2 epochs of %3, max steps %4); a run takes at most %5 steps, so that its steps.csv can be read back to plot or resume it. Ask for fewer epochs, or set max steps.</source>
        <translation>此运行将需要 %1 步（%2 轮，每轮 %3 步，最大步数 %4）；一次运行最多 %5 步，以便能读回其 steps.csv 来绘图或继续运行。请减少轮数，或设置最大步数。</translation>
    </message>
    <message>
        <source>0: no limit</source>
        <translation>0：不限制</translation>
    </message>
    <message>
        <source>The run in %1 is already at step %2, and this resume would end at step %3: nothing to train. Ask for more epochs or steps (max steps 0: no limit) to continue it; the run is left as it was.</source>
        <translation>%1 中的运行已到第 %2 步，而这次继续将在第 %3 步结束：没有可训练的内容。请增加轮数或步数（最大步数 0：不限制）以继续；运行保持原样。</translation>
    </message>
    <message>
        <source>The run in %1 was trained by %2 and this resume has %3. Resume it with %4: each rank&apos;s share of an epoch and the global batch depend on it. The run is left as it was.</source>
        <translation>%1 中的运行由 %2 训练，而这次继续使用 %3。请用 %4 继续：每个进程在一轮中分到的数据和全局批量都取决于此。运行保持原样。</translation>
    </message>
    <message>
        <source>one process</source>
        <translation>一个进程</translation>
    </message>
    <message>
        <source>%1 data-parallel ranks</source>
        <translation>%1 个数据并行进程</translation>
    </message>
    <message>
        <source>one process (no --nproc-per-node, no torchrun)</source>
        <translation>一个进程（不用 --nproc-per-node，不用 torchrun）</translation>
    </message>
    <message>
        <source>--nproc-per-node %1 (or torchrun with that many processes)</source>
        <translation>--nproc-per-node %1（或用同样多进程的 torchrun）</translation>
    </message>
    <message>
        <source>No dataset was given.</source>
        <translation>未指定数据集。</translation>
    </message>
    <message>
        <source>Unknown dataset &quot;%1&quot; (this build has no OpenCV, so image folders cannot be read).</source>
        <translation>未知数据集“%1”（此版本没有 OpenCV，无法读取图像文件夹）。</translation>
    </message>
    <message>
        <source>The data folder %1 does not exist.</source>
        <translation>数据文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Fashion-MNIST is not installed (%1 is missing). Install it with: sudo apt-get install dataset-fashion-mnist</source>
        <translation>未安装 Fashion-MNIST（缺少 %1）。请用以下命令安装：sudo apt-get install dataset-fashion-mnist</translation>
    </message>
    <message>
        <source>The data folder %1 has no %2(.gz) file.</source>
        <translation>数据文件夹 %1 中没有 %2(.gz) 文件。</translation>
    </message>
    <message>
        <source>Cannot open the IDX file %1.</source>
        <translation>无法打开 IDX 文件 %1。</translation>
    </message>
    <message>
        <source>The IDX file %1 is truncated or corrupt (ended early).</source>
        <translation>IDX 文件 %1 不完整或已损坏（提前结束）。</translation>
    </message>
    <message>
        <source>The file %1 is not an IDX file of unsigned bytes with %2 dimension(s).</source>
        <translation>文件 %1 不是 %2 维无符号字节的 IDX 文件。</translation>
    </message>
    <message>
        <source>The IDX file %1 declares an implausible size.</source>
        <translation>IDX 文件 %1 声明的尺寸不合理。</translation>
    </message>
    <message>
        <source>The IDX files %1 and %2 hold %3 images but %4 labels.</source>
        <translation>IDX 文件 %1 和 %2 含有 %3 张图像，但有 %4 个标签。</translation>
    </message>
    <message>
        <source>The labels file %1 has label %2, but the dataset has only %3 classes.</source>
        <translation>标签文件 %1 含有标签 %2，但数据集只有 %3 个类别。</translation>
    </message>
    <message>
        <source>The CIFAR-10 folder %1 does not exist.</source>
        <translation>CIFAR-10 文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>The folder %1 is not CIFAR-10 binary data: it needs data_batch_1.bin … data_batch_5.bin and test_batch.bin (the &quot;CIFAR-10 binary version&quot;).</source>
        <translation>文件夹 %1 不是 CIFAR-10 二进制数据：它需要 data_batch_1.bin … data_batch_5.bin 和 test_batch.bin（“CIFAR-10 binary version”）。</translation>
    </message>
    <message>
        <source>Cannot read the CIFAR-10 file %1: %2.</source>
        <translation>无法读取 CIFAR-10 文件 %1：%2。</translation>
    </message>
    <message>
        <source>Cannot read the CIFAR-10 file %1.</source>
        <translation>无法读取 CIFAR-10 文件 %1。</translation>
    </message>
    <message>
        <source>The CIFAR-10 file %1 is truncated or not a CIFAR-10 binary batch (%2 bytes is not a multiple of %3).</source>
        <translation>CIFAR-10 文件 %1 不完整或不是 CIFAR-10 二进制批次（%2 字节不是 %3 的倍数）。</translation>
    </message>
    <message>
        <source>The CIFAR-10 file %1 has label %2; CIFAR-10 has 10 classes (is this CIFAR-100?).</source>
        <translation>CIFAR-10 文件 %1 含有标签 %2；CIFAR-10 只有 10 个类别（这是 CIFAR-100 吗？）。</translation>
    </message>
    <message>
        <source>The image folder %1 does not exist.</source>
        <translation>图像文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>The image folder %1 needs at least two class subfolders, one per class (found %2).</source>
        <translation>图像文件夹 %1 至少需要两个类别子文件夹，每个类别一个（找到 %2 个）。</translation>
    </message>
    <message>
        <source>The image folder %1 has no usable JPEG, PNG, BMP or WebP image in its class folders.</source>
        <translation>图像文件夹 %1 的类别文件夹中没有可用的 JPEG、PNG、BMP 或 WebP 图像。</translation>
    </message>
    <message>
        <source>The class folder &quot;%1&quot; in %2 has no usable image; remove it or add images.</source>
        <translation>%2 中的类别文件夹“%1”没有可用的图像；请删除它或添加图像。</translation>
    </message>
    <message>
        <source>The class folders of %1 differ from those of %2.</source>
        <translation>%1 的类别文件夹与 %2 的不同。</translation>
    </message>
    <message>
        <source>The image %1 is not a JPEG, PNG, BMP, WebP or PBM/PGM/PPM file, or its header is damaged; other formats are not read, as their size cannot be checked before decoding (save it as PNG or JPEG).</source>
        <translation>图像 %1 不是 JPEG、PNG、BMP、WebP 或 PBM/PGM/PPM 文件，或其文件头已损坏；其他格式不会被读取，因为解码前无法检查其尺寸（请另存为 PNG 或 JPEG）。</translation>
    </message>
    <message>
        <source>The image %1 is too large (%2×%3 pixels; the limit is %4 megapixels).</source>
        <translation>图像 %1 过大（%2×%3 像素；上限为 %4 百万像素）。</translation>
    </message>
    <message>
        <source>The image %1 is too large (%2 bytes).</source>
        <translation>图像 %1 过大（%2 字节）。</translation>
    </message>
    <message>
        <source>Cannot read the image %1: %2.</source>
        <translation>无法读取图像 %1：%2。</translation>
    </message>
    <message>
        <source>Cannot read the image %1.</source>
        <translation>无法读取图像 %1。</translation>
    </message>
    <message>
        <source>The image %1 is an empty file.</source>
        <translation>图像 %1 是空文件。</translation>
    </message>
    <message>
        <source>The image %1 is empty.</source>
        <translation>图像 %1 为空。</translation>
    </message>
    <message>
        <source>The image %1 is truncated (its JPEG data stops before the end of the image).</source>
        <translation>图像 %1 不完整（其 JPEG 数据在图像结束前中断）。</translation>
    </message>
    <message>
        <source>The image %1 could not be decoded (corrupt, unsupported or too large).</source>
        <translation>无法解码图像 %1（已损坏、不受支持或过大）。</translation>
    </message>
    <message>
        <source>The file %1 is not an image OpenCV can decode (corrupt or unsupported).</source>
        <translation>文件 %1 不是 OpenCV 能解码的图像（已损坏或不受支持）。</translation>
    </message>
    <message>
        <source>The dataset has %1 images, fewer than one batch of %2.</source>
        <translation>数据集只有 %1 张图像，不足一个 %2 张的批量。</translation>
    </message>
    <message>
        <source>More than %1 images in a row could not be read; the dataset looks broken (see the unreadable images list).</source>
        <translation>连续超过 %1 张图像无法读取；数据集似乎已损坏（请查看无法读取的图像列表）。</translation>
    </message>
    <message>
        <source>The model has %1 classes and the dataset has %2: evaluate it on data with the classes it was trained on.</source>
        <translation>模型有 %1 个类别，而数据集有 %2 个：请在具有其训练类别的数据上评估它。</translation>
    </message>
    <message>
        <source>There is no model file at %1.</source>
        <translation>%1 处没有模型文件。</translation>
    </message>
    <message>
        <source>The file %1 is refused: its %2 would unpack to %3 bytes, more than the limit of %4 (4 MiB) for a ResNet-18 state dict or checkpoint (their data.pkl takes about 15-21 kB).</source>
        <translation>拒绝读取文件 %1：其 %2 解压后为 %3 字节，超过 ResNet-18 状态字典或检查点的上限 %4（4 MiB）（它们的 data.pkl 约为 15-21 kB）。</translation>
    </message>
    <message>
        <source>The file %1 is refused: its record %2 would unpack from %3 to %4 bytes, more than 64 times its size (the limit for a record over 1 MiB); PyTorch stores tensor data unpacked, so this is not a file it wrote.</source>
        <translation>拒绝读取文件 %1：其记录 %2 将从 %3 字节解压为 %4 字节，超过其大小的 64 倍（超过 1 MiB 的记录的上限）；PyTorch 以未压缩方式保存张量数据，因此这不是它写出的文件。</translation>
    </message>
    <message>
        <source>The file %1 is a TorchScript/libtorch archive, not a state dict saved with torch.save.</source>
        <translation>文件 %1 是 TorchScript/libtorch 存档，不是用 torch.save 保存的状态字典。</translation>
    </message>
    <message>
        <source>The file %1 uses torch.save&apos;s pre-1.6 format; load it in Python and save it again with torch.save(state_dict, path) to convert it.</source>
        <translation>文件 %1 使用 torch.save 1.6 之前的格式；请在 Python 中加载它，再用 torch.save(state_dict, path) 重新保存以转换。</translation>
    </message>
    <message>
        <source>The file %1 is not a state dict saved with torch.save (not a readable PyTorch zip archive).</source>
        <translation>文件 %1 不是用 torch.save 保存的状态字典（不是可读取的 PyTorch zip 存档）。</translation>
    </message>
    <message>
        <source>The file %1 is not a usable state dict: %2</source>
        <translation>文件 %1 不是可用的状态字典：%2</translation>
    </message>
    <message>
        <source> (it is empty)</source>
        <translation>（它是空的）</translation>
    </message>
    <message>
        <source> (its first entry is &apos;%1&apos;)</source>
        <translation>（其第一个条目为“%1”）</translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: it has no &apos;%2&apos;%3.</source>
        <translation>%1 不是 torchvision ResNet-18 状态字典：它没有“%2”%3。</translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: &apos;%2&apos; has the shape %3, ResNet-18 needs %4.</source>
        <translation>%1 不是 torchvision ResNet-18 状态字典：“%2”的形状为 %3，ResNet-18 需要 %4。</translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: &apos;%2&apos; holds %3 values, ResNet-18 needs %4.</source>
        <translation>%1 不是 torchvision ResNet-18 状态字典：“%2”保存的是 %3 值，ResNet-18 需要 %4。</translation>
    </message>
    <message>
        <source>%1 is not a torchvision ResNet-18 state dict: it has the unexpected entry &apos;%2&apos;.</source>
        <translation>%1 不是 torchvision ResNet-18 状态字典：它含有意外的条目“%2”。</translation>
    </message>
    <message>
        <source>The model card %1 needs three numbers for &quot;%2&quot;.</source>
        <translation>模型卡 %1 的“%2”需要三个数字。</translation>
    </message>
    <message>
        <source>The file %1 is not a version-1 AMP Workbench model card.</source>
        <translation>文件 %1 不是第 1 版 AMP Workbench 模型卡。</translation>
    </message>
    <message>
        <source>The model card %1 has an input size outside 1–4096.</source>
        <translation>模型卡 %1 的输入尺寸不在 1–4096 之内。</translation>
    </message>
    <message>
        <source>The model card %1 resizes to %2 px, which the workbench&apos;s eval transform cannot do for a %3 px input.</source>
        <translation>模型卡 %1 缩放到 %2 像素，而工作台的评估变换无法对 %3 像素的输入这样做。</translation>
    </message>
    <message>
        <source>The model card %1 is not valid: %2</source>
        <translation>模型卡 %1 无效：%2</translation>
    </message>
    <message>
        <source>The model card %1 names %2 classes, but the model in %3 has %4.</source>
        <translation>模型卡 %1 列出 %2 个类别，但 %3 中的模型有 %4 个。</translation>
    </message>
    <message>
        <source>Cannot read the label list %1.</source>
        <translation>无法读取标签列表 %1。</translation>
    </message>
    <message>
        <source>The label list %1 is empty.</source>
        <translation>标签列表 %1 为空。</translation>
    </message>
    <message>
        <source>The label list %1 has %2 names, but the model has %3 classes.</source>
        <translation>标签列表 %1 有 %2 个名称，但模型有 %3 个类别。</translation>
    </message>
    <message>
        <source>The run folder %1 has no usable config.json: %2</source>
        <translation>运行文件夹 %1 没有可用的 config.json：%2</translation>
    </message>
    <message>
        <source>The torchvision ImageNet weights %1 are not in the torch hub cache (searched: %2). Download them with `amp-workbench-cli weights fetch imagenet` (or the window&apos;s Download button), or pass a .pth file.</source>
        <translation>torchvision ImageNet 权重 %1 不在 torch hub 缓存中（已搜索：%2）。请用 `amp-workbench-cli weights fetch imagenet`（或窗口中的下载按钮）下载，或指定一个 .pth 文件。</translation>
    </message>
    <message>
        <source>The folder %1 is not a run folder with a checkpoint.pt.</source>
        <translation>文件夹 %1 不是带有 checkpoint.pt 的运行文件夹。</translation>
    </message>
    <message>
        <source>The file %1 already exists; choose another name or allow replacing it.</source>
        <translation>文件 %1 已存在；请选择其他名称或允许替换它。</translation>
    </message>
    <message>
        <source>There is no checkpoint at %1.</source>
        <translation>%1 处没有检查点。</translation>
    </message>
    <message>
        <source>The checkpoint %1 is not a regular file (a pipe, a device, a folder): it is not read.</source>
        <translation>检查点 %1 不是普通文件（而是管道、设备或文件夹）：不会读取它。</translation>
    </message>
    <message>
        <source>The checkpoint %1 is damaged or not a workbench checkpoint.</source>
        <translation>检查点 %1 已损坏或不是工作台检查点。</translation>
    </message>
    <message>
        <source>The checkpoint %1 was written by another workbench version.</source>
        <translation>检查点 %1 由另一个工作台版本写出。</translation>
    </message>
    <message>
        <source>The checkpoint %1 is not a workbench ResNet-18 checkpoint: %2</source>
        <translation>检查点 %1 不是工作台 ResNet-18 检查点：%2</translation>
    </message>
    <message>
        <source>The checkpoint %1 has an invalid class count.</source>
        <translation>检查点 %1 的类别数无效。</translation>
    </message>
    <message>
        <source>The checkpoint %1 has a %2-class head, but this run has %3 classes.</source>
        <translation>检查点 %1 的输出头有 %2 个类别，但此运行有 %3 个类别。</translation>
    </message>
    <message>
        <source>The checkpoint %1 does not fit this model: %2</source>
        <translation>检查点 %1 与此模型不匹配：%2</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Cannot append to %1 (is the disk full?).</source>
        <translation>无法追加写入 %1（磁盘已满？）。</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot flush %1 to disk: %2</source>
        <translation>无法将 %1 写入磁盘：%2</translation>
    </message>
    <message>
        <source>write failed: %1</source>
        <translation>写入失败：%1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Could not write %1: %2. The disk holding %3 is full; the previous %4 is kept. Free some space, then resume.</source>
        <translation>无法写入 %1：%2。%3 所在的磁盘已满；之前的 %4 已保留。请释放一些空间，然后继续运行。</translation>
    </message>
    <message>
        <source>%1 is %2, not a file: it is not replaced. Choose a file name.</source>
        <translation>%1 是%2，不是文件：不会替换它。请选择一个文件名。</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file: it is not read.</source>
        <translation>%1 是%2，不是普通文件：不会读取它。</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, more than such a file can be (at most %3 bytes: %4); it is not read.</source>
        <translation>%1 有 %2 字节，超过此类文件的上限（最多 %3 字节：%4）；不会读取它。</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>a pipe</source>
        <translation>管道</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>CUDA was requested, but this build or machine has no CUDA device.</source>
        <translation>请求了 CUDA，但此版本或此机器没有 CUDA 设备。</translation>
    </message>
    <message>
        <source>Unknown device &quot;%1&quot; (use auto, cpu, cuda or cuda:N).</source>
        <translation>未知设备“%1”（请使用 auto、cpu、cuda 或 cuda:N）。</translation>
    </message>
    <message>
        <source>No folder to keep torch hub weights in: none of TORCH_HOME, XDG_CACHE_HOME and HOME is set. Set TORCH_HOME to a folder and try again.</source>
        <translation>没有可存放 torch hub 权重的文件夹：TORCH_HOME、XDG_CACHE_HOME 和 HOME 都未设置。请将 TORCH_HOME 设为一个文件夹后重试。</translation>
    </message>
    <message>
        <source>libcurl could not be initialised, so nothing can be downloaded.</source>
        <translation>无法初始化 libcurl，因此无法下载任何内容。</translation>
    </message>
    <message>
        <source>libcurl could not start a download of %1.</source>
        <translation>libcurl 无法开始下载 %1。</translation>
    </message>
    <message>
        <source>The download of %1 was cancelled; nothing was saved.</source>
        <translation>%1 的下载已取消；未保存任何内容。</translation>
    </message>
    <message>
        <source>The disk holding %1 is full: %2 could not be saved. Free some space and try again.</source>
        <translation>存放 %1 的磁盘已满：无法保存 %2。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>Cannot write %1 into %2: %3.</source>
        <translation>无法将 %1 写入 %2：%3。</translation>
    </message>
    <message>
        <source> Nothing was saved. Download it in a browser and put it in %1 as %2.</source>
        <translation> 未保存任何内容。请用浏览器下载它，并以 %2 为名放入 %1。</translation>
    </message>
    <message>
        <source>The server announces more than %1 for %2, the most that weights may take (torchvision&apos;s ResNet-18 file is 44.7 MB): it is not the expected file, so the download was stopped.%3</source>
        <translation>服务器声明 %2 超过 %1，即权重文件允许的最大大小（torchvision 的 ResNet-18 文件为 44.7 MB）：这不是预期的文件，因此已停止下载。%3</translation>
    </message>
    <message>
        <source>The download of %2 went past %1, the most that weights may take (torchvision&apos;s ResNet-18 file is 44.7 MB): it is not the expected file, so the download was stopped.%3</source>
        <translation>%2 的下载超过了 %1，即权重文件允许的最大大小（torchvision 的 ResNet-18 文件为 44.7 MB）：这不是预期的文件，因此已停止下载。%3</translation>
    </message>
    <message>
        <source>The download of %1 stalled: less than 1 kB/s arrived for %2 s (after %3), so it was given up.%4</source>
        <translation>%1 的下载停滞：连续 %2 秒速度低于 1 kB/s（已收到 %3），因此已放弃。%4</translation>
    </message>
    <message>
        <source>The server answered HTTP %1 for %2.%3</source>
        <translation>服务器对 %2 返回了 HTTP %1。%3</translation>
    </message>
    <message>
        <source>Cannot connect to %1 (%2).%3</source>
        <translation>无法连接到 %1（%2）。%3</translation>
    </message>
    <message>
        <source>The download of %1 broke off after %2 of %3 (%4).%5</source>
        <translation>%1 的下载在收到 %2（共 %3）后中断（%4）。%5</translation>
    </message>
    <message>
        <source>The download of %1 broke off after %2 (%3).%4</source>
        <translation>%1 的下载在收到 %2 后中断（%3）。%4</translation>
    </message>
    <message>
        <source>Cannot download %1 (%2).%3</source>
        <translation>无法下载 %1（%2）。%3</translation>
    </message>
    <message>
        <source>The file downloaded from %1 has the SHA-256 %2, which does not start with %3 as its name %4 requires: it is not the expected file, so nothing was saved.</source>
        <translation>从 %1 下载的文件的 SHA-256 为 %2，并非如其文件名 %4 所要求的以 %3 开头：这不是预期的文件，因此未保存任何内容。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for %2: %3.</source>
        <translation>无法为 %2 创建文件夹 %1：%3。</translation>
    </message>
    <message>
        <source>The environment variable %1 is not set; a data-parallel rank needs RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT (torchrun sets them).</source>
        <translation>环境变量 %1 未设置；数据并行的 rank 需要 RANK、WORLD_SIZE、MASTER_ADDR 和 MASTER_PORT（torchrun 会设置它们）。</translation>
    </message>
    <message>
        <source>The environment variable %1 is &quot;%2&quot;; it must be a whole number from %3 to %4.</source>
        <translation>环境变量 %1 为“%2”；它必须是 %3 到 %4 之间的整数。</translation>
    </message>
    <message>
        <source>Rank 0 could not open the rendezvous on port %1 of %2 (is another program using it? choose another MASTER_PORT): %3</source>
        <translation>Rank 0 无法在 %2 的端口 %1 上打开会合点（是否有其他程序在使用它？请选择另一个 MASTER_PORT）：%3</translation>
    </message>
    <message>
        <source>the address does not resolve</source>
        <translation>无法解析该地址</translation>
    </message>
    <message>
        <source>Rank 0 could not open the rendezvous on port %1 (is another program using it? choose another MASTER_PORT): %2</source>
        <translation>Rank 0 无法在端口 %1 上打开会合点（是否有其他程序在使用它？请选择另一个 MASTER_PORT）：%2</translation>
    </message>
    <message>
        <source>Rank %1 could not reach the rendezvous at %2 within %3 (check MASTER_ADDR and MASTER_PORT, and that rank 0 has started): %4</source>
        <translation>Rank %1 在 %3 内无法连接到 %2 的会合点（请检查 MASTER_ADDR 和 MASTER_PORT，以及 rank 0 是否已启动）：%4</translation>
    </message>
    <message>
        <source>Rank %1 could not set up NCCL for its GPU: %2</source>
        <translation>Rank %1 无法为其 GPU 设置 NCCL：%2</translation>
    </message>
    <message>
        <source>Rank %1 could not connect to the other ranks at %2 within %3 (did all %4 ranks start, with the same WORLD_SIZE, MASTER_ADDR and MASTER_PORT?): %5</source>
        <translation>Rank %1 在 %3 内无法在 %2 连接到其他 rank（全部 %4 个 rank 是否都已启动，且 WORLD_SIZE、MASTER_ADDR 和 MASTER_PORT 相同？）：%5</translation>
    </message>
    <message>
        <source>Rank %1 got no answer from the rendezvous at %2 within %3 (is something other than rank 0&apos;s store listening at MASTER_ADDR and MASTER_PORT?).</source>
        <translation>Rank %1 在 %3 内没有收到 %2 的会合点的应答（在 MASTER_ADDR 和 MASTER_PORT 上监听的是否不是 rank 0 的存储？）。</translation>
    </message>
    <message>
        <source>No free port on 127.0.0.1 for the ranks to meet on: %1</source>
        <translation>127.0.0.1 上没有可供各 rank 会合的空闲端口：%1</translation>
    </message>
    <message>
        <source>Could not start rank %1 (%2): %3</source>
        <translation>无法启动 rank %1（%2）：%3</translation>
    </message>
    <message>
        <source>The ranks were started with different settings: %1 is %2 on rank %3 and %4 on rank %5. Start every rank with the same training settings.</source>
        <translation>各 rank 启动时的设置不同：%1 在 rank %3 上为 %2，在 rank %5 上为 %4。请用相同的训练设置启动每个 rank。</translation>
    </message>
    <message>
        <source>Malformed pickle at byte %1: %2.</source>
        <translation>pickle 在第 %1 字节处格式错误：%2。</translation>
    </message>
    <message>
        <source>The pickle goes over a limit at byte %1: more than %2 %3, far more than a ResNet-18 state dict needs.</source>
        <translation>pickle 在第 %1 字节处超出限制：超过 %2 个%3，远多于 ResNet-18 状态字典所需。</translation>
    </message>
    <message>
        <source>The pickle holds %1 bytes, more than the limit of %2 (4 MiB): far more than a ResNet-18 state dict needs (about 15 kB).</source>
        <translation>该 pickle 有 %1 字节，超过 %2 字节（4 MiB）的限制：远多于 ResNet-18 状态字典所需（约 15 kB）。</translation>
    </message>
    <message>
        <source>values built</source>
        <translation>已构建的值</translation>
    </message>
    <message>
        <source>values and MARKs on the stack at once</source>
        <translation>同时在栈上的值和 MARK</translation>
    </message>
    <message>
        <source>dicts</source>
        <translation>字典</translation>
    </message>
    <message>
        <source>dict entries</source>
        <translation>字典条目</translation>
    </message>
    <message>
        <source>memo entries</source>
        <translation>memo 条目</translation>
    </message>
    <message>
        <source>the data ends in the middle of an instruction</source>
        <translation>数据在一条指令中间结束</translation>
    </message>
    <message>
        <source>an integer of %1 bytes does not fit 64 bits</source>
        <translation>%1 字节的整数超出 64 位</translation>
    </message>
    <message>
        <source>a global&apos;s name is not a Python identifier</source>
        <translation>全局名称不是 Python 标识符</translation>
    </message>
    <message>
        <source>a global has an empty name</source>
        <translation>全局名称为空</translation>
    </message>
    <message>
        <source>an instruction needs a value but the stack is empty</source>
        <translation>指令需要一个值，但栈为空</translation>
    </message>
    <message>
        <source>an instruction needs a MARK but there is none</source>
        <translation>指令需要 MARK，但没有 MARK</translation>
    </message>
    <message>
        <source>items are set on a %1, not on a dict</source>
        <translation>条目被设置在 %1 上，而不是字典上</translation>
    </message>
    <message>
        <source>a dict key is a %1, not a str</source>
        <translation>字典的键是 %1，而不是 str</translation>
    </message>
    <message>
        <source>the global %1 is not supported</source>
        <translation>不支持全局对象 %1</translation>
    </message>
    <message>
        <source>REDUCE needs a global and a tuple, not a %1 and a %2</source>
        <translation>REDUCE 需要一个全局对象和一个元组，而不是 %1 和 %2</translation>
    </message>
    <message>
        <source>OrderedDict is only supported without arguments</source>
        <translation>仅支持不带参数的 OrderedDict</translation>
    </message>
    <message>
        <source>calling %1 is not supported</source>
        <translation>不支持调用 %1</translation>
    </message>
    <message>
        <source>BUILD on a %1 is not supported</source>
        <translation>不支持对 %1 执行 BUILD</translation>
    </message>
    <message>
        <source>BUILD with a %1 state is not supported</source>
        <translation>不支持状态为 %1 的 BUILD</translation>
    </message>
    <message>
        <source>the memo has no entry %1</source>
        <translation>memo 中没有条目 %1</translation>
    </message>
    <message>
        <source>pickle protocol %1 is not supported</source>
        <translation>不支持 pickle 协议 %1</translation>
    </message>
    <message>
        <source>STACK_GLOBAL needs two str values</source>
        <translation>STACK_GLOBAL 需要两个 str 值</translation>
    </message>
    <message>
        <source>SETITEMS has a key without a value</source>
        <translation>SETITEMS 中有一个没有值的键</translation>
    </message>
    <message>
        <source>persistent ids are not supported</source>
        <translation>不支持持久 ID</translation>
    </message>
    <message>
        <source>STOP with %1 values and %2 marks left (expected one value)</source>
        <translation>STOP 时剩余 %1 个值和 %2 个 MARK（应只有一个值）</translation>
    </message>
    <message>
        <source>opcode %1 is not supported</source>
        <translation>不支持操作码 %1</translation>
    </message>
    <message>
        <source>config is not valid JSON: %1</source>
        <translation>配置不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>config is not a JSON object</source>
        <translation>配置不是 JSON 对象</translation>
    </message>
    <message>
        <source>config field &quot;%1&quot; has the wrong type</source>
        <translation>配置字段“%1”的类型错误</translation>
    </message>
    <message>
        <source>config field &quot;%1&quot; has the unknown value &quot;%2&quot;</source>
        <translation>配置字段“%1”的值“%2”未知</translation>
    </message>
    <message>
        <source>in config field &quot;%1&quot;</source>
        <translation>（配置字段“%1”中）</translation>
    </message>
    <message>
        <source>The precision policy %1 %2</source>
        <translation>精度策略 %1 %2</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>is not a JSON object.</source>
        <translation>不是 JSON 对象。</translation>
    </message>
    <message>
        <source>gives &quot;%1&quot; %2; it must be true or false.</source>
        <translation>将“%1”设为 %2；它必须是 true 或 false。</translation>
    </message>
    <message>
        <source>gives &quot;name&quot; %1; it must be text.</source>
        <translation>将“name”设为 %1；它必须是文本。</translation>
    </message>
    <message>
        <source>gives &quot;modules&quot; %1; it must map module paths to precisions.</source>
        <translation>将“modules”设为 %1；它必须是从模块路径到精度的映射。</translation>
    </message>
    <message>
        <source>gives %1 %2; a precision is &quot;fp32&quot;, &quot;amp&quot;, &quot;bf16&quot; or &quot;fp16&quot;.</source>
        <translation>将 %1 设为 %2；精度应为“fp32”、“amp”、“bf16”或“fp16”。</translation>
    </message>
    <message>
        <source>module &quot;%1&quot;</source>
        <translation>模块“%1”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a precision policy preset (%2) nor a policy file: there is no file of that name.</source>
        <translation>“%1”既不是精度策略预设（%2），也不是策略文件：没有该名称的文件。</translation>
    </message>
    <message>
        <source>The precision policy names %1, which ResNet-18 does not have; its modules are conv1, bn1, layer1 … layer4, their blocks (layer1.0, layer1.1, …), the blocks&apos; conv1, bn1, conv2, bn2 and downsample (downsample.0, downsample.1), and fc.</source>
        <translation>精度策略指定了 %1，但 ResNet-18 没有这些模块；它的模块为 conv1、bn1、layer1 … layer4、它们的块（layer1.0、layer1.1、…）、块中的 conv1、bn1、conv2、bn2 和 downsample（downsample.0、downsample.1），以及 fc。</translation>
    </message>
    <message>
        <source>%1 line %2: %3.</source>
        <translation>%1 第 %2 行：%3。</translation>
    </message>
    <message>
        <source>a line longer than %1 bytes, more than any line of such a file (%2); it is not read</source>
        <translation>一行超过 %1 字节，比此类文件的任何一行都长（%2）；不予读取</translation>
    </message>
    <message>
        <source>%1, in a line longer than %2 bytes, more than any line of such a file (%3); it is not read</source>
        <translation>%1，所在行超过 %2 字节，比此类文件的任何一行都长（%3）；不予读取</translation>
    </message>
    <message>
        <source>binary data, not text (byte %1 at position %2)</source>
        <translation>二进制数据，不是文本（第 %2 个位置的字节 %1）</translation>
    </message>
    <message>
        <source>a blank line, where the header belongs</source>
        <translation>空行，此处应为表头</translation>
    </message>
    <message>
        <source>a blank line, where a row belongs</source>
        <translation>空行，此处应为一行数据</translation>
    </message>
    <message>
        <source>a blank line, where a row of %1 numbers belongs</source>
        <translation>空行，此处应为一行 %1 个数字</translation>
    </message>
    <message>
        <source>not gradstats.csv&apos;s header, which names step first</source>
        <translation>不是 gradstats.csv 的表头（表头第一列为 step）</translation>
    </message>
    <message>
        <source>not a row of gradient statistics (the step, the parameter&apos;s name and its counts, each a number)</source>
        <translation>不是一行梯度统计（步数、参数名及其计数，均为数字）</translation>
    </message>
    <message>
        <source>step is %1, not a whole number from 1 to %2</source>
        <translation>step 为 %1，不是 1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>the header names %1 first, not %2</source>
        <translation>表头第一列为 %1，而不是 %2</translation>
    </message>
    <message>
        <source>%1 cell, where the header has %2</source>
        <translation>%1 个单元格，而表头有 %2 个</translation>
    </message>
    <message>
        <source>%1 cells, where the header has %2</source>
        <translation>%1 个单元格，而表头有 %2 个</translation>
    </message>
    <message>
        <source>%1 is %2, not a number</source>
        <translation>%1 为 %2，不是数字</translation>
    </message>
    <message>
        <source>%1 is %2, not a whole number from 1 to %3</source>
        <translation>%1 为 %2，不是 1 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1 is %2, not a whole number</source>
        <translation>%1 为 %2，不是整数</translation>
    </message>
    <message>
        <source>its first cell is not a whole number (a step or an epoch)</source>
        <translation>其第一个单元格不是整数（步数或轮次）</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The ONNX graph failed the ONNX checker: %1</source>
        <translation>ONNX 图未通过 ONNX 检查器：%1</translation>
    </message>
    <message>
        <source>The ONNX model could not be serialised (over 2 GiB?).</source>
        <translation>无法序列化 ONNX 模型（超过 2 GiB？）。</translation>
    </message>
    <message>
        <source>cannot make the profile folder %1: %2</source>
        <translation>无法创建性能分析文件夹 %1：%2</translation>
    </message>
    <message>
        <source>Name the data to evaluate on: %1 is not a run folder.</source>
        <translation>请指定用于评估的数据：%1 不是运行文件夹。</translation>
    </message>
    <message>
        <source>%1 Nothing in the run was changed; repair that file, or move it out of the run folder, to resume the run.</source>
        <translation>%1 运行中的任何内容都没有改动；请修复该文件，或把它移出运行文件夹，再继续该运行。</translation>
    </message>
    <message>
        <source>This build has no Gloo (libgloo-dev), so it trains in one process only.</source>
        <translation>此构建不含 Gloo（libgloo-dev），只能在单个进程中训练。</translation>
    </message>
    <message>
        <source>An interleaved comparison runs in one process; compare data-parallel one run after the other.</source>
        <translation>交替对比在单个进程中运行；数据并行时请让各次运行依次进行。</translation>
    </message>
    <message>
        <source>A precision policy is the third run beside FP32 and AMP; a three-way comparison has three already: compare the policy without --three-way.</source>
        <translation>精度策略是 FP32 和 AMP 之外的第三次运行；三方对比已有三次运行：请去掉 --three-way 再对比该策略。</translation>
    </message>
    <message>
        <source>A precision suggestion profiles at least one step.</source>
        <translation>精度建议至少要剖析一步。</translation>
    </message>
    <message>
        <source>fastest allowed</source>
        <translation>允许的精度中最快</translation>
    </message>
    <message>
        <source>bf16 or fp16 faster by under %1</source>
        <translation>bf16 或 fp16 快不到 %1</translation>
    </message>
    <message>
        <source>fp16 fastest, but over %1 of its gradients flush to zero</source>
        <translation>fp16 最快，但超过 %1 的梯度会被冲成 0</translation>
    </message>
    <message>
        <source>nothing to compare fp32 with</source>
        <translation>没有可与 fp32 比较的测量</translation>
    </message>
    <message>
        <source>A precision suggestion is measured in one process, not in a data-parallel group.</source>
        <translation>精度建议在单个进程中测量，而不是在数据并行组中。</translation>
    </message>
    <message>
        <source>The run in %1 holds no profile to suggest precisions from: it ended before its second step (the first is not profiled), or its profile could not be written.</source>
        <translation>%1 中的运行没有可用来建议精度的剖析数据：它在第二步之前就结束了（第一步不剖析），或者它的剖析数据无法写入。</translation>
    </message>
    <message>
        <source>%1 holds no gradient ranges: without them no module can be shown to keep its gradients in fp16.</source>
        <translation>%1 中没有梯度范围：没有它们，就无法表明任何模块的梯度在 fp16 中不会丢失。</translation>
    </message>
    <message>
        <source>The two evaluations are not of the same images: evaluate both models on the same data and split.</source>
        <translation>两次评估的图像不同：请在相同的数据和划分上评估两个模型。</translation>
    </message>
    <message>
        <source>The two evaluations are not of the same images: image %1 is missing from one of them.</source>
        <translation>两次评估的图像不同：其中一次缺少图像 %1。</translation>
    </message>
    <message>
        <source>has the key &quot;%1&quot;; a policy has &quot;name&quot;, &quot;otherwise&quot;, &quot;batchNormFp32&quot;, &quot;smallMapsFp32&quot;, &quot;reducedWeights&quot; and &quot;modules&quot;.</source>
        <translation>含有键“%1”；策略的键为“name”、“otherwise”、“batchNormFp32”、“smallMapsFp32”、“reducedWeights”和“modules”。</translation>
    </message>
    <message>
        <source>follows the modules: fp32 where all are, else their most common 16-bit type (the loss then in fp32)</source>
        <translation>跟随各模块：全部为 fp32 时取 fp32，否则取各模块中最常见的 16 位类型（此时损失以 fp32 计算）</translation>
    </message>
</context>
<context>
    <name>EvaluationWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Share of each true class (row-normalised)</source>
        <translation>按真实类别的占比显示（行归一化）</translation>
    </message>
    <message>
        <source>All mistakes</source>
        <translation>全部错误</translation>
    </message>
    <message>
        <source>Evaluation — %1</source>
        <translation>评估 — %1</translation>
    </message>
    <message>
        <source>Evaluation — %1 against %2</source>
        <translation>评估 — %1 对比 %2</translation>
    </message>
    <message>
        <source>Evaluating %1 on its validation images…</source>
        <translation>正在用验证集图像评估 %1…</translation>
    </message>
    <message>
        <source>Evaluating %1 and %2 on the same validation images…</source>
        <translation>正在用同一批验证集图像评估 %1 和 %2…</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>Support</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Recall, %1</source>
        <translation>召回率（%1）</translation>
    </message>
    <message>
        <source>Per class</source>
        <translation>各类别</translation>
    </message>
    <message>
        <source>Top confusions</source>
        <translation>最常见的混淆</translation>
    </message>
    <message>
        <source>Mistakes</source>
        <translation>错误样本</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <source>Stopping after the images in progress…</source>
        <translation>处理完当前图像后停止…</translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation>%1 / %2 张图像</translation>
    </message>
    <message>
        <source>The evaluation could not be done.</source>
        <translation>无法完成评估。</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何文件。</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message numerus="yes">
        <source>%n image(s), top-1 %1, %2 images/s</source>
        <translation>
            <numerusform>%n 张图像，top-1 %1，每秒 %2 张</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) could not be read and were skipped, the first: %1</source>
        <translation>
            <numerusform>%n 张图像无法读取，已跳过，第一张：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Written to %1 (confusion.csv, per-class.csv, predictions.csv)</source>
        <translation>已写入 %1（confusion.csv、per-class.csv、predictions.csv）</translation>
    </message>
    <message>
        <source>%1 × %2 taken for %3</source>
        <translation>%1 × %2 被误认为 %3</translation>
    </message>
    <message>
        <source>No image was taken for another class.</source>
        <translation>没有图像被误认为其他类别。</translation>
    </message>
    <message>
        <source>%1: top-1 %2. %3: top-1 %4.
The same top-1 answer on %5 of %6 images (%7); %8 answered differently.
Probability given to the true class, %3 minus %1: mean %9, largest %10.</source>
        <translation>%1：top-1 %2。%3：top-1 %4。
%6 张图像中有 %5 张的 top-1 答案相同（%7）；%8 张答案不同。
给真实类别的概率，%3 减去 %1：平均 %9，最大 %10。</translation>
    </message>
    <message>
        <source>%1 (%2): %3 says %4, %5 says %6</source>
        <translation>%1（%2）：%3 判为 %4，%5 判为 %6</translation>
    </message>
    <message numerus="yes">
        <source>The %n most confidently wrong image(s); click a cell of the matrix to see its images.</source>
        <translation>
            <numerusform>置信度最高的 %n 张错误图像；点击矩阵中的单元格可查看该单元格的图像。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>显示 %n 张</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on the validation images of %2</source>
        <translation>%1，在 %2 的验证集图像上</translation>
    </message>
    <message>
        <source>The two models give every image the same answer.</source>
        <translation>两个模型对每张图像给出的答案都相同。</translation>
    </message>
    <message>
        <source>Evaluating %1 on the images in %2…</source>
        <translation>正在用 %2 中的图像评估 %1…</translation>
    </message>
    <message>
        <source>%1 on every image of %2</source>
        <translation>%1，在 %2 的全部图像上</translation>
    </message>
    <message>
        <source>The run measured top-1 %1 (%2 of %3 images) in %4 as it ended.</source>
        <translation>该运行结束时以 %4 测得 top-1 %1（%3 张图像中的 %2 张）。</translation>
    </message>
    <message>
        <source>This evaluation read %1 of them: the others could not be read.</source>
        <translation>本次评估读取了其中 %1 张：其余的无法读取。</translation>
    </message>
    <message>
        <source>Here, in %1 with batch norm folded in (as Classify and serve run it): the same count.</source>
        <translation>这里以 %1 计算并把批归一化折叠进卷积（与“分类”页和 serve 相同）：数量相同。</translation>
    </message>
    <message>
        <source>Here, in %1 with batch norm folded in (as Classify and serve run it): %2 of them. The arithmetic decides a few borderline images differently; the weights and the images are the same.</source>
        <translation>这里以 %1 计算并把批归一化折叠进卷积（与“分类”页和 serve 相同）：答对 %2 张。权重和图像都相同，是算术精度让少数处在边界上的图像得出了不同答案。</translation>
    </message>
</context>
<context>
    <name>GradientRangeChart</name>
    <message>
        <source>Share of the parameter&apos;s non-zero values</source>
        <translation>占该参数非零值的比例</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Unscaled gradient magnitude |g|</source>
        <translation>未缩放的梯度幅值 |g|</translation>
    </message>
    <message>
        <source>fp16: underflow to 0 below %1</source>
        <translation>fp16：低于 %1 下溢为 0</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>overflow above %1</source>
        <translation>高于 %1 上溢</translation>
    </message>
    <message>
        <source>No gradient ranges yet: they are measured at step 1 and every K steps
(Configuration ▸ Run ▸ Gradient ranges every)</source>
        <translation>尚无梯度范围：在第 1 步及此后每 K 步测量
（配置 ▸ 运行 ▸ 梯度范围统计间隔）</translation>
    </message>
    <message>
        <source>Gradient values that would underflow to 0 in fp16, per measured step</source>
        <translation>每个测量步中在 fp16 下会下溢为 0 的梯度值</translation>
    </message>
    <message>
        <source>fp16, as they are</source>
        <translation>fp16，原值</translation>
    </message>
    <message>
        <source>fp16, multiplied by the loss scale</source>
        <translation>fp16，乘以损失缩放后</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Gradient ranges</source>
        <translation>梯度范围</translation>
    </message>
    <message>
        <source>Gradient ranges at step %1</source>
        <translation>第 %1 步的梯度范围</translation>
    </message>
    <message>
        <source>fp16 underflow after ×%1</source>
        <translation>×%1 后的 fp16 下溢界</translation>
    </message>
    <message>
        <source>fp16 overflow after ×%1</source>
        <translation>×%1 后的 fp16 上溢界</translation>
    </message>
    <message>
        <source>bf16: normal down to %1, off the chart — nothing here underflows</source>
        <translation>bf16：正规数可低至 %1，超出图表范围——这里没有任何值会下溢</translation>
    </message>
    <message>
        <source>Loss scale ×%1: the values left of the dashed line underflow in fp16 even after scaling</source>
        <translation>损失缩放 ×%1：虚线左侧的值即使缩放后在 fp16 中仍会下溢</translation>
    </message>
    <message>
        <source>No loss scaling: in fp16, the values below %1 would underflow to 0</source>
        <translation>无损失缩放：在 fp16 中，低于 %1 的值会下溢为 0</translation>
    </message>
    <message>
        <source>% of values</source>
        <translation>占值的比例（%）</translation>
    </message>
</context>
<context>
    <name>ImageListPanel</name>
    <message>
        <source>Add images…</source>
        <translation>添加图像…</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Add the image or image files on the clipboard (Ctrl+V)</source>
        <translation>添加剪贴板中的图像或图像文件（Ctrl+V）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Drop image files or folders here, paste an image (Ctrl+V), or click “Add images…”.
Each image is shown with its five most likely classes and how long it took.</source>
        <translation>将图像文件或文件夹拖放到这里，粘贴图像（Ctrl+V），或点击“添加图像…”。
每张图像都会显示最可能的五个类别及其耗时。</translation>
    </message>
    <message>
        <source>Only files on this computer can be classified, not %1.</source>
        <translation>只能分类本机上的文件，无法分类 %1。</translation>
    </message>
    <message>
        <source>The folder %1 holds no images (.jpg, .jpeg, .png, .bmp or .webp).</source>
        <translation>文件夹 %1 中没有图像（.jpg、.jpeg、.png、.bmp 或 .webp）。</translation>
    </message>
    <message>
        <source>Pasted image %1</source>
        <translation>粘贴的图像 %1</translation>
    </message>
    <message>
        <source>The clipboard holds no image and no image file.</source>
        <translation>剪贴板中没有图像，也没有图像文件。</translation>
    </message>
    <message>
        <source>Add images</source>
        <translation>添加图像</translation>
    </message>
    <message>
        <source>Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff);;All files (*)</source>
        <translation>图像 (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 classified</source>
        <translation>已分类 %1 张</translation>
    </message>
    <message>
        <source>%1 could not be read</source>
        <translation>%1 张无法读取</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 张等待中</translation>
    </message>
    <message>
        <source>%1 waiting for a model</source>
        <translation>%1 张等待模型</translation>
    </message>
    <message numerus="yes">
        <source>%n image(s)</source>
        <translation>
            <numerusform>%n 张图像</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>AMP</source>
        <translation>AMP</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>AMP Workbench</source>
        <translation>AMP 工作台</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Stopping after the current step…</source>
        <translation>当前步结束后停止…</translation>
    </message>
    <message>
        <source>Configuration loaded from the run.</source>
        <translation>已从该运行载入配置。</translation>
    </message>
    <message>
        <source>&amp;Start training</source>
        <translation>开始训练(&amp;S)</translation>
    </message>
    <message>
        <source>Train with the configuration on the left (Ctrl+R, F5)</source>
        <translation>使用左侧的配置开始训练（Ctrl+R、F5）</translation>
    </message>
    <message>
        <source>Run FP32 vs &amp;AMP</source>
        <translation>运行 FP32 与 AMP 对比(&amp;A)</translation>
    </message>
    <message>
        <source>Train FP32, then AMP, with the same seed and data order, and compare them (Ctrl+Shift+R)</source>
        <translation>以相同的随机种子和数据顺序先训练 FP32 再训练 AMP，并进行对比（Ctrl+Shift+R）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop after the current step; the run folder keeps a checkpoint (Shift+F5, Ctrl+.)</source>
        <translation>在当前步结束后停止；运行文件夹中会保留检查点（Shift+F5、Ctrl+.）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;runs folder</source>
        <translation>打开运行记录文件夹(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About AMP Workbench</source>
        <translation>关于 AMP 工作台(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 threads for libtorch. Without bf16 units, AMP on the CPU emulates bf16 and is usually slower than FP32.</source>
        <translation>libtorch 使用 %1 个线程。没有 bf16 单元时，CPU 上的 AMP 只能模拟 bf16，通常比 FP32 更慢。</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>正在准备数据和模型…</translation>
    </message>
    <message>
        <source>%1 run finished.</source>
        <translation>%1 运行已完成。</translation>
    </message>
    <message>
        <source>%1 run stopped.</source>
        <translation>%1 运行已停止。</translation>
    </message>
    <message>
        <source>%1 run failed: %2</source>
        <translation>%1 运行失败：%2</translation>
    </message>
    <message>
        <source>step %1 of %2 (epoch %3)</source>
        <translation>第 %1 步，共 %2 步（第 %3 轮）</translation>
    </message>
    <message>
        <source>Comparing, %1 run: %2</source>
        <translation>正在对比，%1 运行：%2</translation>
    </message>
    <message>
        <source>Training %1: %2</source>
        <translation>正在训练 %1：%2</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>The run failed. You can change the configuration and start again.</source>
        <translation>运行失败。你可以修改配置后重新开始。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Resume training (Ctrl+P)</source>
        <translation>继续训练（Ctrl+P）</translation>
    </message>
    <message>
        <source>Pause after the current step (Ctrl+P)</source>
        <translation>在当前步结束后暂停（Ctrl+P）</translation>
    </message>
    <message>
        <source>The new language takes effect when AMP Workbench starts again.</source>
        <translation>新的语言将在 AMP 工作台下次启动时生效。</translation>
    </message>
    <message>
        <source>Stopping the run before closing…</source>
        <translation>正在停止运行，随后关闭…</translation>
    </message>
    <message>
        <source>Classify</source>
        <translation>分类</translation>
    </message>
    <message>
        <source>Resume from &amp;checkpoint</source>
        <translation>从检查点继续(&amp;C)</translation>
    </message>
    <message>
        <source>Continue the stopped or failed run from its checkpoint; its steps follow on in the same charts and run folder</source>
        <translation>从检查点继续已停止或失败的运行；后续步骤接在同一图表和运行文件夹中</translation>
    </message>
    <message>
        <source>Cannot resume: %1</source>
        <translation>无法继续：%1</translation>
    </message>
    <message>
        <source>Locked while a run is in progress; changes apply to the next run.</source>
        <translation>运行进行中，配置已锁定；更改将用于下一次运行。</translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation>X 光</translation>
    </message>
    <message>
        <source>AMP %1</source>
        <translation>AMP %1</translation>
    </message>
    <message>
        <source>CPU: %1 · bf16 units: %2 · libtorch %3</source>
        <translation>CPU：%1 · bf16 单元：%2 · libtorch %3</translation>
    </message>
    <message>
        <source>Measuring precisions (the X-ray tab shows how far)…</source>
        <translation>正在测量精度（X 光页显示进度）…</translation>
    </message>
</context>
<context>
    <name>MetricChart</name>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>Wall time (h:mm:ss)</source>
        <translation>实际耗时（时:分:秒）</translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
</context>
<context>
    <name>MistakesGallery</name>
    <message>
        <source>%1
→ %2 %3</source>
        <translation>%1
→ %2 %3</translation>
    </message>
    <message>
        <source>True class: %1 (%2)</source>
        <translation>真实类别：%1（%2）</translation>
    </message>
</context>
<context>
    <name>ModelChoice</name>
    <message>
        <source>No run with a checkpoint in %1 yet: train one, or choose a model file.</source>
        <translation>%1 中还没有带检查点的运行：请先训练一个，或选择模型文件。</translation>
    </message>
</context>
<context>
    <name>ModelSelector</name>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>This CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 would be slower than fp32.</source>
        <translation>此 CPU 没有 bf16 单元（AVX512-BF16 或 AMX），bf16 会比 fp32 更慢。</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>精度：</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Latest run</source>
        <translation>最新运行</translation>
    </message>
    <message>
        <source>The newest run in the runs folder that has a checkpoint</source>
        <translation>运行记录文件夹中带检查点的最新运行</translation>
    </message>
    <message>
        <source>torchvision ImageNet weights</source>
        <translation>torchvision ImageNet 权重</translation>
    </message>
    <message>
        <source>%1 is not in the torch hub cache</source>
        <translation>%1 不在 torch hub 缓存中</translation>
    </message>
    <message>
        <source>Run&apos;s checkpoint…</source>
        <translation>运行的检查点…</translation>
    </message>
    <message>
        <source>Import .pth…</source>
        <translation>导入 .pth…</translation>
    </message>
    <message>
        <source>Import a ResNet-18 state dict</source>
        <translation>导入 ResNet-18 状态字典</translation>
    </message>
    <message>
        <source>PyTorch state dicts (*.pth *.pt);;All files (*)</source>
        <translation>PyTorch 状态字典 (*.pth *.pt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The model could not be loaded: %1</source>
        <translation>无法加载模型：%1</translation>
    </message>
    <message>
        <source>%1 · %2 on the CPU</source>
        <translation>%1 · %2，在 CPU 上运行</translation>
    </message>
</context>
<context>
    <name>ModelServer</name>
    <message>
        <source>Port %1 on %2 is in use by another program (or needs privileges): choose another port in Settings, or 0 for any free port.</source>
        <translation>%2 上的端口 %1 已被其他程序占用（或需要特权）：请在“设置”中选择其他端口，或设为 0 以使用任意空闲端口。</translation>
    </message>
    <message>
        <source>The model could not be loaded: %1</source>
        <translation>无法加载模型：%1</translation>
    </message>
    <message>
        <source>This build has no classification service (it needs OpenCV and cpp-httplib).</source>
        <translation>此版本不含分类服务（需要 OpenCV 和 cpp-httplib）。</translation>
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, and %1 in %2</source>
        <translation>，%2 用 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; stages with maps under 8×8 in fp32</source>
        <translation>；特征图小于 8×8 的阶段用 fp32</translation>
    </message>
    <message>
        <source>; batch norms in fp32</source>
        <translation>；批归一化用 fp32</translation>
    </message>
    <message>
        <source>Every module in fp32: nothing reduced, an FP32 run</source>
        <translation>每个模块都用 fp32：不降低任何精度，即一次 FP32 运行</translation>
    </message>
    <message>
        <source>Autocast&apos;s own lists decide operator by operator, as AMP does without a policy</source>
        <translation>由 autocast 自己的列表逐个算子决定，与不用策略的 AMP 相同</translation>
    </message>
    <message>
        <source>AMP, with every batch norm in fp32 (Apex O2&apos;s rule)</source>
        <translation>AMP，但所有批归一化用 fp32（Apex O2 的规则）</translation>
    </message>
    <message>
        <source>AMP, but the stages whose feature maps are under 8×8 in fp32: there autocast&apos;s casts cost more than its products save on the CPUs measured</source>
        <translation>AMP，但特征图小于 8×8 的阶段用 fp32：在测过的 CPU 上，那里 autocast 的类型转换所花的时间多于乘法省下的时间</translation>
    </message>
    <message>
        <source>Autocast in bf16 whatever the device (on CUDA instead of AMP&apos;s fp16)</source>
        <translation>无论何种设备，autocast 都用 bf16（在 CUDA 上代替 AMP 的 fp16）</translation>
    </message>
    <message>
        <source>, and %1 in one module</source>
        <translation>，1 个模块用 %1</translation>
    </message>
    <message>
        <source>, and %1 in %2 modules</source>
        <translation>，%2 个模块用 %1</translation>
    </message>
    <message>
        <source>Policy %1</source>
        <translation>策略 %1</translation>
    </message>
    <message>
        <source>; weights stored reduced, fp32 masters</source>
        <translation>；权重以低精度存储，另存 fp32 主权重</translation>
    </message>
    <message>
        <source>AMP, with the convolutions&apos; and the head&apos;s weights stored in AMP&apos;s type and fp32 master copies stepped by the optimizer (Apex O2&apos;s weights)</source>
        <translation>AMP，且卷积层和分类头的权重以 AMP 的类型存储，优化器更新其 fp32 主权重副本（Apex O2 的权重方式）</translation>
    </message>
</context>
<context>
    <name>PrecisionColumn</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Forward and backward per step: fp32 %1 ms, bf16 %2 ms, fp16 %3 ms.
Gradients flushed to zero at the worst step: fp16 %4 %, bf16 %5 %.
Chosen: %6 (%7).</source>
        <translation>每步前向与反向：fp32 %1 ms，bf16 %2 ms，fp16 %3 ms。
最差一步中被冲成 0 的梯度：fp16 %4 %，bf16 %5 %。
选择：%6（%7）。</translation>
    </message>
    <message>
        <source>Set for %1. Double-click to choose another precision.</source>
        <translation>已为 %1 设定。双击可选择其他精度。</translation>
    </message>
    <message>
        <source>From the policy&apos;s rule (in italics). Double-click to set a precision for %1.</source>
        <translation>来自策略的规则（斜体）。双击可为 %1 设定精度。</translation>
    </message>
    <message>
        <source>%1 is the step&apos;s work outside the model (the optimizer on the fp32 weights, and the step&apos;s own work): no policy reaches it.</source>
        <translation>%1 是模型之外的步骤工作（在 fp32 权重上运行的优化器，以及步骤本身的工作）：任何策略都管不到它。</translation>
    </message>
    <message>
        <source>Weights stored reduced</source>
        <translation>权重低精度存储</translation>
    </message>
    <message>
        <source>Store each convolution&apos;s and the head&apos;s weights in the precision its module computes in, with fp32 master copies that the optimizer steps (Apex O2&apos;s weights): no casts of the weights in each step; batch norms&apos; weights stay fp32</source>
        <translation>将每个卷积层和分类头的权重以其模块的计算精度存储，并保留由优化器更新的 fp32 主权重副本（Apex O2 的权重方式）：每一步不再转换权重；批归一化的权重保持 fp32</translation>
    </message>
    <message>
        <source>The autocast region around the modules: the precision of every module left in italics. ReLU, pooling and the shortcuts&apos; additions compute in the type their input arrives in; the loss in fp32 inside autocast (bf16, fp16, AMP), in its input&apos;s type under fp32</source>
        <translation>各模块外围的 autocast 区域：以斜体显示的每个模块所用的精度。ReLU、池化和残差连接的加法按输入传来的类型计算；损失在 autocast 内（bf16、fp16、AMP）以 fp32 计算，在 fp32 下按其输入的类型计算</translation>
    </message>
    <message>
        <source>A policy cannot name %1: autocast lowers none of its operators, so they compute in the type %2 hands them.</source>
        <translation>策略无法命名 %1：autocast 不降低其任何算子的精度，因此它们按 %2 传来的类型计算。</translation>
    </message>
    <message>
        <source>A policy cannot name %1: it runs in the region chosen for everything else.</source>
        <translation>策略无法命名 %1：它在为“其余部分”所选的区域中运行。</translation>
    </message>
</context>
<context>
    <name>ProfileButton</name>
    <message>
        <source>Records every operator of the next %1 steps of the run in progress (each run of a comparison) for the X-ray tab: time by kind of work, dtype, module and autocast&apos;s casts. The run folder gets trace.json (Perfetto, chrome://tracing) and CSV tables. The profiled steps run slower.</source>
        <translation>为“X 光”页记录正在进行的运行（对比中的每次运行）接下来 %1 步的每个算子：按工作类型、数据类型、模块统计的耗时，以及 autocast 的类型转换。运行文件夹中会写入 trace.json（Perfetto、chrome://tracing）和 CSV 表格。被剖析的步会变慢。</translation>
    </message>
    <message>
        <source>Profiling…</source>
        <translation>正在剖析…</translation>
    </message>
    <message>
        <source>Profile the next %1 steps</source>
        <translation>剖析接下来 %1 步</translation>
    </message>
</context>
<context>
    <name>RunCheckpointDialog</name>
    <message>
        <source>Choose a run&apos;s checkpoint</source>
        <translation>选择运行的检查点</translation>
    </message>
    <message>
        <source>Runs in %1 with a checkpoint, newest first:</source>
        <translation>%1 中有检查点的运行，最新的在前：</translation>
    </message>
    <message>
        <source>No run in %1 has a checkpoint yet: a run writes one at the end of each epoch and every five minutes while it trains.</source>
        <translation>%1 中还没有带检查点的运行：运行会在每轮结束时以及训练期间每五分钟写入一次检查点。</translation>
    </message>
    <message>
        <source>Classify with this run</source>
        <translation>用这次运行分类</translation>
    </message>
    <message>
        <source>Other file…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <source>Run checkpoints (checkpoint.pt)</source>
        <translation>运行检查点 (checkpoint.pt)</translation>
    </message>
</context>
<context>
    <name>RunFolderReader</name>
    <message>
        <source>%1 has no readable steps.csv.</source>
        <translation>%1 中没有可读取的 steps.csv。</translation>
    </message>
</context>
<context>
    <name>RunFollower</name>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n 秒前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n 分钟前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n 小时前</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: its folder %2 is gone; the charts keep what was read before.</source>
        <translation>%1：文件夹 %2 已不存在；图表保留此前读到的内容。</translation>
    </message>
    <message>
        <source>%1: not started yet</source>
        <translation>%1：尚未开始</translation>
    </message>
    <message numerus="yes">
        <source>%1: running, %n step(s), folder written %2</source>
        <translation>
            <numerusform>%1：运行中，%n 步，文件夹最近写入于 %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 after %n step(s)</source>
        <translation>
            <numerusform>%1：%n 步后%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunProgressWidget</name>
    <message>
        <source>Time left: 00:00:00</source>
        <translation>剩余时间：00:00:00</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Epoch:</source>
        <translation>轮：</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>step %v of %m</source>
        <translation>第 %v 步，共 %m 步</translation>
    </message>
    <message>
        <source>Epoch %1:</source>
        <translation>第 %1 轮：</translation>
    </message>
    <message>
        <source>Validating…</source>
        <translation>正在验证…</translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation>剩余时间：%1</translation>
    </message>
    <message>
        <source>%1 · step %2 · loss %3 · %4 · loss scale %5 · learning rate %6</source>
        <translation>%1 · 第 %2 步 · 损失 %3 · %4 · 损失缩放 %5 · 学习率 %6</translation>
    </message>
    <message>
        <source>Epoch %1: top-1 %2</source>
        <translation>第 %1 轮：top-1 %2</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>%1 finished: %2 steps, %3, top-1 %4, peak memory %5</source>
        <translation>%1 已完成：%2 步，%3，top-1 %4，峰值内存 %5</translation>
    </message>
    <message>
        <source>%1 stopped after %2 steps.</source>
        <translation>%1 在 %2 步后停止。</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n data file(s) could not be read and were skipped; they are listed in &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;.</source>
        <translation>
            <numerusform>有 %n 个数据文件无法读取，已跳过；它们列在 &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt; 中。</numerusform>
        </translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Evaluate both runs on their validation images and compare them image by image</source>
        <translation>在验证集图像上评估两个运行，并逐张图像比较二者</translation>
    </message>
    <message>
        <source>Evaluate the run on its validation images: confusion matrix, per-class results, the most confident mistakes</source>
        <translation>在验证集图像上评估该运行：混淆矩阵、各类别结果、置信度最高的错误</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n processes</source>
        <translation>
            <numerusform>%1（共 %n 个进程）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n class(es), %2 training and %3 validation images of %4 px on %5</source>
        <translation>
            <numerusform>%1：%n 个类别，%2 张训练图像和 %3 张验证图像，%4 像素，在 %5 上</numerusform>
        </translation>
    </message>
    <message>
        <source>its %1-class head replaced by a new %2-class head</source>
        <translation>其 %1 类的分类头已替换为新的 %2 类分类头</translation>
    </message>
    <message>
        <source>its %1-class head kept</source>
        <translation>保留其 %1 类的分类头</translation>
    </message>
    <message>
        <source>Weights from %1: %2%3</source>
        <translation>权重来自 %1：%2%3</translation>
    </message>
    <message>
        <source>; only the head trains</source>
        <translation>；只训练分类头</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %n image(s))</source>
        <translation>
            <numerusform>%1（%n 张图像中的 %2 张）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunTableModel</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Best top-1</source>
        <translation>最佳 top-1</translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>%1 + part of one</source>
        <translation>%1 + 未完成的一轮</translation>
    </message>
</context>
<context>
    <name>RunsTab</name>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation>显示文件夹</translation>
    </message>
    <message>
        <source>Use configuration</source>
        <translation>使用此配置</translation>
    </message>
    <message>
        <source>Plot the selected runs below (or double-click a run)</source>
        <translation>在下方绘制所选运行的图表（也可双击某个运行）</translation>
    </message>
    <message>
        <source>Compare the selected runs (two or more) in the Compare tab</source>
        <translation>在“对比”页中对比所选的运行（两个或更多）</translation>
    </message>
    <message>
        <source>Load the selected run&apos;s configuration into the configuration panel</source>
        <translation>将所选运行的配置载入配置面板</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Runs folder: %1</source>
        <translation>运行记录文件夹：%1</translation>
    </message>
    <message>
        <source>A run name cannot be empty, start with a dot or contain slashes.</source>
        <translation>运行名称不能为空，不能以点开头，也不能包含斜杠。</translation>
    </message>
    <message>
        <source>There is already a run called %1.</source>
        <translation>已经存在名为 %1 的运行。</translation>
    </message>
    <message>
        <source>Could not rename %1.</source>
        <translation>无法重命名 %1。</translation>
    </message>
    <message>
        <source>Could not delete %1 completely.</source>
        <translation>无法完全删除 %1。</translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>New name of the comparison folder (it holds both runs):</source>
        <translation>对比文件夹的新名称（其中包含两次运行）：</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Could not read the run&apos;s configuration: %1</source>
        <translation>无法读取该运行的配置：%1</translation>
    </message>
    <message>
        <source>Runs cannot be deleted while training runs</source>
        <translation>训练进行中时不能删除运行</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Continue the selected stopped or failed run from its checkpoint in the Train tab</source>
        <translation>在“训练”标签页中从检查点继续所选的已停止或失败的运行</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n run(s) and all their files? This cannot be undone.</source>
        <translation>
            <numerusform>删除 %n 个运行及其全部文件？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Evaluate the selected run on its validation images: confusion matrix, per-class results, the most confident mistakes; with two runs selected, where they disagree</source>
        <translation>在验证集图像上评估所选运行：混淆矩阵、各类别结果、置信度最高的错误；选中两个运行时，显示二者的分歧</translation>
    </message>
    <message>
        <source>On its validation images</source>
        <translation>在其验证集图像上</translation>
    </message>
    <message>
        <source>On every image in a folder…</source>
        <translation>在一个文件夹的全部图像上…</translation>
    </message>
    <message>
        <source>A folder of class folders (as for training), e.g. photos the run has never seen</source>
        <translation>一个由类别文件夹组成的文件夹（与训练时相同），例如该运行从未见过的照片</translation>
    </message>
    <message>
        <source>Folder of class folders to evaluate on</source>
        <translation>用于评估的类别文件夹所在的文件夹</translation>
    </message>
    <message>
        <source>Open run folder…</source>
        <translation>打开运行文件夹…</translation>
    </message>
    <message>
        <source>Plot a run from any folder, e.g. one a CLI or torchrun job is writing on a shared filesystem; its charts grow while the job runs</source>
        <translation>绘制任意文件夹中的运行，例如 CLI 或 torchrun 作业正在共享文件系统上写入的运行；作业运行期间其图表随之增长</translation>
    </message>
    <message>
        <source>There is no run in %1 yet (no config.json). It is listed here as soon as one appears.</source>
        <translation>%1 中还没有运行（没有 config.json）。一旦出现运行，就会在此列出。</translation>
    </message>
    <message>
        <source>Open run folder</source>
        <translation>打开运行文件夹</translation>
    </message>
</context>
<context>
    <name>ServingPanel</name>
    <message>
        <source>Serve this model</source>
        <translation>提供此模型服务</translation>
    </message>
    <message>
        <source>Serve this model over HTTP on this computer: a web page to try it in a browser and an API for scripts. The port is in Settings.</source>
        <translation>在本机通过 HTTP 提供此模型的服务：可在浏览器中试用的网页，以及供脚本调用的接口。端口在“设置”中设定。</translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>复制网址</translation>
    </message>
    <message>
        <source>Stopping the service after the requests in flight…</source>
        <translation>正在处理完进行中的请求后停止服务…</translation>
    </message>
    <message>
        <source>The model changed: restarting the service on %1…</source>
        <translation>模型已更改：正在用 %1 重新启动服务…</translation>
    </message>
    <message>
        <source>Starting the service on %1…</source>
        <translation>正在用 %1 启动服务…</translation>
    </message>
    <message>
        <source>Serving at %1: a web page to try the model, and an HTTP API for scripts (this computer only).</source>
        <translation>服务地址 %1：可试用模型的网页，以及供脚本调用的 HTTP 接口（仅限本机）。</translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation>未在提供服务：%1</translation>
    </message>
    <message>
        <source>Stop serving</source>
        <translation>停止服务</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>A new language takes effect when AMP Workbench starts again.</source>
        <translation>新的语言将在 AMP 工作台下次启动时生效。</translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation>运行记录文件夹</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>Runs folder:</source>
        <translation>运行记录文件夹：</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>Where “Serve this model” in the Classify tab listens, on this computer only</source>
        <translation>“分类”页中“提供此模型服务”监听的端口，仅限本机</translation>
    </message>
    <message>
        <source>Serving port:</source>
        <translation>服务端口：</translation>
    </message>
</context>
<context>
    <name>StartingWeightsPicker</name>
    <message>
        <source>Download…</source>
        <translation>下载…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Train only the new head</source>
        <translation>只训练新的分类头</translation>
    </message>
    <message>
        <source>Random weights</source>
        <translation>随机权重</translation>
    </message>
    <message>
        <source>ImageNet (torchvision&apos;s ResNet-18)</source>
        <translation>ImageNet（torchvision 的 ResNet-18）</translation>
    </message>
    <message>
        <source>Weights file or run folder…</source>
        <translation>权重文件或运行文件夹…</translation>
    </message>
    <message>
        <source>Train from scratch, as torchvision initialises a new ResNet-18</source>
        <translation>从头训练，按 torchvision 初始化新 ResNet-18 的方式初始化</translation>
    </message>
    <message>
        <source>Fine-tune torchvision&apos;s ImageNet weights (resnet18-f37072fd.pth): the head is replaced by a new one for your classes</source>
        <translation>微调 torchvision 的 ImageNet 权重（resnet18-f37072fd.pth）：分类头换成适合你的类别的新分类头</translation>
    </message>
    <message>
        <source>A .pth state dict in torchvision&apos;s format, an exported model, or a run folder or its checkpoint.pt; a head for another class count is replaced</source>
        <translation>torchvision 格式的 .pth state dict、导出的模型，或运行文件夹及其 checkpoint.pt；类别数不同的分类头会被替换</translation>
    </message>
    <message>
        <source>Choose a weights file</source>
        <translation>选择权重文件</translation>
    </message>
    <message>
        <source>Run…</source>
        <translation>运行…</translation>
    </message>
    <message>
        <source>Choose a run folder</source>
        <translation>选择运行文件夹</translation>
    </message>
    <message>
        <source>Fetch resnet18-f37072fd.pth (45 MB) from download.pytorch.org into the torch hub cache, where Python&apos;s torchvision finds it too</source>
        <translation>从 download.pytorch.org 获取 resnet18-f37072fd.pth（45 MB）到 torch hub 缓存，Python 的 torchvision 也能在那里找到它</translation>
    </message>
    <message>
        <source>Feature extraction: the pretrained layers and their batch-norm statistics stay as loaded and only the new head learns, which makes each step much cheaper</source>
        <translation>特征提取：预训练层及其批归一化统计量保持加载时的值，只有新分类头学习，每一步的开销小得多</translation>
    </message>
    <message>
        <source>The pretrained layers learn at this fraction of the learning rate, the new head at the full rate</source>
        <translation>预训练层以学习率的这一比例学习，新分类头以完整学习率学习</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>起始于：</translation>
    </message>
    <message>
        <source>Backbone learning rate:</source>
        <translation>骨干学习率：</translation>
    </message>
    <message>
        <source>%1 of %2 MB</source>
        <translation>%1 / %2 MB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>The ImageNet weights are not in the torch hub cache yet: click Download… (or run amp-workbench-cli weights fetch imagenet), or start from another file.</source>
        <translation>ImageNet 权重还不在 torch hub 缓存中：请点击“下载…”（或运行 amp-workbench-cli weights fetch imagenet），或从其他文件开始。</translation>
    </message>
    <message>
        <source>Choose the weights file or run folder to start from.</source>
        <translation>请选择作为起点的权重文件或运行文件夹。</translation>
    </message>
    <message>
        <source>The weights file or folder %1 does not exist.</source>
        <translation>权重文件或文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Starting weights</source>
        <translation>起始权重</translation>
    </message>
    <message>
        <source>Weights (*.pth *.pt);;All files (*)</source>
        <translation>权重 (*.pth *.pt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Run folder to start from</source>
        <translation>作为起点的运行文件夹</translation>
    </message>
    <message>
        <source>Download cancelled; nothing was saved.</source>
        <translation>下载已取消；没有保存任何文件。</translation>
    </message>
    <message>
        <source>Downloading from %1 …</source>
        <translation>正在从 %1 下载…</translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation>已找到：%1</translation>
    </message>
    <message>
        <source>Not in the torch hub cache yet.</source>
        <translation>尚未在 torch hub 缓存中。</translation>
    </message>
    <message>
        <source>The ImageNet weights were trained on %1 px images; at %2 px their features fit less well and accuracy will suffer.</source>
        <translation>ImageNet 权重是在 %1 px 的图像上训练的；在 %2 px 下其特征不太适用，准确率会下降。</translation>
    </message>
    <message>
        <source>Always use a new head</source>
        <translation>总是使用新的分类头</translation>
    </message>
    <message>
        <source>A head for another class count is always replaced. With the same count the file&apos;s head is kept, to continue training it; tick this when your classes are other ones</source>
        <translation>类别数不同的分类头总会被替换。类别数相同时保留文件中的分类头，以便继续训练它；如果你的类别是另外的类别，请勾选此项</translation>
    </message>
    <message>
        <source>.pth file or run folder</source>
        <translation>.pth 文件或运行文件夹</translation>
    </message>
    <message>
        <source>A .pth state dict in torchvision&apos;s format, an exported model, or a run folder or its checkpoint.pt</source>
        <translation>torchvision 格式的 .pth 状态字典、导出的模型，或运行文件夹及其 checkpoint.pt</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
</context>
<context>
    <name>TrainTab</name>
    <message>
        <source>AMP</source>
        <translation>AMP</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>Could not read the run&apos;s configuration: %1</source>
        <translation>无法读取该运行的配置：%1</translation>
    </message>
    <message>
        <source>%1 under the precision policy %2</source>
        <translation>%1，精度策略 %2</translation>
    </message>
</context>
<context>
    <name>TrainingCharts</name>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>实际耗时</translation>
    </message>
    <message>
        <source>Smoothing of the loss curve (a debiased exponential moving average, computed for display; the raw losses are kept and drawn faintly)</source>
        <translation>损失曲线的平滑程度（去偏指数移动平均，仅用于显示；原始损失保持不变并以浅色绘制）</translation>
    </message>
    <message>
        <source>Reset all views</source>
        <translation>重置所有视图</translation>
    </message>
    <message>
        <source>X axis:</source>
        <translation>横轴：</translation>
    </message>
    <message>
        <source>Loss smoothing:</source>
        <translation>损失平滑：</translation>
    </message>
    <message>
        <source>Reset all views: fit every chart&apos;s axes to its data and follow it</source>
        <translation>重置所有视图：让每个图表的坐标轴适应其数据并跟随数据</translation>
    </message>
</context>
<context>
    <name>TrainingConfigPanel</name>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>dataset&apos;s own</source>
        <translation>数据集原始尺寸</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Side of the square images the model sees (224 in the original recipe)</source>
        <translation>模型所见正方形图像的边长（原始方案为 224）</translation>
    </message>
    <message>
        <source>Training images in the synthetic dataset</source>
        <translation>合成数据集中的训练图像数量</translation>
    </message>
    <message>
        <source>Random crop and horizontal flip</source>
        <translation>随机裁剪和水平翻转</translation>
    </message>
    <message>
        <source>all images</source>
        <translation>全部图像</translation>
    </message>
    <message>
        <source>Evaluate on at most this many validation images after each epoch</source>
        <translation>每轮结束后最多用这么多张验证图像进行评估</translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>数据集：</translation>
    </message>
    <message>
        <source>Image size:</source>
        <translation>图像尺寸：</translation>
    </message>
    <message>
        <source>Synthetic images:</source>
        <translation>合成图像数：</translation>
    </message>
    <message>
        <source>Augmentation:</source>
        <translation>数据增强：</translation>
    </message>
    <message>
        <source>Validation images:</source>
        <translation>验证图像数：</translation>
    </message>
    <message>
        <source>Precision and device</source>
        <translation>精度与设备</translation>
    </message>
    <message>
        <source>FP32 (single precision)</source>
        <translation>FP32（单精度）</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA GPU</source>
        <translation>CUDA GPU</translation>
    </message>
    <message>
        <source>No CUDA device (or this libtorch has no CUDA)</source>
        <translation>没有 CUDA 设备（或此 libtorch 不支持 CUDA）</translation>
    </message>
    <message>
        <source>channels_last (NHWC) memory format</source>
        <translation>channels_last（NHWC）内存格式</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>精度：</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>On</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Loss scaling:</source>
        <translation>损失缩放：</translation>
    </message>
    <message>
        <source>Initial scale:</source>
        <translation>初始缩放：</translation>
    </message>
    <message>
        <source>Growth factor:</source>
        <translation>增长因子：</translation>
    </message>
    <message>
        <source>Backoff factor:</source>
        <translation>回退因子：</translation>
    </message>
    <message>
        <source>Growth interval:</source>
        <translation>增长间隔：</translation>
    </message>
    <message>
        <source>Optimisation</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <source>Stop after this many optimizer steps in total</source>
        <translation>优化器总共执行这么多步后停止</translation>
    </message>
    <message>
        <source>Nesterov momentum</source>
        <translation>Nesterov 动量</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>恒定</translation>
    </message>
    <message>
        <source>Cosine decay</source>
        <translation>余弦衰减</translation>
    </message>
    <message>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>批量大小：</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>Max steps:</source>
        <translation>最大步数：</translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation>学习率：</translation>
    </message>
    <message>
        <source>Momentum:</source>
        <translation>动量：</translation>
    </message>
    <message>
        <source>Weight decay:</source>
        <translation>权重衰减：</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>学习率调度：</translation>
    </message>
    <message>
        <source>Step size:</source>
        <translation>步长：</translation>
    </message>
    <message>
        <source>Gamma:</source>
        <translation>Gamma：</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>预热：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Seeds the initial weights, the data order and the augmentation</source>
        <translation>决定初始权重、数据顺序和数据增强的随机种子</translation>
    </message>
    <message>
        <source>Threads that load and transform images ahead of the training step</source>
        <translation>在训练步之前预先加载和变换图像的线程</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <source>Loader workers:</source>
        <translation>加载线程：</translation>
    </message>
    <message>
        <source>Run name:</source>
        <translation>运行名称：</translation>
    </message>
    <message>
        <source>Step decay</source>
        <translation>阶梯衰减</translation>
    </message>
    <message>
        <source>Step decay multiplies the rate by gamma every step size epochs (the original recipe: 30 epochs, 0.1); cosine decay lowers it to zero over the run</source>
        <translation>阶梯衰减每隔“步长”轮将学习率乘以 gamma（原始方案：30 轮，0.1）；余弦衰减在整个运行中把学习率降到零</translation>
    </message>
    <message>
        <source>Starting weights</source>
        <translation>起始权重</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>At step 1 and every this many steps, each parameter&apos;s gradient against fp16&apos;s and bf16&apos;s range into gradstats.csv</source>
        <translation>在第 1 步以及此后每隔这么多步，把每个参数的梯度与 fp16 和 bf16 的数值范围对照，写入 gradstats.csv</translation>
    </message>
    <message>
        <source>Gradient ranges every:</source>
        <translation>梯度范围统计间隔：</translation>
    </message>
    <message>
        <source>Data-parallel ranks on this machine: the window trains rank 0 and starts amp-workbench-cli for each other rank. They share the cores, each trains a batch of its own shard of the data per step (processes × batch size images in all) and their gradients are averaged</source>
        <translation>本机上的数据并行进程：窗口训练 0 号进程，并为其余每个进程启动 amp-workbench-cli。各进程平分 CPU 核心，每一步各自用自己那一份数据训练一个批次（共“进程数 × 批量大小”张图像），再对梯度取平均</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>进程数：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How long the processes wait for each other (to start, and in each exchange of gradients) before the run ends with a message naming the process it lost; a pause does not count</source>
        <translation>各进程互相等待的最长时间（启动时，以及每次交换梯度时），超过后运行结束，并报告失联的进程；暂停不计入</translation>
    </message>
    <message>
        <source>Group timeout:</source>
        <translation>组超时：</translation>
    </message>
    <message>
        <source>On by default: up to 1.4× faster in training on the CPUs measured, 2 % slower at worst. Untick it to train beside plain PyTorch ranks, which keep PyTorch&apos;s contiguous layout</source>
        <translation>默认开启：在测过的 CPU 上训练时最多快 1.4 倍，最差慢 2 %。与普通 PyTorch 进程一起训练时请取消勾选，它们保留 PyTorch 的连续（contiguous）布局</translation>
    </message>
    <message>
        <source>AMP (fp16 on CUDA, bf16 on the CPU)</source>
        <translation>AMP（CUDA 上用 fp16，CPU 上用 bf16）</translation>
    </message>
    <message>
        <source>AMP bf16</source>
        <translation>AMP bf16</translation>
    </message>
    <message>
        <source>AMP fp16 (with loss scaling)</source>
        <translation>AMP fp16（带损失缩放）</translation>
    </message>
    <message>
        <source>Stock libtorch (no workbench fast paths)</source>
        <translation>原版 libtorch（不用工作台的加速路径）</translation>
    </message>
    <message>
        <source>Train on libtorch&apos;s own operators and SGD alone, as plain PyTorch does, without the workbench&apos;s measured faster paths (small-map convolutions, the one-pass SGD step). Recorded in the run&apos;s config.json</source>
        <translation>只用 libtorch 自己的算子和 SGD 训练，与普通 PyTorch 相同，不使用工作台经测量更快的路径（小特征图卷积、单遍 SGD 步骤）。此选择记录在运行的 config.json 中</translation>
    </message>
    <message>
        <source>Dynamic loss scaling: automatic turns it on for AMP in fp16 (on CUDA by default, or chosen on the CPU) and off for AMP in bf16, which needs none</source>
        <translation>动态损失缩放：“自动”在 AMP 使用 fp16 时开启（CUDA 上默认如此，CPU 上可手动选择），在 AMP 使用 bf16 时关闭（bf16 不需要缩放）</translation>
    </message>
    <message>
        <source>AMP computes in bf16 or fp16 where autocast allows. fp16 needs loss scaling (its range is narrow); on the CPU it shows loss scaling at work, not speed: libtorch 2.11 computes fp16 convolution gradients slowly there (an AMP fp16 step took about 120× as long as FP32&apos;s on a Xeon with AVX512-FP16, docs/BENCHMARKS.md)</source>
        <translation>AMP 在 autocast 允许的地方用 bf16 或 fp16 计算。fp16 需要损失缩放（其数值范围很窄）；在 CPU 上它用来观察损失缩放的过程，而不是为了速度：libtorch 2.11 在 CPU 上计算 fp16 卷积梯度很慢（在带 AVX512-FP16 的 Xeon 上，AMP fp16 每步耗时约为 FP32 的 120 倍，见 docs/BENCHMARKS.md）</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>The run&apos;s folder name; left empty, the precision and the time it starts (amp-20261206-101500)</source>
        <translation>运行文件夹的名称；留空时使用精度和开始时间（amp-20261206-101500）</translation>
    </message>
    <message>
        <source>None (the precision decides)</source>
        <translation>无（由精度决定）</translation>
    </message>
    <message>
        <source>Open a policy file…</source>
        <translation>打开策略文件…</translation>
    </message>
    <message>
        <source>Which precision each module of ResNet-18 computes in (docs/precision-policy.md): a preset, the X-ray tab&apos;s precision column, or a policy file</source>
        <translation>ResNet-18 每个模块的计算精度（docs/precision-policy.md）：预设、X 光页的精度列或策略文件</translation>
    </message>
    <message>
        <source>From the X-ray tab</source>
        <translation>来自 X 光页</translation>
    </message>
    <message>
        <source>Precision policy</source>
        <translation>精度策略</translation>
    </message>
    <message>
        <source>The policy file could not be used; the precision policy stays as it was.</source>
        <translation>无法使用该策略文件；精度策略保持不变。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Policy &quot;%1&quot;</source>
        <translation>策略“%1”</translation>
    </message>
    <message>
        <source>Precision policy file</source>
        <translation>精度策略文件</translation>
    </message>
    <message>
        <source>Precision policies (*.json);;All files (*)</source>
        <translation>精度策略 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Active precision policy: %1</source>
        <translation>当前精度策略：%1</translation>
    </message>
    <message>
        <source>The precision policy decides each module&apos;s precision; this chooses only what its &quot;amp&quot; parts compute in</source>
        <translation>精度策略决定每个模块的精度；此处只选择其“amp”部分的计算类型</translation>
    </message>
    <message>
        <source>The precision policy decides each module&apos;s precision: it has no &quot;amp&quot; part for this choice to set</source>
        <translation>精度策略决定每个模块的精度：它没有可由此处设定的“amp”部分</translation>
    </message>
    <message>
        <source>Policy:</source>
        <translation>策略：</translation>
    </message>
</context>
<context>
    <name>TrainingDataLikeness</name>
    <message numerus="yes">
        <source>%n image(s) are large colour pictures, and this model learned from %1×%1 px grayscale images.</source>
        <translation>
            <numerusform>有 %n 张图像是大尺寸的彩色图片，而这个模型是用 %1×%1 像素的灰度图像训练的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) are in colour, and this model learned from grayscale images.</source>
        <translation>
            <numerusform>有 %n 张图像是彩色的，而这个模型是用灰度图像训练的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) are much larger than the %1×%1 px images this model learned from: shrunk to %1 px, their detail is lost.</source>
        <translation>
            <numerusform>有 %n 张图像远大于这个模型训练时所用的 %1×%1 像素图像：缩小到 %1 像素后，细节全部丢失。</numerusform>
        </translation>
    </message>
    <message>
        <source>Its answers for them mean little. For photos, choose “torchvision ImageNet weights” as the model, or fine-tune from them on your own image folders (Train tab, Start from: ImageNet).</source>
        <translation>模型对这些图像给出的答案没有多少意义。对照片请选择“torchvision ImageNet 权重”作为模型，或在你自己的图像文件夹上从它们开始微调（训练页，起始于：ImageNet）。</translation>
    </message>
</context>
<context>
    <name>XrayTab</name>
    <message>
        <source>Convolution forward</source>
        <translation>卷积前向</translation>
    </message>
    <message>
        <source>Batch norm</source>
        <translation>批归一化</translation>
    </message>
    <message>
        <source>ReLU</source>
        <translation>ReLU</translation>
    </message>
    <message>
        <source>Add (residual)</source>
        <translation>加法（残差）</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <source>Linear (fc)</source>
        <translation>全连接（fc）</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Casts</source>
        <translation>类型转换</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation>快 %1</translation>
    </message>
    <message>
        <source>%1 slower</source>
        <translation>慢 %1</translation>
    </message>
    <message>
        <source>The profile recorded no operator time.</source>
        <translation>该剖析没有记录到算子耗时。</translation>
    </message>
    <message>
        <source>Convolutions take %1 of the operator time (in %2).</source>
        <translation>卷积占算子时间的 %1（以 %2 计算）。</translation>
    </message>
    <message>
        <source>Autocast&apos;s casts take %1 (%2 per step).</source>
        <translation>autocast 的类型转换占 %1（每步 %2 次）。</translation>
    </message>
    <message>
        <source>The profiles hold no step times to compare.</source>
        <translation>这些剖析中没有可比较的步耗时。</translation>
    </message>
    <message>
        <source>AMP&apos;s step is %1 than FP32&apos;s (%2 against %3 ms).</source>
        <translation>AMP 的一步比 FP32 %1（%2 对 %3 毫秒）。</translation>
    </message>
    <message>
        <source>Its convolutions run %1 and take %2 of its operator time.</source>
        <translation>其卷积%1，占其算子时间的 %2。</translation>
    </message>
    <message>
        <source>No other kind of work takes longer than in FP32.</source>
        <translation>没有其他类型的工作比 FP32 更耗时。</translation>
    </message>
    <message>
        <source>%1 (+%2 ms)</source>
        <translation>%1（+%2 毫秒）</translation>
    </message>
    <message>
        <source>%1 cost it more than in FP32 and take %2 of its operator time.</source>
        <translation>%1 比 FP32 中更耗时，占其算子时间的 %2。</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Forward ms</source>
        <translation>前向 毫秒</translation>
    </message>
    <message>
        <source>Backward ms</source>
        <translation>反向 毫秒</translation>
    </message>
    <message>
        <source>Casts ms</source>
        <translation>类型转换 毫秒</translation>
    </message>
    <message>
        <source>Total ms</source>
        <translation>合计 毫秒</translation>
    </message>
    <message>
        <source>Open run or comparison…</source>
        <translation>打开运行或对比…</translation>
    </message>
    <message>
        <source>Show the profiles and gradient ranges a run folder (or a comparison folder) holds</source>
        <translation>显示运行文件夹（或对比文件夹）中的剖析和梯度范围</translation>
    </message>
    <message>
        <source>%1 holds no profile and no gradient ranges. Profile a run with the Profile button while it trains, or with `amp-workbench-cli profile`.</source>
        <translation>%1 中没有剖析，也没有梯度范围。请在训练时用“剖析”按钮剖析一次运行，或使用 `amp-workbench-cli profile`。</translation>
    </message>
    <message>
        <source>The profile could not be written: %1</source>
        <translation>无法写入剖析：%1</translation>
    </message>
    <message>
        <source>No profile yet. Press &quot;Profile the next %1 steps&quot; while a run or comparison trains, or open a folder profiled with `amp-workbench-cli profile`.</source>
        <translation>尚无剖析。请在运行或对比训练时点击“剖析接下来 %1 步”，或打开一个用 `amp-workbench-cli profile` 剖析过的文件夹。</translation>
    </message>
    <message>
        <source>Kind of work</source>
        <translation>工作类型</translation>
    </message>
    <message>
        <source>FP32 ms</source>
        <translation>FP32 毫秒</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>AMP ms</source>
        <translation>AMP 毫秒</translation>
    </message>
    <message>
        <source>AMP speed-up</source>
        <translation>AMP 加速比</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>每步毫秒</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>第 %1–%2 步</translation>
    </message>
    <message>
        <source>Profile of %1, per step (the profiled steps run slower than others). Files: %2 — trace.json opens in Perfetto (ui.perfetto.dev) or chrome://tracing; classes.csv, modules.csv and operators.csv hold the tables.</source>
        <translation>%1 的剖析，按每步计（被剖析的步比其他步慢）。文件：%2——trace.json 可在 Perfetto（ui.perfetto.dev）或 chrome://tracing 中打开；classes.csv、modules.csv 和 operators.csv 保存各表格。</translation>
    </message>
    <message>
        <source>Modules of the AMP run (click a header to sort)</source>
        <translation>AMP 运行的各模块（点击表头排序）</translation>
    </message>
    <message>
        <source>Modules of the FP32 run (click a header to sort)</source>
        <translation>FP32 运行的各模块（点击表头排序）</translation>
    </message>
    <message>
        <source>Run or comparison folder to X-ray</source>
        <translation>要做 X 光分析的运行或对比文件夹</translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation>X 光</translation>
    </message>
    <message>
        <source>Convolution input gradient</source>
        <translation>卷积输入梯度</translation>
    </message>
    <message>
        <source>Convolution weight gradient</source>
        <translation>卷积权重梯度</translation>
    </message>
    <message>
        <source>Convolution backward (both gradients, not timed apart)</source>
        <translation>卷积反向（两种梯度合计，未分开计时）</translation>
    </message>
    <message>
        <source>, timed on the GPU by CUDA events at each operator&apos;s start and end (a gap in which the GPU waited for the host counts to the operator around it)</source>
        <translation>，在 GPU 上以每个算子开始和结束时记录的 CUDA 事件计时（GPU 等待主机的空隙计入其所在的算子）</translation>
    </message>
    <message>
        <source>AMP&apos;s step took %1 FP32&apos;s (%2 against %3 ms), within the ±%4 % these profiled steps leave: too few to tell which is faster.</source>
        <translation>AMP 的一步耗时为 FP32 的 %1（%2 对 %3 毫秒），在这些剖析步留下的 ±%4 % 范围之内：步数太少，无法判断哪个更快。</translation>
    </message>
    <message>
        <source>AMP&apos;s step is %1 than FP32&apos;s (%2 against %3 ms, ±%4 %).</source>
        <translation>AMP 的一步比 FP32 %1（%2 对 %3 毫秒，±%4 %）。</translation>
    </message>
    <message>
        <source>Kinds of work</source>
        <translation>工作类别</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Gradient ranges</source>
        <translation>梯度范围</translation>
    </message>
    <message>
        <source>Profile of the earlier work, kept until this one is profiled: %1</source>
        <translation>上一次工作的剖析（在剖析本次工作之前保留）：%1</translation>
    </message>
    <message>
        <source>Train with this policy</source>
        <translation>用此策略训练</translation>
    </message>
    <message>
        <source>Suggest precisions</source>
        <translation>建议精度</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Why (suggestion)</source>
        <translation>原因（建议）</translation>
    </message>
    <message>
        <source>The precision each module computes in under the policy this column makes: double-click a module&apos;s cell to choose fp32, bf16, fp16 or amp</source>
        <translation>在该列构成的策略下每个模块的计算精度：双击模块的单元格可选择 fp32、bf16、fp16 或 amp</translation>
    </message>
    <message>
        <source>Make the precision column the Train tab&apos;s precision policy and start a run with the configuration on the left</source>
        <translation>把精度列设为训练页的精度策略，并用左侧的配置开始一次运行</translation>
    </message>
    <message>
        <source>Train a few steps of the configuration on the left in fp32, bf16 and fp16, profile them, and fill the precision column with each module&apos;s fastest precision whose gradients stay representable</source>
        <translation>用左侧的配置分别以 fp32、bf16 和 fp16 训练几步并剖析，然后在精度列中为每个模块填入梯度仍可表示的最快精度</translation>
    </message>
    <message>
        <source>Everything else:</source>
        <translation>其余部分：</translation>
    </message>
    <message>
        <source>The measurement ended without a suggestion: it was stopped, or one of its runs failed (the status bar says why).</source>
        <translation>测量已结束，但没有给出建议：它被停止了，或其中一次运行失败（状态栏说明原因）。</translation>
    </message>
    <message>
        <source>Measuring precisions: preparing the data and the model…</source>
        <translation>正在测量精度：准备数据和模型…</translation>
    </message>
    <message>
        <source>Measuring precisions: the %1 run, step %2 of %3</source>
        <translation>正在测量精度：%1 运行，第 %2 步，共 %3 步</translation>
    </message>
    <message>
        <source>Modules (none profiled yet)</source>
        <translation>模块（尚未剖析）</translation>
    </message>
    <message>
        <source>Stop measuring</source>
        <translation>停止测量</translation>
    </message>
    <message>
        <source>Suggested from the runs in %1 (suggestion.md there explains each choice). Change any precision, then train with the policy.</source>
        <translation>根据 %1 中的运行给出的建议（其中的 suggestion.md 解释每个选择）。可修改任意精度，然后用此策略训练。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Language of the window: en or zh_CN (default: the one chosen in the settings, else the system&apos;s).</source>
        <translation>窗口语言：en 或 zh_CN（默认使用设置中选择的语言，否则跟随系统）。</translation>
    </message>
    <message>
        <source>Folder that holds the runs (remembered).</source>
        <translation>保存运行记录的文件夹（会被记住）。</translation>
    </message>
    <message>
        <source>Print the versions of the workbench, its libraries, bf16 and CUDA, and exit.</source>
        <translation>打印工作台及其库、bf16 和 CUDA 的版本信息，然后退出。</translation>
    </message>
</context>
</TS>
