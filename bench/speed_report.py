"""Markdown tables of medians and ratios from training_speed.py's result records."""
import statistics


def _matching(records, **match):
    return [r for r in records if all(r.get(k) == v for k, v in match.items())]


def _median(records, field, **match):
    values = [r[field] for r in _matching(records, **match)]
    return statistics.median(values) if values else None


def _ratio(a, b):
    return f"{a / b:.2f}×" if a and b else "—"


def _number(value, digits=0):
    return "—" if value is None else f"{value:.{digits}f}"


def _table(header, rows, text_columns):
    """A Markdown table whose first `text_columns` columns are left-aligned, the rest numbers."""
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---" if i < text_columns else "---:" for i in range(len(header))) + "|"]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def peak_table(peaks_by_threads):
    rows = [[kernel, str(threads), _number(peaks[f"{kernel}_fp32"]), _number(peaks[f"{kernel}_bf16"])]
            for kernel in ("gemm", "conv3x3") for threads, peaks in sorted(peaks_by_threads.items())]
    return _table(["kernel", "operator threads", "fp32 GFLOP/s", "bf16 GFLOP/s"], rows, 1)


def training_table(records, cases, flops, peaks_by_threads):
    """Engine and Python images/s per case, their ratio, each program's operator threads, achieved
    GFLOP/s against the conv peak of that precision measured at the program's thread count, and the
    mean time each step waited for its batch."""
    rows = []
    for case in cases:
        for layout in ("contiguous", "channels_last"):
            for precision in ("fp32", "amp"):
                match = dict(kind="training", size=case["size"], layout=layout, precision=precision)
                engine = _median(records, "images_per_second", runner="engine", **match)
                python = _median(records, "images_per_second", runner="python", **match)
                if engine is None or python is None:
                    continue
                threads = [_matching(records, runner=runner, **match)[0].get("threads", 1)
                           for runner in ("engine", "python")]
                kernel = "conv3x3_bf16" if precision == "amp" else "conv3x3_fp32"
                shares = []
                for rate, count in zip((engine, python), threads):
                    achieved = rate * flops[case["size"]] / 1e9
                    peak = peaks_by_threads.get(count, {}).get(kernel)
                    shares.append(f"{achieved:.0f} ({100 * achieved / peak:.0f} %)" if peak else f"{achieved:.0f}")
                rows.append([f"{case['size']} px, batch {case['batch']}", layout, precision,
                             str(len(_matching(records, runner="engine", **match))),
                             _number(engine, 1), _number(python, 1), _ratio(engine, python),
                             f"{threads[0]} / {threads[1]}", *shares,
                             _number(_median(records, "data_wait_ms", runner="engine", **match), 2),
                             _number(_median(records, "data_wait_ms", runner="python", **match), 2)])
    return _table(["case", "layout", "precision", "pairs", "engine img/s", "Python img/s", "engine / Python",
                   "operator threads engine / Python", "engine GFLOP/s (% of peak)", "Python GFLOP/s (% of peak)", "engine data wait ms/step",
                   "Python data wait ms/step"], rows, 3)


def amp_table(records, cases):
    rows = []
    for case in cases:
        for layout in ("contiguous", "channels_last"):
            ratios = []
            for runner in ("engine", "python"):
                match = dict(kind="training", runner=runner, size=case["size"], layout=layout)
                ratios.append(_ratio(_median(records, "images_per_second", precision="amp", **match),
                                     _median(records, "images_per_second", precision="fp32", **match)))
            if ratios != ["—", "—"]:
                rows.append([f"{case['size']} px, batch {case['batch']}", layout, *ratios])
    return _table(["case", "layout", "engine AMP / FP32", "Python AMP / FP32"], rows, 2)


def loader_table(records, worker_counts):
    rows = []
    for workers in worker_counts:
        engine = _median(records, "images_per_second", kind="loader", runner="engine", workers=workers)
        python = _median(records, "images_per_second", kind="loader", runner="python", workers=workers)
        if engine is not None and python is not None:
            rows.append([str(workers), _number(engine, 1), _number(python, 1), _ratio(engine, python)])
    return _table(["workers", "engine img/s", "torchvision img/s", "engine / torchvision"], rows, 1)


def epoch_table(records):
    rows = []
    for precision in ("fp32", "amp"):
        match = dict(kind="epoch", precision=precision)
        engine_wall = _median(records, "wall_s", runner="engine", **match)
        python_wall = _median(records, "wall_s", runner="python", **match)
        if engine_wall is None or python_wall is None:
            continue
        engine_rate = _median(records, "images_per_second", runner="engine", **match)
        python_rate = _median(records, "images_per_second", runner="python", **match)
        rows.append([precision, _number(engine_wall, 1), _number(python_wall, 1),
                     _ratio(python_wall, engine_wall), _number(engine_rate, 1), _number(python_rate, 1),
                     _ratio(engine_rate, python_rate)])
    return _table(["precision", "engine wall s", "Python wall s", "Python / engine wall",
                   "engine img/s", "Python img/s", "engine / Python img/s"], rows, 1)


def defaults_table(records):
    """Each program's settings and thread counts, images/s per pair, and the ratio's median and range."""
    engine = _matching(records, kind="defaults", runner="engine")
    python = _matching(records, kind="defaults", runner="python")
    ratios = sorted(e["images_per_second"] / p["images_per_second"] for e, p in zip(engine, python))
    rows = []
    for name, runs in (("workbench `train` (defaults)", engine), ("write-up script", python)):
        rates = [r["images_per_second"] for r in runs]
        first = runs[0]
        rows.append([name, str(first["batch_size"]), f"{first['threads']}", f"{first['loader_workers']} "
                     f"× {first['loader_worker_threads']}", str(len(runs)), _number(statistics.median(rates), 1),
                     f"{min(rates):.1f}–{max(rates):.1f}"])
    lines = _table(["program", "batch", "operator threads", "loader workers × threads", "runs",
                    "img/s (median)", "img/s (range)"], rows, 1)
    if ratios:
        lines += ["", f"workbench / write-up, pair by pair: {', '.join(f'{r:.2f}' for r in ratios)} "
                      f"(median {statistics.median(ratios):.2f}×, range {ratios[0]:.2f}–{ratios[-1]:.2f}×)"]
    return lines


def layouts_table(records):
    """Per precision: both layouts' images/s (median and range) and channels_last ÷ contiguous pair by pair."""
    rows = []
    for precision in ("fp32", "amp"):
        last = _matching(records, kind="layout", precision=precision, layout="channels_last")
        contiguous = _matching(records, kind="layout", precision=precision, layout="contiguous")
        if not last or not contiguous:
            continue
        ratios = [a["images_per_second"] / b["images_per_second"] for a, b in zip(last, contiguous)]
        rates = [[r["images_per_second"] for r in runs] for runs in (last, contiguous)]
        rows.append([precision.upper(), str(len(ratios)),
                     *(f"{statistics.median(r):.1f} ({min(r):.1f}–{max(r):.1f})" for r in rates),
                     ", ".join(f"{r:.2f}" for r in ratios),
                     f"**{statistics.median(ratios):.2f}×** ({min(ratios):.2f}–{max(ratios):.2f})"])
    return _table(["precision", "pairs", "channels_last img/s", "contiguous img/s", "ratio, each pair",
                   "channels_last ÷ contiguous"], rows, 5)


def repeats_table(records):
    """Each repeat of the default comparison: both throughputs, AMP ÷ FP32 with the 95 % margin the
    run's own step times give (as the report computes it), the verdict; then the spread of the ratios
    around their median."""
    rows = []
    ratios = []
    for r in _matching(records, kind="repeat"):
        ratio = r["amp_images_per_second"] / r["fp32_images_per_second"]
        margin = 1.96 * (r["amp_relative_error"] ** 2 + r["fp32_relative_error"] ** 2) ** 0.5
        ratios.append(ratio)
        rows.append([str(r["round"] + 1), _number(r["fp32_images_per_second"], 1), _number(r["amp_images_per_second"], 1),
                     f"{ratio:.2f}× (±{margin * 100:.0f} %)", "in turns" if r["interleaved"] else "one after the other",
                     _number(r["wall_s"] / 60, 1), r["verdict"]])
    lines = _table(["repeat", "FP32 img/s", "AMP img/s", "AMP ÷ FP32 (95 % margin)", "order", "minutes", "verdict"],
                   rows, 1)
    if ratios:
        median = statistics.median(ratios)
        lines += ["", f"AMP ÷ FP32: median {median:.2f}×, range {min(ratios):.2f}–{max(ratios):.2f}× "
                      f"({(min(ratios) / median - 1) * 100:+.1f} % to {(max(ratios) / median - 1) * 100:+.1f} % "
                      f"of the median)"]
    return lines
