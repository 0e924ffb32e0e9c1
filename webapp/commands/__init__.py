"""Subcommands of the crokinole command line, one module each."""
