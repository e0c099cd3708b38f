#!/usr/bin/env python3
"""Writes images in the unusual forms users drop or train on, each with an 8-bit RGB PNG of
what it should decode to, as PIL (the reference torchvision uses) reads it:
cmyk.jpg, gray16.png, rgba.png, palette.png, animated.png (APNG), animated.gif, and
truncated.jpg (the first half of a JPEG); and small, valid TIFF and JPEG 2000 files (small.tif,
small.jp2), formats OpenCV decodes but the workbench refuses. Usage: make_odd_images.py OUTPUT_DIR
"""
import sys

import numpy
from PIL import Image


def gradient(width, height):
    """An RGB test picture with colour in every channel."""
    x = numpy.linspace(0, 255, width, dtype=numpy.float64)[None, :].repeat(height, 0)
    y = numpy.linspace(0, 255, height, dtype=numpy.float64)[:, None].repeat(width, 1)
    return numpy.stack([x, y, 255 - (x + y) / 2], axis=2).astype(numpy.uint8)


def main():
    out = sys.argv[1]
    rgb = Image.fromarray(gradient(96, 64))

    cmyk = rgb.convert("CMYK")
    cmyk.save(f"{out}/cmyk.jpg", quality=98)
    Image.open(f"{out}/cmyk.jpg").convert("RGB").save(f"{out}/cmyk.expected.png")

    ramp = (numpy.arange(96 * 64, dtype=numpy.uint32).reshape(64, 96) * 10).astype(numpy.uint16)
    Image.fromarray(ramp).save(f"{out}/gray16.png")
    Image.fromarray((ramp >> 8).astype(numpy.uint8)).convert("RGB").save(f"{out}/gray16.expected.png")

    rgba = rgb.copy()
    rgba.putalpha(Image.fromarray(gradient(96, 64)[:, :, 0]))
    rgba.save(f"{out}/rgba.png")
    rgba.convert("RGB").save(f"{out}/rgba.expected.png")

    palette = rgb.convert("P", palette=Image.ADAPTIVE, colors=32)
    palette.save(f"{out}/palette.png")
    palette.convert("RGB").save(f"{out}/palette.expected.png")

    frames = [rgb, rgb.transpose(Image.FLIP_LEFT_RIGHT), rgb.transpose(Image.FLIP_TOP_BOTTOM)]
    frames[0].save(f"{out}/animated.png", save_all=True, append_images=frames[1:], duration=100, loop=0)
    frames[0].save(f"{out}/animated.expected.png")
    frames[0].save(f"{out}/animated.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
    Image.open(f"{out}/animated.gif").convert("RGB").save(f"{out}/animated-gif.expected.png")

    rgb.save(f"{out}/small.tif")
    rgb.save(f"{out}/small.jp2")

    rgb.save(f"{out}/whole.jpg", quality=95)
    data = open(f"{out}/whole.jpg", "rb").read()
    open(f"{out}/truncated.jpg", "wb").write(data[: len(data) // 2])


if __name__ == "__main__":
    main()
