import torch

class Program(torch.nn.Module):

    def forward(self, x):
        x *= 0
program = Program()

def calls():
    yield ((torch.randn((), dtype=torch.float64),), {})
