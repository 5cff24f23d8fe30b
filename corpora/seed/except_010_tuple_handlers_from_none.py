"""except with a tuple of types, a base class catching a subclass, raise ... from None
(__cause__ None, __suppress_context__ True). features: exceptions, dicts, lists"""

import torch


class ConfigError(LookupError):
    pass


def lookup(cfg, key):
    try:
        return cfg[key]
    except KeyError:
        raise ConfigError(f"no {key}") from None


def program(x, cfg, keys, i):
    log = []
    try:
        scale = lookup(cfg, keys[i])
    except (IndexError, TypeError) as e:
        log.append(type(e).__name__)
        scale = 1.0
    except LookupError as e:
        log.append((type(e).__name__, str(e), e.__cause__ is None, e.__suppress_context__))
        scale = -1.0
    return x * scale, log


def calls():
    g = torch.Generator().manual_seed(490)
    yield (torch.randn(3, generator=g), {"a": 2.0}, ["a", "b"], 0), {}
    yield (torch.randn(3, generator=g), {"a": 3.0}, ["a", "b"], 0), {}
    yield (torch.randn(3, generator=g), {"a": 3.0}, ["a", "b"], 1), {}
    yield (torch.randn(3, generator=g), {"a": 3.0}, ["a", "b"], 5), {}
