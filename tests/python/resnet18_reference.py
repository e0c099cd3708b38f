#!/usr/bin/env python3
"""Reference outputs of torchvision's ResNet-18 for ResNet18Test.

Usage: resnet18_reference.py OUTPUT.pt [SEED]

Builds torchvision.models.resnet18(num_classes=10) with a fixed seed, gives its batch
norms non-trivial statistics (so eval-mode BN is really exercised), and writes with
torch.save a plain dict:

  param:<name>          every entry of the state dict (parameters and buffers)
  input                 float [2, 3, 64, 64]
  eval_logits           model.eval()(input)
  train_target          int64 [2]
  train_loss            cross-entropy of model.train()(input) against train_target
  grad:<name>           d train_loss / d parameter, for every parameter
  after_train:<name>    every batch-norm buffer after that one train-mode forward
"""
import sys

import torch
import torch.nn.functional as F
import torchvision


def main():
    output = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1234
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    model = torchvision.models.resnet18(num_classes=10)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.weight.uniform_(0.5, 1.5)
                module.bias.normal_(0.0, 0.1)
                module.running_mean.normal_(0.0, 0.1)
                module.running_var.uniform_(0.5, 1.5)
                module.num_batches_tracked.fill_(7)

    result = {}
    for name, tensor in model.state_dict().items():
        result["param:" + name] = tensor.detach().clone()

    x = torch.randn(2, 3, 64, 64)
    result["input"] = x
    model.eval()
    with torch.no_grad():
        result["eval_logits"] = model(x)

    target = torch.tensor([3, 7], dtype=torch.int64)
    model.train()
    model.zero_grad()
    loss = F.cross_entropy(model(x), target)
    loss.backward()
    result["train_target"] = target
    result["train_loss"] = loss.detach().clone()
    for name, parameter in model.named_parameters():
        result["grad:" + name] = parameter.grad.detach().clone()
    for name, buffer in model.named_buffers():
        result["after_train:" + name] = buffer.detach().clone()

    torch.save({k: v for k, v in result.items()}, output)


if __name__ == "__main__":
    main()
