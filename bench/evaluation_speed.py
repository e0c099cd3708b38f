#!/usr/bin/env python3
"""Evaluation speed: `amp-workbench-cli evaluate` against `amp-workbench-cli classify` on the same
image files and against a torchvision loop (ImageFolder + DataLoader + resnet18 under no_grad), on
an ImageFolder of real JPEG photos (bench/photo_folder.py) at 224 px, as users start them (no
environment variables), in R rounds whose order alternates.

Each peer is timed as a whole process (model loading included) and, where it reports one, by its own
images/s figure over the images alone. The model is a 4-class run of one training step (its accuracy
does not matter here); the Python loop loads the same weights exported as a torchvision .pth.

  .venv/bin/python bench/evaluation_speed.py --build build [--rounds R] [--images N] [--out DIR]

Prints a table of medians and the ratios' median and range; writes <out>/evaluation-speed-<time>/results.jsonl.
"""
import argparse
import datetime
import glob
import json
import os
import statistics

import photo_folder
from speed_runners import _run as run
from speed_runners import cpu

PYTHON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".venv", "bin", "python")
BATCH = 64

PYTHON_LOOP = r"""
import sys, time, torch, torchvision
from torchvision import transforms
folder, weights, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
start = time.perf_counter()
model = torchvision.models.resnet18(num_classes=4)
model.load_state_dict(torch.load(weights))
model.eval()
transform = transforms.Compose([transforms.Resize(256), transforms.CenterCrop(224), transforms.ToTensor(),
                                transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
data = torchvision.datasets.ImageFolder(folder, transform)
loader = torch.utils.data.DataLoader(data, batch_size=batch, num_workers=2)
images = 0
first = time.perf_counter()
with torch.no_grad():
    for inputs, labels in loader:
        model(inputs).argmax(1)
        images += len(labels)
seconds = time.perf_counter() - first
print(images / seconds)
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--images", type=int, default=256)
    parser.add_argument("--out", default="/tmp/bench-results")
    args = parser.parse_args()
    cli = os.path.abspath(os.path.join(args.build, "app/cli/amp-workbench-cli"))
    folder = os.path.join(args.out, f"evaluation-speed-{datetime.datetime.now():%Y%m%d-%H%M%S}")
    os.makedirs(folder)
    # val/ holds the photos, train/ one photo a class: the workbench's validation split and torchvision's folder.
    photos = photo_folder.build(os.path.join(args.out, "evaluation-photos", "val"), args.images)
    for path in glob.glob(os.path.join(photos, "class_*")):
        train = path.replace(os.sep + "val" + os.sep, os.sep + "train" + os.sep)
        os.makedirs(train, exist_ok=True)
        first = sorted(glob.glob(os.path.join(path, "*.jpg")))[0]
        if not os.path.exists(os.path.join(train, "a.jpg")):
            os.link(first, os.path.join(train, "a.jpg"))
    root = os.path.dirname(photos)
    files = sorted(glob.glob(os.path.join(photos, "class_*", "*.jpg")))
    runs = os.path.join(folder, "runs")
    run([cli, "train", "--data", root, "--image-size", "224", "--max-steps", "1", "--batch-size", "4",
         "--validation-limit", "4", "--run-dir", runs, "--name", "model", "--quiet"])
    model = os.path.join(runs, "model")
    weights = os.path.join(folder, "model.pth")
    run([cli, "export", "--model", model, "--format", "pth", "--out", weights])

    def evaluate():
        output, wall = run([cli, "evaluate", "--model", model, "--batch-size", str(BATCH), "--json",
                            "--out", os.path.join(folder, "evaluation")])
        return {"peer": "evaluate", "images_per_second": json.loads(output)["images_per_second"], "wall": wall}

    def classify():
        output, wall = run([cli, "classify", "--model", model, "--batch-size", str(BATCH), "--json"] + files)
        return {"peer": "classify", "images_per_second": None, "wall": wall}

    def torchvision_loop():
        output, wall = run([PYTHON, "-c", PYTHON_LOOP, photos, weights, str(BATCH)])
        return {"peer": "torchvision", "images_per_second": float(output.strip()), "wall": wall}

    peers = [evaluate, classify, torchvision_loop]
    records = []
    with open(os.path.join(folder, "results.jsonl"), "w") as results:
        for round_index in range(args.rounds):
            order = peers if round_index % 2 == 0 else list(reversed(peers))
            for peer in order:
                record = dict(peer(), round=round_index, images=len(files))
                records.append(record)
                results.write(json.dumps(record) + "\n")
                print(json.dumps(record), flush=True)

    def of(peer, field):
        return [r[field] for r in sorted(records, key=lambda r: r["round"]) if r["peer"] == peer]

    def ratios(a, b):
        values = sorted(x / y for x, y in zip(a, b))
        return f"{statistics.median(values):.2f}× ({values[0]:.2f}–{values[-1]:.2f})"

    print(f"\n{cpu()}; {len(files)} JPEG photos, 224 px, batch {BATCH}, {args.rounds} rounds (order alternating)\n")
    print("| peer | images/s (own figure), median | whole process (s), median |")
    print("|---|---|---|")
    for peer in ("evaluate", "classify", "torchvision"):
        speeds = [v for v in of(peer, "images_per_second") if v is not None]
        own = f"{statistics.median(speeds):.1f}" if speeds else "–"
        print(f"| {peer} | {own} | {statistics.median(of(peer, 'wall')):.1f} |")
    print(f"\nevaluate's whole process against classify's: {ratios(of('classify', 'wall'), of('evaluate', 'wall'))} faster")
    print("evaluate's images/s against the torchvision loop's: "
          f"{ratios(of('evaluate', 'images_per_second'), of('torchvision', 'images_per_second'))}")


if __name__ == "__main__":
    main()
