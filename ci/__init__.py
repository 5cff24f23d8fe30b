"""CI material: baseline, campaign configs, workflows and the size checker.

Importable so that tests can reuse the size checker.
"""
