"""set.intersection_update / difference_update / symmetric_difference_update ran on a copy of the
set, leaving it unchanged: the set read back through a second name gave eager's old members.
signature: mismatch-value:ours:out
subject: ours
found: by a campaign's inplace_aliasing construct
shrunk: written small
status: fixed in e8d450b
features: containers
"""

import torch


def program(x, keep):
    seen = {0, 1, 2, 3}
    alias = seen
    seen.intersection_update(keep)
    seen.symmetric_difference_update([3, 7])
    return x * len(alias), sorted(alias)


def calls():
    yield (torch.ones(2), [1, 3]), {}
    yield (torch.ones(2), (0, 2, 3)), {}
