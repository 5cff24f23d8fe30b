"""Subjects for compilers outside this project, named on the command line as `pkg.mod:attr`."""
