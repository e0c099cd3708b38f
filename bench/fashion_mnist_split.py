"""Two ImageFolders cut from Debian's Fashion-MNIST for the fine-tuning example: the clothes
(T-shirt/top, Trouser, Pullover, Dress, Coat) whole, to pretrain on, and four other classes (Sandal,
Sneaker, Bag, Ankle boot; Shirt is left out, so the pretrained five-class head is replaced by a new
one) with only a few labelled training images per class, to fine-tune on. Each has train/ and val/
(val/ from the test set). PNG, 28 x 28 grayscale.
    .venv/bin/python bench/fashion_mnist_split.py OUT_DIR [--per-class N[,N...]] [--val-per-class M]"""
import argparse
import gzip
import os

import numpy
from PIL import Image

SOURCE = "/usr/share/datasets/fashion-mnist"
NAMES = ["T-shirt-top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle-boot"]
CLOTHES = range(0, 5)
OTHERS = (5, 7, 8, 9)


def read_idx(name, offset):
    with gzip.open(os.path.join(SOURCE, name)) as file:
        return numpy.frombuffer(file.read(), numpy.uint8, offset=offset)


def split(prefix):
    labels = read_idx(f"{prefix}-labels-idx1-ubyte.gz", 8)
    images = read_idx(f"{prefix}-images-idx3-ubyte.gz", 16).reshape(len(labels), 28, 28)
    return images, labels


def write(images, labels, classes, limit, folder):
    for label in classes:
        directory = os.path.join(folder, NAMES[label])
        os.makedirs(directory, exist_ok=True)
        chosen = numpy.flatnonzero(labels == label)[:limit]
        for index in chosen:
            Image.fromarray(images[index], "L").save(os.path.join(directory, f"{index:05d}.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--per-class", default="20",
                        help="training images per class of the small set; several counts make one set each (5,20)")
    parser.add_argument("--val-per-class", type=int, default=1000, help="validation images per class")
    arguments = parser.parse_args()
    train_images, train_labels = split("train")
    test_images, test_labels = split("t10k")
    clothes = os.path.join(arguments.out, "clothes")
    write(train_images, train_labels, CLOTHES, None, os.path.join(clothes, "train"))
    write(test_images, test_labels, CLOTHES, arguments.val_per_class, os.path.join(clothes, "val"))
    print(clothes)
    for per_class in (int(count) for count in arguments.per_class.split(",")):
        others = os.path.join(arguments.out, f"others-{per_class}")
        write(train_images, train_labels, OTHERS, per_class, os.path.join(others, "train"))
        write(test_images, test_labels, OTHERS, arguments.val_per_class, os.path.join(others, "val"))
        print(others)


if __name__ == "__main__":
    main()
