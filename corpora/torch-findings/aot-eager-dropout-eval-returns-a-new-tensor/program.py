import torch
import torch.nn.functional as F

def program(z):
    return F.dropout(z, training=False)

def calls():
    yield ((torch.randn(0),), {})
