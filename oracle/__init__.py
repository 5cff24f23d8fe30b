"""The oracle: truth and judgement for compiled programs, against eager execution.

Two subpackages. `oracle.judge` judges one program file against one subject: it loads the
program, runs it eagerly and under the subject, compares, and gives a verdict. `oracle.app` is
what is built on that judgement: the `parity` command, campaigns, the worker pool and clusters,
shrinking and repros, the gate, coverage, mutation testing and reports. The judgement imports
nothing of the application.
"""
