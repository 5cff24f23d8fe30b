"""Only a module global changes between calls; inputs are identical in metadata and value."""
import torch

OFFSET = 1


def program(x):
    return x + OFFSET


def calls():
    global OFFSET
    yield (torch.ones(3),), {}
    OFFSET = 10
    yield (torch.ones(3),), {}
