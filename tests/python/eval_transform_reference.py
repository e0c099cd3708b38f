#!/usr/bin/env python3
"""torchvision's ImageNet eval preprocessing of image files, for ImageTransformTest.

Usage: eval_transform_reference.py OUTPUT.pt IMAGE...

For each image (opened with PIL and converted to RGB, as torchvision's ImageFolder does)
writes, under the image's file name, with torch.save as a plain dict:

  resized:<name>   uint8 [3, H, W]: transforms.Resize(256) alone
  eval:<name>      float [3, 224, 224]: Compose([Resize(256), CenterCrop(224), ToTensor(),
                   Normalize(ImageNet mean, std)])
"""
import os
import sys

import torch
from PIL import Image
from torchvision import transforms


def main():
    output = sys.argv[1]
    torch.set_num_threads(1)
    resize = transforms.Resize(256)
    evaluation = transforms.Compose([
        transforms.Resize(256),
        transforms.CenterCrop(224),
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
    ])
    to_uint8 = transforms.PILToTensor()
    result = {}
    for path in sys.argv[2:]:
        name = os.path.basename(path)
        with Image.open(path) as opened:
            image = opened.convert("RGB")
        result["resized:" + name] = to_uint8(resize(image))
        result["eval:" + name] = evaluation(image)
    torch.save({k: v for k, v in result.items()}, output)


if __name__ == "__main__":
    main()
