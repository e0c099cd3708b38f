#!/usr/bin/env python3
"""Reference losses of a ResNet-18 trained under a per-module precision policy, for ModulePrecisionsTest.

Usage: precision_policy_reference.py OUTPUT.pt POLICY.json STEPS

The policy is the workbench's JSON ({"otherwise": …, "batchNormFp32": …, "modules": {path: precision}}). Every
module of torchvision's resnet18(num_classes=10) but the ReLUs and pools computes inside a nested torch.autocast
context of its precision, entered by a forward pre-hook and left by a forward hook: torch.autocast("cpu",
dtype=…) for "bf16"/"fp16"/"amp" (amp = bf16, the CPU's AMP type), torch.autocast("cpu", enabled=False) for
"fp32" with the module's floating inputs cast to fp32 first. A module takes the precision of the longest
path naming it or a module around it, else "otherwise", which is also the context around the whole forward
and the loss; with batchNormFp32 every BatchNorm2d is fp32. With reducedWeights, Apex O2's master weights: the
parameters of every module but the batch norms that computes in a reduced type are stored in that type
(param.data = param.data.to(type)), the optimizer steps fp32 master copies of them, each step giving a master its
parameter's gradient in fp32 and the parameter its master's new value. Then STEPS steps of SGD (lr 0.01, momentum 0.9)
on one fixed batch of 8 images of 32×32 px, in train mode, one thread. Writes with torch.save a dict:

  param:<name>   the state dict before the first step
  input, target  the batch
  losses         float64 [STEPS], the loss of each step
"""
import json
import sys

import torch
import torch.nn.functional as F
import torchvision

TYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "amp": torch.bfloat16, "fp32": None}


def precision_of(policy, path, is_batch_norm):
    if is_batch_norm and policy.get("batchNormFp32", False):
        return "fp32"
    prefix = path
    while True:
        if prefix in policy.get("modules", {}):
            return policy["modules"][prefix]
        if "." not in prefix:
            return policy.get("otherwise", "amp")
        prefix = prefix.rsplit(".", 1)[0]


def add_regions(model, policy):
    for path, module in model.named_modules():
        if not path or isinstance(module, (torch.nn.ReLU, torch.nn.MaxPool2d, torch.nn.AdaptiveAvgPool2d)):
            continue
        dtype = TYPES[precision_of(policy, path, isinstance(module, torch.nn.BatchNorm2d))]
        contexts = []

        def enter(module, inputs, dtype=dtype, contexts=contexts):
            context = torch.autocast("cpu", dtype=dtype) if dtype else torch.autocast("cpu", enabled=False)
            context.__enter__()
            contexts.append(context)
            if dtype is None:
                return tuple(x.float() if torch.is_floating_point(x) else x for x in inputs)
            return None

        def leave(module, inputs, output, contexts=contexts):
            contexts.pop().__exit__(None, None, None)

        module.register_forward_pre_hook(enter)
        module.register_forward_hook(leave)


def store_reduced(model, policy):
    """Each reduced module's parameters in its type; returns the optimizer's parameters and the (param, master)
    pairs."""
    masters = {}
    for path, module in model.named_modules():
        if not path or isinstance(module, torch.nn.BatchNorm2d):
            continue
        dtype = TYPES[precision_of(policy, path, False)]
        if dtype is None:
            continue
        for parameter in module.parameters(recurse=False):
            masters[parameter] = parameter.detach().clone()
            parameter.data = parameter.data.to(dtype)
    stepped = [masters.get(parameter, parameter) for parameter in model.parameters()]
    return stepped, list(masters.items())


def main():
    output, policy_path, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(policy_path) as file:
        policy = json.load(file)
    torch.manual_seed(1234)
    torch.set_num_threads(1)
    model = torchvision.models.resnet18(num_classes=10)
    result = {"param:" + name: tensor.detach().clone() for name, tensor in model.state_dict().items()}
    x = torch.randn(8, 3, 32, 32)
    target = torch.randint(0, 10, (8,))
    result["input"] = x
    result["target"] = target
    add_regions(model, policy)
    stepped, pairs = store_reduced(model, policy) if policy.get("reducedWeights", False) else (model.parameters(), [])
    optimizer = torch.optim.SGD(stepped, lr=0.01, momentum=0.9)
    outer = TYPES[policy.get("otherwise", "amp")]
    model.train()
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=outer or torch.bfloat16, enabled=outer is not None):
            loss = F.cross_entropy(model(x), target)
        loss.backward()
        for parameter, master in pairs:
            master.grad = None if parameter.grad is None else parameter.grad.float()
        optimizer.step()
        with torch.no_grad():
            for parameter, master in pairs:
                parameter.copy_(master)
        losses.append(loss.item())
    result["losses"] = torch.tensor(losses, dtype=torch.float64)
    torch.save(result, output)


if __name__ == "__main__":
    main()
