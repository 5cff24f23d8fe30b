"""Reads the operating system's randomness: eager cannot agree with itself."""
import os

import torch


def program(x):
    return x + int.from_bytes(os.urandom(4), "little")


def calls():
    yield (torch.zeros(2),), {}
