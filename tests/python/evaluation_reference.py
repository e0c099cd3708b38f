#!/usr/bin/env python3
"""Recounts an evaluation folder's figures with scikit-learn from its predictions.csv.

Usage: evaluation_reference.py FOLDER CLASSES

Reads FOLDER/predictions.csv (true class and top-1 class of every image), computes the
confusion matrix and per-class precision, recall, F1 and support with scikit-learn
(zero_division=0, as the workbench defines a class never predicted), and compares them with
FOLDER/confusion.csv and FOLDER/per-class.csv. Exits 0 when all agree, 1 with the first
difference on stderr, 3 when scikit-learn is missing.
"""
import csv
import sys

try:
    from sklearn.metrics import confusion_matrix, precision_recall_fscore_support
except ImportError as error:
    print(f"scikit-learn is missing (Debian: python3-sklearn): {error}", file=sys.stderr)
    sys.exit(3)


def main():
    folder, classes = sys.argv[1], int(sys.argv[2])
    labels = list(range(classes))
    with open(f"{folder}/predictions.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    truth = [int(row["true_class"]) for row in rows]
    predicted = [int(row["top1_class"]) for row in rows]

    expected = confusion_matrix(truth, predicted, labels=labels)
    with open(f"{folder}/confusion.csv", newline="") as file:
        written = [[int(cell) for cell in row[1:]] for row in list(csv.reader(file))[1:]]
    if written != expected.tolist():
        print(f"confusion.csv {written} != scikit-learn {expected.tolist()}", file=sys.stderr)
        return 1

    precision, recall, f1, support = precision_recall_fscore_support(
        truth, predicted, labels=labels, zero_division=0)
    with open(f"{folder}/per-class.csv", newline="") as file:
        per_class = list(csv.DictReader(file))
    if len(per_class) != classes:
        print(f"per-class.csv has {len(per_class)} rows, not {classes}", file=sys.stderr)
        return 1
    for k, row in enumerate(per_class):
        for name, reference in (("precision", precision[k]), ("recall", recall[k]), ("f1", f1[k])):
            if abs(float(row[name]) - reference) > 1e-6:
                print(f"class {k} {name}: {row[name]} != scikit-learn {reference}", file=sys.stderr)
                return 1
        if int(row["support"]) != support[k]:
            print(f"class {k} support: {row['support']} != scikit-learn {support[k]}", file=sys.stderr)
            return 1
    print(f"{len(rows)} predictions, {classes} classes: confusion matrix and per-class figures agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
