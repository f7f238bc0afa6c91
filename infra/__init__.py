"""Infrastructure: event store configuration, the group-commit writer, RNG, clock, logging, settings."""
