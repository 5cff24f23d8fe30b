"""Counts its calls in a module global and appends to a global list."""
import torch

COUNT = 0
SEEN = []


def program(x):
    global COUNT
    COUNT += 1
    SEEN.append(COUNT)
    return x * COUNT


def calls():
    yield (torch.ones(2),), {}
    yield (torch.ones(2),), {}
