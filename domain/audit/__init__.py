"""The tamper-evident record: the audit stream, canonical bytes, the Merkle tree, checkpoints, the core's significant events."""
