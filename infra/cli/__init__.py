"""The ledger command line: one module per command group, the parser, the rules report."""
