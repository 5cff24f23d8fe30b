"""nn.Sequential of Conv2d, BatchNorm2d (eval), ReLU and pooling. features: modules"""

import torch
from torch import nn


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(6)
        net = nn.Sequential(
            nn.Conv2d(3, 4, kernel_size=3, padding=1),
            nn.BatchNorm2d(4),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        bn = net[1]
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
        return net.eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(245)
    yield (torch.randn(2, 3, 8, 8, generator=g),), {}
    yield (torch.randn(2, 3, 8, 8, generator=g),), {}
    yield (torch.randn(1, 3, 5, 7, generator=g),), {}
