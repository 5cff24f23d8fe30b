"""The oracle: truth and judgement for compiled programs, against eager execution.

Loads program files, runs them eagerly and compiled, compares, and runs campaigns.
"""
