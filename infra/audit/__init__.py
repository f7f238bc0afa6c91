"""The tamper-evident record (issue 15; docs/audit.md): the sealer that binds every stored event
into a hash chain and a Merkle tree, the signed checkpoints, the proofs, the integrity check of
``ledger verify`` and the offline bundle."""
