#!/usr/bin/env python3
"""Writes one photo as JPEGs in the forms the region decoder meets, with PIL (libjpeg): chroma
subsampling 4:2:0, 4:2:2 and 4:4:4, progressive, grayscale, CMYK, an odd size that ends inside
blocks, and EXIF orientations 1 (upright) and 6 (turned a quarter).
Usage: make_jpeg_forms.py PHOTO OUTPUT_DIR
"""
import sys

from PIL import Image


def with_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif


def main():
    photo, out = sys.argv[1], sys.argv[2]
    rgb = Image.open(photo).convert("RGB")
    rgb.save(f"{out}/420.jpg", quality=90, subsampling=2)
    rgb.save(f"{out}/422.jpg", quality=90, subsampling=1)
    rgb.save(f"{out}/444.jpg", quality=90, subsampling=0)
    rgb.save(f"{out}/progressive.jpg", quality=90, subsampling=2, progressive=True)
    rgb.convert("L").save(f"{out}/gray.jpg", quality=90)
    rgb.convert("CMYK").save(f"{out}/cmyk.jpg", quality=90)
    rgb.crop((5, 3, 5 + 333, 3 + 217)).save(f"{out}/odd-size.jpg", quality=90, subsampling=2)
    rgb.save(f"{out}/exif-upright.jpg", quality=90, subsampling=2, exif=with_orientation(1))
    rgb.save(f"{out}/exif-turned.jpg", quality=90, subsampling=2, exif=with_orientation(6))


if __name__ == "__main__":
    main()
