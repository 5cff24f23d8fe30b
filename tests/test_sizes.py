"""The size budget of ci/check_sizes.py holds for the whole tree."""

from ci.check_sizes import source_files, violations


def test_no_file_or_function_exceeds_the_size_budget():
    found = [v for path in source_files() for v in violations(path)]
    assert found == [], "\n".join(found)


def test_size_checker_names_an_oversized_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(120))
    path = tmp_path / "big.py"
    path.write_text(f"def huge():\n{body}\n")
    found = violations(path)
    assert len(found) == 1 and "function huge has 121 lines" in found[0]
