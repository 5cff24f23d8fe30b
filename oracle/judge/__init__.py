"""The judgement: one program file, one subject -> one verdict, with its explanation.

Loads a program file (program.py), runs its calls eagerly twice and under the subject
(eager.py), freezes what each call did (state.py) and compares it (compare.py), checks the
recompile rules against the input signature (rules.py, signature.py, size_reference.py), says
whose fault an exception is (origin.py) and gives the verdict (differential.py, verdict.py).
subjects.py turns a spec into a subject; known_issues.py matches a failure signature to an
expected one; repro_check.py is the check a finding's check.py runs.

It imports nothing else of the oracle (tests/test_layering.py): a finding's check.py carries
these modules as they are (oracle/app/repro_bundle.py), and the application (oracle/app/)
builds campaigns, the gate and the `parity` command on top of them.
"""
