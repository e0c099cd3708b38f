#!/usr/bin/env python3
"""torchvision reference for the Classify suites (run with the torch wheel's interpreter, .venv/bin/python).

Subcommands:

  state-dict OUT.pth --classes N [--seed S] [--prototypes IMAGE...]
             [--architecture NAME] [--layout ordered|plain|legacy]
      Saves torchvision.models.NAME(weights=None, num_classes=N).state_dict() (NAME:
      resnet18 by default) with torch.save, by default exactly as torchvision's own weight
      files are written (a zip archive holding an OrderedDict with _metadata); "plain"
      saves a plain dict, "legacy" uses the pre-1.6 non-zip format. Batch norms get non-trivial statistics so
      folding them is really tested. With --prototypes, class k's fc row is image k's
      centred, normalised feature vector (and the bias centres it), so image k is
      recognised as class k by a clear margin
      (a random head gives every photo the same top-1, which would test nothing).

  logits MODEL.pth --classes N --out OUT.json [--inputs DIR] IMAGE...
      Loads MODEL.pth with load_state_dict(strict=True) and writes, per image:
        pil_logits     torchvision's eval transform on the PIL image
                       (Resize(256), CenterCrop(224), ToTensor, Normalize);
        tensor_logits  the same transform on the image as a uint8 tensor
                       (resize with antialias=True), the algorithm libtorch runs;
      With --inputs DIR, the tensor path's normalised input [3, 224, 224] of image k is
      written to DIR/k.f32 (raw little-endian float32).
      Images are opened as PIL does, EXIF orientation applied, converted to RGB.

  exif-photo SOURCE OUT.jpg
      Writes SOURCE rotated by 90 degrees with EXIF orientation 6, so viewers that honour
      the tag show it upright.

  onnx-check MODEL.onnx
      Runs onnx.checker.check_model(full_check=True) and prints the opset and the
      metadata_props as JSON.
"""
import argparse
import json
import sys

import torch
import torchvision
from PIL import Image, ImageOps
from torchvision import transforms
from torchvision.transforms import functional as F

MEAN = [0.485, 0.456, 0.406]
STD = [0.229, 0.224, 0.225]


def open_rgb(path):
    return ImageOps.exif_transpose(Image.open(path)).convert("RGB")


def pil_input(image):
    pipeline = transforms.Compose([transforms.Resize(256), transforms.CenterCrop(224), transforms.ToTensor(),
                                   transforms.Normalize(MEAN, STD)])
    return pipeline(image)


def tensor_input(image):
    pixels = F.pil_to_tensor(image)
    pixels = F.center_crop(F.resize(pixels, 256, antialias=True), 224)
    return F.normalize(pixels.float() / 255.0, MEAN, STD)


def randomise_batch_norms(model, generator):
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                features = module.num_features
                module.weight.copy_(torch.rand(features, generator=generator) * 0.5 + 0.75)
                module.bias.copy_(torch.randn(features, generator=generator) * 0.1)
                module.running_mean.copy_(torch.randn(features, generator=generator) * 0.1)
                module.running_var.copy_(torch.rand(features, generator=generator) * 0.5 + 0.75)
                module.num_batches_tracked.fill_(100)


def set_prototype_head(model, images):
    features = {}
    model.avgpool.register_forward_hook(lambda module, inputs, output: features.setdefault("x", output.flatten(1)))
    with torch.no_grad():
        model(torch.stack([tensor_input(open_rgb(path)) for path in images]))
        centre = features["x"].mean(0)
        prototypes = features["x"] - centre
        prototypes = prototypes / prototypes.norm(dim=1, keepdim=True)
        model.fc.weight[: len(images)] = prototypes * 10.0
        model.fc.bias[: len(images)] = -(prototypes * 10.0) @ centre


def state_dict_command(arguments):
    torch.manual_seed(arguments.seed)
    model = getattr(torchvision.models, arguments.architecture)(weights=None, num_classes=arguments.classes)
    randomise_batch_norms(model, torch.Generator().manual_seed(arguments.seed + 1))
    model.eval()
    if arguments.prototypes:
        set_prototype_head(model, arguments.prototypes)
    state = model.state_dict()
    if arguments.layout == "plain":
        state = dict(state)
    torch.save(state, arguments.output, _use_new_zipfile_serialization=arguments.layout != "legacy")


def logits_command(arguments):
    model = torchvision.models.resnet18(weights=None, num_classes=arguments.classes)
    model.load_state_dict(torch.load(arguments.model), strict=True)
    model.eval()
    results = []
    with torch.inference_mode():
        for path in arguments.images:
            image = open_rgb(path)
            tensor = tensor_input(image)
            results.append({
                "path": path,
                "width": image.width,
                "height": image.height,
                "pil_logits": model(pil_input(image)[None])[0].tolist(),
                "tensor_logits": model(tensor[None])[0].tolist(),
            })
            if arguments.inputs:
                tensor.numpy().tofile(f"{arguments.inputs}/{len(results) - 1}.f32")
    with open(arguments.out, "w") as out:
        json.dump({"images": results}, out)


def exif_photo_command(arguments):
    image = Image.open(arguments.source).convert("RGB").transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90 degrees clockwise to display
    image.save(arguments.output, quality=95, exif=exif.tobytes())


def onnx_check_command(arguments):
    import onnx
    model = onnx.load(arguments.model)
    onnx.checker.check_model(model, full_check=True)
    print(json.dumps({
        "opset": max(entry.version for entry in model.opset_import if entry.domain in ("", "ai.onnx")),
        "operators": sorted({node.op_type for node in model.graph.node}),
        "metadata": {entry.key: entry.value for entry in model.metadata_props},
    }))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    state_dict = commands.add_parser("state-dict")
    state_dict.add_argument("output")
    state_dict.add_argument("--classes", type=int, required=True)
    state_dict.add_argument("--seed", type=int, default=2024)
    state_dict.add_argument("--prototypes", nargs="*", default=[])
    state_dict.add_argument("--architecture", default="resnet18")
    state_dict.add_argument("--layout", choices=["ordered", "plain", "legacy"], default="ordered")
    logits = commands.add_parser("logits")
    logits.add_argument("model")
    logits.add_argument("--classes", type=int, required=True)
    logits.add_argument("--out", required=True)
    logits.add_argument("--inputs")
    logits.add_argument("images", nargs="+")
    exif_photo = commands.add_parser("exif-photo")
    exif_photo.add_argument("source")
    exif_photo.add_argument("output")
    onnx_check = commands.add_parser("onnx-check")
    onnx_check.add_argument("model")
    arguments = parser.parse_args()
    torch.set_num_threads(1)
    {"state-dict": state_dict_command, "logits": logits_command, "exif-photo": exif_photo_command,
     "onnx-check": onnx_check_command}[arguments.command](arguments)


if __name__ == "__main__":
    sys.exit(main())
