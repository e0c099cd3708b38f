"""An ImageFolder of real JPEG photos for the data-pipeline benchmark, built from the example
photos Debian ships with opencv-doc: every RGB photo of at least 240 px is saved at four sizes
(longest side 640, 500, 400 and 320 px, about ImageNet's range) and mirrored, re-encoded as
JPEG quality 90, and the files are spread over four class folders."""
import glob
import os

from PIL import Image

SOURCES = [
    "/usr/share/doc/opencv-doc/examples/data/*.jpg",
    "/usr/share/doc/opencv-doc/examples/text/scenetext0*.jpg",
    "/usr/share/doc/opencv-doc/examples/alphamat/input_images/*.jpg",
    "/usr/share/doc/opencv-doc/examples/hfs/data/*.jpg",
]
LONG_SIDES = (640, 500, 400, 320)
CLASSES = 4


def source_photos():
    photos = []
    for pattern in SOURCES:
        for path in sorted(glob.glob(pattern)):
            with Image.open(path) as image:
                if image.mode == "RGB" and min(image.size) >= 240:
                    photos.append(path)
    if not photos:
        raise SystemExit("No example photos found: install opencv-doc (apt-get install opencv-doc).")
    return photos


def build(folder, count=256):
    """Writes `count` JPEG files under `folder`/class_N/ (once; reused when complete); returns `folder`."""
    existing = glob.glob(os.path.join(folder, "class_*", "*.jpg"))
    if len(existing) == count:
        return folder
    for path in existing:
        os.remove(path)
    written = 0
    photos = source_photos()
    for variant in range(len(LONG_SIDES) * 2):
        for index, path in enumerate(photos):
            if written == count:
                return folder
            with Image.open(path) as image:
                scale = LONG_SIDES[variant // 2] / max(image.size)
                size = (round(image.width * scale), round(image.height * scale))
                photo = image.resize(size, Image.BICUBIC)
                if variant % 2:
                    photo = photo.transpose(Image.FLIP_LEFT_RIGHT)
            class_dir = os.path.join(folder, f"class_{index % CLASSES}")
            os.makedirs(class_dir, exist_ok=True)
            stem = os.path.splitext(os.path.basename(path))[0]
            photo.save(os.path.join(class_dir, f"{stem}_{variant}.jpg"), quality=90)
            written += 1
    raise SystemExit(f"Only {written} photo variants could be made; ask for at most that many.")
